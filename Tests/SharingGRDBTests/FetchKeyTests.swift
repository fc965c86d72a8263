import ComposableArchitecture
import Foundation
import Observation
import SharingGRDB
import Testing

struct Item: Codable, Equatable, FetchableRecord, MutablePersistableRecord, Identifiable, Sendable {
  static let databaseTableName = "items"
  var id: Int64?
  var title: String
  var isDone = false

  mutating func didInsert(_ inserted: InsertionSuccess) {
    id = inserted.rowID
  }
}

/// The items table, made once per database by a migration, as an app makes its own.
func migrate(_ database: any DatabaseWriter) throws {
  var migrator = DatabaseMigrator()
  migrator.registerMigration("Create items") { db in
    try db.create(table: "items") { table in
      table.autoIncrementedPrimaryKey("id")
      table.column("title", .text).notNull()
      table.column("isDone", .boolean).notNull().defaults(to: false)
    }
  }
  try migrator.migrate(database)
}

/// A database file in a folder of its own, removed by the caller.
func temporaryDatabaseFile() throws -> URL {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("SharingGRDBTests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder.appendingPathComponent("db.sqlite")
}

/// Waits until `reader`'s value satisfies `condition`, woken by the reader's observers (no
/// polling); false if it has not after `timeout`. Generous: these tests check that nothing is
/// lost, on a machine that may be running browsers and databases beside them (how fast a change
/// arrives is measured by the benchmarks).
func wait<Value: Sendable>(
  for reader: SharedReader<Value>, timeout: Duration = .seconds(15),
  until condition: @escaping @Sendable (Value) -> Bool
) async -> Bool {
  let deadline = ContinuousClock.now + timeout
  while !condition(reader.wrappedValue) {
    guard ContinuousClock.now < deadline else { return false }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let resumed = LockIsolated(false)
      let resume: @Sendable () -> Void = {
        let first = resumed.withValue { resumed in
          defer { resumed = true }
          return !resumed
        }
        if first { continuation.resume() }
      }
      withObservationTracking { _ = reader.wrappedValue } onChange: { resume() }
      // A change that came before the observers were registered.
      if condition(reader.wrappedValue) { resume() }
      // Observation tells of a change before it is made (`willSet`): a change told while this
      // loop was reading the value can be missed by the next registration. Look again every
      // 50 ms, so that such a change costs 50 ms, not the whole timeout.
      Task {
        while ContinuousClock.now < deadline {
          try? await Task.sleep(for: .milliseconds(50))
          if condition(reader.wrappedValue) { break }
        }
        resume()
      }
    }
  }
  return true
}

/// A list of items, as a SharingGRDB feature writes it: readers in state, writes through the
/// default database in effects.
@Reducer
struct Items {
  @ObservableState
  struct State: Equatable {
    @SharedReader(.fetchAll(sql: "SELECT * FROM items ORDER BY id")) var items: [Item]
    @SharedReader(.fetchOne(sql: "SELECT count(*) FROM items WHERE isDone")) var doneCount = 0
    @SharedReader(.fetchOne(sql: "SELECT title FROM items ORDER BY id LIMIT 1")) var firstTitle: String?
  }
  enum Action: Equatable {
    case addButtonTapped(String)
    case toggleButtonTapped(id: Int64)
  }
  @Dependency(\.defaultDatabase) var database

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .addButtonTapped(title):
        return .run { _ in
          try await database.write { db in
            var item = Item(title: title)
            try item.insert(db)
          }
        }
      case let .toggleButtonTapped(id):
        return .run { _ in
          try await database.write { db in
            try db.execute(sql: "UPDATE items SET isDone = NOT isDone WHERE id = ?", arguments: [id])
          }
        }
      }
    }
  }
}

/// A request of its own: the items not done whose title contains `text`.
struct Search: FetchKeyRequest {
  var text = ""
  func fetch(_ db: Database) throws -> [Item] {
    try Item
      .filter(Column("title").like("%\(text)%") && !Column("isDone"))
      .order(Column("id"))
      .fetchAll(db)
  }
}

@Suite struct FetchKeyTests {
  @MainActor
  @Test func aFeatureWithReadersInAStore() async throws {
    try await withDependencies {
      $0.defaultDatabase = try DatabaseQueue()
    } operation: {
      @Dependency(\.defaultDatabase) var database
      try migrate(database)
      let store = Store(initialState: Items.State()) { Items() }
      #expect(store.items.isEmpty)
      #expect(store.firstTitle == nil)

      // Each write's change reaches the store on the main actor, after the transaction commits.
      await store.send(.addButtonTapped("Milk")).finish()
      await store.send(.addButtonTapped("Eggs")).finish()
      #expect(await wait(for: store.state.$items) { $0.map(\.title) == ["Milk", "Eggs"] })
      #expect(store.firstTitle == "Milk")
      #expect(store.doneCount == 0)

      await store.send(.toggleButtonTapped(id: 2)).finish()
      #expect(await wait(for: store.state.$items) { $0.map(\.isDone) == [false, true] })
      #expect(store.doneCount == 1)
    }
  }

