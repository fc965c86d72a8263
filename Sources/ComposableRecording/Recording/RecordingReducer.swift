import ComposableArchitecture
import CustomDump
import Dependencies
import ConcurrencyExtras
import Foundation
import Sharing
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif os(Windows)
  import WinSDK
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
  /// per action: its number, the seconds since the recording started, `"source":"receive"` when an
  /// effect sent it, the action (JSON when it is `Encodable`; otherwise its `customDump` and
  /// marked not replayable), the values the reducer read from the `uuid`, `date` and
  /// `withRandomNumberGenerator` dependencies while reducing it (when it read any), and the state
  /// after it every `stateEvery` actions (and after the first). Each line is in the file as soon as the action is
  /// reduced, so a crash, even a `kill -9`, loses at most that line. An existing file is replaced.
  ///
  /// The file is written through a memory mapping of space reserved a megabyte at a time: while
  /// the store runs (or after the program was killed) the lines are followed by zero bytes, which
  /// ``Recording`` skips; when the store goes away or the program exits, the file is cut to its
  /// lines. Tools that read a live file line by line (`tail -f`, `jq`) see those zero bytes.
  ///
  /// Writing the state is most of a recorded send's cost when the state is large: `stateEvery: 100`
  /// keeps replay's checks (every 100th action) at a fraction of it. When the state is `Sendable`,
  /// a kilobyte or more, and holds no `@Shared` value, durable mode encodes it off the send path:
  /// the action's line is written at once and the state follows, a moment later, on a line of its
  /// own (`{"stateAfter":N,"state":…}`). State that is not `Encodable` is written as its
  /// `customDump` (the recording can then be read but not replayed).
  ///
  /// `mode: .buffered` takes the lines off the send path: a send only hands its action (and the
  /// state, when it is due) to a writer, which makes the lines and writes them at most 50 ms
  /// later. A crash or `kill -9` then loses at most the last 50 ms of actions; quitting a
  /// terminal or web front end, SIGTERM, SIGHUP, `flushPendingWrites()`, the store going away and
  /// the program exiting write everything first. See ``RecordingMode``.
  public func recording(
    to url: URL, stateEvery: Int = 1, mode: RecordingMode = .durable
  ) -> _RecordingReducer<Self> {
    _RecordingReducer(base: self, url: url, stateEvery: stateEvery, mode: mode, statesAreSendable: false)
  }
}

extension Reducer where State: Sendable {
  /// Writes every action this feature reduces to `url`, as the overload for any state does; a
  /// `Sendable` state's snapshots can be encoded off the send path (see there). Left out of the
  /// documentation, which shows the one spelling.
  @_documentation(visibility: internal)
  public func recording(
    to url: URL, stateEvery: Int = 1, mode: RecordingMode = .durable
  ) -> _RecordingReducer<Self> {
    _RecordingReducer(base: self, url: url, stateEvery: stateEvery, mode: mode, statesAreSendable: true)
  }
}

/// How a recording reaches its file; see ``ComposableArchitecture/Reducer/recording(to:stateEvery:mode:)``.
public enum RecordingMode: Sendable {
  /// Each action's line is in the file when `send` returns: a crash, even `kill -9`, loses at
  /// most the line being written. About 2× the cost of an unrecorded send of a small feature.
  case durable
  /// Lines are made and written off the send path, at most 50 ms after their action: a crash or
  /// `kill -9` loses at most the last 50 ms of actions; a quit, SIGTERM, SIGHUP,
  /// `flushPendingWrites()` or the store going away loses nothing.
  case buffered
}

/// A reducer that records its base's actions; see ``ComposableArchitecture/Reducer/recording(to:stateEvery:mode:)``.
public struct _RecordingReducer<Base: Reducer>: Reducer, RootDependenciesPreparing {
  let base: Base
  let recorder: Recorder

