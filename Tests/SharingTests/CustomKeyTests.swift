import ComposableArchitecture
import Foundation
import Testing

/// A key written the way a user writes one: a "remote" value loaded later, saved on every
/// change, and pushed from outside through the subscriber.
final class FakeServer: Sendable {
  let value = LockIsolated(0)
  let saves = LockIsolated<[Int]>([])
  let pendingLoad = LockIsolated<LoadContinuation<Int>?>(nil)
  let subscriber = LockIsolated<SharedSubscriber<Int>?>(nil)
}

struct ServerKey: SharedKey {
  let server: FakeServer
  var id: ObjectIdentifier { ObjectIdentifier(server) }

  func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
    server.pendingLoad.setValue(continuation)  // answered later
  }

  func subscribe(context: LoadContext<Int>, subscriber: SharedSubscriber<Int>) -> SharedSubscription {
    server.subscriber.setValue(subscriber)
    return SharedSubscription { server.subscriber.setValue(nil) }
  }

  func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
    server.saves.withValue { $0.append(value) }
    server.value.setValue(value)
    continuation.resume()
  }
}

@Suite struct CustomKeyTests {
  @Test func loadingLaterSavingAndExternalChanges() throws {
    let server = FakeServer()
    @Shared(ServerKey(server: server)) var value = -1
    #expect(value == -1)
    #expect($value.isLoading)
    try #require(server.pendingLoad.value).resume(returning: 42)
    #expect(value == 42)
    #expect(!$value.isLoading)

    $value.withLock { $0 += 1 }
    #expect(server.saves.value == [43])

    try #require(server.subscriber.value).yield(100)
    #expect(value == 100)
  }

  @Test func loadErrorsAreReportedAndKeepTheValue() throws {
    struct Offline: Error {}
    let server = FakeServer()
    @Shared(ServerKey(server: server)) var value = 7
    try #require(server.pendingLoad.value).resume(throwing: Offline())
    #expect(value == 7)
    #expect($value.loadError is Offline)
  }
}
