import ComposableArchitecture
@testable import Sharing
import CustomDump
import Dispatch
import Foundation
import Testing

// What swift-sharing 2.8.2's own tests found different here, in their shapes: descriptions that
// name the key, dumps that show the reference, a reader with a default key and a value of its
// own, `require:` finding another share's value, a save clearing a load error, and a share made
// while a dependency writes its key.

extension SharedReaderKey where Self == InMemoryKey<[Int]>.Default {
  fileprivate static var parityItems: Self { Self[.inMemory("parity-items"), default: [1]] }
}

extension SharedReaderKey where Self == InMemoryKey<Bool>.Default {
  fileprivate static var parityFlag: Self { Self[.inMemory("parity-flag"), default: false] }
}

@Suite struct SwiftSharingParityTests {
  @Test func descriptionsNameTheKey() {
    @Shared(value: 0) var value
    #expect($value.description == "Shared<Int>(value: 0)")
    #expect(SharedReader($value).description == "SharedReader<Int>(value: 0)")

    @Shared(.appStorage("parity-count")) var count = 0
    #expect($count.description == #"Shared<Int>(.appStorage("parity-count"))"#)
    #expect(SharedReader($count).description == #"SharedReader<Int>(.appStorage("parity-count"))"#)

    @Shared(AppStorageKey.Default[.appStorage("parity-defaulted"), default: 0]) var defaulted
    #expect($defaulted.description == #"Shared<Int>(.appStorage("parity-defaulted"))"#)
    @Shared(AppStorageKey.Default[.appStorage("parity-defaulted-2"), default: 0]) var defaultedHere = 0
    #expect(SharedReader($defaultedHere).description == #"SharedReader<Int>(.appStorage("parity-defaulted-2"))"#)

    @Shared(.fileStorage(URL(fileURLWithPath: "/"))) var file = 0
    #expect($file.description == "Shared<Int>(.fileStorage(file:///))")

    @Shared(.inMemory("parity-memory")) var memory = 0
    #expect($memory.description == #"Shared<Int>(.inMemory("parity-memory"))"#)
  }

