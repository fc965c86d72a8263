import ComposableArchitecture
import ComposableRecording
import Foundation
import Testing

/// A feature that reads every recorded dependency (internal: a generated test uses it).
@Reducer
struct RecordedNotes {
  @ObservableState
  struct State: Codable, Equatable {
    var notes: IdentifiedArrayOf<Note> = []
    var lastSaved: Date?
    var dice = 0
    @Presents var editor: RecordedEditor.State?

    enum CodingKeys: String, CodingKey {
      case _notes = "notes", _lastSaved = "lastSaved", _dice = "dice", _editor = "editor"
    }
  }
  struct Note: Codable, Equatable, Identifiable {
    let id: UUID
    var text: String
  }
  enum Action: Codable, Equatable {
    case addTapped(String)
    case editor(PresentationAction<RecordedEditor.Action>)
    case editTapped(UUID)
    case rolled(Int)
    case rollTapped
    case row(IdentifiedAction<UUID, RowAction>)
    case saved(Date)
    case saveTapped
  }
  enum RowAction: Codable, Equatable { case clear }
  @Dependency(\.uuid) var uuid
  @Dependency(\.date.now) var now
  @Dependency(\.withRandomNumberGenerator) var random

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .addTapped(text):
        state.notes.append(Note(id: uuid(), text: text))
        return .none
      case .editor:
        return .none
      case let .editTapped(id):
        state.editor = RecordedEditor.State(text: state.notes[id: id]?.text ?? "")
        return .none
      case let .rolled(value):
        state.dice = value
        return .none
      case .rollTapped:
        let value = random { Int.random(in: 1...6, using: &$0) }
        return .send(.rolled(value))
      case let .row(.element(id, .clear)):
        state.notes[id: id]?.text = ""
        return .none
      case let .saved(date):
        state.lastSaved = date
        return .none
      case .saveTapped:
        let now = now
        return .run { send in await send(.saved(now)) }
      }
    }
    .ifLet(\.$editor, action: \.editor) { RecordedEditor() }
  }
}

@Reducer
struct RecordedEditor {
  @ObservableState
  struct State: Codable, Equatable {
    var text: String
    enum CodingKeys: String, CodingKey { case _text = "text" }
  }
  enum Action: Codable, Equatable { case textChanged(String) }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .textChanged(text):
        state.text = text
        return .none
      }
    }
  }
}

/// A feature whose state is over a kilobyte and `Sendable`, so that durable recordings encode its
/// snapshots off the send path until it holds a shared value (`pin`).
@Reducer
struct RecordedBoard {
  @ObservableState
  struct State: Codable, Equatable, Sendable {
    var cards = (0..<60).map { "Card number \($0) of the board" }
    var flips = 0
    var pinned: Pinned?
    var gate = Gate()
    enum CodingKeys: String, CodingKey {
      case _cards = "cards", _flips = "flips", _pinned = "pinned", _gate = "gate"
    }
  }
  /// A field whose encoding waits while its control is shut: it keeps a snapshot on the
  /// recorder's queue for as long as a test needs that queue busy. Written as `null`.
  struct Gate: Codable, Equatable, Sendable {
    final class Control: Sendable {
      let isShut = LockIsolated(false)
      let entered = DispatchSemaphore(value: 0)
      let opened = DispatchSemaphore(value: 0)
    }
    var control: Control?
    init(_ control: Control? = nil) { self.control = control }
    init(from decoder: any Decoder) throws {}
    func encode(to encoder: any Encoder) throws {
      if let control, control.isShut.value {
        control.entered.signal()
        control.opened.wait()
      }
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    }
    static func == (lhs: Self, rhs: Self) -> Bool { true }
  }
  struct Pinned: Codable, Equatable, Sendable {
    var note: Shared<String>
  }
  enum Action: Codable { case flip, pin }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .flip:
        state.flips += 1
        state.cards[state.flips % state.cards.count] += "!"
      case .pin:
        state.pinned = Pinned(note: Shared(value: "Pinned"))
      }
      return .none
    }
  }
}

