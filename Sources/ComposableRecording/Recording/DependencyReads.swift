import ComposableArchitecture
import ComposableToolSupport
import ConcurrencyExtras
import CustomDump
import Dependencies
import Foundation
import Sharing

/// What a reducer reads from the nondeterministic dependencies while a recorder reduces one of
/// its actions.
///
/// The recording generators `note` every value they hand out; only those handed out while the
/// recorder reduces, on the thread that reduces, count: an effect (started after the reducer
/// returned) reading a generator later, or an earlier action's effect reading one meanwhile on
/// another thread, is not this action's and is not written down.
///
/// `@unchecked Sendable` is safe: the generators may be called on any thread, but only the
/// thread between `begin` and `end` (whose thread-local word then points at this object) touches
/// the fields; `begin` and `end` run on that thread, and a store reduces one action at a time.
final class DependencyReads: @unchecked Sendable {
  /// The reads of the recorder reducing on this thread.
  private static let reducingOnThisThread = ThreadLocalWord()
  /// The same word, kept here: a `static let` costs a `swift_once` check at every use, and this
  /// one is used twice per recorded action.
  private let reducing = DependencyReads.reducingOnThisThread
  private var uuids: [UUID] = []
  private var dates: [Date] = []
  private var randoms: [UInt64] = []
  private var isEmpty = true
  /// What `reducing` held before `begin` (a recorder inside another).
  private var outer: UnsafeMutableRawPointer?

  private var address: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

  /// Starts counting the values handed out on this thread.
  func begin() {
    outer = reducing.value
    reducing.value = address
    guard !isEmpty else { return }
    uuids.removeAll(keepingCapacity: true)
    dates.removeAll(keepingCapacity: true)
    randoms.removeAll(keepingCapacity: true)
    isEmpty = true
  }

  /// Stops counting, and hands over the values counted (nil when there were none).
  func end() -> (uuids: [UUID], dates: [Date], randoms: [UInt64])? {
    reducing.value = outer
    return isEmpty ? nil : (uuids, dates, randoms)
  }

  /// Whether this thread reduces with this recorder: the one reducing, or one it runs inside.
  private var isCounting: Bool {
    var current = reducing.value
    while let pointer = current {
      if pointer == address { return true }
      current = Unmanaged<DependencyReads>.fromOpaque(pointer).takeUnretainedValue().outer
    }
    return false
  }

  func note(uuid: UUID) {
    guard isCounting else { return }
    uuids.append(uuid)
    isEmpty = false
  }

  func note(date: Date) {
    guard isCounting else { return }
    dates.append(date)
    isEmpty = false
  }

  func note(random: UInt64) {
    guard isCounting else { return }
    randoms.append(random)
    isEmpty = false
  }
}

/// Hands out the upstream generator's numbers and writes each down.
struct RecordingGenerator: RandomNumberGenerator, Sendable {
  let upstream: DependencyValues
  let reads: DependencyReads

  mutating func next() -> UInt64 {
    let value = upstream.withRandomNumberGenerator { $0.next() }
    reads.note(random: value)
    return value
  }
}
