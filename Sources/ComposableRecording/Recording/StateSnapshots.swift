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
