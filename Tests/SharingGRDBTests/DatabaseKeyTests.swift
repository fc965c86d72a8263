import ComposableArchitecture
import Foundation
import SharingGRDB
import Testing

struct Thing: Codable, Equatable, Identifiable, Sendable {
  var id: Int
  var name: String
}

/// How many rows of `key` were written more than once (their version went past 1).
func rewrittenRows(of key: String, in database: any DatabaseReader) throws -> Int {
  try database.read {
    try Int.fetchOne($0, sql: #"SELECT count(*) FROM sharingRows WHERE "key" = ? AND "version" > 1"#, arguments: [key]) ?? 0
  }
}

@Suite struct RowChangesTests {
  let rows = (0..<5).map { StoredRow(id: "\($0)", position: $0, json: Data("\($0)".utf8)) }

  @Test func nothingChangedWritesNothing() {
    #expect(rowChanges(from: rows, to: rows).isEmpty)
  }

  @Test func anEditIsOneRow() {
    var edited = rows
    edited[2].json = Data("two".utf8)
    #expect(rowChanges(from: rows, to: edited) == RowChanges(upserts: [edited[2]], deletions: []))
  }

  @Test func anAppendIsOneRowAndARemovalMovesTheRowsAfterIt() {
    let appended = rows + [StoredRow(id: "5", position: 5, json: Data("5".utf8))]
    #expect(rowChanges(from: rows, to: appended).upserts.map(\.id) == ["5"])
    let removed = rows.filter { $0.id != "3" }.enumerated().map { position, row in
      StoredRow(id: row.id, position: position, json: row.json)
    }
    let changes = rowChanges(from: rows, to: removed)
    #expect(changes.deletions == ["3"])
    #expect(changes.upserts.map(\.id) == ["4"])
  }

  @Test func rowsOfAnIdentifiedArrayAndBack() throws {
    let things: IdentifiedArrayOf<Thing> = [Thing(id: 2, name: "b"), Thing(id: 1, name: "a")]
    let stored = try storedRows(of: things, encoder: JSONEncoder())
    #expect(stored.map(\.id) == ["", "2", "1"])
    #expect(try value(IdentifiedArrayOf<Thing>.self, fromStoredRows: stored.reversed(), decoder: JSONDecoder()) == things)
    #expect(try value(IdentifiedArrayOf<Thing>.self, fromStoredRows: [], decoder: JSONDecoder()) == nil)
    // An empty array is a value, not nothing.
    let empty = try storedRows(of: IdentifiedArrayOf<Thing>(), encoder: JSONEncoder())
    #expect(try value(IdentifiedArrayOf<Thing>.self, fromStoredRows: empty, decoder: JSONDecoder()) == [])
  }
}

@Suite struct StoredRowsStateTests {
  /// Keys sorted: an unsorted encoder may order an object's keys differently on each encode.
  let encoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return encoder
  }()
  let things = IdentifiedArrayOf<Thing>(uniqueElements: (0..<100).map { Thing(id: $0, name: "thing \($0)") })

  /// The state after writing `value` from nothing.
  func written(_ value: IdentifiedArrayOf<Thing>) throws -> StoredRowsState {
    var state = StoredRowsState()
    state.apply(try state.update(to: value, encoder: encoder))
    return state
  }

  @Test func anEditFindsItsOneRowWithoutTheOthers() throws {
    var state = try written(things)
    #expect(state.rows.count == 101)
    var edited = things
    edited[id: 40]?.name = "forty"
    let update = try state.update(to: edited, encoder: encoder)
    #expect(update.changes.upserts.map(\.id) == ["40"])
    #expect(update.changes.deletions.isEmpty)
    state.apply(update)
    // The rows are those of the edited value, as if every element had been encoded.
    #expect(state.rows == (try storedRows(of: edited, encoder: encoder)))
  }

  @Test func changedAndChangedBackWritesNothing() throws {
    let state = try written(things)
    var edited = things
    edited[id: 7]?.name = "seven"
    edited[id: 7]?.name = "thing 7"
    #expect(try state.update(to: edited, encoder: encoder).changes.isEmpty)
  }

  @Test func insertionsRemovalsAndMovesCompareEveryRow() throws {
    var state = try written(things)
    var changed = things
    changed.remove(id: 3)
    changed.insert(Thing(id: 500, name: "new"), at: 0)
    changed.swapAt(10, 20)
    let update = try state.update(to: changed, encoder: encoder)
    #expect(update.changes == rowChanges(from: state.rows, to: try storedRows(of: changed, encoder: encoder)))
    #expect(update.changes.deletions == ["3"])
    state.apply(update)
    #expect(state.rows == (try storedRows(of: changed, encoder: encoder)))
    // And an edit after that finds its row again.
    var edited = changed
    edited[id: 50]?.name = "fifty"
    #expect(try state.update(to: edited, encoder: encoder).changes.upserts.map(\.id) == ["50"])
  }
}

