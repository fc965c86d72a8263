import CHeapStats
import ComposableArchitecture
@_spi(Benchmarks) import ComposableWeb
import ComposableWebTestSupport
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOPosix
import ServiceLifecycle
import StandupsCore
import StandupsWeb

// The web front end's figures (SPEC 12 and 16), run with BENCHMARK_FILTER=web. Each is measured
// here, in one run, on loopback: nothing is estimated.

@MainActor
func webCounterView(_ store: StoreOf<Counter>) -> Node {
  main {
    h1("Counter")
    p(.class("count")) { "Count: \(store.count)" }
    button("+", .ariaLabel("Increment")) { store.send(.incrementTapped) }
  }
}

/// A list of 300 rows, one of whose titles changes.
@Reducer
struct WebRows {
  @ObservableState
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Row>
  }
  struct Row: Equatable, Identifiable {
    let id: Int
    var title: String
  }
  enum Action { case rename(id: Int, title: String) }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .rename(id, title):
      state.rows[id: id]?.title = title
      return .none
    }
  }
}

/// `web-bytes-one-row`: the bytes of the one message that goes to the browser when one row's text
/// changes in a 300-row list.
@MainActor
func webBytesOneRow() async -> Int {
  let rows = (0..<300).map { WebRows.Row(id: $0, title: "Standup number \($0)") }
  let store = Store(initialState: WebRows.State(rows: IdentifiedArray(uniqueElements: rows))) {
    WebRows()
  }
  var messages: [String] = []
  let live = LiveView(
    view: {
      main {
        h1("Standups")
        ul {
          for row in store.rows {
            li(.key(row.id)) {
              a(.href("/standups/\(row.id)")) { row.title }
            }
          }
        }
      }
    },
    send: { messages.append($0) }
  )
  store.send(.rename(id: 150, title: "Daily standup"))
  while messages.isEmpty { await Task.yield() }
  live.stop()
  return messages.reduce(0) { $0 + $1.utf8.count }
}

/// Starts `app` on a free loopback port (left running until the benchmark exits) and returns the
/// port.
func startServer(_ run: @escaping @Sendable (@escaping @Sendable (Int) -> Void) async throws -> Void) async -> Int {
  let (started, continuation) = AsyncStream<Int>.makeStream()
  Task { try await run { continuation.yield($0) } }
  var iterator = started.makeAsyncIterator()
  return await iterator.next()!
}

func startCounterServer() async -> Int {
  await startServer { started in
    try await WebApp(title: "Counter", port: 0) {
      let store = Store(initialState: Counter.State()) { Counter() }
      return { webCounterView(store) }
    }
    .liftingCaps()
    .run(onStart: { url in started(Int(url.split(separator: ":")[2].dropLast())!) })
  }
}

extension WebApp {
  /// The app without the caps a deployment keeps against one client's flood (events a second a
  /// socket, sockets a client address): the benchmarks are load from one address on purpose
  /// (events as fast as they are answered, thousands of tabs), which the caps would close.
  func liftingCaps() -> WebApp {
    var app = self
    app.eventsPerSecond = 1_000_000
    app.socketsPerClient = 1_000_000
    return app
  }
}

/// A bare WebSocket echo on the same server stack (Hummingbird), for comparison.
func startEchoServer() async -> Int {
  await startServer { started in
    let router = Router(context: BasicWebSocketRequestContext.self)
    router.ws("/echo") { inbound, outbound, _ in
      for try await message in inbound.messages(maxSize: 1 << 16) {
        if case let .text(text) = message { try await outbound.write(.text(text)) }
      }
    }
    let app = Application(
      router: router,
      server: .http1WebSocketUpgrade(webSocketRouter: router),
      configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
      onServerRunning: { started($0.localAddress!.port!) },
      logger: warningsOnly("echo")
    )
    try await app.runService()
  }
}

/// A logger that shows warnings and errors only.
func warningsOnly(_ label: String) -> Logger {
  var logger = Logger(label: label)
  logger.logLevel = .warning
  return logger
}