  init(base: Base, url: URL, stateEvery: Int, mode: RecordingMode, statesAreSendable: Bool) {
    self.base = base
    recorder = Recorder(url: url, stateEvery: max(1, stateEvery), mode: mode, statesAreSendable: statesAreSendable)
  }

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    recorder.record(Base.self, state: &state, action: action) { state in
      base.reduce(into: &state, action: action)
    }
  }

  package func prepareAsRoot(initialState: Any, dependencies: inout DependencyValues) {
    // A store's initial state has the type of its reducer's.
    recorder.install(Base.self, initialState: initialState as! Base.State, into: &dependencies)
  }
}

/// What a reducer reads from the nondeterministic dependencies while a recorder reduces one of
/// its actions.
///
/// The recording generators `note` every value they hand out; only those handed out while the
/// recorder reduces, on the thread that reduces, count: an effect (started after the reducer
/// returned) reading a generator later, or an earlier action's effect reading one meanwhile on
/// another thread, is not this action's and is not written down.
///
/// `@unchecked Sendable` is safe: the generators may be called on any thread, but only the
/// thread between `begin` and `end` (whose thread-local word then points at this object) touches
/// the fields; `begin` and `end` run on that thread, and a store reduces one action at a time.
final class DependencyReads: @unchecked Sendable {
  /// The reads of the recorder reducing on this thread.
  private static let reducingOnThisThread = ThreadLocalWord()
  /// The same word, kept here: a `static let` costs a `swift_once` check at every use, and this
  /// one is used twice per recorded action.
  private let reducing = DependencyReads.reducingOnThisThread
  private var uuids: [UUID] = []
  private var dates: [Date] = []
  private var randoms: [UInt64] = []
  private var isEmpty = true
  /// What `reducing` held before `begin` (a recorder inside another).
  private var outer: UnsafeMutableRawPointer?

  private var address: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

  /// Starts counting the values handed out on this thread.
  func begin() {
    outer = reducing.value
    reducing.value = address
    guard !isEmpty else { return }
    uuids.removeAll(keepingCapacity: true)
    dates.removeAll(keepingCapacity: true)
    randoms.removeAll(keepingCapacity: true)
    isEmpty = true
  }

  /// Stops counting, and hands over the values counted (nil when there were none).
  func end() -> (uuids: [UUID], dates: [Date], randoms: [UInt64])? {
    reducing.value = outer
    return isEmpty ? nil : (uuids, dates, randoms)
  }

  /// Whether this thread reduces with this recorder: the one reducing, or one it runs inside.
  private var isCounting: Bool {
    var current = reducing.value
    while let pointer = current {
      if pointer == address { return true }
      current = Unmanaged<DependencyReads>.fromOpaque(pointer).takeUnretainedValue().outer
    }
    return false
  }

  func note(uuid: UUID) {
    guard isCounting else { return }
    uuids.append(uuid)
    isEmpty = false
  }

  func note(date: Date) {
    guard isCounting else { return }
    dates.append(date)
    isEmpty = false
  }

  func note(random: UInt64) {
    guard isCounting else { return }
    randoms.append(random)
    isEmpty = false
  }
}

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

