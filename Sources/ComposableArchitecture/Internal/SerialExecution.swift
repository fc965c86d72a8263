import ConcurrencyExtras

/// Shares ConcurrencyExtras' main serial executor between tests that run at the same time.
///
/// The executor is a process-wide switch. Tests run in parallel, so a test that switched it off
/// when it ended would make another test that still needs it nondeterministic. Each test takes a
/// lease instead; the switch goes back to how it was when the last lease is returned.
@MainActor
enum SerialExecution {
  private static var leases = 0
  private static var wasSerial = false

  static func acquire() {
    if leases == 0 {
      wasSerial = uncheckedUseMainSerialExecutor
      uncheckedUseMainSerialExecutor = true
    }
    leases += 1
  }

  static func release() {
    leases -= 1
    if leases == 0 {
      uncheckedUseMainSerialExecutor = wasSerial
    }
  }
}
