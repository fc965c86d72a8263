import ComposableArchitecture
import Foundation
@testable import Sharing
import Testing

struct Settings: Codable, Equatable, Sendable {
  var name = ""
  var volume = 5
}

struct Item: Codable, Equatable, Identifiable, Sendable {
  var id: Int
  var title: String
}

@Suite struct SharedTests {
  @Test func sameKeySharesOneValue() {
    @Shared(.inMemory("count")) var first = 0
    @Shared(.inMemory("count")) var second = 0
    $first.withLock { $0 += 1 }
    #expect(second == 1)
    #expect($first == $second)
  }

  @Test func eachTestHasItsOwnInMemoryValues() {
    // Another test writes this key too; each starts from the default.
    @Shared(.inMemory("isolation")) var value = 0
    #expect(value == 0)
    $value.withLock { $0 = 1 }
  }

  @Test func eachTestHasItsOwnInMemoryValuesToo() {
    @Shared(.inMemory("isolation")) var value = 0
    #expect(value == 0)
    $value.withLock { $0 = 2 }
  }

  @Test func anotherInMemoryStorageIsAnotherValue() {
    @Shared(.inMemory("scoped")) var here = 1
    let elsewhere = withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      Shared(wrappedValue: 0, .inMemory("scoped"))
    }
    $here.withLock { $0 = 5 }
    #expect(elsewhere.wrappedValue == 0)
  }

  @Test func valueSharedWithoutKey() {
    let shared = Shared(value: 1)
    let copy = shared
    copy.withLock { $0 += 1 }
    #expect(shared.wrappedValue == 2)
    #expect(Shared(value: 2) == shared)  // equal by value
  }

  @Test func withLockIsExactUnderContention() async {
    let count = Shared(value: 0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<1_250 { count.withLock { $0 += 1 } }
        }
      }
    }
    #expect(count.wrappedValue == 10_000)
  }

  @Test func derivedMembers() {
    @Shared(value: Settings()) var settings
    let name = $settings.name
    name.withLock { $0 = "Blob" }
    #expect(settings.name == "Blob")
    $settings.withLock { $0.name = "Blob Jr" }
    #expect(name.wrappedValue == "Blob Jr")
    let reader: SharedReader<Int> = $settings.read(\.volume)
    $settings.volume.withLock { $0 = 11 }
    #expect(reader.wrappedValue == 11)
  }

  @Test func elementsOfIdentifiedArrays() throws {
    @Shared(value: IdentifiedArrayOf<Item>(uniqueElements: [Item(id: 1, title: "A"), Item(id: 2, title: "B")])) var items
    let second = try #require(Shared($items[id: 2]))
    second.withLock { $0.title = "Bee" }
    #expect(items[id: 2]?.title == "Bee")
    #expect(Shared($items[id: 3]) == nil)

    let rows = Array($items)
    #expect(rows.map(\.wrappedValue.title) == ["A", "Bee"])
    rows[0].title.withLock { $0 = "Ay" }
    #expect(items[0].title == "Ay")
    #expect(rows[0].id == 1)  // Identifiable through the value
  }

  @Test func unwrappedShareKeepsItsLastValueWhenRemoved() throws {
    @Shared(value: IdentifiedArrayOf<Item>(uniqueElements: [Item(id: 1, title: "A")])) var items
    let item = try #require(Shared($items[id: 1]))
    $items.withLock { $0.removeAll() }
    #expect(item.wrappedValue.title == "A")
  }

  @Test func readers() {
    @Shared(.inMemory("reader")) var value = 1
    @SharedReader(.inMemory("reader")) var reader = 0
    #expect(reader == 1)
    $value.withLock { $0 = 2 }
    #expect(reader == 2)
    let fromShared = SharedReader($value)
    #expect(fromShared.wrappedValue == 2)
    #expect(SharedReader.constant(3).wrappedValue == 3)
  }

  @Test func customDumpShowsTheValue() {
    var dump = ""
    customDump(Shared(value: Settings(name: "Blob")), to: &dump)
    #expect(dump.contains("name: \"Blob\""))
  }

  @MainActor
  @Test func readingRegistersObservationAndAnyChangeNotifies() {
    @Shared(.inMemory("observed")) var value = 0
    @Shared(.inMemory("observed")) var other = 0
    let notified = LockIsolated(0)
    withObservationTracking {
      _ = value
    } onChange: {
      notified.withValue { $0 += 1 }
    }
    $other.withLock { $0 = 1 }  // another @Shared of the same key
    #expect(notified.value == 1)
  }

  @MainActor
  @Test func observeReRunsOnSharedChanges() async {
    let count = Shared(value: 0)
    var seen: [Int] = []
    let token = observe { seen.append(count.wrappedValue) }
    count.withLock { $0 = 1 }
    await Task.megaYield()
    #expect(seen == [0, 1])
    token.cancel()
  }
}


/// What a swift-sharing 2.8 feature writes: assignments to a `@Shared` value.
protocol AssignsSharedValues {
  static func assign(_ count: Shared<Int>)
}

/// The assignments, in a deprecated context so that the setter's deprecation warning (which a
/// feature's own code gets, as with swift-sharing 2.8) does not fail this package's no-warnings
/// rule; the test reaches them through the protocol.
enum SwiftSharing28Feature: AssignsSharedValues {
  @available(*, deprecated, message: "Uses Shared's deprecated setter on purpose")
  static func assign(_ count: Shared<Int>) {
    @Shared var value: Int
    _value = count
    value += 1
    value = value * 10
  }
}

@Suite struct DeprecatedSetterTests {
  func assign(with feature: (some AssignsSharedValues).Type, to count: Shared<Int>) {
    feature.assign(count)
  }

  @Test func assigningASharedValueCompilesAndRunsWithLock() {
    @Shared(.inMemory("assigned")) var count = 0
    assign(with: SwiftSharing28Feature.self, to: $count)
    #expect(count == 10)
    @Shared(.inMemory("assigned")) var again = 0
    #expect(again == 10)  // every holder of the key sees the assignments
  }
}