/// A tab of the counter as a browser opens it: the page (a new tab on the server), then its
/// socket. Returns the socket and the increment button's event message.
func openCounterTab(port: Int) throws -> (socket: LoopbackWebSocket, click: String) {
  let html = String(
    decoding: try loopbackHTTP(port: port, method: "GET", path: "/", body: nil), as: UTF8.self
  )
  func value(after marker: String) -> String {
    let start = html.range(of: marker)!.upperBound
    return String(html[start...].prefix { $0 != "\"" })
  }
  let session = value(after: #"name="cw-session" content=""#)
  let handler = value(after: #"aria-label="Increment" data-on-click=""#)
  let socket = try LoopbackWebSocket(
    port: port, path: "/_cw/socket?session=\(session)", origin: "http://127.0.0.1:\(port)"
  )
  return (socket, #"{"h":"\#(handler)"}"#)
}

/// Runs blocking socket work on a thread of its own, off the main actor the server needs.
func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try work() }) }.start()
  }
}

func microseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
}

/// `web-roundtrip-vs-echo`: the median round trip of an event (message → action → render → diff
/// → patch received) over a real loopback WebSocket, divided by the median round trip of a bare
/// echo of a message of the same size on the same server stack. Returns both medians (µs) too.
func webRoundTripVsEcho(samples: Int = 2_000) async throws -> (ratio: Double, event: Double, echo: Double) {
  let appPort = await startCounterServer()
  let echoPort = await startEchoServer()
  return try await onThread {
    let (socket, click) = try openCounterTab(port: appPort)
    let echo = try LoopbackWebSocket(port: echoPort, path: "/echo", origin: "http://127.0.0.1:\(echoPort)")
    // The echo carries a message as long as the event's patch reply, sent as long as the event.
    let clock = ContinuousClock()
    var event: [Double] = []
    var bare: [Double] = []
    for round in 0..<(samples + 200) {
      let start = clock.now
      try socket.send(click)
      _ = try socket.receive()
      let middle = clock.now
      try echo.send(click)
      _ = try echo.receive()
      let end = clock.now
      if round >= 200 {  // warmed up
        event.append(microseconds(start.duration(to: middle)))
        bare.append(microseconds(middle.duration(to: end)))
      }
    }
    let (eventMedian, echoMedian) = (median(event), median(bare))
    return (eventMedian / echoMedian, eventMedian, echoMedian)
  }
}

/// Resident memory of this process, in kilobytes (Linux).
func residentKilobytes() -> Double {
  let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? "0 0"
  let pages = Double(statm.split(separator: " ")[1]) ?? 0
  return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1024
}

/// `web-memory-per-tab-kb`: what a connected counter tab costs the server: the heap bytes it
/// holds (its store, live view, last rendered tree, session and WebSocket; the allocator's own
/// count, glibc's `mallinfo2`, before and after connecting `tabs` tabs) plus the kernel's buffers
/// of its socket (`ss -m`, the server's end). The tabs are opened by another process (this
/// binary, again), so that the clients' own memory is not counted; each is a first render, then
/// its WebSocket, and the count waits until `/metrics` says they are all connected. `echo`: the
/// same for a bare WebSocket on the echo server (Hummingbird's), what any open WebSocket costs.
func webMemoryPerTab(tabs: Int = 2_000) async throws -> (total: Double, heap: Double, socket: Double, echo: Double) {
  let port = await startCounterServer()
  let tab = try await heapPerConnection(port: port, count: tabs, kind: "tab") {
    try await waitForConnectedTabs($0, port: port)
  }
  let echoPort = await startEchoServer()
  // The echo server has no count of its sockets: `ss` says when they are all established.
  let echo = try await heapPerConnection(port: echoPort, count: tabs, kind: "echo") { count in
    let deadline = ContinuousClock.now + .seconds(60)
    while try establishedSockets(port: echoPort) < count, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
  }
  return (tab.heap + tab.socket, tab.heap, tab.socket, echo.heap + echo.socket)
}

/// The heap and socket kilobytes per connection of `count` connections of `kind` to `port`
/// (after 200 to warm up), opened by a `TabClient`; `connected(n)` returns once the server has
/// `n` of them.
func heapPerConnection(
  port: Int, count: Int, kind: String, connected: (Int) async throws -> Void
) async throws -> (heap: Double, socket: Double) {
  let client = try TabClient(port: port, kind: kind)
  defer { client.stop() }
  try await client.open(200)
  try await connected(200)
  let heapBefore = Double(heap_bytes_in_use())
  let socketsBefore = try socketBytes(port: port)
  try await client.open(count)
  try await connected(200 + count)
  let heap = (Double(heap_bytes_in_use()) - heapBefore) / Double(count) / 1024
  let socket = (try socketBytes(port: port) - socketsBefore) / Double(count) / 1024
  return (heap, socket)
}