/// Encodes a durable recording's state snapshots on a thread of their own, so that a send whose
/// state is due costs what any other send does: the action's line is written at once, and the
/// state follows on a line of its own (`{"stateAfter":N,"state":…}`), which ``Recording`` gives
/// to step N.
///
/// The thread runs at idle priority where the system has one (Linux's `SCHED_IDLE`): it takes a
/// core only when nothing else wants it, so a snapshot never slows the thread that sends, even on
/// a machine with one core free or none (then snapshots wait, and are fewer). One snapshot is
/// encoded at a time, and the thread then rests nine times as long as it took (at most 50 ms;
/// `flushPendingWrites()` ends the rest), so snapshots take at most a tenth of a core: one
/// falling due while the thread is busy or resting is taken at the first action after, so a
/// feature that sends faster than its state encodes has fewer states recorded (replay checks
/// those), and its sends never wait.
///
/// Only for states that are `Sendable` (a copy can be read on another thread), of a kilobyte or
/// more (smaller ones cost less to encode than to hand over), and that hold no shared value: a
/// `@Shared` is encoded as its value at the moment of encoding, which on this thread may be later
/// than the action. The recorder finds the last two at the first snapshot; should a later
/// snapshot read a shared value (an optional child holding one appeared), it is dropped (replay
/// does not check that step) and the recorder makes its snapshots on the send path from then on.
///
/// `@unchecked Sendable` is safe: `lines` is used only on the thread; `pending`, `isEncoding`,
/// `restIsCut` and `isStopped` only with `condition` locked; `isReady` is an atomic (written with
/// the lock held, read without it); the file locks.
final class StateSnapshots: @unchecked Sendable {
  /// Below this many bytes of JSON, a state is encoded on the send path.
  static let minimumBytes = 1_024
  /// At most this long a rest, in seconds.
  static let longestRest = 0.05

  private let file: RecordingFile
  private let lines = LineMaker()
  /// Guards the fields below; the thread waits on it for work and rests on it, `finish()` waits
  /// on it for the thread.
  private let condition = NSCondition()
  /// The snapshot handed over and not yet taken by the thread: the state and the action it
  /// follows.
  private var pending: (state: UncheckedSendable<Any>, sequence: Int)?
  private var isEncoding = false
  /// Set by `finish()` to end the thread's rest.
  private var restIsCut = false
  private var isStopped = false
  /// Whether the thread is waiting for a snapshot: none is handed over, being encoded, or rested
  /// after. The send path reads only this, so that an action after a postponed snapshot costs
  /// one load.
  private let isReady = Atomic<Bool>(true)
  private let readSharedValue = Atomic<Bool>(false)

  init(file: RecordingFile) {
    self.file = file
    // `self` held strongly (by the thread too) until the file closes, which stops the thread: a
    // weak reference would send every retain of this object through a side table.
    let thread = Thread { [self] in run() }
    thread.name = "ComposableRecording.StateSnapshots"
    thread.start()
    PendingWrites.register(ObjectIdentifier(self)) { [self] in finish() }
    file.beforeClosing = { [self] in
      finish()
      stop()
      PendingWrites.unregister(ObjectIdentifier(self))
    }
  }

  /// Returns once the snapshot handed over is written, and ends the rest.
  func finish() {
    condition.lock()
    while pending != nil || isEncoding { condition.wait() }
    restIsCut = true
    isReady.store(true, ordering: .releasing)
    condition.broadcast()
    condition.unlock()
  }

  /// Lets the thread end once it has written what it was given.
  private func stop() {
    condition.lock()
    isStopped = true
    condition.broadcast()
    condition.unlock()
  }

  /// Whether snapshots are still taken here (none has read a shared value).
  var takesStates: Bool { !readSharedValue.load(ordering: .relaxed) }

  /// Whether the last snapshot is encoded and written, and the rest after it over. The recorder
  /// gives the thread one at a time: a feature sending faster than its states encode has fewer of
  /// them recorded, rather than a growing line of copies waiting, or its sends waiting for the
  /// encoder.
  var isIdle: Bool { isReady.load(ordering: .acquiring) }

  /// Hands over `state`, the state after action `sequence`, to be encoded and appended.
  func take(_ state: Any, after sequence: Int) {
    condition.lock()
    isReady.store(false, ordering: .relaxed)
    // Safe to send: the recorder takes this path only for a `Sendable` state.
    pending = (UncheckedSendable(state), sequence)
    condition.signal()
    condition.unlock()
  }