@Suite struct DatabaseKeyTests {
  @Test func aOneElementEditOfAThousandWritesOneRow() async throws {
    let database = try DatabaseQueue()
    @Shared(.database("things", database: database)) var things: IdentifiedArrayOf<Thing> = []
    $things.withLock {
      for id in 0..<1_000 { $0.append(Thing(id: id, name: "thing \(id)")) }
    }
    let count = try await database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM sharingRows") }
    #expect(count == 1_001)
    #expect(try rewrittenRows(of: "things", in: database) == 0)

    $things.withLock { $0[id: 500]?.name = "renamed" }
    #expect(try rewrittenRows(of: "things", in: database) == 1)

    // Read back by another reference (a process starting again).
    let value = try await withDependencies { _ in } operation: {
      try await Shared<IdentifiedArrayOf<Thing>>(require: .database("things", database: database))
    }
    #expect(value.wrappedValue.count == 1_000)
    #expect(value.wrappedValue[id: 500]?.name == "renamed")
  }

  @Test func twoConnectionsEditingDifferentElementsBothKeepTheirEdit() async throws {
    let file = try temporaryDatabaseFile()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let first = try DatabasePool(path: file.path)
    let second = try DatabasePool(path: file.path)
    @Shared(.database("things", database: first)) var a: IdentifiedArrayOf<Thing> = []
    $a.withLock { $0 = [Thing(id: 1, name: "one"), Thing(id: 2, name: "two")] }

    @Shared(.database("things", database: second)) var b: IdentifiedArrayOf<Thing> = []
    #expect(b.map(\.name) == ["one", "two"])

    // Each edits its own element, neither having seen the other's edit.
    $a.withLock { $0[id: 1]?.name = "one (a)" }
    $b.withLock { $0[id: 2]?.name = "two (b)" }

    let rows = try await first.read {
      try String.fetchAll($0, sql: #"SELECT "json" FROM sharingRows WHERE "id" <> '' ORDER BY "position""#)
    }
    #expect(rows.count == 2)
    #expect(rows[0].contains("one (a)") && rows[1].contains("two (b)"))
    // And each sees the other's, within a second, reading only the row that changed.
    #expect(await wait(for: SharedReader($a)) { $0.map(\.name) == ["one (a)", "two (b)"] })
    #expect(await wait(for: SharedReader($b)) { $0.map(\.name) == ["one (a)", "two (b)"] })
  }

  /// The version of `key`'s row `id`: how many times it was written.
  func version(of id: String, in key: String, _ database: any DatabaseReader) throws -> Int {
    try database.read {
      try Int.fetchOne($0, sql: #"SELECT "version" FROM sharingRows WHERE "key" = ? AND "id" = ?"#, arguments: [key, id]) ?? 0
    }
  }

  @Test func outsideTestsABurstOfEditsIsOneTransactionASecondAndAFlushWritesTheLast() async throws {
    let database = try DatabaseQueue()
    let things = withDependencies { $0.context = .live } operation: {
      Shared(wrappedValue: IdentifiedArrayOf<Thing>(), .database("burst", database: database))
    }
    things.withLock { $0.append(Thing(id: 1, name: "t")) }  // the first change: written at once
    #expect(try version(of: "1", in: "burst", database) == 1)
    let flushes = PendingWrites.flushCount
    for letter in "yping" { things.withLock { $0[id: 1]?.name.append(letter) } }
    // Held back: the typing is not written keystroke by keystroke (unless a flush elsewhere in this
    // process, a server stopping in another test, wrote it).
    let afterTyping = try version(of: "1", in: "burst", database)
    if PendingWrites.flushCount == flushes { #expect(afterTyping == 1) }

    flushPendingWrites()  // what quitting, SIGTERM and SIGHUP do
    #expect(try version(of: "1", in: "burst", database) == 2)
    let json = try await database.read {
      try String.fetchOne($0, sql: #"SELECT "json" FROM sharingRows WHERE "key" = 'burst' AND "id" = '1'"#)
    }
    #expect(json?.contains("typing") == true)
  }

  /// On the main actor, where an app's edits and the changes from other processes both happen.
  @MainActor
  @Test func editsHeldBackAreNotLostWhenAnotherProcessChangesAnotherElement() async throws {
    let file = try temporaryDatabaseFile()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let first = try DatabasePool(path: file.path)
    let second = try DatabasePool(path: file.path)
    let (a, b) = withDependencies { $0.context = .live } operation: {
      (
        Shared(wrappedValue: IdentifiedArrayOf<Thing>(), .database("held", database: first)),
        Shared(wrappedValue: IdentifiedArrayOf<Thing>(), .database("held", database: second))
      )
    }
    a.withLock { $0 = [Thing(id: 1, name: "one"), Thing(id: 2, name: "two")] }
    #expect(await wait(for: SharedReader(b)) { $0.count == 2 })
    // `a` edits element 1 twice: the second edit is held back (less than a second later)...
    a.withLock { $0[id: 1]?.name = "o" }
    a.withLock { $0[id: 1]?.name = "one (a)" }
    // ...while `b` edits element 2 and writes it.
    b.withLock { $0[id: 2]?.name = "two (b)" }
    try await b.save()
    // `a` hears of `b`'s write: its held-back edit is written first (element 1 only), then
    // element 2 is read; nothing of either edit is lost, in memory or in the file.
    #expect(await wait(for: SharedReader(a)) { $0.map(\.name) == ["one (a)", "two (b)"] })
    #expect(await wait(for: SharedReader(b)) { $0.map(\.name) == ["one (a)", "two (b)"] })
    let names = try await second.read {
      try String.fetchAll($0, sql: #"SELECT "json" FROM sharingRows WHERE "key" = 'held' AND "id" <> '' ORDER BY "position""#)
    }
    #expect(names.count == 2 && names[0].contains("one (a)") && names[1].contains("two (b)"), "the rows: \(names)")
  }

  /// Another process's one-element edit of a thousand is taken in by decoding that element only,
  /// found through the version index; its removal and insertion of others are taken in too.
  @Test func anotherConnectionsChangeIsTakenInDecodingOnlyTheRowsItWrote() async throws {
    let file = try temporaryDatabaseFile()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let first = try DatabasePool(path: file.path)
    let second = try DatabasePool(path: file.path)
    @Shared(.database("counted", database: first)) var a: IdentifiedArrayOf<CountedThing> = []
    $a.withLock { $0 = IdentifiedArray(uniqueElements: (0..<1_000).map { CountedThing(id: $0, name: "thing \($0)") }) }
    @Shared(.database("counted", database: second)) var b: IdentifiedArrayOf<CountedThing> = []
    #expect(b.count == 1_000)

    CountedThing.decoded.setValue(0)
    $b.withLock { $0[id: 500]?.name = "renamed by b" }
    #expect(await wait(for: SharedReader($a)) { $0[id: 500]?.name == "renamed by b" })
    #expect(CountedThing.decoded.value == 1)
    #expect(a.count == 1_000 && a.ids.elementsEqual(0..<1_000))

    // A removal (the rows after it move up) and an append: every change arrives, in order.
    $b.withLock {
      $0.remove(id: 2)
      $0.append(CountedThing(id: 1_000, name: "new"))
    }
    #expect(await wait(for: SharedReader($a)) { $0.count == 1_000 && $0[id: 2] == nil && $0.last?.name == "new" })
    #expect(a.ids.elementsEqual(b.ids))
    #expect(a[id: 500]?.name == "renamed by b")
  }

  /// A row written by other code through the key's own database (an in-memory one: no file to
  /// watch) is taken in as soon as it commits, when the writer tells GRDB's observers (which
  /// cannot see changes to a `WITHOUT ROWID` table by themselves).
  @Test func aRowWrittenThroughTheSameDatabaseIsTakenInAtOnce() async throws {
    let database = try DatabaseQueue()
    @Shared(.database("same", database: database)) var things: IdentifiedArrayOf<Thing> = []
    $things.withLock { $0 = [Thing(id: 1, name: "one"), Thing(id: 2, name: "two")] }
    try await database.write { db in
      try db.execute(
        sql: """
          UPDATE sharingRows SET "json" = '{"id":2,"name":"two (elsewhere)"}',
            "version" = (SELECT max("version") FROM sharingRows WHERE "key" = 'same') + 1
          WHERE "key" = 'same' AND "id" = '2'
          """
      )
      try db.notifyChanges(in: Table("sharingRows"))
    }
    #expect(await wait(for: SharedReader($things)) { $0[id: 2]?.name == "two (elsewhere)" })
    #expect(things.map(\.name) == ["one", "two (elsewhere)"])
  }

  /// A row another writer left undecodable is an error and changes nothing; once it is written
  /// again, correctly, it is taken in (it was not marked as seen).
  @Test func aRowThatDoesNotDecodeIsAnErrorAndIsReadAgainOnceFixed() async throws {
    let database = try DatabaseQueue()
    @Shared(.database("broken", database: database)) var things: IdentifiedArrayOf<Thing> = []
    $things.withLock { $0 = [Thing(id: 1, name: "one"), Thing(id: 2, name: "two")] }
    func writeElsewhere(_ json: String) async throws {
      try await database.write { db in
        try db.execute(
          sql: """
            UPDATE sharingRows SET "json" = ?,
              "version" = (SELECT max("version") FROM sharingRows WHERE "key" = 'broken') + 1
            WHERE "key" = 'broken' AND "id" = '2'
            """,
          arguments: [json]
        )
        try db.notifyChanges(in: Table("sharingRows"))
      }
    }
    try await writeElsewhere(#"{"id":2,"nom":"deux"}"#)
    let reader = SharedReader($things)
    #expect(await wait(for: reader) { _ in reader.loadError != nil })
    #expect(things.map(\.name) == ["one", "two"])
    try await writeElsewhere(#"{"id":2,"name":"two (fixed)"}"#)
    #expect(await wait(for: SharedReader($things)) { $0[id: 2]?.name == "two (fixed)" })
    #expect(things.map(\.name) == ["one", "two (fixed)"])
  }

  /// A file written by an earlier version (its rows' versions counted each row's own writes) gets
  /// the version index, and a change made after is found above the largest version it had.
  @Test func aFileOfTheEarlierVersionsIsMigratedAndItsChangesFollowed() async throws {
    let file = try temporaryDatabaseFile()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let earlier = try DatabaseQueue(path: file.path)
    try await earlier.write { db in
      try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
      try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('SharingGRDB: create sharingRows')")
      try db.execute(
        sql: """
          CREATE TABLE sharingRows (
            "key" TEXT NOT NULL, "id" TEXT NOT NULL, "position" INTEGER NOT NULL,
            "json" BLOB NOT NULL, "version" INTEGER NOT NULL, PRIMARY KEY ("key", "id")
          ) WITHOUT ROWID
          """
      )
      try db.execute(
        sql: """
          INSERT INTO sharingRows VALUES
            ('earlier', '', -1, '[]', 1),
            ('earlier', '1', 0, '{"id":1,"name":"one"}', 7),
            ('earlier', '2', 1, '{"id":2,"name":"two"}', 1)
          """
      )
    }
    try earlier.close()
    let first = try DatabasePool(path: file.path)
    let second = try DatabasePool(path: file.path)
    @Shared(.database("earlier", database: first)) var a: IdentifiedArrayOf<Thing> = []
    #expect(a.map(\.name) == ["one", "two"])
    @Shared(.database("earlier", database: second)) var b: IdentifiedArrayOf<Thing> = []
    $b.withLock { $0[id: 2]?.name = "two (b)" }
    #expect(try version(of: "2", in: "earlier", second) == 8)
    #expect(await wait(for: SharedReader($a)) { $0.map(\.name) == ["one", "two (b)"] })
    let indexes = try await first.read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'index'") }
    #expect(indexes.contains("sharingRowsByVersion"))
  }
}

/// A `Thing` that counts how often it is decoded.
struct CountedThing: Codable, Equatable, Identifiable, Sendable {
  static let decoded = LockIsolated(0)
  var id: Int
  var name: String

  init(id: Int, name: String) {
    self.id = id
    self.name = name
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    name = try container.decode(String.self, forKey: .name)
    Self.decoded.withValue { $0 += 1 }
  }
}
