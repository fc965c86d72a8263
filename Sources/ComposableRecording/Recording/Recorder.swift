import ComposableArchitecture
import ComposableToolSupport
import ConcurrencyExtras
import CustomDump
import Dependencies
import Foundation
import Sharing

/// The file a `_RecordingReducer` writes, and its counters.
///
/// `@unchecked Sendable` is safe: a store makes its reducer and reduces on the main actor, one
/// action at a time, so `install` and `record` (the only code touching the mutable fields) never
/// run concurrently. In buffered mode the lines are made by the ``BufferedRecording``'s writer,
/// which owns its own ``LineMaker``.
final class Recorder: @unchecked Sendable {
  let url: URL
  let stateEvery: Int
  let mode: RecordingMode
  // `@exclusivity(unchecked)` on the fields `record` touches: see `@unchecked Sendable` above;
  // and no access to them is held across a call that could reach this recorder again.
  @exclusivity(unchecked) private var file: RecordingFile? {
    didSet { unretainedFile = file.map(Unmanaged.passUnretained) }
  }
  /// `file`, to append through without a retain per action (`file` keeps it alive).
  @exclusivity(unchecked) private var unretainedFile: Unmanaged<RecordingFile>?
  @exclusivity(unchecked) private var isStarted = false
  /// The actions recorded.
  @exclusivity(unchecked) private var count = 0
  /// Milliseconds since the recording started, rounded up.
  @exclusivity(unchecked) private var stopwatch = Stopwatch()
  /// The dependencies to reduce with, when the recorder is not a store's reducer (which then
  /// reduces with them: see `install`): those in force at the first action, with the recording
  /// generators. Made once (a store's dependencies do not change), so that an action costs one
  /// task-local push.
  @exclusivity(unchecked) private var dependencies: DependencyValues?
  private let reads = DependencyReads()
  /// `ActionSource`'s word, kept here (see `DependencyReads.reducing`).
  private let effectDepth = ActionSource.depth
  /// Makes the lines, in durable mode.
  private let lines = LineMaker()
  /// In buffered mode, the steps waiting for the writer.
  @exclusivity(unchecked) private var buffered: BufferedRecording?
  /// Whether the state is `Sendable` (the recorder was made by the overload of
  /// `recording(to:stateEvery:mode:)` for such states): its snapshots may then be encoded on
  /// another thread.
  private let statesAreSendable: Bool
  /// In durable mode, with a `Sendable` state of a kilobyte or more holding no shared value,
  /// encodes the snapshots off the send path.
  @exclusivity(unchecked) private var snapshots: StateSnapshots?
  /// Whether a snapshot was due while `snapshots` was still encoding the one before.
  @exclusivity(unchecked) private var snapshotPostponed = false

  init(url: URL, stateEvery: Int, mode: RecordingMode, statesAreSendable: Bool) {
    self.url = url
    self.stateEvery = stateEvery
    self.mode = mode
    self.statesAreSendable = statesAreSendable
  }

  deinit {
    file?.close()
  }

  /// Starts the recording, if it has not started, and gives `dependencies` the recording
  /// generators: the store that runs this recorder as its reducer reduces with them.
  func install<Base: Reducer>(
    _ feature: Base.Type, initialState: Base.State, into dependencies: inout DependencyValues
  ) {
    if !isStarted {
      start(feature, state: initialState, dependencies: dependencies)
    }
    guard file != nil else { return }
    dependencies = recordingGenerators(dependencies)
    self.dependencies = nil
  }