  /// The thread: at idle priority, encodes each snapshot handed over, then rests nine times as
  /// long as that took, until stopped.
  private func run() {
    #if os(Linux)
      // SCHED_IDLE (5), which Glibc's module leaves out (it is behind `__USE_GNU`).
      var parameters = sched_param()
      pthread_setschedparam(pthread_self(), 5, &parameters)
    #endif
    condition.lock()
    while true {
      while pending == nil, !isStopped { condition.wait() }
      guard let (state, sequence) = pending else { break }
      pending = nil
      isEncoding = true
      restIsCut = false
      condition.unlock()
      let start = Date()
      encode(state.value, after: sequence)
      let restEnds = Date(timeIntervalSinceNow: min(9 * Date().timeIntervalSince(start), Self.longestRest))
      condition.lock()
      isEncoding = false
      condition.broadcast()
      while !restIsCut, !isStopped, pending == nil, condition.wait(until: restEnds) {}
      if pending == nil { isReady.store(true, ordering: .releasing) }
    }
    condition.unlock()
  }

  private func encode(_ state: Any, after sequence: Int) {
    guard let line = lines.stateLine(after: sequence, state) else {
      readSharedValue.store(true, ordering: .relaxed)
      return
    }
    // A failure to write is the send path's to report, at its next line.
    try? file.append(line.bytes)
  }
}

/// Makes a recording's lines: the header, then one line per action, numbered in order.
///
/// Not thread-safe: one thread at a time uses it (the recording thread in durable mode, the
/// writer in buffered mode).
final class LineMaker {
  /// The line being made; its buffer is kept.
  private let line = JSONLine()
  // `@exclusivity(unchecked)` on the fields a line touches: one thread at a time uses a line
  // maker, and each access is a short edit that calls nothing that could reach this object again,
  // so the dynamic exclusivity check (two per recorded action, about a tenth of its cost) can
  // never fire.
  @exclusivity(unchecked) private var sequence = DecimalCounter()
  @exclusivity(unchecked) private var lastMilliseconds = LastMilliseconds()
  /// Made once: making an encoder costs more than encoding a small action.
  private let encoder: JSONEncoder
  /// What ``RecordingEncoder`` gives values: navigation stacks with their ids, and the counter of
  /// shared values encoded.
  private let userInfo: [CodingUserInfoKey: Any]
  /// How many shared values (`@Shared`) the encodings since ``takeSharedValuesRead()`` read.
  private let sharedValuesRead = SharedValuesRead()

  init() {
    encoder = recordingEncoder()
    encoder.userInfo[.sharedValuesRead] = sharedValuesRead
    userInfo = [.stackElementIDs: true, .sharedValuesRead: sharedValuesRead]
  }

  /// How many shared values the encodings since the last call read.
  func takeSharedValuesRead() -> Int {
    defer { sharedValuesRead.count = 0 }
    return sharedValuesRead.count
  }
  /// The `"action":…` field of actions whose type is plain bytes (no references:
  /// `.incrementTapped`, `.tick`, `.select(3)`), by their bytes: equal bytes are an equal action,
  /// so its JSON is the same. Bounded.
  private let plainActionFields = PlainBytesTable()

  /// The first line: the format, the feature, the next stack element id and the state.
  func header<Feature, State>(_ feature: Feature.Type, state: State, nextStackElementID: Int) -> JSONLine {
    let header = JSONLine()
    header.append("{\"format\":")
    header.append(Recording.formatVersion)
    header.append(",\"feature\":")
    header.append(quoted: String(reflecting: feature))
    header.append(",\"nextStackElementID\":")
    header.append(nextStackElementID)
    header.append(",")
    appendField("state", state, to: header)
    header.append("}\n")
    return header
  }

  /// Starts the next action's line: its number, time and, for an effect's, its source (a line
  /// without one is a sent action's).
  func begin(milliseconds: Int64, isEffect: Bool) {
    sequence.increment()
    line.truncate(to: 0)
    line.append("{\"seq\":")
    line.append(sequence.text)
    line.append(",\"t\":")
    lastMilliseconds.append(milliseconds, to: line)
    line.append(isEffect ? ",\"source\":\"receive\"," : ",")
  }

