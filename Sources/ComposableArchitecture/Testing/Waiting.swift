/// Lets other tasks run until `condition` holds or `timeout` of wall-clock time has passed.
/// Returns whether the condition held.
///
/// With the main serial executor every effect runs on the main thread, so yielding is what lets
/// them make progress.
@MainActor
func waitUntil(timeout: Duration, _ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now.advanced(by: timeout)
  while !condition() {
    guard ContinuousClock.now < deadline else { return false }
    await Task.yield()
  }
  return true
}
