import ComposableArchitecture
import CustomDump
import Dependencies
import ConcurrencyExtras
import Foundation
import Sharing
import Synchronization

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