  /// The next action's line, whole (valid until the next line).
  func line<Action>(
    milliseconds: Int64, isEffect: Bool, action: Action,
    reads: (uuids: [UUID], dates: [Date], randoms: [UInt64])?, state: Any?
  ) -> JSONLine {
    begin(milliseconds: milliseconds, isEffect: isEffect)
    appendAction(action)
    return end(reads: reads, state: state)
  }

  /// Ends the line with the values read, if any, and the state, if it is due, given as a value or
  /// as its field made by ``field(_:_:)`` (valid until the next line).
  func end(
    reads: (uuids: [UUID], dates: [Date], randoms: [UInt64])?, state: Any? = nil, stateField: [UInt8]? = nil
  ) -> JSONLine {
    if let reads {
      line.append(",\"reads\":{")
      appendReads(reads)
      line.append("}")
    }
    if let state {
      line.append(",")
      appendField("state", state, to: line)
    } else if let stateField {
      line.append(",")
      line.append(stateField)
    }
    line.append("}\n")
    return line
  }

  /// The line that holds the state after action `sequence` on its own, written after the
  /// action's line: `{"stateAfter":N,"state":…}` (valid until the next line). nil when encoding
  /// it read a shared value, which it encoded as it is now rather than as it was after the action.
  func stateLine(after sequence: Int, _ state: Any) -> JSONLine? {
    sharedValuesRead.count = 0
    line.truncate(to: 0)
    line.append("{\"stateAfter\":")
    line.append(sequence)
    line.append(",")
    appendField("state", state, to: line)
    line.append("}\n")
    return takeSharedValuesRead() == 0 ? line : nil
  }

  /// `"key":<json>` for `value` (see `appendField`), on its own.
  func field(_ key: StaticString, _ value: Any) -> [UInt8] {
    let field = JSONLine()
    appendField(key, value, to: field)
    return field.array
  }

  /// Appends the action of a buffered step, whose plain bytes are of the type `type`.
  func appendAction(_ action: RecordedAction, type: ObjectIdentifier, plainValue: (PlainBytes) -> Any) {
    switch action {
    case let .plain(low, high):
      let bytes = PlainBytes(type: type, low: low, high: high)
      appendPlainAction(bytes) { plainValue(bytes) }
    case let .boxed(box):
      appendField("action", box.value, to: line)
    }
  }

  /// Appends the values read, a list for each dependency that handed out any.
  private func appendReads(_ reads: (uuids: [UUID], dates: [Date], randoms: [UInt64])) {
    var needsComma = false
    func list<Value>(_ key: StaticString, _ values: [Value], _ appendValue: (Value) -> Void) {
      guard !values.isEmpty else { return }
      if needsComma { line.append(",") }
      needsComma = true
      line.append("\"")
      line.append(key)
      line.append("\":[")
      for (index, value) in values.enumerated() {
        if index > 0 { line.append(",") }
        appendValue(value)
      }
      line.append("]")
    }
    list("uuid", reads.uuids) { line.append(quoted: $0.uuidString) }
    list("date", reads.dates) { date in
      line.append(utf8: "\(date.timeIntervalSince1970)")
    }
    // As strings: JSON numbers lose the low bits of a 64-bit integer in most readers.
    list("random", reads.randoms) { random in
      line.append("\"")
      line.append(random)
      line.append("\"")
    }
  }

  /// Appends `action` as JSON (or its dump), from `plainActionFields` when its type is plain
  /// bytes.
  func appendAction<Action>(_ action: Action) {
    guard let bytes = PlainBytes(action) else {
      appendField("action", action, to: line)
      return
    }
    appendPlainAction(bytes) { action }
  }