  // A shared value dumps as a reference, as swift-sharing 2.8's does (`_CustomDiffObject`): a
  // second appearance of the same one is `Int(↩︎)`, and each other one gets a number. The
  // numbering is custom-dump's: with 1.7.3, the version here, the first object of a type is
  // unnumbered (swift-sharing's test, written against another version, expects `#1` there).
  @Test func aDumpShowsTheReference() {
    @Shared(value: 0) var count
    #expect(String(customDumping: $count) == "0")
    #expect(
      String(customDumping: [$count, $count]) == """
        [
          [0]: 0,
          [1]: Int(↩︎)
        ]
        """
    )
    @Shared(value: 0) var anotherCount
    #expect(
      String(customDumping: [$count, $anotherCount, $count, $anotherCount]) == """
        [
          [0]: 0,
          [1]: #1 0,
          [2]: Int(↩︎),
          [3]: #1 Int(↩︎)
        ]
        """
    )
    // A part of a shared value, and a reader, are the same reference.
    struct Stats { var count = 0 }
    @Shared(value: Stats()) var stats
    #expect(
      String(customDumping: [SharedReader($stats.count), SharedReader($count)]) == """
        [
          [0]: 0,
          [1]: #1 0
        ]
        """
    )
    #expect(String(customDumping: [$count, SharedReader($count)]).contains("[1]: Int(↩︎)"))
  }

  @Test func aReaderWithADefaultKeyTakesAValueOfItsOwn() {
    @SharedReader(.parityItems) var items = [2]
    #expect(items == [2])
    @SharedReader(.parityItems) var same: [Int]
    #expect(same == [2])  // the same key: one value
  }

  @Test func requireFindsTheValueAnotherShareHolds() async throws {
    @Shared(.inMemory("parity-required")) var count = 5
    let reader = try await SharedReader<Int>(require: .inMemory("parity-required"))
    #expect(reader.wrappedValue == 5)
    let shared = try await Shared<Int>(require: .inMemory("parity-required"))
    shared.withLock { $0 = 6 }
    #expect(count == 6)
    // A key nothing holds is still an error.
    await #expect(throws: NothingToLoad.self) { try await SharedReader<Int>(require: .inMemory("parity-nothing")) }
  }

  @Test func aSuccessfulSaveClearsTheLoadError() async throws {
    struct Offline: Error {}
    let server = FakeServer()
    @Shared(ServerKey(server: server)) var value = 7
    try #require(server.pendingLoad.value).resume(throwing: Offline())
    #expect($value.loadError is Offline)
    try await $value.save()
    #expect($value.loadError == nil)
    #expect($value.saveError == nil)
    #expect(server.saves.value == [7])

    // A change saved by the key (on `withLock`) clears it too.
    let another = FakeServer()
    @Shared(ServerKey(server: another)) var other = 1
    try #require(another.pendingLoad.value).resume(throwing: Offline())
    #expect($other.loadError is Offline)
    $other.withLock { $0 = 2 }  // saved at once by the key, successfully
    #expect($other.loadError == nil)
  }

  // swift-sharing's `lockingOrderWithDependencies`, ordered by semaphores rather than sleeps: a
  // share of a key made while a dependency (on another thread) is being built and writes to that
  // key reads the value after the write.
  @Test func aShareMadeWhileADependencyWritesItsKeyReadsTheWrite() async throws {
    let observed = LockIsolated<Int?>(nil)
    let gates = LockingOrderGates.shared
    try await withEscapedDependencies { dependencies in
      try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask {
          try await blocking {
            dependencies.yield {
              // The share starts before the dependency has made its own; the dependency makes
              // and registers its share while this one computes its default.
              let count = Shared<Int>(
                wrappedValue: {
                  gates.shareStarted.signal()
                  gates.dependencyRegistered.wait()
                  return 2
                }(),
                .inMemory("locking-order-count")
              )
              observed.setValue(count.wrappedValue)
              gates.shareRead.signal()
            }
          }
        }
        group.addTask {
          try await blocking {
            dependencies.yield {
              gates.shareStarted.wait()
              @Dependency(LockingOrderDependency.self) var dependency
              _ = dependency.count
            }
          }
        }
        try await group.waitForAll()
      }
    }
    #expect(observed.value == 1)
  }
}

/// The semaphores that order the locking-order test's two threads.
final class LockingOrderGates: Sendable {
  static let shared = LockingOrderGates()
  let shareStarted = DispatchSemaphore(value: 0)
  let dependencyRegistered = DispatchSemaphore(value: 0)
  let shareRead = DispatchSemaphore(value: 0)
}

/// A dependency whose `init` makes a share and writes to it.
private struct LockingOrderDependency: TestDependencyKey {
  @Shared(.inMemory("locking-order-count")) var count = 0

  init() {
    let gates = LockingOrderGates.shared
    gates.dependencyRegistered.signal()
    // The other share is now between its default and its lookup. Given the time to read before
    // this write (a third of a second), it must not: it waits for the dependency to be built.
    _ = gates.shareRead.wait(timeout: .now() + .milliseconds(300))
    $count.withLock { $0 += 1 }
  }

  static var testValue: LockingOrderDependency { LockingOrderDependency() }
}

/// Runs blocking work on a thread of its own, off the tasks' pool.
private func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try work() }) }.start()
  }
}

/// A share every holder let go of is freed, and its key's subscription with it (as swift-sharing
/// frees it); a later share of the key starts again from what the key holds.
@Suite struct LetGoSharesAreFreedTests {
  /// Counts the subscriptions a key has open.
  final class Subscriptions: Sendable {
    let open = LockIsolated(0)
    let stored = LockIsolated<Int?>(nil)
  }

