import ComposableArchitecture
import Foundation

// Measures what the architecture costs, side by side with the alternatives, in one run: every
// round runs every benchmark once, in an interleaved order, and each figure is the median over
// the rounds. Run in release mode:
//
//   swift run -c release --package-path Benchmarks benchmark-ratios

// The other process of the web figures with many tabs, which opens the tabs (see `TabClient`).
if let port = ProcessInfo.processInfo.environment["BENCHMARK_TAB_CLIENT_PORT"].flatMap({ Int($0) }) {
  runTabClient(port: port)
}

let rounds = Int(ProcessInfo.processInfo.environment["BENCHMARK_ROUNDS"] ?? "") ?? 15
let verbose = ProcessInfo.processInfo.environment["BENCHMARK_VERBOSE"] != nil

/// One named benchmark: `run(n)` performs the measured operation `n` times.
struct Benchmark {
  let name: String
  let operationsPerSample: Int
  let run: @MainActor (Int) -> Void
}

@MainActor
func nanosecondsPerOperation(_ benchmark: Benchmark) -> Double {
  // What earlier samples left to write in the background (a buffered recording's batch, a
  // recording's state snapshot, a file key's held-back change) is written first, outside the
  // measurement: a sample pays for its own work, not for the one before it.
  flushPendingWrites()
  let clock = ContinuousClock()
  let elapsed = clock.measure { benchmark.run(benchmark.operationsPerSample) }
  let nanoseconds = Double(elapsed.components.seconds) * 1e9
    + Double(elapsed.components.attoseconds) / 1e9
  return nanoseconds / Double(benchmark.operationsPerSample)
}