  func record<Base: Reducer>(
    _ feature: Base.Type,
    state: inout Base.State,
    action: Base.Action,
    reduce: (inout Base.State) -> Effect<Base.Action>
  ) -> Effect<Base.Action> {
    if !isStarted {
      @Dependency(\.self) var current
      start(feature, state: state, dependencies: current)
      if file != nil { dependencies = recordingGenerators(current) }
    }
    // Not bound here: the buffered path never touches the file, and binding it costs a retain.
    guard file != nil else { return reduce(&state) }
    let isEffect = ActionSource.isEffectAction(reading: effectDepth)
    var effect = Effect<Base.Action>.none
    reads.begin()
    if let dependencies {
      DependencyValues.$_current.withValue(dependencies) {
        effect = reduce(&state)
      }
    } else {
      effect = reduce(&state)
    }
    let reads = reads.end()
    count += 1
    var withState = count == 1 || count % stateEvery == 0
    // Nothing below names a generic type made of the feature's (`Optional<State>`, a step of
    // `Action`): this code is not specialized for the feature, and each such type costs a
    // metadata lookup per action.
    if let buffered {
      buffered.append(
        BufferedRecording.Step(
          milliseconds: stopwatch.milliseconds(coarse: true), isEffect: isEffect,
          action: RecordedAction(action), hasState: withState, reads: reads.map(ReadValues.init)
        ),
        // The state is encoded now, not by the writer: it may hold references (`@Shared`) whose
        // values change by the time the writer gets to it.
        stateField: withState ? lines.field("state", state) : nil
      )
      return effect
    }
    // Off the send path, a snapshot waits for the snapshot thread to finish (and rest after) the
    // one before: it is taken at the first action after that.
    var snapshotOffPath = false
    if count > 1, withState || snapshotPostponed, let snapshots, snapshots.takesStates {
      snapshotPostponed = !snapshots.isIdle
      withState = !snapshotPostponed
      snapshotOffPath = withState
    }
    // The line's bytes, valid until the next line (`lines` keeps them): holding the line itself
    // would cost a retain.
    let line = lines.line(
      milliseconds: stopwatch.milliseconds(), isEffect: isEffect, action: action, reads: reads,
      state: withState && !snapshotOffPath ? state as Any : nil
    ).bytes
    if count == 1, withState, statesAreSendable {
      // The first snapshot decides: a large state that holds no shared value is taken off the
      // send path from here on.
      if lines.takeSharedValuesRead() == 0, line.count >= StateSnapshots.minimumBytes, let file {
        snapshots = StateSnapshots(file: file)
      }
    }
    guard let appending = unretainedFile else { return effect }
    do {
      try appending._withUnsafeGuaranteedRef { try $0.append(line) }
    } catch {
      file?.close()
      file = nil
      reportIssue("Recording to \(url.path) stopped: \(error)")
      return effect
    }
    if snapshotOffPath, let snapshots {
      snapshots.take(state, after: count)
    }
    return effect
  }

  /// Opens the file with its header and starts the stopwatch, from the dependencies in force
  /// (the store's, with any overrides of reducers around this one).
  private func start<Base: Reducer>(_ feature: Base.Type, state: Base.State, dependencies: DependencyValues) {
    isStarted = true
    let file: RecordingFile
    do {
      file = try RecordingFile(url: url)
      let header = lines.header(feature, state: state, nextStackElementID: dependencies.stackElementID.peek().rawValue)
      try withExtendedLifetime(header) { try file.append(header.bytes) }
    } catch {
      reportIssue("Could not record to \(url.path): \(error). The feature runs on, unrecorded.")
      return
    }
    self.file = file
    stopwatch = Stopwatch(dependencies)
    if mode == .buffered {
      buffered = BufferedRecording(file: file, url: url, actionType: Base.Action.self)
    }
  }

  /// `upstream` with `uuid`, `date` and `withRandomNumberGenerator` answering theirs and writing
  /// each value down. They read `upstream` only when the reducer asks, so that a feature that
  /// reads none is not reported for unset test values.
  private func recordingGenerators(_ upstream: DependencyValues) -> DependencyValues {
    let reads = reads
    var dependencies = upstream
    dependencies.uuid = UUIDGenerator {
      let value = upstream.uuid()
      reads.note(uuid: value)
      return value
    }
    dependencies.date = DateGenerator {
      let value = upstream.date.now
      reads.note(date: value)
      return value
    }
    dependencies.withRandomNumberGenerator = WithRandomNumberGenerator(
      RecordingGenerator(upstream: upstream, reads: reads)
    )
    return dependencies
  }
}
