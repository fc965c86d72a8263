import ComposableArchitecture
import ComposableWebTestSupport
import Foundation
import Logging
import Testing

@testable import ComposableWeb
@testable import ComposableWebCore

/// What the people who run a server rely on: HEAD, `/healthz`, `/metrics`, bounded memory for
/// tabs that never connect, and abuse that neither blocks, crashes nor grows the server.
// A time limit: a test that hangs (a server or a browser that stops answering) fails with its
// name instead of holding the whole run until CI gives up. Generous: browser tests queue.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct OperationsTests {
  /// One raw HTTP/1.1 exchange on its own connection: the whole response as text ("" when the
  /// server closed the connection without answering).
  func exchange(_ port: Int, _ request: [UInt8]) async throws -> String {
    try await blocking {
      // Generous: a first render runs on the main actor, which other tests of this process may
      // hold for seconds; a shorter wait read as an empty answer under load.
      let descriptor = try connectToLoopback(port: port, timeoutSeconds: 60)
      defer { close(descriptor) }
      try? writeAll(request, to: descriptor)
      var response: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 65536)
      while true {
        let count = recv(descriptor, &chunk, chunk.count, 0)
        guard count > 0 else { break }
        response += chunk[..<count]
      }
      return String(decoding: response, as: UTF8.self)
    }
  }

  func get(_ port: Int, _ path: String, method: String = "GET") async throws -> String {
    try await exchange(port, Array("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8))
  }

  /// A figure of `/metrics`, by its name and labels as written there.
  func metric(_ port: Int, _ name: String) async throws -> Double? {
    try await metrics(port, [name])[name] ?? nil
  }

  /// Figures of one `/metrics` answer: read together, they add up (a tab moving from connected to
  /// disconnected between two reads would be counted twice).
  func metrics(_ port: Int, _ names: [String]) async throws -> [String: Double?] {
    let text = try await get(port, "/metrics")
    var figures: [String: Double?] = [:]
    for name in names {
      figures[name] = figure(name, in: text)
    }
    return figures
  }

  func session(in response: String) throws -> String {
    try #require(response.firstMatch(of: #/<meta name="cw-session" content="([0-9a-f]+)">/#).map { String($0.1) })
  }

  @Test func headAnswersLikeGetWithoutABodyOrATab() async throws {
    // The GET's tab must still be there when /metrics is read, however loaded the machine (a
    // stall of more than the default 10 s between the two requests was seen in CI).
    var tally = tallyApp()
    tally.unconnectedTabLifetime = .seconds(3_600)
    let app = try await RunningApp.start(tally)
    let port = Int(app.port)!
    let get = try await self.get(port, "/")
    let head = try await self.get(port, "/", method: "HEAD")
    #expect(head.hasPrefix("HTTP/1.1 200"))
    let length = { (response: String) in
      response.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
    }
    #expect(length(head) != nil)
    #expect(length(head) == length(get))
    #expect(head.hasSuffix("\r\n\r\n"))  // no body
    // The Date header every HTTP/1.1 answer carries (RFC 9110's IMF-fixdate), for this moment.
    let date = try #require(get.firstMatch(of: #/\r\n[Dd]ate: ([A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2}) GMT\r\n/#))
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss"
    let sent = try #require(formatter.date(from: String(date.1)))
    #expect(abs(sent.timeIntervalSinceNow) < 600)
    #expect(try await self.get(port, "/nowhere", method: "HEAD").hasPrefix("HTTP/1.1 404"))
    // The GET keeps its tab (until it connects or expires); the HEAD keeps none.
    #expect(try await metric(port, #"composable_web_tabs{state="unconnected"}"#) == 1)
    #expect(try await metric(port, "composable_web_renders_total") == 2)
    try await app.stop()
  }

  @Test func healthAndMetrics() async throws {
    let app = try await RunningApp.start()
    let port = Int(app.port)!
    let health = try await get(port, "/healthz")
    #expect(health.hasPrefix("HTTP/1.1 200"))
    #expect(health.hasSuffix("ok\n"))

    let page = try await get(port, "/")
    let session = try session(in: page)
    let handler = try #require(firstMatch(#"aria-label="Increment" data-on-click="[^"]+""#, in: page))
    try await blocking {
      let socket = try LoopbackWebSocket(port: port, path: "/_cw/socket?session=\(session)", origin: "http://127.0.0.1:\(port)")
      try socket.send(#"{"h":"\#(handler)"}"#)
      _ = try socket.receive()
    }
    // The first socket was a connection; a second one to the same tab, a reconnect.
    try await blocking {
      let socket = try LoopbackWebSocket(port: port, path: "/_cw/socket?session=\(session)", origin: "http://127.0.0.1:\(port)")
      _ = try socket.receive()  // the page brought up to date
    }
    let text = try await get(port, "/metrics")
    #expect(text.contains("Content-Type: text/plain; version=0.0.4"))
    #expect(text.contains("# TYPE composable_web_events_total counter"))
    #expect(text.contains("# TYPE composable_web_event_duration_seconds histogram"))
    #expect(try await metric(port, "composable_web_events_total") == 1)
    #expect(try await metric(port, "composable_web_event_duration_seconds_count") == 1)
    #expect(try await metric(port, "composable_web_renders_total") == 1)
    #expect(try await metric(port, "composable_web_reconnects_total") == 1)
    #expect(try await metric(port, "composable_web_patch_bytes_total") ?? 0 > 20)
    #expect(try await metric(port, #"composable_web_tabs{state="unconnected"}"#) == 0)
    try await app.stop()
  }

  @Test func firstRendersThatNeverConnectAreCappedOldestFirst() async throws {
    var app = tallyApp()
    app.unconnectedTabLimit = 5
    app.unconnectedTabLifetime = .seconds(3_600)  // only the cap lets tabs go here, however slow the machine
    let running = try await RunningApp.start(app)
    let port = Int(running.port)!
    var sessions: [String] = []
    var page = ""
    for _ in 1...20 {
      page = try await get(port, "/")
      #expect(page.hasPrefix("HTTP/1.1 200"))  // every visitor gets its page
      sessions.append(try session(in: page))
    }
    let handler = try #require(firstMatch(#"aria-label="Increment" data-on-click="[^"]+""#, in: page))
    #expect(try await metric(port, #"composable_web_tabs{state="unconnected"}"#) == 5)
    // The oldest tab was let go: its socket is told to start afresh. The newest is live.
    let (first, last) = (sessions[0], sessions[19])
    let (oldest, newest) = try await blocking { () -> (String, String) in
      let oldest = try LoopbackWebSocket(port: port, path: "/_cw/socket?session=\(first)", origin: "http://127.0.0.1:\(port)")
      let newest = try LoopbackWebSocket(port: port, path: "/_cw/socket?session=\(last)", origin: "http://127.0.0.1:\(port)")
      try newest.send(#"{"h":"\#(handler)"}"#)
      return (try oldest.receive(), try newest.receive())
    }
    #expect(oldest == #"[["reload"]]"#)
    #expect(newest == #"[["t",[0,0],"Count: 1"]]"#)
    try await running.stop()
  }

  @Test func firstRendersThatNeverConnectExpire() async throws {
    var app = tallyApp()
    app.unconnectedTabLifetime = .milliseconds(100)
    let running = try await RunningApp.start(app)
    let port = Int(running.port)!
    for _ in 1...3 { _ = try await get(port, "/") }
    // The server lets them go at its next sweep (once a second): wait for that, not for a time.
    var unconnected = try await metric(port, #"composable_web_tabs{state="unconnected"}"#)
    let deadline = ContinuousClock.now + .seconds(10)
    while unconnected != 0, ContinuousClock.now < deadline {
      await Task.yield()
      unconnected = try await metric(port, #"composable_web_tabs{state="unconnected"}"#)
    }
    #expect(unconnected == 0)
    try await running.stop()
  }

  @Test func aSocketThatFallsSilentIsClosedAndItsTabKept() async throws {
    var app = tallyApp()
    // Long enough that the page's click is heard first, however loaded the machine.
    app.silentSocketLifetime = .milliseconds(500)
    let running = try await RunningApp.start(app)
    let port = Int(running.port)!
    let page = try await get(port, "/")
    let session = try session(in: page)
    let handler = try #require(firstMatch(#"aria-label="Increment" data-on-click="[^"]+""#, in: page))
    let path = "/_cw/socket?session=\(session)"
    let origin = "http://127.0.0.1:\(port)"
    // A page that clicks, then says nothing: the next sweep (once a second) closes its socket.
    let closeCode = try await blocking { () -> Int? in
      let socket = try LoopbackWebSocket(port: port, path: path, origin: origin)
      try socket.send(#"{"h":"\#(handler)"}"#)
      #expect(try socket.receive() == #"[["t",[0,0],"Count: 1"]]"#)
      while (try? socket.receive()) != nil {}
      return socket.closeCode
    }
    #expect(closeCode == 1000)  // the server's own close, not a read that timed out
    let figures = try await metrics(port, [
      #"composable_web_dropped_total{reason="silent"}"#, #"composable_web_tabs{state="connected"}"#,
      #"composable_web_tabs{state="disconnected"}"#,
    ])
    #expect(figures[#"composable_web_dropped_total{reason="silent"}"#] == 1)
    #expect(figures[#"composable_web_tabs{state="connected"}"#] == 0)
    #expect(figures[#"composable_web_tabs{state="disconnected"}"#] == 1)
    // The tab was kept: a page that wakes up reconnects to its count, brought up to date.
    let again = try await blocking {
      try LoopbackWebSocket(port: port, path: path, origin: origin).receive()
    }
    #expect(again.contains("Count: 1"))
    try await running.stop()
  }

  @Test @MainActor func aKeepAliveKeepsASocketOpenAndIsNotAnEvent() async throws {
    let store = Store(initialState: Tally.State()) { Tally() }
    let metrics = ServerMetrics(logger: Logger(label: "test"))
    let tabs = Tabs(
      makePage: { _, _ in WebPage(view: { tallyView(store) }) },
      limits: .init(
        disconnectedLifetime: .seconds(60), unconnectedLifetime: .seconds(10), unconnectedLimit: 10,
        silentLifetime: .seconds(90)
      ),
      metrics: metrics
    )
    defer { tabs.goAway() }
    let id = try #require(tabs.open("/")).id
    let (messages, _) = try #require(tabs.attach(id))
    let start = ContinuousClock.now
    // Instants given to the sweep, not waited for: 80 s of silence is not too long; a keep-alive
    // then starts the silence afresh, so 80 s after it the socket is still open.
    tabs.sweep(now: start + .seconds(80))
    tabs.receive(Tabs.keepAlive, for: id)
    let keptAlive = ContinuousClock.now
    tabs.sweep(now: keptAlive + .seconds(80))
    tabs.countTabs()
    #expect(metrics.text().contains(#"composable_web_tabs{state="connected"} 1"#))
    // 91 s after the keep-alive, it is closed: the socket's messages end.
    tabs.sweep(now: keptAlive + .seconds(91))
    var iterator = messages.makeAsyncIterator()
    #expect(await iterator.next() == nil)
    tabs.countTabs()
    let text = metrics.text()
    #expect(text.contains(#"composable_web_tabs{state="connected"} 0"#))
    #expect(text.contains(#"composable_web_tabs{state="disconnected"} 1"#))
    // The keep-alive was neither an event nor a message dropped as malformed.
    #expect(text.contains("composable_web_events_total 0"))
    #expect(text.contains(#"composable_web_dropped_total{reason="malformed"} 0"#))
    #expect(text.contains(#"composable_web_dropped_total{reason="silent"} 1"#))
  }

  @Test func abuseNeitherBlocksNorCrashesNorGrowsTheServer() async throws {
    let app = try await RunningApp.start()
    let port = Int(app.port)!
    // 300 requests that never finish their headers, held open: a new visitor is served.
    let halfSent = try await blocking {
      try (0..<300).map { _ in
        let descriptor = try connectToLoopback(port: port, timeoutSeconds: 5)
        try writeAll(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a".utf8), to: descriptor)
        return descriptor
      }
    }
    defer { for descriptor in halfSent { close(descriptor) } }
    #expect(try await get(port, "/").hasPrefix("HTTP/1.1 200"))

    // A 200 KB header: a 4xx or a closed connection.
    let huge = try await exchange(
      port, Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: \(String(repeating: "a", count: 200_000))\r\n\r\n".utf8)
    )
    #expect(huge.isEmpty || huge.hasPrefix("HTTP/1.1 4"))
    // Bytes that are not HTTP.
    let garbage = try await exchange(port, (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
    #expect(garbage.isEmpty || garbage.hasPrefix("HTTP/1.1 4"))
    // A path that climbs out.
    #expect(try await get(port, "/../../etc/passwd").hasPrefix("HTTP/1.1 400"))
    #expect(try await get(port, "/static/%2e%2e/x").hasPrefix("HTTP/1.1 4"))

    // Over one tab's socket: ninety forged handler ids are dropped, and the socket stays up and
    // works. (A message over 64 KiB, or events faster than 50 a second past a burst of 100,
    // close it: see `CapsTests`.)
    let page = try await get(port, "/")
    let session = try session(in: page)
    let handler = try #require(firstMatch(#"aria-label="Increment" data-on-click="[^"]+""#, in: page))
    let reply = try await blocking { () -> String in
      let socket = try LoopbackWebSocket(port: port, path: "/_cw/socket?session=\(session)", origin: "http://127.0.0.1:\(port)")
      for index in 0..<90 { try socket.send(#"{"h":"0.\#(index).9/click"}"#) }
      try socket.send(#"{"h":"\#(handler)"}"#)
      return try socket.receive()
    }
    #expect(reply == #"[["t",[0,0],"Count: 1"]]"#)
    // Read first, so that a failure shows the figures.
    var dropped: [String: Double] = [:]
    for reason in ["malformed_request", "path", "unknown_handler", "flood", "frame"] {
      dropped[reason] = try await metric(port, #"composable_web_dropped_total{reason="\#(reason)"}"#)
    }
    #expect(dropped == ["malformed_request": 2, "path": 1, "unknown_handler": 90, "flood": 0, "frame": 0])
    // Nothing was kept for any of it: at most the two tabs rendered (counted in one answer: the
    // socket just closed may move its tab from connected to disconnected meanwhile).
    let states = ["connected", "unconnected", "disconnected"].map { #"composable_web_tabs{state="\#($0)"}"# }
    let tabs = try await metrics(port, states).values.reduce(0) { $0 + ($1 ?? 0) }
    #expect(tabs <= 2)
    #expect(try await get(port, "/healthz").hasPrefix("HTTP/1.1 200"))
    try await app.stop()
  }

  @MainActor
  @Test func aPageWhoseSocketHasNotConnectedIsNotLiveUntilItDoes() async {
    let store = Store(initialState: Tally.State()) { Tally() }
    let sent = LockIsolated<[String]>([])
    let live = LiveView(
      page: WebPage(view: { tallyView(store) }), send: { message in sent.withValue { $0.append(message) } },
      drop: { _, _ in }, observing: false
    )
    store.send(.incrementButtonTapped)
    await Task.yield()
    #expect(sent.value.isEmpty)
    let firstRender = live.rendered.root.html
    #expect(firstRender.contains("Count: 0"))
    // Connected: what changed since the first render goes out at once, then every change.
    live.startObserving()
    #expect(sent.value == [#"[["t",[0,0],"Count: 1"]]"#])
    store.send(.incrementButtonTapped)
    for _ in 0..<100 where sent.value.count < 2 { await Task.yield() }
    #expect(sent.value.last == #"[["t",[0,0],"Count: 2"]]"#)
    live.stop()
  }

  @Test func aFloodOfOneKindOfLineIsLoggedOnceAWhileWithACount() {
    let lines = LockIsolated<[String]>([])
    let handler = RateLimitedLogHandler(CapturingLogHandler(lines: lines), interval: .seconds(3600))
    let logger = Logger(label: "test") { _ in handler }
    for index in 0..<1_000 {
      logger.warning("dropped an event for handler \(index)", metadata: ["reason": "unknown_handler"])
    }
    logger.warning("dropped a message that is not an event", metadata: ["reason": "malformed"])
    // Lines without a reason are of a kind by their text.
    for _ in 0..<50 { logger.error("Error handling upgrade result") }
    #expect(
      lines.value == [
        "dropped an event for handler 0", "dropped a message that is not an event", "Error handling upgrade result",
      ]
    )

    // Once the interval has passed, the next line says how many were held back.
    let often = RateLimitedLogHandler(CapturingLogHandler(lines: lines), interval: .zero)
    let unlimited = Logger(label: "test") { _ in often }
    lines.setValue([])
    unlimited.warning("first", metadata: ["reason": "oversize"])
    unlimited.warning("second", metadata: ["reason": "oversize"])
    #expect(lines.value == ["first", "second"])
  }

  @Test func aClientsTextCannotStartALineOfItsOwn() {
    let lines = LockIsolated<[String]>([])
    let handler = RateLimitedLogHandler(CapturingLogHandler(lines: lines), interval: .zero)
    let logger = Logger(label: "test") { _ in handler }
    // A handler name sent over a socket, with a forged line after a line break, an escape that
    // would recolour a terminal, and a line separator.
    logger.warning(
      "dropped an event for handler 0.9/click\nerror: account ada signed in\u{1B}[2K\u{2028}x\\y",
      metadata: ["reason": "unknown_handler"]
    )
    #expect(
      lines.value == [#"dropped an event for handler 0.9/click\u{a}error: account ada signed in\u{1b}[2K\u{2028}x\\y"#]
    )
    #expect(escapingControlCharacters("plain text, é and ✓") == "plain text, é and ✓")
  }
}

/// Keeps the messages logged through it.
private struct CapturingLogHandler: LogHandler {
  let lines: LockIsolated<[String]>
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .trace

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    lines.withValue { $0.append(event.message.description) }
  }
}