  /// Appends the action whose bytes are `bytes`: its field from `plainActionFields`, made from
  /// `value()` the first time.
  private func appendPlainAction(_ bytes: PlainBytes, value: () -> Any) {
    if plainActionFields.append(bytes, to: line) { return }
    let field = JSONLine()
    appendField("action", value(), to: field)
    plainActionFields.insert(field.bytes, for: bytes)
    line.append(field.bytes)
  }

  /// Appends `"key":<json>` for `value`, written by ``RecordingEncoder`` (or `JSONEncoder` when
  /// it cannot), or `"keyDump":"<text>"` when `value` is not `Encodable` or fails to encode.
  private func appendField(_ key: StaticString, _ value: Any, to line: JSONLine) {
    if let encodable = value as? any Encodable {
      let start = line.count
      line.append(UInt8(ascii: "\""))
      line.append(key)
      line.append("\":")
      if (try? RecordingEncoder.append(encodable, to: line, userInfo: userInfo)) != nil { return }
      line.truncate(to: start)
    }
    line.append(field: key, json(value, encoder: encoder))
  }
}

/// An action as a buffered recording keeps it until its line is written: its bytes when its
/// type is plain bytes (the common `.incrementTapped`, `.select(3)`), otherwise boxed. (17 bytes:
/// a buffered step is copied on every send.)
enum RecordedAction {
  case plain(UInt64, UInt64)
  case boxed(Box)

  final class Box {
    let value: Any
    init(_ value: Any) { self.value = value }
  }

  init<Action>(_ action: Action) {
    if let bytes = PlainBytes(action) {
      self = .plain(bytes.low, bytes.high)
    } else {
      self = .boxed(Box(action))
    }
  }
}

/// What a reducer read from the nondeterministic dependencies, boxed: most actions read nothing,
/// and a buffered step keeps a word for it rather than three.
final class ReadValues {
  let values: (uuids: [UUID], dates: [Date], randoms: [UInt64])
  init(_ values: (uuids: [UUID], dates: [Date], randoms: [UInt64])) { self.values = values }
}

/// A recording in buffered mode: the steps of the actions reduced wait here, and a writer makes
/// their lines and writes them at most 50 ms after the first of them, on a queue of its own;
/// `flushPendingWrites()` (which the front ends call on quit, SIGTERM and SIGHUP) and the file's
/// closing (the store going away, the program exiting) write what waits at once. Not generic:
/// the recording store's code is not specialized for its feature, and a generic type made of the
/// feature's would cost a metadata lookup per action.
///
/// `@unchecked Sendable` is safe: the steps are handed over under `pending`'s lock, and the
/// writer's fields (`lines`, `spare`, `hasFailed`, `batch`) are touched only under `writing`'s.
/// The states are encoded before they are handed over (state often holds `@Shared` references,
/// whose values move on); the actions are values the store handed over, encoded by the writer (an
/// action that holds a reference to something the feature goes on changing is encoded as it is
/// when the writer gets to it).
final class BufferedRecording: @unchecked Sendable {
  /// `@unchecked Sendable`: see the class's note on actions and states.
  struct Step: @unchecked Sendable {
    let milliseconds: Int64
    let isEffect: Bool
    let action: RecordedAction
    /// Whether the state after the action is the next of `Pending.states`.
    let hasState: Bool
    let reads: ReadValues?
  }

  /// The steps not yet written, and the states recorded with some of them (their
  /// `"state":…` fields), in order.
  struct Pending: @unchecked Sendable {
    // @unchecked Sendable: see the class's note on actions.
    var steps: [Step] = []
    var states: [[UInt8]] = []
  }

  /// At most this long between an action and its line in the file.
  static var delay: DispatchTimeInterval { .milliseconds(50) }

