import ComposableArchitecture
import ComposableRecording
import Foundation

/// The counter again, with `Codable` state and actions, so that it can be recorded.
@Reducer
struct RecordableCounter {
  @ObservableState
  struct State: Codable, Equatable {
    var count = 0
  }
  enum Action: Codable { case incrementTapped }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

/// A list of 100 to-dos, each a feature of its own: a row action goes through `forEach`, and the
/// recorded state is a hundred rows (written every 100 actions, about 5 KB).
@Reducer
struct RecordableTodos {
  @ObservableState
  struct State: Codable, Equatable {
    var todos: IdentifiedArrayOf<RecordableTodo.State> = IdentifiedArray(
      uniqueElements: (0..<100).map { RecordableTodo.State(id: $0, title: "To-do number \($0)") }
    )
    enum CodingKeys: String, CodingKey { case _todos = "todos" }
  }
  enum Action: Codable { case todos(IdentifiedActionOf<RecordableTodo>) }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.todos, action: \.todos) { RecordableTodo() }
  }
}

@Reducer
struct RecordableTodo {
  @ObservableState
  struct State: Codable, Equatable, Identifiable {
    let id: Int
    var title: String
    var isComplete = false
    enum CodingKeys: String, CodingKey { case id, _title = "title", _isComplete = "isComplete" }
  }
  enum Action: Codable { case toggled }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.isComplete.toggle()
    return .none
  }
}

/// A file in the temporary folder for a benchmark's recording.
func recordingFile(_ name: String) -> URL {
  URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("benchmark-\(name)-\(getpid()).jsonl")
}

/// A root send of the recordable counter, with recording on (the state written every 100
/// actions) and off: `record-overhead` is their ratio, `record-overhead-buffered` the same with
/// the recording in buffered mode; and the same for a row of the to-do list,
/// `record-overhead-rows`.
@MainActor
func recordingBenchmarks() -> [Benchmark] {
  let plain = Store(initialState: RecordableCounter.State()) { RecordableCounter() }
  let recorded = Store(initialState: RecordableCounter.State()) {
    RecordableCounter().recording(to: recordingFile("send"), stateEvery: 100)
  }
  let buffered = Store(initialState: RecordableCounter.State()) {
    RecordableCounter().recording(to: recordingFile("send-buffered"), stateEvery: 100, mode: .buffered)
  }
  let plainTodos = Store(initialState: RecordableTodos.State()) { RecordableTodos() }
  let recordedTodos = Store(initialState: RecordableTodos.State()) {
    RecordableTodos().recording(to: recordingFile("todos"), stateEvery: 100)
  }
  return [
    Benchmark(name: "todos-row-send-recordable", operationsPerSample: 5_000) { n in
      for index in 0..<n { plainTodos.send(.todos(.element(id: index % 100, action: .toggled))) }
      sink &+= plainTodos.todos.count
    },
    Benchmark(name: "todos-row-send-recording", operationsPerSample: 5_000) { n in
      for index in 0..<n { recordedTodos.send(.todos(.element(id: index % 100, action: .toggled))) }
      sink &+= recordedTodos.todos.count
    },
    Benchmark(name: "store-send-recordable", operationsPerSample: 20_000) { n in
      for _ in 0..<n { plain.send(.incrementTapped) }
      sink &+= plain.count
    },
    Benchmark(name: "store-send-recording", operationsPerSample: 20_000) { n in
      for _ in 0..<n { recorded.send(.incrementTapped) }
      sink &+= recorded.count
    },
    Benchmark(name: "store-send-recording-buffered", operationsPerSample: 20_000) { n in
      for _ in 0..<n { buffered.send(.incrementTapped) }
      sink &+= buffered.count
    },
  ]
}

/// Records 10 000 actions of the counter (the state every 100), then replays the file: the
/// milliseconds the replay takes, reading the file included.
@MainActor
func replayTenThousandMilliseconds() throws -> Double {
  let url = recordingFile("replay")
  do {
    let store = Store(initialState: RecordableCounter.State()) {
      RecordableCounter().recording(to: url, stateEvery: 100)
    }
    for _ in 0..<10_000 { store.send(.incrementTapped) }
  }
  let clock = ContinuousClock()
  let start = clock.now
  let states = try replay(Recording(contentsOf: url), through: RecordableCounter())
  let elapsed = start.duration(to: clock.now)
  sink &+= states.last?.count ?? 0
  try? FileManager.default.removeItem(at: url)
  return Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
}