  struct CountingKey: SharedKey {
    let subscriptions: Subscriptions
    var id: ObjectIdentifier { ObjectIdentifier(subscriptions) }
    func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
      if let stored = subscriptions.stored.value {
        continuation.resume(returning: stored)
      } else {
        continuation.resumeReturningInitialValue()
      }
    }
    func subscribe(context: LoadContext<Int>, subscriber: SharedSubscriber<Int>) -> SharedSubscription {
      subscriptions.open.withValue { $0 += 1 }
      return SharedSubscription { [subscriptions] in subscriptions.open.withValue { $0 -= 1 } }
    }
    func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
      subscriptions.stored.setValue(value)
      continuation.resume()
    }
  }

  @Test func aShareLetGoOfIsFreedWithItsSubscription() {
    let subscriptions = Subscriptions()
    weak var freed: AnyObject?
    do {
      let shared = Shared(wrappedValue: 0, CountingKey(subscriptions: subscriptions))
      let copy = shared
      copy.withLock { $0 = 7 }
      #expect(subscriptions.open.value == 1)
      freed = shared.reference as AnyObject
      #expect(freed != nil)
    }
    #expect(freed == nil)
    #expect(subscriptions.open.value == 0)
    // A new share of the key loads what the key holds.
    let again = Shared(wrappedValue: 0, CountingKey(subscriptions: subscriptions))
    #expect(again.wrappedValue == 7)
    #expect(subscriptions.open.value == 1)
  }

  @Test func anInMemoryValueOutlivesItsShares() {
    do {
      @Shared(.inMemory("outlives")) var count = 0
      $count.withLock { $0 = 3 }
    }
    @Shared(.inMemory("outlives")) var count = 0
    #expect(count == 3)
  }

  @Test func aFirstSharesDefaultOutlivesIt() async throws {
    do {
      @SharedReader(.inMemory("first-default")) var count = 10
      #expect(count == 10)
    }
    @SharedReader(.inMemory("first-default")) var count = 0
    #expect(count == 10)
    let required = try await SharedReader<Int>(require: .inMemory("first-default"))
    #expect(required.wrappedValue == 10)
  }

  @Test func anOptionalDefaultIsKeptAsGiven() {
    do {
      @Shared(.inMemory("optional-nil")) var count: Int? = nil
      @Shared(.inMemory("optional-nested")) var nested: Int?? = .some(.none)
      #expect(count == nil)
      #expect(nested == .some(.none))
    }
    @Shared(.inMemory("optional-nil")) var count: Int? = 4
    @Shared(.inMemory("optional-nested")) var nested: Int?? = .some(4)
    #expect(count == nil)
    #expect(nested == .some(.none))
  }

  @Test func aDefaultKeysAssignedDefaultOutlivesItsShare() {
    do {
      @Shared(.parityFlag) var flag = true
      #expect(flag == true)
    }
    @Shared(.parityFlag) var flag
    #expect(flag == true)
  }

  @Test func aKeyLeftByLoadKeepsTheValueItHad() async throws {
    @Shared(.inMemory("left")) var value = 1
    try await $value.load(.inMemory("elsewhere"))
    #expect(value == 1)
    $value.withLock { $0 = 2 }
    @Shared(.inMemory("left")) var left = 9
    #expect(left == 1)
    @Shared(.inMemory("elsewhere")) var elsewhere = 9
    #expect(elsewhere == 2)
  }

  @Test func twoSharesOfOneKeyAreOneReferenceWhileEitherLives() {
    let subscriptions = Subscriptions()
    let first = Shared(wrappedValue: 1, CountingKey(subscriptions: subscriptions))
    let second = Shared(wrappedValue: 2, CountingKey(subscriptions: subscriptions))
    let firstReference = ObjectIdentifier(first.reference as AnyObject)
    let secondReference = ObjectIdentifier(second.reference as AnyObject)
    #expect(firstReference == secondReference)
    second.withLock { $0 = 5 }
    #expect(first.wrappedValue == 5)
    #expect(subscriptions.open.value == 1)
  }
}
