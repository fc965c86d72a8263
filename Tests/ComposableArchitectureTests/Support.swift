@testable import ComposableArchitecture
import Testing

/// The text of a reported issue, to check failure messages.
func message(of issue: Issue) -> String {
  issue.comments.map(\.rawValue).joined(separator: "\n")
}

/// Runs `operation` with every task on the main thread, in order, so that effects driven by a
/// `TestClock` run deterministically.
@MainActor
func serially(_ operation: @MainActor () async throws -> Void) async rethrows {
  SerialExecution.acquire()
  defer { SerialExecution.release() }
  try await operation()
}

/// Lets every task that is ready to run on the main serial executor run.
func settle() async {
  await Task.megaYield(count: 50)
}

/// Counts how many times observers of what `read` touched were notified.
@MainActor
final class Notifications {
  var count = 0
  func track(_ read: () -> Void) {
    withObservationTracking(read) { [weak self] in
      MainActor.assumeIsolated { self?.count += 1 }
    }
  }
}