  private let pending = Mutex(Pending())
  private let writing = Mutex(())
  private let file: RecordingFile
  private let url: URL
  /// The feature's action type, and the action whose bytes these are.
  private let actionType: ObjectIdentifier
  private let action: @Sendable (PlainBytes) -> Any
  private let queue = DispatchQueue(label: "ComposableArchitecture.BufferedRecording")
  private let lines = LineMaker()
  private var spare = Pending()
  private var hasFailed = false
  private let batch = JSONLine()

  init<Action>(file: RecordingFile, url: URL, actionType: Action.Type) {
    self.file = file
    self.url = url
    self.actionType = ObjectIdentifier(Action.self)
    self.action = { $0.load(as: Action.self) }
    PendingWrites.register(ObjectIdentifier(self)) { [self] in write() }
    file.beforeClosing = { [self] in
      write()
      PendingWrites.unregister(ObjectIdentifier(self))
    }
  }

  /// Adds a step (and the state after it, when it is recorded); the first of a batch schedules
  /// the writer.
  func append(_ step: Step, stateField: [UInt8]?) {
    let isFirst = pending.withLock { pending in
      pending.steps.append(step)
      if let stateField { pending.states.append(stateField) }
      return pending.steps.count == 1
    }
    if isFirst {
      queue.asyncAfter(deadline: .now() + Self.delay) { [self] in write() }
    }
  }

  /// Writes the steps waiting, in one append.
  func write() {
    writing.withLock { _ in
      pending.withLock { swap(&$0, &spare) }
      defer {
        spare.steps.removeAll(keepingCapacity: true)
        spare.states.removeAll(keepingCapacity: true)
      }
      guard !spare.steps.isEmpty, !hasFailed else { return }
      batch.truncate(to: 0)
      var states = spare.states.makeIterator()
      for step in spare.steps {
        lines.begin(milliseconds: step.milliseconds, isEffect: step.isEffect)
        lines.appendAction(step.action, type: actionType, plainValue: action)
        let stateField = step.hasState ? states.next() : nil
        batch.append(lines.end(reads: step.reads?.values, stateField: stateField).bytes)
      }
      do {
        try file.append(batch.bytes)
      } catch {
        hasFailed = true
        reportIssue("Recording to \(url.path) stopped: \(error)")
      }
    }
  }
}

/// The bytes of a value whose type holds no references and fits in 16 bytes; nil for others.
struct PlainBytes: Hashable, Sendable {
  let type: ObjectIdentifier
  let low: UInt64
  let high: UInt64

  init(type: ObjectIdentifier, low: UInt64, high: UInt64) {
    self.type = type
    self.low = low
    self.high = high
  }

  /// The value these are the bytes of (of the type they were taken from).
  func load<Value>(as _: Value.Type) -> Value {
    withUnsafeBytes(of: (low, high)) { $0.loadUnaligned(as: Value.self) }
  }

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

/// The fields of plain actions by their bytes: a table of fixed size, open addressing, looked up
/// with one multiplication rather than `Hasher` (whose SipHash cost a row action a tenth of its
/// recording), the fields' bytes kept one after another in one buffer, so that a lookup retains
/// nothing. Holds at most half as many entries as slots; once full, new actions are not kept.
///
/// Not thread-safe: its ``LineMaker``'s thread uses it.
final class PlainBytesTable {
  private static let slotBits = 11
  private static let slotCount = 1 << slotBits
  /// The slots' keys and where their fields are in `fields`: allocated at the first insertion
  /// (a recording whose actions hold references never makes them).
  private var keys: UnsafeMutablePointer<PlainBytes?>?
  private var ranges: UnsafeMutablePointer<(start: Int, count: Int)>?
  private let fields = JSONLine()
  private(set) var count = 0

  deinit {
    keys?.deinitialize(count: Self.slotCount).deallocate()
    ranges?.deallocate()
  }

  /// The slot `bytes` hashes to first.
  private static func firstSlot(_ bytes: PlainBytes) -> Int {
    let type = UInt64(UInt(bitPattern: bytes.type))
    let mixed = (bytes.low ^ (bytes.high &<< 29 | bytes.high &>> 35) ^ type) &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: mixed &>> UInt64(UInt64.bitWidth - slotBits))
  }

