import ConcurrencyExtras
import Foundation

/// How a test store sees changes to shared state: while a tracker is current, the first change
/// to each shared value records the value it had before (its snapshot). The test store then
/// compares the expected state, whose shared values read their snapshots (changed by the test's
/// `$0.$count.withLock { … }`), with the actual state, which reads the real values.
///
/// Used by `TestStore`; not needed in feature code.
public final class SharedChangeTracker: Sendable {
  @TaskLocal static var current: SharedChangeTracker?
  /// While true, shared values read (and `withLock` writes) their snapshots: the expected state.
  @TaskLocal static var readsSnapshots = false

  private struct Snapshot: @unchecked Sendable {
    // @unchecked Sendable: the value is only handed back to the reference that stored it, which
    // guards its own values with a lock.
    let reference: AnyObject
    var value: Any
  }

  private let snapshots = LockIsolated<[ObjectIdentifier: Snapshot]>([:])

  /// Whether a test store is comparing states that may hold shared values: then two values that
  /// share storage can still differ (expected snapshot vs. actual value), so identity shortcuts
  /// in `==` must not be taken.
  public static var isTracking: Bool { current != nil }

  /// A tracker with no snapshots.
  public init() {}

  /// Runs `operation` with this tracker recording changes to shared values.
  public func track<R>(_ operation: () throws -> R) rethrows -> R {
    try Self.$current.withValue(self, operation: operation)
  }

  /// Runs `operation` on the expected side: shared values read and write their snapshots.
  public func asserting<R>(_ operation: () throws -> R) rethrows -> R {
    try Self.$current.withValue(self) {
      try Self.$readsSnapshots.withValue(true, operation: operation)
    }
  }

  /// Whether any shared value changed since the last ``reset()``.
  public var hasChanges: Bool { !snapshots.value.isEmpty }

  /// Forgets the snapshots: the current values become the baseline of the next step.
  public func reset() {
    snapshots.setValue([:])
  }

  func snapshot(of reference: AnyObject) -> Any? {
    snapshots.value[ObjectIdentifier(reference)]?.value
  }

  func recordSnapshotIfNeeded(_ value: Any, of reference: AnyObject) {
    let snapshot = Snapshot(reference: reference, value: value)
    let id = ObjectIdentifier(reference)
    snapshots.withValue {
      if $0[id] == nil { $0[id] = snapshot }
    }
  }

  func setSnapshot(_ value: Any, of reference: AnyObject) {
    let snapshot = Snapshot(reference: reference, value: value)
    let id = ObjectIdentifier(reference)
    snapshots.withValue { $0[id] = snapshot }
  }
}