/// A feature whose action is not `Codable`.
@Reducer
private struct Opaque {
  struct State: Codable, Equatable { var count = 0 }
  enum Action { case tapped(() -> Void) }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

@MainActor
@Suite(.serialized)
final class RecordingTests {
  /// Each test's own file, removed after it.
  let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("recording-\(UUID().uuidString).jsonl")

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// Records a short session of `RecordedNotes` (to `url` unless `file` is given), with the
  /// live-like dependencies a test gives it.
  func recordSession(to file: URL? = nil, mode: RecordingMode = .durable) async throws -> RecordedNotes.State {
    let store = Store(initialState: RecordedNotes.State()) {
      RecordedNotes().recording(to: file ?? url, mode: mode)
    } withDependencies: {
      $0.uuid = .incrementing
      $0.date.now = Date(timeIntervalSince1970: 1_800_000_000)
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(LCRNG(seed: 7))
    }
    store.send(.addTapped("Buy milk"))
    store.send(.addTapped("Call Blob"))
    store.send(.row(.element(id: UUID(0), action: .clear)))
    store.send(.editTapped(UUID(1)))
    store.send(.editor(.presented(.textChanged("Call Blob Jr"))))
    store.send(.editor(.dismiss))
    store.send(.rollTapped)
    await store.send(.saveTapped).finish()
    return store.state
  }

