import CustomDump
import Dependencies
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#endif

extension Reducer {
  /// Writes every action this feature reduces to `url`, as JSON Lines, so that the session can be
  /// replayed (``replay(_:through:upTo:)``), travelled through, or turned into a test.
  ///
  /// ```swift
  /// let store = Store(initialState: AppFeature.State()) {
  ///   AppFeature()
  ///     .recording(to: URL(fileURLWithPath: "session.jsonl"))
  /// }
  /// ```
  ///
  /// The first line names the feature and holds the state before the first action. Then one line
  /// per action: its number, the seconds since the recording started, whether the front end sent
  /// it or an effect did, the action (JSON when it is `Encodable`; otherwise its `customDump` and
  /// marked not replayable), the values the reducer read from the `uuid`, `date` and
  /// `withRandomNumberGenerator` dependencies while reducing it, and the state after it every
  /// `stateEvery` actions (and after the first). Each line is written as soon as the action is
  /// reduced, so a crash loses at most that line. An existing file is replaced.
  ///
  /// State that is not `Encodable` is written as its `customDump` (the recording can then be read
  /// but not replayed).
  public func recording(to url: URL, stateEvery: Int = 1) -> _RecordingReducer<Self> {
    _RecordingReducer(base: self, recorder: Recorder(url: url, stateEvery: max(1, stateEvery)))
  }
}

/// A reducer that records its base's actions; see ``Reducer/recording(to:stateEvery:)``.
public struct _RecordingReducer<Base: Reducer>: Reducer {
  let base: Base
  let recorder: Recorder

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    recorder.record(Base.self, state: &state, action: action) { state in
      base.reduce(into: &state, action: action)
    }
  }
}

/// What a reducer read from the nondeterministic dependencies while reducing one action.
///
/// The recording generators write to ``current``, a task-local set only while the recorder runs
/// the reducer: an effect (started after the reducer returned, in a task of its own) reading a
/// generator later, or an earlier action's effect reading one meanwhile on another thread, is not
/// this action's and is not written down.
///
/// `@unchecked Sendable` is safe: it is only reached through `current`, from the task that
/// reduces (on the main actor), one action at a time.
final class DependencyReads: @unchecked Sendable {
  @TaskLocal static var current: DependencyReads?

  private(set) var uuids: [UUID] = []
  private(set) var dates: [Date] = []
  private(set) var randoms: [UInt64] = []

  func reset() {
    uuids.removeAll(keepingCapacity: true)
    dates.removeAll(keepingCapacity: true)
    randoms.removeAll(keepingCapacity: true)
  }

  static func note(uuid: UUID) { current?.uuids.append(uuid) }
  static func note(date: Date) { current?.dates.append(date) }
  static func note(random: UInt64) { current?.randoms.append(random) }
}

/// The file a `_RecordingReducer` writes, and its counters.
///
/// `@unchecked Sendable` is safe: a store reduces on the main actor, one action at a time, so
/// `record` (the only code touching the mutable fields) never runs concurrently with itself.
final class Recorder: @unchecked Sendable {
  let url: URL
  let stateEvery: Int
  private var handle: FileHandle?
  private var sequence = 0
  /// Time since the recording started.
  private var elapsed: () -> Duration = { .zero }
  private var failed = false
  /// Made once: making an encoder costs more than encoding a small action.
  private let encoder = recordingEncoder()
  /// The dependencies the feature reduces with: those in force at its first action, with `uuid`,
  /// `date` and `withRandomNumberGenerator` answering theirs and writing each value down in
  /// `reads`. Made once (a store's dependencies do not change), so that an action costs one
  /// task-local push.
  private var dependencies: DependencyValues?
  private let reads = DependencyReads()
  /// The JSON of actions whose type is plain bytes (no references: `.incrementTapped`,
  /// `.tick`, `.select(3)`), by their bytes: equal bytes are an equal action, so its JSON is
  /// the same. Bounded.
  private var plainActionJSON: [PlainBytes: Recording.Value] = [:]

  init(url: URL, stateEvery: Int) {
    self.url = url
    self.stateEvery = stateEvery
  }

  deinit {
    try? handle?.close()
  }

  func record<Base: Reducer>(
    _ feature: Base.Type,
    state: inout Base.State,
    action: Base.Action,
    reduce: (inout Base.State) -> Effect<Base.Action>
  ) -> Effect<Base.Action> {
    if dependencies == nil, !failed {
      start(feature, state: state)
    }
    guard let dependencies, !failed else { return reduce(&state) }
    let source = MainActor.assumeIsolated { ActionSource.effectDepth > 0 } ? "receive" : "send"
    var effect = Effect<Base.Action>.none
    reads.reset()
    DependencyReads.$current.withValue(reads) {
      DependencyValues.$_current.withValue(dependencies) {
        effect = reduce(&state)
      }
    }
    sequence += 1
    let elapsed = elapsed()
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let step = RecordedStep(
      seq: sequence,
      t: (seconds * 1000).rounded(.up) / 1000,
      source: source,
      action: actionJSON(action),
      reads: RecordedReads(
        uuid: reads.uuids, date: reads.dates.map(\.timeIntervalSince1970), random: reads.randoms
      ),
      state: sequence == 1 || sequence % stateEvery == 0 ? json(state, encoder: encoder) : nil
    )
    write(step.line)
    return effect
  }