  @MainActor
  @Test func aFeatureWithReadersInAnExhaustiveTestStore() async throws {
    let database = try DatabaseQueue()
    try migrate(database)
    try await database.write { db in
      var item = Item(title: "Milk")
      try item.insert(db)
    }
    let store = TestStore(initialState: withDependencies { $0.defaultDatabase = database } operation: { Items.State() }) {
      Items()
    } withDependencies: {
      $0.defaultDatabase = database
    }
    // The first load is synchronous: the state is settled before the first step.
    #expect(store.state.items.map(\.title) == ["Milk"])

    // The write's change reaches the state on the main actor, after the transaction commits:
    // never in the middle of a step.
    // A write under a loaded CI host can take longer than `finish`'s default second.
    await store.send(.addButtonTapped("Eggs"))
    await store.finish(timeout: .seconds(30))
    #expect(await wait(for: store.state.$items) { $0.map(\.title) == ["Milk", "Eggs"] })

    await store.send(.toggleButtonTapped(id: 1))
    await store.finish(timeout: .seconds(30))
    #expect(await wait(for: store.state.$doneCount) { $0 == 1 })
    // Each reader follows the commit on its own: the list may arrive after the count.
    #expect(await wait(for: store.state.$items) { $0.first?.isDone == true })
  }

  @Test func aRequestOfItsOwnAndItsDynamicQuery() async throws {
    let database = try DatabaseQueue()
    try migrate(database)
    try await database.write { db in
      for title in ["Milk", "Oat milk", "Eggs"] {
        var item = Item(title: title)
        try item.insert(db)
      }
    }
    @SharedReader(.fetch(Search(), database: database)) var results
    #expect(results.map(\.title) == ["Milk", "Oat milk", "Eggs"])

    try await $results.load(.fetch(Search(text: "milk"), database: database))
    #expect(results.map(\.title) == ["Milk", "Oat milk"])

    // The new query is followed.
    try await database.write { db in
      try db.execute(sql: "UPDATE items SET isDone = 1 WHERE title = 'Milk'")
    }
    #expect(await wait(for: $results) { $0.map(\.title) == ["Oat milk"] })
  }

  @Test func twoDifferentRequestsNeverShareAValue() async throws {
    let database = try DatabaseQueue()
    try migrate(database)
    @SharedReader(.fetch(Search(text: "a"), database: database)) var a
    @SharedReader(.fetch(Search(text: "b"), database: database)) var b
    @SharedReader(.fetch(Search(text: "a"), database: database)) var sameAsA
    @SharedReader(.fetch(Search(text: "a"), database: database, animation: .default)) var animated
    try await database.write { db in
      var item = Item(title: "a")
      try item.insert(db)
    }
    #expect(await wait(for: $a) { $0.count == 1 })
    #expect(await wait(for: $animated) { $0.count == 1 })
    #expect(b.isEmpty)
    #expect($a == $sameAsA)
  }

  @Test func badSQLIsALoadErrorAndTheValueStays() async throws {
    let database = try DatabaseQueue()
    try migrate(database)
    @SharedReader(.fetchAll(sql: "SELECT * FROM itemz", database: database)) var items: [Item]
    #expect(items.isEmpty)
    let error = try #require($items.loadError as? DatabaseError)
    #expect(error.message?.contains("no such table: itemz") == true)

    @SharedReader(.fetchOne(sql: "SELECT count(*) FROM items", database: database)) var count = -1
    #expect(count == 0)
    await #expect(throws: DatabaseError.self) {
      try await $count.load(.fetchOne(sql: "SELECT nonsense(", database: database))
    }
    #expect(count == 0)
    #expect($count.loadError is DatabaseError)

    // A reload that succeeds clears the error.
    try await $count.load(.fetchOne(sql: "SELECT 42", database: database))
    #expect(count == 42)
    #expect($count.loadError == nil)
  }

  @Test func aWriteThroughAnotherPoolOnTheSameFileArrives() async throws {
    let file = try temporaryDatabaseFile()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let readerPool = try DatabasePool(path: file.path)
    try migrate(readerPool)
    @SharedReader(.fetchAll(sql: "SELECT * FROM items ORDER BY id", database: readerPool)) var items: [Item]
    #expect(items.isEmpty)

    let otherPool = try DatabasePool(path: file.path)
    try await otherPool.write { db in
      var item = Item(title: "From elsewhere")
      try item.insert(db)
    }
    #expect(await wait(for: $items) { $0.map(\.title) == ["From elsewhere"] })
  }

  @Test func theDefaultDatabaseInTestsIsBlankAndInMemory() throws {
    @Dependency(\.defaultDatabase) var database
    #expect(database.path == ":memory:")
    let tables = try database.read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master") }
    #expect(tables.isEmpty)
  }
}

/// SharingGRDB 0.1.1's `fetchIDHashValue` and `fetchAnimationHashValue`: two requests of
/// different types that hold no fields are different keys, down to their hash, with or without
/// an animation; the same request is the same key.
@Suite struct FetchKeyIdentityTests {
  fileprivate struct FirstRequest: FetchKeyRequest {
    func fetch(_ db: Database) throws {}
  }
  fileprivate struct SecondRequest: FetchKeyRequest {
    func fetch(_ db: Database) throws {}
  }

  @Test func requestsOfDifferentTypesAreDifferentKeys() throws {
    let database = try DatabaseQueue()
    withDependencies {
      $0.defaultDatabase = database
    } operation: {
      let first: some SharedReaderKey<Void> = .fetch(FirstRequest())
      let second: some SharedReaderKey<Void> = .fetch(SecondRequest())
      #expect(first.id.hashValue != second.id.hashValue)
      #expect(AnyHashable(first.id) != AnyHashable(second.id))
      let animated: some SharedReaderKey<Void> = .fetch(SecondRequest(), animation: .default)
      #expect(first.id.hashValue != animated.id.hashValue)
      #expect(AnyHashable(second.id) != AnyHashable(animated.id))
      let again: some SharedReaderKey<Void> = .fetch(FirstRequest())
      #expect(AnyHashable(first.id) == AnyHashable(again.id))
      #expect(first.id.hashValue == again.id.hashValue)
    }
  }
}
