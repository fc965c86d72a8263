import Foundation

/// The sanitizer the tests run under, if any: `Scripts/thread-sanitizer` and
/// `Scripts/leak-sanitizer` say so in `SANITIZER` (`thread`, `address`).
///
/// A sanitizer changes what a few tests measure of the processes they start: an instrumented
/// server is several times slower to stop (LeakSanitizer scans its memory as it exits), and
/// AddressSanitizer keeps freed memory aside (its quarantine) before reusing it, so resident
/// memory grows under churn that does not grow it otherwise. Those tests widen their bounds by
/// what is written here, and by nothing when no sanitizer runs.
public enum Sanitizer {
  /// The sanitizer in force, from `SANITIZER`.
  public static var current: String? {
    ProcessInfo.processInfo.environment["SANITIZER"].flatMap { $0.isEmpty ? nil : $0 }
  }

  /// `seconds`, a bound on how long a process takes, as it stands under the sanitizer in force:
  /// three times as long under one (after a flood of requests, a server took 6.8 s to stop under
  /// AddressSanitizer, against a bound of 5 s).
  public static func timeBound(_ seconds: Double) -> Double {
    current == nil ? seconds : seconds * 3
  }

  /// What AddressSanitizer's quarantine may add to a process's resident memory on top of a bound
  /// (megabytes): the freed memory it holds back, at most its `quarantine_size_mb` (256 by
  /// default), of which a few thousand requests' churn fills a part.
  public static var quarantineAllowanceMegabytes: Double {
    current == "address" ? 64 : 0
  }
}