  /// Opens the file with its header and makes the dependencies to reduce with, from those in
  /// force now (the store's, with any overrides of reducers around this one).
  private func start<Base: Reducer>(_ feature: Base.Type, state: Base.State) {
    @Dependency(\.self) var current
    let upstream = current
    open(
      header: RecordingHeader(
        feature: String(reflecting: feature), state: json(state, encoder: encoder),
        nextStackElementID: upstream.stackElementID.peek().rawValue
      ),
      elapsed: stopwatch(upstream)
    )
    // The store's own generators, from the values in force now, and read only when the reducer
    // asks for them, so that a feature that reads none is not reported for unset test values.
    var dependencies = upstream
    dependencies.uuid = UUIDGenerator {
      let value = upstream.uuid()
      DependencyReads.note(uuid: value)
      return value
    }
    dependencies.date = DateGenerator {
      let value = upstream.date.now
      DependencyReads.note(date: value)
      return value
    }
    dependencies.withRandomNumberGenerator = WithRandomNumberGenerator(
      RecordingGenerator(upstream: upstream)
    )
    self.dependencies = dependencies
  }

  /// `action` as JSON (or its dump), from `plainActionJSON` when its type is plain bytes.
  private func actionJSON<Action>(_ action: Action) -> Recording.Value {
    guard let bytes = PlainBytes(action) else { return json(action, encoder: encoder) }
    if let cached = plainActionJSON[bytes] { return cached }
    let value = json(action, encoder: encoder)
    if plainActionJSON.count < 1_024 { plainActionJSON[bytes] = value }
    return value
  }

  private func open(header: RecordingHeader, elapsed: @escaping () -> Duration) {
    do {
      try? FileManager.default.removeItem(at: url)
      guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
        throw CocoaError(.fileWriteNoPermission)
      }
      handle = try FileHandle(forWritingTo: url)
      self.elapsed = elapsed
      write(header.line)
    } catch {
      failed = true
      reportIssue("Could not record to \(url.path): \(error). The feature runs on, unrecorded.")
    }
  }

  /// Writes `line` and a line feed with one `write(2)` (no buffering: a crash loses at most the
  /// line being written).
  private func write(_ line: String) {
    guard let handle else { return }
    var text = line
    text.append("\n")
    let result = text.withUTF8 { bytes -> Int32 in
      var offset = 0
      while offset < bytes.count {
        let written = systemWrite(handle.fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += written
      }
      return 0
    }
    if result != 0 {
      failed = true
      self.handle = nil
      reportIssue("Recording to \(url.path) stopped: \(String(cString: strerror(result)))")
    }
  }
}

/// The bytes of a value whose type holds no references and fits in 16 bytes; nil for others.
struct PlainBytes: Hashable {
  let type: ObjectIdentifier
  let low: UInt64
  let high: UInt64

  init?<Value>(_ value: Value) {
    guard _isPOD(Value.self), MemoryLayout<Value>.size <= 16 else { return nil }
    var words: (UInt64, UInt64) = (0, 0)
    withUnsafeBytes(of: value) { source in
      withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: source) }
    }
    self.type = ObjectIdentifier(Value.self)
    self.low = words.0
    self.high = words.1
  }
}

/// Time since now, on the feature's test clock when it runs with one (so that a generated test
/// advances its clock as the session's did), else on the real clock.
private func stopwatch(_ dependencies: DependencyValues) -> () -> Duration {
  if let clock = dependencies.continuousClock as? TestClock<Duration> {
    let start = clock.now
    return { start.duration(to: clock.now) }
  }
  let clock = ContinuousClock()
  let start = clock.now
  return { start.duration(to: clock.now) }
}

/// Hands out the upstream generator's numbers and writes each down.
private struct RecordingGenerator: RandomNumberGenerator, Sendable {
  let upstream: DependencyValues

  mutating func next() -> UInt64 {
    let value = upstream.withRandomNumberGenerator { $0.next() }
    DependencyReads.note(random: value)
    return value
  }
}

/// `value` as JSON with sorted keys, or its dump when it cannot be encoded.
func json(_ value: Any, encoder: JSONEncoder = recordingEncoder()) -> Recording.Value {
  if let encodable = value as? any Encodable {
    if let data = try? encoder.encode(encodable) {
      return .json(String(decoding: data, as: UTF8.self))
    }
  }
  var dump = ""
  customDump(value, to: &dump)
  return .dump(dump)
}

/// Whether the action a store is reducing now came from an effect (`.send`, `send` in `.run`, or
/// anything else reduced from a store's buffer) rather than from the front end: a recording
/// writes it down, so that a test generated from it `receive`s the action instead of sending it.
@MainActor
enum ActionSource {
  // `@exclusivity(unchecked)`: only touched on the main actor, by a short increment and decrement
  // around a send, never held across a call.
  @exclusivity(unchecked) static var effectDepth = 0
}

/// `write(2)`, under a name the recorder's own `write` does not hide.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  #if os(Windows)
    Int(_write(descriptor, bytes, UInt32(truncatingIfNeeded: count)))
  #else
    write(descriptor, bytes, count)
  #endif
}