/// Prints a figure as `name: value (target …)`: one line each, its target after the value.
func figure(_ name: String, _ value: String, target: String) {
  print("\(name): \(value) (target \(target))")
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted.count % 2 == 1
    ? sorted[sorted.count / 2]
    : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// Keeps results alive so the optimizer cannot drop the work.
nonisolated(unsafe) var sink = 0  // Only touched from the main thread.

@MainActor
func makeBenchmarks() -> [Benchmark] {
  // The vanilla @Observable model and the raw reducer.
  let model = CounterModel()
  let observableMethod = Benchmark(name: "observable-method", operationsPerSample: 100_000) { n in
    for _ in 0..<n { model.incrementTapped() }
    sink &+= model.count
  }
  var rawState = Counter.State()
  let reducer = Counter()
  let directReduce = Benchmark(name: "direct-reduce", operationsPerSample: 100_000) { n in
    for _ in 0..<n { _ = reducer.reduce(into: &rawState, action: .incrementTapped) }
    sink &+= rawState.count
  }

  // Root send.
  let root = Store(initialState: Counter.State()) { Counter() }
  let rootSend = Benchmark(name: "store-send-root", operationsPerSample: 100_000) { n in
    for _ in 0..<n { root.send(.incrementTapped) }
    sink &+= root.count
  }

  // Scoped sends. Each benchmark has a root store of its own over the same state, 10 levels
  // deep, and sends an action that reaches the innermost counter, so the reducer does the same
  // work in all three; what differs is the store it goes through. `store-send-root-nested`
  // embeds the action 10 times and sends it to the root store (the only store); the others build
  // a chain of 1 or 10 scoped stores and send through its last one.
  func nestedAction(depth: Int) -> Nested.Action {
    (0..<depth).reduce(Nested.Action.incrementTapped) { action, _ in .child(action) }
  }
  // The root store and the last store of a chain of `depth` scoped stores. Every store of the
  // chain stays alive (each store keeps the children it scoped, and the caller keeps the root), as
  // the views of a navigation stack keep theirs: after each send, each of them checks its state.
  func chain(depth: Int) -> (root: StoreOf<Nested>, leaf: StoreOf<Nested>) {
    let root = Store(initialState: Nested.state(depth: 10)) { Nested() }
    var store = root
    for _ in 0..<depth {
      store = store.scope(state: Nested.childState, action: Nested.childAction)
    }
    return (root, store)
  }
  func scopedSend(depth: Int) -> Benchmark {
    let (root, store) = chain(depth: depth)
    let action = nestedAction(depth: 10 - depth)
    return Benchmark(
      name: depth == 0 ? "store-send-root-nested" : "store-send-scoped-depth-\(depth)",
      operationsPerSample: 20_000
    ) { n in
      for _ in 0..<n { store.send(action) }
      sink &+= store.count + root.count
    }
  }
  // The same action reduced directly, without any store: what the nested feature itself costs.
  // And at depth 1 and 10 with the key paths written inline in `body` (see `NestedInline`).
  func directNested<R: Reducer<Nested.State, Nested.Action>>(
    _ name: String, depth: Int, _ reducer: R
  ) -> Benchmark {
    var state = Nested.state(depth: depth)
    let action = nestedAction(depth: depth)
    return Benchmark(name: name, operationsPerSample: depth == 10 ? 5_000 : 20_000) { n in
      for _ in 0..<n { _ = reducer.reduce(into: &state, action: action) }
      sink &+= state.count
    }
  }

  // State access through 1 and 10 levels.
  let depth1 = chain(depth: 1)
  let depth10 = chain(depth: 10)
  let readDepth1 = Benchmark(name: "state-access-depth-1", operationsPerSample: 100_000) { n in
    for _ in 0..<n { sink &+= depth1.leaf.count }
  }
  let readDepth10 = Benchmark(name: "state-access-depth-10", operationsPerSample: 100_000) { n in
    for _ in 0..<n { sink &+= depth10.leaf.count }
  }

  // Scoping an already-cached child.
  let parent = Store(initialState: Nested.state(depth: 1)) { Nested() }
  let scopeCached = Benchmark(name: "scope-cached-child", operationsPerSample: 100_000) { n in
    for _ in 0..<n {
      sink &+= ObjectIdentifier(parent.scope(state: Nested.childState, action: Nested.childAction))
        .hashValue & 1
    }
  }
  // Scoping a child for the first time: a new child store (and its entry in the parent's
  // cache). Each sample starts from a new root store with 1 000 children and scopes each of them
  // once; the key paths are made beforehand, so only the scoping is measured.
  let childPaths = (0..<1_000).map { index -> WritableKeyPath<Nested.State, Nested.State> in
    \Nested.State.children[index]
  }
  let scopeNew = Benchmark(name: "scope-new-child", operationsPerSample: childPaths.count) { n in
    let parent = Store(
      initialState: Nested.State(children: Array(repeating: Nested.State(), count: n))
    ) {
      Nested()
    }
    for index in 0..<n {
      sink &+= ObjectIdentifier(parent.scope(state: childPaths[index], action: Nested.childAction))
        .hashValue & 1
    }
  }
  // What evaluating one case key path literal costs (see `Nested`).
  let caseKeyPathLiteral = Benchmark(
    name: "case-key-path-literal", operationsPerSample: 10_000
  ) { n in
    for _ in 0..<n {
      let keyPath: CaseKeyPath<Nested.Action, Nested.Action> = \.child
      sink &+= ObjectIdentifier(keyPath).hashValue & 1
    }
  }

  // A row action in forEach over 100, 10 000 and 100 000 rows.
  func rows(_ count: Int) -> Benchmark {
    let store = Store(initialState: Rows.state(count: count)) { Rows() }
    let id = count / 2
    return Benchmark(name: "foreach-row-action-\(count)", operationsPerSample: 20_000) { n in
      for _ in 0..<n { store.send(.rows(.element(id: id, action: .incrementTapped))) }
      sink &+= store.rows[id: id]?.count ?? 0
    }
  }

  // A send to a root store whose state is an enum case holding 100 or 100 000 plain values.
  func enumPayload(_ count: Int, name: String) -> Benchmark {
    let store = Store(initialState: Loaded.state(count: count)) { Loaded() }
    return Benchmark(name: name, operationsPerSample: 20_000) { n in
      for _ in 0..<n { store.send(.tick) }
      if case let .loaded(items) = store.state { sink &+= items.count }
    }
  }

  let filter = ProcessInfo.processInfo.environment["BENCHMARK_FILTER"]
  return ([
    observableMethod, directReduce, rootSend,
    scopedSend(depth: 0), scopedSend(depth: 1), scopedSend(depth: 10),
    directNested("direct-reduce-nested-depth-1", depth: 1, Nested()),
    directNested("direct-reduce-nested-depth-10", depth: 10, Nested()),
    directNested("direct-reduce-nested-depth-1-inline-key-paths", depth: 1, NestedInline()),
    directNested("direct-reduce-nested-depth-10-inline-key-paths", depth: 10, NestedInline()),
    readDepth1, readDepth10,
    scopeCached, scopeNew, caseKeyPathLiteral, rows(100), rows(10_000), rows(100_000),
    enumPayload(100, name: "enum-payload-send-100"),
    enumPayload(100_000, name: "enum-payload-send-100k"),
    frameBenchmark(rows: 100, name: "tui-frame-100-rows"),
    frameBenchmark(rows: 10_000, name: "tui-frame-10k-rows"),
  ] + recordingBenchmarks() + swiftUIFirstRenderBenchmarks() + swiftUIRowsBenchmarks() + [swiftUITerminalFrameBenchmark()])
  .filter { benchmark in
    // BENCHMARK_FILTER: names containing any of the `|`-separated parts (`=name`: exactly).
    filter.map {
      $0.split(separator: "|").contains { part in
        part.first == "=" ? benchmark.name == part.dropFirst() : benchmark.name.contains(part)
      }
    } ?? true
  }
}

/// Starts 10 000 cancellable effects with one action, cancels them with another, and waits until
/// every task has ended; returns the milliseconds taken and how many effects were still running.
@MainActor
func tenThousandEffects() async -> (milliseconds: Double, leaked: Int) {
  let running = LockIsolated(0)
  let store = Store(initialState: Effects.State()) { Effects(running: running) }
  let clock = ContinuousClock()
  let start = clock.now
  let started = store.send(.start(10_000))
  await Task.yield()
  store.send(.stop(10_000))
  await started.finish()
  let elapsed = start.duration(to: clock.now)
  return (
    Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15,
    running.value
  )
}

@MainActor
func main() async {
  if let path = ProcessInfo.processInfo.environment["BENCHMARK_SQLITE_WRITER"] {
    // Started by `sqlite-cross-process-ms` as the other process.
    do { try runSQLiteWriter(path: path) } catch { print("writer failed: \(error)") }
    return
  }
  if let url = ProcessInfo.processInfo.environment["BENCHMARK_POSTGRES_WRITER"] {
    // Started by `postgres-propagation-p99-ms` as the other process.
    do { try await runPostgresWriter(url: url) } catch { print("writer failed: \(error)") }
    return
  }
  let benchmarks = makeBenchmarks()
  let filter = ProcessInfo.processInfo.environment["BENCHMARK_FILTER"]
  if let filter, filter.contains("web") {
    // BENCHMARK_FILTER=web: the web front end's figures only (they take about 40 s).
    // BENCHMARK_FILTER=web-first-render or web-memory: that figure only.
    await printWebFigures(filter: filter)
    if benchmarks.isEmpty { return }
  }
  if let filter, filter.contains("sqlite") {
    // BENCHMARK_FILTER=sqlite: the SQLite figures only (about 15 s).
    await printSQLiteFigures()
    if benchmarks.isEmpty { return }
  }
  if let filter, filter.contains("postgres") {
    // BENCHMARK_FILTER=postgres: the PostgreSQL figures only (about 30 s, with the server's set-up).
    await printPostgresFigures()
    if benchmarks.isEmpty { return }
  }
  var samples: [String: [Double]] = [:]
  var effectSamples: [Double] = []
  var leaked = 0
  for round in 0..<rounds {
    // Rotate the order each round so no benchmark always runs first or last.
    for offset in 0..<benchmarks.count {
      let benchmark = benchmarks[(offset + round) % benchmarks.count]
      if verbose { FileHandle.standardError.write("\(benchmark.name)…\n".data(using: .utf8)!) }
      samples[benchmark.name, default: []].append(nanosecondsPerOperation(benchmark))
    }
    if ProcessInfo.processInfo.environment["BENCHMARK_FILTER"] == nil {
      let effects = await tenThousandEffects()
      effectSamples.append(effects.milliseconds)
      leaked = max(leaked, effects.leaked)
    }
  }
  let ns = samples.mapValues(median)
  if ProcessInfo.processInfo.environment["BENCHMARK_PRINT_SAMPLES"] != nil {
    for (name, values) in samples.sorted(by: { $0.key < $1.key }) {
      print("\(name) samples: \(values.map { String(format: "%.0f", $0) }.joined(separator: " "))")
    }
  }
  func ratio(_ lhs: String, _ rhs: String) -> String {
    String(format: "%.2f", ns[lhs]! / ns[rhs]!)
  }
  // The terminal front end's figures (SPEC 12): what one row's change writes, as a share of a
  // full frame, and the microseconds of a frame of a 10 000-row list.
  func printTerminalFigures() {
    guard let frame = ns["tui-frame-10k-rows"] else { return }
    figure("tui-bytes-one-change", String(format: "%.3f", bytesForOneRowChange()), target: "≤ 0.05")
    figure("tui-frame-10k-rows-us", String(format: "%.0f", frame / 1_000), target: "≪ 16000, not growing with rows")
  }
  // Recording (SPEC 17): a recorded send vs the same send unrecorded, and replaying 10 000
  // actions (the median of 3 runs).
  func printRecordingFigures() {
    guard ns["store-send-recording"] != nil, ns["store-send-recordable"] != nil else { return }
    figure("record-overhead", ratio("store-send-recording", "store-send-recordable"), target: "≤ 4")
    if ns["store-send-recording-buffered"] != nil {
      figure("record-overhead-buffered", ratio("store-send-recording-buffered", "store-send-recordable"), target: "≤ 3.5")
    }
    if ns["todos-row-send-recording"] != nil, ns["todos-row-send-recordable"] != nil {
      figure("record-overhead-rows", ratio("todos-row-send-recording", "todos-row-send-recordable"), target: "≤ 2")
    }
    let replays = (0..<3).compactMap { _ in try? replayTenThousandMilliseconds() }
    figure("replay-10k-ms", replays.isEmpty ? "failed" : String(format: "%.0f", median(replays)), target: "< 1000")
  }
  // SwiftUI views in the browser (SPEC 20): a first render and a one-row change, against the
  // same screen from the HTML builder.
  func printSwiftUIFigures() async {
    guard ns["swiftui-first-render-3-rows"] != nil, ns["swiftui-html-first-render-3-rows"] != nil else { return }
    figure("swiftui-first-render-vs-html", ratio("swiftui-first-render-3-rows", "swiftui-html-first-render-3-rows"), target: "≤ 1.5")
    await printSwiftUIBytes()
    if ns["swiftui-event-1-of-1000-rows"] != nil, ns["swiftui-html-event-1-of-1000-rows"] != nil {
      figure("swiftui-event-1-of-1000-rows-vs-html", ratio("swiftui-event-1-of-1000-rows", "swiftui-html-event-1-of-1000-rows"), target: "≤ 1.5")
    }
    if ns["swiftui-first-render-1000-rows"] != nil, ns["swiftui-html-first-render-1000-rows"] != nil {
      figure("swiftui-first-render-1000-rows-vs-html", ratio("swiftui-first-render-1000-rows", "swiftui-html-first-render-1000-rows"), target: "≤ 1.5")
    }
    printSwiftUIBodiesPerRowChange()
  }
  if ProcessInfo.processInfo.environment["BENCHMARK_FILTER"] != nil {
    printTerminalFigures()
    printRecordingFigures()
    await printSwiftUIFigures()
    printSwiftUITerminalFigures(frameNanoseconds: ns["swiftui-terminal-frame-1000-rows"])
    for (name, value) in ns.sorted(by: { $0.key < $1.key }) { print("\(name): \(value)") }
    return
  }

  figure("send-vs-observable", ratio("store-send-root", "observable-method"), target: "≤ 2.5")
  figure("send-vs-reduce", ratio("store-send-root", "direct-reduce"), target: "≤ 2.5")
  figure("depth10-vs-depth1", ratio("store-send-scoped-depth-10", "store-send-scoped-depth-1"), target: "≤ 1.15")
  figure(
    "inline-vs-static-keypaths",
    ratio("direct-reduce-nested-depth-10-inline-key-paths", "direct-reduce-nested-depth-10"), target: "≤ 1.2"
  )
  figure("row-vs-root-send", ratio("foreach-row-action-100", "store-send-root"), target: "≤ 3")
  figure("rows100k-vs-rows100", ratio("foreach-row-action-100000", "foreach-row-action-100"), target: "≤ 1.5")
  figure("enum-payload-100k-vs-100", ratio("enum-payload-send-100k", "enum-payload-send-100"), target: "≤ 1.5")
  figure("effects-10k-ms", String(format: "%.1f", median(effectSamples)), target: "completes, no task leaked")
  printTerminalFigures()
  printRecordingFigures()
  await printSwiftUIFigures()
  // The same SwiftUI views in a terminal: one row's change as a share of a full frame, and a
  // frame of a 1,000-row list.
  printSwiftUITerminalFigures(frameNanoseconds: ns["swiftui-terminal-frame-1000-rows"])
  figure("shared-withlock-8-tasks-10k", "\(await sharedContention())", target: "exactly 10000")
  figure("shared-burst-1000-file-writes", "\((try? sharedBurstWrites()) ?? -1)", target: "a handful")
  await printWebFigures()
  await printSQLiteFigures()
  await printPostgresFigures()
  print("")
  print("Medians of \(rounds) interleaved rounds, nanoseconds per operation:")
  for benchmark in benchmarks {
    print("  \(benchmark.name): \(String(format: "%.1f", ns[benchmark.name]!))")
  }
  let depth = (
    stateAccess: ratio("state-access-depth-10", "state-access-depth-1"),
    vsRoot: ratio("store-send-scoped-depth-10", "store-send-root-nested"),
    feature: ratio("direct-reduce-nested-depth-10", "direct-reduce-nested-depth-1"),
    featureInline: ratio(
      "direct-reduce-nested-depth-10-inline-key-paths",
      "direct-reduce-nested-depth-1-inline-key-paths"
    )
  )
  print("  state-access ratio depth10-vs-depth1: \(depth.stateAccess)")
  print("  scoped send depth10-vs-root (the same action sent to the root): \(depth.vsRoot)")
  print(
    "  what the nested feature costs, reduced directly, depth 10 vs depth 1: \(depth.feature)"
      + " (key paths inline in body: \(depth.featureInline))"
  )
  print(
    "  the store's share of a depth-10 scoped send: "
      + String(
        format: "%.0f ns of %.0f ns",
        ns["store-send-scoped-depth-10"]! - ns["direct-reduce-nested-depth-10"]!,
        ns["store-send-scoped-depth-10"]!
      )
  )
  print("  effects-10k leaked tasks: \(leaked)")
  print(
    "  tui frame, 10 000 rows vs 100 rows: \(ratio("tui-frame-10k-rows", "tui-frame-100-rows"))"
  )
}

await main()
