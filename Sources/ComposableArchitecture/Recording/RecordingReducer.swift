import ConcurrencyExtras
import CustomDump
import Dependencies
import Foundation

extension Reducer {
  /// Writes every action this feature reduces to `url`, as JSON Lines, so that the session can be
  /// replayed (``Replay``), travelled through, or turned into a test.
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
final class DependencyReads: Sendable {
  let uuids = LockIsolated<[UUID]>([])
  let dates = LockIsolated<[Date]>([])
  let randoms = LockIsolated<[UInt64]>([])
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
    let source = MainActor.assumeIsolated { ActionSource.effectDepth > 0 } ? "receive" : "send"
    @Dependency(\.self) var current
    let dependencies = current
    if handle == nil, !failed {
      open(
        header: RecordingHeader(
          feature: String(reflecting: feature), state: json(state, encoder: encoder),
          nextStackElementID: dependencies.stackElementID.peek().rawValue
        ),
        elapsed: stopwatch(dependencies)
      )
    }
    // The store's own generators, from the values in force now (inside the recording ones below,
    // the current dependency would be the recording generator itself), and only when the reducer
    // asks for them, so that a feature that reads none is not reported for unset test values.
    let reads = DependencyReads()
    let effect = withDependencies {
      $0.uuid = UUIDGenerator {
        let value = dependencies.uuid()
        reads.uuids.withValue { $0.append(value) }
        return value
      }
      $0.date = DateGenerator {
        let value = dependencies.date.now
        reads.dates.withValue { $0.append(value) }
        return value
      }
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(
        RecordingGenerator(upstream: dependencies, reads: reads)
      )
    } operation: {
      reduce(&state)
    }
    sequence += 1
    let elapsed = elapsed()
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let step = RecordedStep(
      seq: sequence,
      t: (seconds * 1000).rounded(.up) / 1000,
      source: source,
      action: json(action, encoder: encoder),
      reads: RecordedReads(
        uuid: reads.uuids.value, date: reads.dates.value.map(\.timeIntervalSince1970),
        random: reads.randoms.value
      ),
      state: sequence == 1 || sequence % stateEvery == 0 ? json(state, encoder: encoder) : nil
    )
    write(step.line)
    return effect
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

  private func write(_ line: String) {
    guard let handle else { return }
    do {
      try handle.write(contentsOf: Data((line + "\n").utf8))
    } catch {
      failed = true
      self.handle = nil
      reportIssue("Recording to \(url.path) stopped: \(error)")
    }
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
  let reads: DependencyReads

  mutating func next() -> UInt64 {
    let value = upstream.withRandomNumberGenerator { $0.next() }
    reads.randoms.withValue { $0.append(value) }
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
