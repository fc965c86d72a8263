import ConcurrencyExtras

/// The effects started by one `Store.send`: await them, or cancel them.
///
/// ```swift
/// await store.send(.refresh).finish()
/// ```
public struct StoreTask: Hashable, Sendable {
  let rawValue: Task<Void, Never>?

  init(rawValue: Task<Void, Never>?) {
    self.rawValue = rawValue
  }

  /// Cancels the effects started by the action, and those started by actions they fed back.
  public func cancel() {
    rawValue?.cancel()
  }

  /// Waits until the effects started by the action, and those started by actions they fed back,
  /// have finished. Cancelling the waiting task cancels them.
  public func finish() async {
    await rawValue?.cancellableValue
  }

  /// Whether the effects were cancelled. An action that started no effect is considered cancelled.
  public var isCancelled: Bool {
    rawValue?.isCancelled ?? true
  }
}

/// The tasks started while reducing one sent action, including tasks started by actions that
/// those effects feed back later.
@usableFromInline
final class EffectTasks: Sendable {
  private let tasks = Locked<[Task<Void, Never>]>([])

  var isEmpty: Bool { tasks.withLock { $0.isEmpty } }

  func append(_ task: Task<Void, Never>) {
    tasks.withLock { $0.append(task) }
  }

  /// A task that finishes when every task in the group has finished.
  @usableFromInline
  func whenAllFinished() -> Task<Void, Never> {
    Task {
      await withTaskCancellationHandler {
        // Tasks stay in the list until the end so that cancelling reaches all of them; new ones
        // may be appended while waiting (actions fed back by effects start more).
        var index = 0
        while let task = tasks.withLock({ index < $0.count ? $0[index] : nil }) {
          await task.value
          index += 1
        }
      } onCancel: {
        for task in tasks.withLock({ $0 }) {
          task.cancel()
        }
      }
    }
  }
}
