import ComposableArchitecture
import CustomDump
import Dependencies
import ConcurrencyExtras
import Foundation
import Sharing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif os(Windows)
  import WinSDK
#endif

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
func monotonicNanoseconds(coarse: Bool = false) -> UInt64 {
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