/// Waits until the server at `port` says `count` tabs are connected (its `/metrics`).
func waitForConnectedTabs(_ count: Int, port: Int) async throws {
  let deadline = ContinuousClock.now + .seconds(60)
  while ContinuousClock.now < deadline {
    let metrics = String(decoding: try await onThread { try loopbackHTTP(port: port, method: "GET", path: "/metrics", body: nil) }, as: UTF8.self)
    let connected = metrics.split(separator: "\n")
      .first { $0.hasPrefix(#"composable_web_tabs{state="connected"}"#) }
      .flatMap { Double($0.split(separator: " ").last ?? "") }
    if connected.map(Int.init) == count { return }
    try await Task.sleep(for: .milliseconds(20))
  }
  throw BenchmarkFailure("the server never had \(count) connected tabs")
}

/// The kernel memory of the established sockets whose local port is `port` (`ss -tm`: what is
/// queued to read and to send, and what is charged ahead for them).
func socketBytes(port: Int) throws -> Double {
  let output = try establishedSocketList(port: port)
  var total = 0.0
  for range in output.ranges(of: "skmem:(") {
    let fields = output[range.upperBound...].prefix { $0 != ")" }.split(separator: ",")
    for field in fields {
      let name = field.prefix { $0.isLetter }
      guard ["r", "t", "f", "w", "o", "bl"].contains(name), let value = Double(field.dropFirst(name.count)) else { continue }
      total += value
    }
  }
  return total
}

/// How many established sockets have the local port `port`.
func establishedSockets(port: Int) throws -> Int {
  try establishedSocketList(port: port).ranges(of: "skmem:(").count
}

/// `ss -tmnH state established '( sport = :PORT )'`.
private func establishedSocketList(port: Int) throws -> String {
  try SpawnedProgram.run("/usr/bin/ss", ["-tmnH", "state", "established", "( sport = :\(port) )"])
}

/// Another process (this benchmark binary, with `BENCHMARK_TAB_CLIENT_PORT` set) that opens
/// counter tabs (or, `kind` `echo`, bare WebSockets to `/echo`) on request and keeps them
/// connected until it is stopped.
final class TabClient: Sendable {
  /// Its pipes are used from one task at a time (`open` is awaited before the next call), and
  /// `stop` comes last.
  private let program: SpawnedProgram

  init(port: Int, kind: String) throws {
    raiseOpenFilesLimit()
    var environment = ProcessInfo.processInfo.environment
    environment["BENCHMARK_TAB_CLIENT_PORT"] = "\(port)"
    environment["BENCHMARK_TAB_CLIENT_KIND"] = kind
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    program = try SpawnedProgram(executable, [], environment: environment)
  }

  /// Opens `count` more tabs; returns once they are open.
  func open(_ count: Int) async throws {
    let line = try await request("open \(count)")
    guard line.hasPrefix("opened") else { throw BenchmarkFailure("the tab client said: \(line)") }
  }

  /// Sends a request line and returns the client's answer.
  func request(_ line: String) async throws -> String {
    let handle = program.output
    try program.input.write(contentsOf: Data("\(line)\n".utf8))
    return try await onThread { () -> String in
      var line = Data()
      while let byte = try handle.read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") {
        line.append(first)
      }
      return String(decoding: line, as: UTF8.self)
    }
  }

  func stop() {
    try? program.input.close()
    program.waitUntilExit()
  }
}

/// The tab client's side (see `TabClient`): opens the tabs asked for on standard input
/// (`open N`, answered `opened TOTAL`), runs a load over them (`load SECONDS INTERVAL_MS`, answered
/// `result P99_MS MEDIAN_MS DROPPED LOST EVENTS`), and exits at the end of its input. Tabs are
/// opened by 8 threads at once, and the load is run by 16: a bounded client, however many tabs.
func runTabClient(port: Int) -> Never {
  raiseOpenFilesLimit()
  let echo = ProcessInfo.processInfo.environment["BENCHMARK_TAB_CLIENT_KIND"] == "echo"
  let tabs = LockIsolated<[(socket: LoopbackWebSocket, click: String)]>([])
  while let request = readLine() {
    let words = request.split(separator: " ")
    var answer = "unknown request: \(request)\n"
    if words.first == "open", words.count == 2, let count = Int(words[1]) {
      let failures = LockIsolated<[String]>([])
      onThreads(8) { thread in
        for _ in stride(from: thread, to: count, by: 8) {
          do {
            let tab = echo
              ? (try LoopbackWebSocket(port: port, path: "/echo", origin: "http://127.0.0.1:\(port)"), #"{"h":"echo"}"#)
              : try openCounterTab(port: port)
            tabs.withValue { $0.append(tab) }
          } catch {
            failures.withValue { $0.append("\(error)") }
          }
        }
      }
      answer = failures.value.isEmpty ? "opened \(tabs.value.count)\n" : "failed: \(failures.value[0])\n"
    } else if words.first == "load", words.count == 3, let seconds = Int(words[1]), let interval = Int(words[2]) {
      let load = runLoad(tabs.value, seconds: seconds, intervalMilliseconds: interval)
      answer = String(format: "result %.3f %.3f %d %d %d\n", load.p99, load.median, load.dropped, load.lost, load.events)
    }
    // Written straight to the pipe, unbuffered: the server's process waits for the line.
    FileHandle.standardOutput.write(Data(answer.utf8))
  }
  exit(0)
}

/// Raises this process's soft limit on open files to the hard one: 10 000 tabs are 10 000 sockets
/// in the server's process and as many in the tab client's. (For the benchmark's processes only,
/// not the machine.)
func raiseOpenFilesLimit() {
  var limit = rlimit()
  if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max {
    limit.rlim_cur = limit.rlim_max
    _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
  }
}

/// Runs `body(0)` … `body(count - 1)` on `count` threads at once, and returns when all are done.
/// (Not `DispatchQueue.concurrentPerform`, which runs no more at once than there are cores: two
/// here, so most tabs would wait for the first two threads to finish.)
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let group = DispatchGroup()
  for index in 0..<count {
    group.enter()
    Thread {
      body(index)
      group.leave()
    }.start()
  }
  group.wait()
}

/// Each tab sends its event every `intervalMilliseconds` for `seconds`, the tabs' turns spread
/// evenly over the interval, and waits for the reply; 16 threads share the tabs. Round trips are
/// timed from the send; a tab whose send or reply fails is dropped, and its remaining events lost.
func runLoad(
  _ tabs: [(socket: LoopbackWebSocket, click: String)], seconds: Int, intervalMilliseconds: Int
) -> (p99: Double, median: Double, dropped: Int, lost: Int, events: Int) {
  let threads = 16
  let rounds = seconds * 1_000 / intervalMilliseconds
  let clock = ContinuousClock()
  let start = clock.now + .milliseconds(500)
  let results = LockIsolated<(rtts: [Double], dropped: Int, lost: Int)>(([], 0, 0))
  onThreads(threads) { thread in
    let mine = Array(stride(from: thread, to: tabs.count, by: threads))
    var failed = Set<Int>()
    var rtts: [Double] = []
    rtts.reserveCapacity(mine.count * rounds)
    var lost = 0
    for round in 0..<rounds {
      for index in mine where !failed.contains(index) {
        let offset = Duration.milliseconds(intervalMilliseconds * index / max(1, tabs.count))
        let due = start + .milliseconds(intervalMilliseconds * round) + offset
        let wait = clock.now.duration(to: due)
        if wait > .zero { Thread.sleep(forTimeInterval: microseconds(wait) / 1e6) }
        let sent = clock.now
        do {
          try tabs[index].socket.send(tabs[index].click)
          _ = try tabs[index].socket.receive()
          rtts.append(microseconds(sent.duration(to: clock.now)) / 1_000)
        } catch {
          if failed.isEmpty, ProcessInfo.processInfo.environment["BENCHMARK_VERBOSE"] != nil {
            FileHandle.standardError.write(Data("tab \(index) failed at round \(round), \(clock.now - start) into the load: \(error)\n".utf8))
          }
          failed.insert(index)
          lost += rounds - round
        }
      }
    }
    results.withValue { [rtts, lost, failed] in
      $0.rtts += rtts
      $0.lost += lost
      $0.dropped += failed.count
    }
  }
  let sorted = results.value.rtts.sorted()
  let p99 = sorted.isEmpty ? .infinity : sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
  return (p99, median(sorted), results.value.dropped, results.value.lost, sorted.count)
}

/// `web-1000-tabs-p99-ms` and `web-10000-tabs-p99-ms`: `tabs` counter tabs connected at once on
/// loopback (by another process, a bounded client: see `runLoad`), each sending an event every
/// `interval` for `seconds`, each waiting for its patch. The p99 and median round trips in
/// milliseconds, how many tabs failed, and how many events got no reply.
func webManyTabs(
  tabs: Int, interval: Duration, seconds: Int
) async throws -> (p99: Double, median: Double, dropped: Int, lost: Int, events: Int) {
  let port = await startCounterServer()
  let client = try TabClient(port: port, kind: "tab")
  defer { client.stop() }
  try await client.open(tabs)
  try await waitForConnectedTabs(tabs, port: port)
  let milliseconds = Int(interval.components.seconds * 1_000 + interval.components.attoseconds / 1_000_000_000_000_000)
  let result = try await client.request("load \(seconds) \(milliseconds)")
  let fields = result.split(separator: " ").map(String.init)
  guard fields.count == 6, fields[0] == "result", let p99 = Double(fields[1]), let median = Double(fields[2]),
    let dropped = Int(fields[3]), let lost = Int(fields[4]), let events = Int(fields[5])
  else { throw BenchmarkFailure("the tab client said: \(result)") }
  return (p99, median, dropped, lost, events)
}

/// The Standups web app as `standups --web` serves it, on a free loopback port, its standups
/// (the three sample ones) in a data file of its own in a temporary folder.
@MainActor
func startStandupsServer() async throws -> Int {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("benchmark-standups-\(ProcessInfo.processInfo.processIdentifier)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  let dataFile = folder.appendingPathComponent("standups.json")
  try JSONEncoder.standups
    .encode(IdentifiedArrayOf<Standup>(uniqueElements: [.mock, .engineeringMock, .designMock]))
    .write(to: dataFile)
  let app = withDependencies {
    $0.context = .live
    $0.standupsURL = dataFile
  } operation: {
    standupsWebApp(port: 0).liftingCaps()
  }
  return await startServer { started in
    try await app.run(onStart: { url in started(Int(url.split(separator: ":")[2].dropLast())!) })
  }
}

/// A server on `WebApp`'s own stack (its HTTP server, without the WebSocket upgrade) answering
/// every GET with the same bytes.
func startStaticServer(page: Data) async -> Int {
  await startServer { started in
    let router = Router(context: WebRequestContext.self)
    let body = ByteBuffer(bytes: page)
    router.get("/") { _, _ in
      Response(
        status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
        body: ResponseBody(byteBuffer: body)
      )
    }
    let logger = warningsOnly("static")
    let server = try httpServer(
      .http1(), router: router, host: "127.0.0.1", port: 0, logger: logger,
      onServerRunning: { started($0.localAddress!.port!) }
    )
    try await ServiceGroup(configuration: ServiceGroupConfiguration(services: [server], logger: logger)).run()
  }
}

/// `web-first-render-vs-static`: full first renders of the Standups list per second (a new
/// connection, `GET /`, the whole page read, as a visitor's browser gets it: a new tab's store,
/// its view rendered, its session kept) ÷ the same requests to a static page of the same bytes on
/// the same server stack. Batches of each alternate; each rate is the median over the batches.
@MainActor
func webFirstRenderVsStatic(batches: Int = 15, requests: Int = 200) async throws -> (ratio: Double, app: Double, staticPage: Double, bytes: Int) {
  let appPort = try await startStandupsServer()
  let page = try await onThread { try loopbackHTTP(port: appPort, method: "GET", path: "/", body: nil) }
  let staticPort = await startStaticServer(page: page)
  @Sendable func perSecond(_ port: Int) throws -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<requests {
      let body = try loopbackHTTP(port: port, method: "GET", path: "/", body: nil)
      precondition(body.count >= page.count / 2, "a short answer from port \(port)")
    }
    return Double(requests) / (microseconds(start.duration(to: clock.now)) / 1e6)
  }
  _ = try await onThread { (try perSecond(appPort), try perSecond(staticPort)) }  // warm up
  var app: [Double] = []
  var staticPage: [Double] = []
  for _ in 0..<batches {
    let (a, s) = try await onThread { (try perSecond(appPort), try perSecond(staticPort)) }
    app.append(a)
    staticPage.append(s)
  }
  return (median(app) / median(staticPage), median(app), median(staticPage), page.count)
}

/// Prints `web-10000-tabs-p99-ms`: 10 000 tabs, an event every 10 s each, for 60 s
/// (`BENCHMARK_WEB_LOAD_SECONDS` changes that).
func printTenThousandTabs() async throws {
  let seconds = Int(ProcessInfo.processInfo.environment["BENCHMARK_WEB_LOAD_SECONDS"] ?? "") ?? 60
  try await printManyTabs("web-10000-tabs-p99-ms", tabs: 10_000, interval: .seconds(10), seconds: seconds)
}

/// Prints the p99 of `webManyTabs` as `name`, and what else it measured.
func printManyTabs(_ name: String, tabs: Int, interval: Duration, seconds: Int) async throws {
  let load = try await webManyTabs(tabs: tabs, interval: interval, seconds: seconds)
  figure(name, String(format: "%.1f", load.p99), target: "≤ 50, no tab dropped, no event lost")
  print(
    "  \(tabs) tabs × 1 event every \(interval) × \(seconds) s: "
      + String(format: "median %.2f ms, ", load.median)
      + "\(load.dropped) tabs dropped, \(load.lost) events lost (of \(load.events + load.lost))"
  )
}

/// Prints `web-roundtrip-vs-echo` and the two medians.
func printRoundTrip() async throws {
  let roundTrip = try await webRoundTripVsEcho()
  figure("web-roundtrip-vs-echo", String(format: "%.2f", roundTrip.ratio), target: "≤ 1.5")
  print(String(format: "  event round trip %.0f µs, bare echo %.0f µs (medians)", roundTrip.event, roundTrip.echo))
}

/// Prints `web-first-render-vs-static` and the two rates.
@MainActor
func printFirstRender() async throws {
  let firstRender = try await webFirstRenderVsStatic()
  figure("web-first-render-vs-static", String(format: "%.2f", firstRender.ratio), target: "≥ 0.5")
  print(
    String(
      format: "  Standups list %.0f pages/s, static page %.0f pages/s (%d bytes each, medians)",
      firstRender.app, firstRender.staticPage, firstRender.bytes
    )
  )
}

/// Prints `web-memory-per-tab-kb` and what it is made of.
func printWebMemory() async throws {
  let memory = try await webMemoryPerTab()
  figure("web-memory-per-tab-kb", String(format: "%.1f", memory.total), target: "≤ 32")
  print(
    String(
      format: "  per connected tab: %.1f KB of heap, %.1f KB of socket buffers (2 000 tabs); a bare Hummingbird WebSocket: %.1f KB",
      memory.heap, memory.socket, memory.echo
    )
  )
}

/// Prints the web figures.
@MainActor
func printWebFigures(filter: String? = nil) async {
  do {
    if filter?.contains("web-roundtrip") == true {
      try await printRoundTrip()
      return
    }
    if filter?.contains("web-10000") == true {
      try await printTenThousandTabs()
      return
    }
    if filter?.contains("web-memory") == true {
      try await printWebMemory()
      return
    }
    if filter?.contains("web-first-render") == true {
      try await printFirstRender()
      return
    }
    figure("web-bytes-one-row", "\(await webBytesOneRow())", target: "≤ 100")
    try await printRoundTrip()
    try await printFirstRender()
    try await printWebMemory()
    let seconds = Int(ProcessInfo.processInfo.environment["BENCHMARK_WEB_SECONDS"] ?? "") ?? 30
    try await printManyTabs("web-1000-tabs-p99-ms", tabs: 1_000, interval: .seconds(1), seconds: seconds)
    try await printTenThousandTabs()
  } catch {
    print("web benchmarks failed: \(error)")
  }
}
