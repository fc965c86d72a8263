import ConcurrencyExtras
import Foundation

/// Coalesces the writes of each target (a file, a database key): the first change is written at
/// once, later ones at most once per ``interval``, the last of a burst always. Remembers what it
/// last wrote, so that a watcher can tell our own writes from another process's.
///
/// Every `Writers` alive is flushed by ``flushPendingWrites()``, which the terminal and web front
/// ends call on their way out.
package final class Writers<Target: Hashable & Sendable, Payload: Sendable>: Sendable {
  package static var interval: Duration { .seconds(1) }

  private struct Entry {
    var lastWrite: ContinuousClock.Instant?
    var lastWritten: Payload?
    var pending: (payload: Payload, perform: @Sendable (Payload) throws -> Void)?
    var waiting: [SaveContinuation] = []
    var isScheduled = false
    var blocked: (any Error)?

    /// Writes `payload` now; returns the result and the saves that were waiting for it.
    mutating func write(
      _ payload: Payload, perform: (Payload) throws -> Void, now: ContinuousClock.Instant
    ) -> (Result<Void, any Error>, waiting: [SaveContinuation]) {
      pending = nil
      let result = Result { try perform(payload) }
      lastWrite = now
      if case .success = result { lastWritten = payload }
      defer { waiting = [] }
      return (result, waiting)
    }
  }

  private let entries = LockIsolated<[Target: Entry]>([:])
  private let now: @Sendable () -> ContinuousClock.Instant
  private let schedule: @Sendable (Duration, @escaping @Sendable () -> Void) -> Void

  /// `schedule` runs its work after the delay (now, in tests).
  package init(
    now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
    schedule: @escaping @Sendable (Duration, @escaping @Sendable () -> Void) -> Void = afterDelay
  ) {
    self.now = now
    self.schedule = schedule
    PendingWrites.register(ObjectIdentifier(self)) { [weak self] in self?.flushAll() }
  }

  deinit {
    PendingWrites.unregister(ObjectIdentifier(self))
  }

  /// Writes `payload` with `perform` now, or schedules it; resumes `continuation` when it is
  /// written (or failed). A write still pending for `target` is replaced: only the last is made.
  package func write(
    _ payload: Payload, to target: Target, immediately: Bool, continuation: SaveContinuation,
    perform: @escaping @Sendable (Payload) throws -> Void
  ) {
    let decision = entries.withValue { entries -> Decision in
      var entry = entries[target] ?? Entry()
      defer { entries[target] = entry }
      if let blocked = entry.blocked { return .written(.failure(blocked), earlier: []) }
      let now = now()
      let sinceLastWrite = entry.lastWrite.map { $0.duration(to: now) }
      if immediately || (!entry.isScheduled && (sinceLastWrite ?? Self.interval) >= Self.interval) {
        let (result, earlier) = entry.write(payload, perform: perform, now: now)
        return .written(result, earlier: earlier)
      }
      entry.pending = (payload, perform)
      entry.waiting.append(continuation)
      if entry.isScheduled { return .waiting }
      entry.isScheduled = true
      return .scheduled(Self.interval - (sinceLastWrite ?? .zero))
    }
    switch decision {
    case let .written(result, earlier):
      for continuation in earlier + [continuation] { continuation.resume(with: result) }
    case let .scheduled(delay):
      schedule(delay) { [self] in flush(target) }
    case .waiting:
      break
    }
  }

  /// Writes the target's pending change, if any.
  package func flush(_ target: Target) {
    let (result, waiting) = entries.withValue { entries -> (Result<Void, any Error>?, [SaveContinuation]) in
      guard var entry = entries[target] else { return (nil, []) }
      defer { entries[target] = entry }
      entry.isScheduled = false
      guard let (payload, perform) = entry.pending else { return (nil, []) }
      return entry.write(payload, perform: perform, now: now())
    }
    if let result {
      for continuation in waiting { continuation.resume(with: result) }
    }
  }

  /// Writes every target's pending change.
  package func flushAll() {
    for target in entries.value.keys { flush(target) }
  }

  /// Refuses every write to `target` from now on, with `error`.
  package func block(_ target: Target, with error: any Error) {
    entries.withValue { $0[target, default: Entry()].blocked = error }
  }
}

extension Writers where Payload: Equatable {
  /// Whether `payload` is what was last written to `target` (or is about to be).
  package func isOwnWrite(_ payload: Payload, at target: Target) -> Bool {
    guard let entry = entries.value[target] else { return false }
    return entry.lastWritten == payload || entry.pending?.payload == payload
  }

  /// Remembers `payload` as the target's contents (after loading it), so a watcher ignores it.
  package func noteContents(_ payload: Payload?, at target: Target) {
    entries.withValue { $0[target, default: Entry()].lastWritten = payload }
  }
}

/// What ``Writers/write(_:to:immediately:continuation:perform:)`` does with a change.
private enum Decision {
  case written(Result<Void, any Error>, earlier: [SaveContinuation])
  case scheduled(Duration)
  case waiting
}

/// Every ``Writers`` alive (and every other writer that holds changes back, such as a
/// PostgreSQL database's), so that one call writes what all of them hold back.
package enum PendingWrites {
  private static let flushes = LockIsolated<[ObjectIdentifier: @Sendable () -> Void]>([:])
  private static let flushesStarted = LockIsolated(0)

  /// How many times ``flushAll()`` has started in this process: a test that checks a change is
  /// still held back compares it before and after, since a flush anywhere in the process (a web
  /// server stopping in another test) rightly writes the change early.
  package static var flushCount: Int { flushesStarted.value }

  package static func register(_ id: ObjectIdentifier, flush: @escaping @Sendable () -> Void) {
    flushes.withValue { $0[id] = flush }
  }

  package static func unregister(_ id: ObjectIdentifier) {
    flushes.withValue { $0[id] = nil }
  }

  static func flushAll() {
    flushesStarted.withValue { $0 += 1 }
    for flush in flushes.value.values { flush() }
  }
}

/// Writes now every change that persistent keys (`.fileStorage`, `.database`, …) are holding
/// back to coalesce a burst of edits. The terminal and web front ends call it on their way out
/// (quit, Ctrl-C, SIGTERM, SIGHUP); call it yourself before a program of your own exits.
public func flushPendingWrites() {
  PendingWrites.flushAll()
}

/// Runs `work` after `delay` on a global queue (the held-back writes of the file, SQLite and
/// PostgreSQL keys).
package func afterDelay(_ delay: Duration, _ work: @escaping @Sendable () -> Void) {
  let nanoseconds = delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000
  DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds)), execute: work)
}