  /// The slot holding `bytes`, or the empty one where they would go.
  private func slot(of bytes: PlainBytes, in keys: UnsafeMutablePointer<PlainBytes?>) -> Int {
    var slot = Self.firstSlot(bytes)
    while let key = keys[slot], key != bytes {
      slot = (slot + 1) & (Self.slotCount - 1)
    }
    return slot
  }

  /// Appends the field kept for `bytes` to `line`; false when there is none.
  func append(_ bytes: PlainBytes, to line: JSONLine) -> Bool {
    guard let keys, let ranges else { return false }
    let slot = slot(of: bytes, in: keys)
    guard keys[slot] != nil else { return false }
    let range = ranges[slot]
    line.append(UnsafeRawBufferPointer(rebasing: fields.bytes[range.start..<range.start + range.count]))
    return true
  }

  /// Keeps `field` for `bytes`, unless the table is full.
  func insert(_ field: UnsafeRawBufferPointer, for bytes: PlainBytes) {
    if keys == nil {
      keys = .allocate(capacity: Self.slotCount)
      keys!.initialize(repeating: nil, count: Self.slotCount)
      ranges = .allocate(capacity: Self.slotCount)
    }
    guard let keys, let ranges, count < Self.slotCount / 2 else { return }
    let slot = slot(of: bytes, in: keys)
    guard keys[slot] == nil else { return }
    keys[slot] = bytes
    ranges[slot] = (fields.count, field.count)
    fields.append(field)
    count += 1
  }
}

/// Milliseconds since it started (rounded up), on the feature's test clock when it runs with one
/// (so that a generated test advances its clock as the session's did), else on the system's
/// monotonic clock.
struct Stopwatch: Sendable {
  private let testClock: TestClock<Duration>?
  private let testStart: TestClock<Duration>.Instant?
  /// `testClock != nil`, kept so that the real-clock path tests a flag instead of copying (and
  /// retaining) the optional clock on every action.
  private let usesTestClock: Bool
  private let start = monotonicNanoseconds()

  init(_ dependencies: DependencyValues? = nil) {
    testClock = dependencies?.continuousClock as? TestClock<Duration>
    testStart = testClock?.now
    usesTestClock = testClock != nil
  }

  /// `coarse`: read the system's clock as of its last tick (a few milliseconds), which costs a
  /// third as much (buffered recordings).
  func milliseconds(coarse: Bool = false) -> Int64 {
    guard usesTestClock else {
      // Signed, and not below zero: a coarse reading can be a tick behind the start.
      let elapsed = max(0, Int64(bitPattern: monotonicNanoseconds(coarse: coarse) &- start))
      return (elapsed + 999_999) / 1_000_000
    }
    let (seconds, attoseconds) = testStart!.duration(to: testClock!.now).components
    return seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
  }
}

/// The system's monotonic clock, in nanoseconds; `coarse`: as of its last tick, where the system
/// has such a clock.
private func monotonicNanoseconds(coarse: Bool = false) -> UInt64 {
  #if os(Windows)
    DispatchTime.now().uptimeNanoseconds
  #else
    var now = timespec()
    #if os(Linux)
      clock_gettime(coarse ? CLOCK_MONOTONIC_COARSE : CLOCK_MONOTONIC, &now)
    #else
      clock_gettime(CLOCK_MONOTONIC, &now)
    #endif
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
  #endif
}

/// Hands out the upstream generator's numbers and writes each down.
private struct RecordingGenerator: RandomNumberGenerator, Sendable {
  let upstream: DependencyValues
  let reads: DependencyReads

  mutating func next() -> UInt64 {
    let value = upstream.withRandomNumberGenerator { $0.next() }
    reads.note(random: value)
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