  @Test func aSessionIsWrittenOneLinePerActionWithWhatTheReducerRead() async throws {
    _ = try await recordSession()
    let recording = try Recording(contentsOf: url)
    #expect(recording.feature.hasSuffix("RecordedNotes"))
    #expect(recording.initialState.json?.contains(#""notes":[]"#) == true)
    #expect(recording.steps.map(\.sequence) == Array(1...10))
    #expect(recording.steps.map(\.source) == [
      .send, .send, .send, .send, .send, .send, .send, .receive, .send, .receive,
    ])
    #expect(recording.steps[0].uuids == [UUID(0)])
    #expect(recording.steps[0].action.json == #"{"addTapped":{"_0":"Buy milk"}}"#)
    #expect(recording.steps[4].action.json == #"{"editor":{"_0":{"presented":{"_0":{"textChanged":{"_0":"Call Blob Jr"}}}}}}"#)
    #expect(recording.steps[6].randomNumbers.count >= 1)
    #expect(recording.steps[8].dates == [Date(timeIntervalSince1970: 1_800_000_000)])
    #expect(recording.steps.allSatisfy { $0.state != nil && $0.isReplayable })
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 11)
  }

  @Test func replayReachesTheSameStateWithoutRunningEffects() async throws {
    let final = try await recordSession()
    let recording = try Recording(contentsOf: url)
    // No dependencies set here: every value the reducer reads comes from the recording.
    let states = try replay(recording, through: RecordedNotes())
    #expect(states.count == 11)
    #expect(states.last == final)
    #expect(states[2].notes.map(\.text) == ["Buy milk", "Call Blob"])
    #expect(states[5].editor?.text == "Call Blob Jr")
    #expect(states[6].editor == nil)
    #expect(final.dice != 0)
    let upToThree = try replay(recording, through: RecordedNotes(), upTo: 3)
    #expect(upToThree.last?.notes.first?.text == "")
  }

  @Test func aChangedFeatureStopsTheReplayAtTheFirstDifferentState() async throws {
    _ = try await recordSession()
    let recording = try Recording(contentsOf: url)
    let changed = Reduce<RecordedNotes.State, RecordedNotes.Action> { state, action in
      let effect = RecordedNotes().reduce(into: &state, action: action)
      if case .row = action { state.notes[0].text = "(cleared)" }
      return effect
    }
    #expect {
      try replay(recording, through: changed)
    } throws: { error in
      let error = try #require(error as? RecordingError)
      #expect(error.line == 4)
      #expect(error.problem.contains("action 3"))
      #expect(error.problem.contains("RecordedNotes.Action.row("))
      #expect(error.problem.contains("- recorded, + replayed"))
      #expect(error.problem.contains(#"-       text: """#))
      #expect(error.problem.contains(#"+       text: "(cleared)""#))
      return true
    }
  }

  @Test func readingMoreRandomNumbersThanRecordedIsADivergence() async throws {
    _ = try await recordSession()
    let recording = try Recording(contentsOf: url)
    let greedy = Reduce<RecordedNotes.State, RecordedNotes.Action> { state, action in
      @Dependency(\.uuid) var uuid
      if case .addTapped = action { _ = uuid() }
      return RecordedNotes().reduce(into: &state, action: action)
    }
    #expect {
      try replay(recording, through: greedy)
    } throws: { error in
      let error = try #require(error as? RecordingError)
      return error.line == 2 && error.problem.contains("read more values from uuid")
    }
  }

  @Test func aCutOffNewerOrBrokenFileIsAnErrorNamingTheLine() async throws {
    _ = try await recordSession()
    let text = try String(contentsOf: url, encoding: .utf8)

    // A last line cut off after a whole header: skipped, and named.
    let whole = try Recording(data: Data(text.utf8), file: "whole.jsonl")
    #expect(whole.cutOffLine == nil)
    let cut = try Recording(data: Data(text.dropLast(10).utf8), file: "cut.jsonl")
    #expect(cut.cutOffLine == RecordingError(file: "cut.jsonl", line: 11, problem: "is cut off (the program stopped while writing it) and was skipped"))
    #expect(cut.cutOffLine?.description == "cut.jsonl:11: the line is cut off (the program stopped while writing it) and was skipped")
    #expect(cut.steps.map(\.sequence) == whole.steps.dropLast().map(\.sequence))
    // Cut, then the zero bytes of the space reserved ahead (a killed program's file): the same.
    let killed = try Recording(data: Data(text.dropLast(10).utf8) + Data(count: 4096), file: "killed.jsonl")
    #expect(killed.cutOffLine?.line == 11)
    #expect(killed.steps.count == whole.steps.count - 1)
    // The first line cut off: no recording at all.
    let header = String(text.prefix { $0 != "\n" })
    #expect(throws: RecordingError(file: "header.jsonl", line: 1, problem: "is cut off (the program stopped while writing the recording's first line): the file holds no recording")) {
      try Recording(data: Data(header.dropLast(5).utf8), file: "header.jsonl")
    }
    let newer = Data(text.replacingOccurrences(of: #"{"format":\#(Recording.formatVersion),"#, with: #"{"format":9,"#).utf8)
    #expect(throws: RecordingError.self) { try Recording(data: newer) }
    do {
      _ = try Recording(data: newer, file: "newer.jsonl")
    } catch let error as RecordingError {
      #expect(error.description.hasPrefix("newer.jsonl:1: the line was written in format 9"))
    }
    var lines = text.split(separator: "\n").map(String.init)
    lines[3] = #"{"seq":"three"}"#
    #expect(throws: RecordingError(file: "broken.jsonl", line: 4, problem: "is not a recorded action (seq and t are required; source, when given, is send or receive)")) {
      try Recording(data: Data((lines.joined(separator: "\n") + "\n").utf8), file: "broken.jsonl")
    }
    lines[3] = "not json"
    #expect(throws: RecordingError(file: "broken.jsonl", line: 4, problem: "is not a JSON object")) {
      try Recording(data: Data((lines.joined(separator: "\n") + "\n").utf8), file: "broken.jsonl")
    }
    #expect(throws: RecordingError.self) { try Recording(data: Data()) }
  }

  @Test func anActionThatIsNotCodableIsDumpedAndNotReplayable() async throws {
    let store = Store(initialState: Opaque.State()) { Opaque().recording(to: url) }
    store.send(.tapped({}))
    let recording = try Recording(contentsOf: url)
    let step = try #require(recording.steps.first)
    #expect(!step.isReplayable)
    guard case let .dump(dump) = step.action else {
      Issue.record("expected a dump")
      return
    }
    #expect(dump.contains("tapped"))
  }

  @Test func aLiveRecordingReadsWhileTheStoreRunsAndIsTrimmedWhenItGoes() async throws {
    var store: StoreOf<RecordedNotes>? = Store(initialState: RecordedNotes.State()) {
      RecordedNotes().recording(to: url)
    } withDependencies: {
      $0.uuid = .incrementing
    }
    store?.send(.addTapped("Buy milk"))
    store?.send(.addTapped("Call Blob"))

    // While the store runs, the lines are followed by the space reserved for the next ones.
    let live = try Data(contentsOf: url)
    #expect(live.count >= 1 << 20)
    #expect(live.last == 0)
    let recording = try Recording(contentsOf: url)
    #expect(recording.steps.map(\.sequence) == [1, 2])

    store = nil
    let closed = try Data(contentsOf: url)
    #expect(closed.last == UInt8(ascii: "\n"))
    #expect(!closed.contains(0))
    #expect(closed.count < 1_000)
    #expect(String(decoding: closed, as: UTF8.self).split(separator: "\n").count == 3)
  }

  @Test func linesLongerThanTheMappedSpaceAreWrittenWhole() async throws {
    let long = String(repeating: "x", count: 300_000)
    let longer = String(repeating: "é", count: 800_000)  // 1.6 MB of UTF-8: more than a window
    do {
      let store = Store(initialState: RecordedNotes.State()) {
        RecordedNotes().recording(to: url)
      } withDependencies: {
        $0.uuid = .incrementing
      }
      for _ in 1...5 { store.send(.addTapped(long)) }
      store.send(.addTapped(longer))
      store.send(.addTapped("short"))
      // Read while the store runs: the window has moved along the file twice.
      let recording = try Recording(contentsOf: url)
      #expect(recording.steps.count == 7)
    }
    let recording = try Recording(contentsOf: url)
    let states = try replay(recording, through: RecordedNotes())
    #expect(states.last?.notes.map(\.text) == Array(repeating: long, count: 5) + [longer, "short"])
    #expect(try Data(contentsOf: url).last == UInt8(ascii: "\n"))
  }

  @Test func manyShortLinesFillSeveralWindowsAndEveryOneIsThere() async throws {
    // About 3.5 MB of lines: the file is written through four windows, each made ready ahead
    // while the one before it fills.
    let count = 40_000
    do {
      let store = Store(initialState: RecordedEditor.State(text: "")) {
        RecordedEditor().recording(to: url, stateEvery: 1_000)
      }
      for index in 1...count { store.send(.textChanged("Line \(index) of a long session")) }
      let live = try Recording(contentsOf: url)
      #expect(live.steps.count == count)
    }
    let data = try Data(contentsOf: url)
    #expect(data.count > 3 << 20)
    #expect(!data.contains(0))
    let recording = try Recording(contentsOf: url)
    #expect(recording.steps.map(\.sequence) == Array(1...count))
    let states = try replay(recording, through: RecordedEditor())
    #expect(states.last?.text == "Line \(count) of a long session")
  }

  @Test(arguments: [RecordingMode.durable, .buffered])
  func plainActionsAreWrittenRightBeyondWhatTheirCacheKeeps(mode: RecordingMode) async throws {
    // `.rolled(n)` is plain bytes: its field is kept by its bytes, for up to 1,024 of them. Twice
    // through 1,500 of them: the first pass fills the cache, the second finds the kept ones and
    // encodes the others again.
    let values = Array(0..<1_500) + Array(0..<1_500).reversed()
    do {
      let store = Store(initialState: RecordedNotes.State()) {
        RecordedNotes().recording(to: url, stateEvery: 1_000, mode: mode)
      }
      for value in values { store.send(.rolled(value)) }
    }
    let recording = try Recording(contentsOf: url)
    #expect(recording.steps.map(\.action.json) == values.map { #"{"rolled":{"_0":\#($0)}}"# })
  }

  @Test func aBufferedRecordingHoldsTheSameSessionAsADurableOne() async throws {
    let durable = try await recordSession()
    let durableRecording = try Recording(contentsOf: url)
    let bufferedURL = url.deletingPathExtension().appendingPathExtension("buffered.jsonl")
    defer { try? FileManager.default.removeItem(at: bufferedURL) }
    // (The store goes away at the end of the session, which writes what waits.)
    #expect(try await recordSession(to: bufferedURL, mode: .buffered) == durable)
    let buffered = try Recording(contentsOf: bufferedURL)
    #expect(buffered.steps.map(\.sequence) == durableRecording.steps.map(\.sequence))
    #expect(buffered.steps.map(\.action) == durableRecording.steps.map(\.action))
    #expect(buffered.steps.map(\.source) == durableRecording.steps.map(\.source))
    #expect(buffered.steps.map(\.uuids) == durableRecording.steps.map(\.uuids))
    #expect(buffered.steps.map(\.randomNumbers) == durableRecording.steps.map(\.randomNumbers))
    #expect(buffered.steps.map(\.state) == durableRecording.steps.map(\.state))
    #expect(try replay(buffered, through: RecordedNotes()).last == durable)
  }

  @Test func aBufferedRecordingWritesOnItsOwnAndWhenTheStoreGoes() async throws {
    var store: StoreOf<RecordedEditor>? = Store(initialState: RecordedEditor.State(text: "")) {
      RecordedEditor().recording(to: url, mode: .buffered)
    }
    for index in 1...3 { store?.send(.textChanged("Draft \(index)")) }
    // No flush: the writer writes the lines within its delay (waited for here with a deadline,
    // not a fixed sleep).
    let deadline = ContinuousClock.now + .seconds(10)
    while (try? Recording(contentsOf: url))?.steps.count != 3, ContinuousClock.now < deadline {
      await Task.yield()
    }
    #expect(try Recording(contentsOf: url).steps.count == 3)

    // What the front ends call on quit, SIGTERM and SIGHUP: the lines waiting are written at
    // once, the store still open.
    for index in 4...6 { store?.send(.textChanged("Draft \(index)")) }
    flushPendingWrites()
    #expect(try Recording(contentsOf: url).steps.count == 6)

    // The store going away writes what waits, and trims the file.
    store?.send(.textChanged("Draft 7"))
    store = nil
    let data = try Data(contentsOf: url)
    #expect(!data.contains(0))
    let recording = try Recording(contentsOf: url)
    #expect(recording.steps.map(\.sequence) == Array(1...7))
    #expect(try replay(recording, through: RecordedEditor()).last?.text == "Draft 7")
  }

  @Test func aLargeSendableStateIsWrittenOffTheSendPathOnALineOfItsOwn() async throws {
    var store: StoreOf<RecordedBoard>? = Store(initialState: RecordedBoard.State()) {
      RecordedBoard().recording(to: url, stateEvery: 5)
    }
    for _ in 1...9 { store?.send(.flip) }
    flushPendingWrites()  // the snapshot of 5 is written: the queue is free for 10's
    for _ in 10...12 { store?.send(.flip) }
    // Each action's line is in the file when its send returns; the states follow.
    #expect(try Recording(contentsOf: url).steps.count == 12)
    let final = store?.state
    store = nil
    let text = try String(contentsOf: url, encoding: .utf8)
    // The first snapshot is on its action's line (it decides); the next ones on lines of their own.
    #expect(text.components(separatedBy: #"{"stateAfter":"#).count - 1 == 2)
    #expect(text.contains(#"{"stateAfter":5,"state":{"#))
    #expect(text.contains(#"{"stateAfter":10,"state":{"#))
    let recording = try Recording(contentsOf: url)
    #expect(recording.steps.map(\.sequence) == Array(1...12))
    #expect(recording.steps.filter { $0.state != nil }.map(\.sequence) == [1, 5, 10])
    // Replay checks each of those states.
    #expect(try replay(recording, through: RecordedBoard()).last == final)
  }

  @Test func aSnapshotDueWhileTheQueueIsBusyIsTakenAtTheFirstActionAfter() async throws {
    let control = RecordedBoard.Gate.Control()
    var store: StoreOf<RecordedBoard>? = Store(initialState: RecordedBoard.State(gate: RecordedBoard.Gate(control))) {
      RecordedBoard().recording(to: url, stateEvery: 5)
    }
    store?.send(.flip)
    control.isShut.setValue(true)
    for _ in 2...5 { store?.send(.flip) }
    // The snapshot of 5 is held on the queue; 10's falls due meanwhile, and waits.
    #expect(control.entered.wait(timeout: .now() + 10) == .success)
    for _ in 6...12 { store?.send(.flip) }
    control.isShut.setValue(false)
    control.opened.signal()
    flushPendingWrites()
    store?.send(.flip)
    let final = store?.state
    store = nil
    let recording = try Recording(contentsOf: url)
    #expect(recording.steps.map(\.sequence) == Array(1...13))
    #expect(recording.steps.filter { $0.state != nil }.map(\.sequence) == [1, 5, 13])
    #expect(try replay(recording, through: RecordedBoard()).last == final)
  }

  @Test func aSharedValueInTheStateBringsSnapshotsBackToTheSendPath() async throws {
    var store: StoreOf<RecordedBoard>? = Store(initialState: RecordedBoard.State()) {
      RecordedBoard().recording(to: url, stateEvery: 5)
    }
    for _ in 1...9 { store?.send(.flip) }
    flushPendingWrites()
    store?.send(.flip)
    flushPendingWrites()
    // A shared value appears: the snapshot made on the queue reads it (as it is then, not as it
    // was after action 15), so it is dropped, and the next ones are made on the send path.
    store?.send(.pin)
    for _ in 12...15 { store?.send(.flip) }
    flushPendingWrites()
    for _ in 16...20 { store?.send(.flip) }
    let final = store?.state
    store = nil
    let recording = try Recording(contentsOf: url)
    #expect(recording.steps.filter { $0.state != nil }.map(\.sequence) == [1, 5, 10, 20])
    let text = try String(contentsOf: url, encoding: .utf8)
    #expect(!text.contains(#"{"stateAfter":15,"#))
    #expect(text.contains(#""seq":20,"#) && text.contains(#""pinned":{"note":"Pinned"}"#))
    #expect(try replay(recording, through: RecordedBoard()).last == final)

    // A state that holds a shared value from the start never leaves the send path.
    let pinnedURL = url.deletingPathExtension().appendingPathExtension("pinned.jsonl")
    defer { try? FileManager.default.removeItem(at: pinnedURL) }
    var pinned: StoreOf<RecordedBoard>? = Store(
      initialState: RecordedBoard.State(pinned: RecordedBoard.Pinned(note: Shared(value: "Pinned")))
    ) {
      RecordedBoard().recording(to: pinnedURL, stateEvery: 5)
    }
    for _ in 1...10 { pinned?.send(.flip) }
    pinned = nil
    #expect(try !String(contentsOf: pinnedURL, encoding: .utf8).contains("stateAfter"))
    #expect(try Recording(contentsOf: pinnedURL).steps.filter { $0.state != nil }.map(\.sequence) == [1, 5, 10])
  }

  @Test func navigationActionsAreCodable() throws {
    let actions: [StackAction<RecordedEditor.State, RecordedEditor.Action>] = [
      .element(id: 3, action: .textChanged("Hi")),
      .popFrom(id: 2),
      .push(id: 4, state: RecordedEditor.State(text: "New")),
    ]
    let data = try JSONEncoder().encode(actions)
    #expect(try JSONDecoder().decode([StackAction<RecordedEditor.State, RecordedEditor.Action>].self, from: data) == actions)
    #expect(String(decoding: try JSONEncoder().encode(StackElementID(integerLiteral: 7)), as: UTF8.self) == "7")
    let presentation: [PresentationAction<RecordedEditor.Action>] = [.dismiss, .presented(.textChanged("x"))]
    #expect(try JSONDecoder().decode([PresentationAction<RecordedEditor.Action>].self, from: JSONEncoder().encode(presentation)) == presentation)
    let identified = IdentifiedAction<Int, RecordedEditor.Action>.element(id: 1, action: .textChanged("y"))
    #expect(try JSONDecoder().decode(IdentifiedAction<Int, RecordedEditor.Action>.self, from: JSONEncoder().encode(identified)) == identified)
  }
}

/// A deterministic generator for tests.
struct LCRNG: RandomNumberGenerator, Sendable {
  var seed: UInt64
  mutating func next() -> UInt64 {
    seed = 2_862_933_555_777_941_757 &* seed &+ 3_037_000_493
    return seed
  }
}
