import Foundation

/// A value behind a lock, for the few pieces of runtime state that effects running on other
/// threads share (cancellation marks, tasks of a send), and the web server's counters.
///
/// `@unchecked Sendable` is safe because the value is only ever touched inside `withLock`, which
/// holds the lock for the whole access.
package final class Locked<Value>: @unchecked Sendable {
  private var value: Value
  private let lock = NSLock()

  package init(_ value: Value) {
    self.value = value
  }

  package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
