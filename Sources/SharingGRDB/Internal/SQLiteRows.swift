import ConcurrencyExtras
import GRDB
import Sharing

/// The SQL of `DatabaseKey` on SQLite: its table, `sharingRows`, one row per stored row of each
/// key (see `StoredRow`), with a version that goes up by one on every write of the row.
enum SQLiteRows {
  /// The table's name.
  static let table = "sharingRows"
  private static let migrated = LockIsolated<Set<ObjectIdentifier>>([])

  /// Creates the table, once per database (GRDB's migrator remembers it in the file).
  static func migrate(_ database: any DatabaseWriter) throws {
    let id = ObjectIdentifier(database)
    guard !migrated.value.contains(id) else { return }
    var migrator = DatabaseMigrator()
    migrator.registerMigration("SharingGRDB: create sharingRows") { db in
      try db.execute(
        sql: """
          CREATE TABLE sharingRows (
            "key" TEXT NOT NULL,
            "id" TEXT NOT NULL,
            "position" INTEGER NOT NULL,
            "json" BLOB NOT NULL,
            "version" INTEGER NOT NULL,
            PRIMARY KEY ("key", "id")
          ) WITHOUT ROWID
          """
      )
    }
    try migrator.migrate(database)
    migrated.withValue { _ = $0.insert(id) }
  }

  /// Every row of `key`, with its version.
  static func rows(of key: String, in db: Database) throws -> [(row: StoredRow, version: Int64)] {
    try Row.fetchAll(
      db, sql: #"SELECT "id", "position", "json", "version" FROM sharingRows WHERE "key" = ?"#,
      arguments: [key]
    ).map(entry)
  }

  /// The rows of `key` with these ids.
  static func rows(of key: String, ids: [String], in db: Database) throws -> [(row: StoredRow, version: Int64)] {
    guard !ids.isEmpty else { return [] }
    var entries: [(row: StoredRow, version: Int64)] = []
    // In chunks, under SQLite's limit on bound arguments.
    for start in stride(from: 0, to: ids.count, by: 500) {
      let chunk = Array(ids[start..<min(start + 500, ids.count)])
      let marks = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
      entries += try Row.fetchAll(
        db,
        sql: #"SELECT "id", "position", "json", "version" FROM sharingRows WHERE "key" = ? AND "id" IN ("#
          + marks + ")",
        arguments: StatementArguments([key] + chunk)
      ).map(entry)
    }
    return entries
  }

  /// Each row's version, by id.
  static func versions(of key: String, in db: Database) throws -> [String: Int64] {
    var versions: [String: Int64] = [:]
    let rows = try Row.fetchCursor(
      db, sql: #"SELECT "id", "version" FROM sharingRows WHERE "key" = ?"#, arguments: [key]
    )
    while let row = try rows.next() { versions[row["id"]] = row["version"] }
    return versions
  }

  /// Writes `changes` (inside the caller's transaction); returns the new version of each row
  /// written.
  static func apply(_ changes: RowChanges, to key: String, in db: Database) throws -> [String: Int64] {
    var versions: [String: Int64] = [:]
    let upsert = try db.cachedStatement(
      sql: """
        INSERT INTO sharingRows ("key", "id", "position", "json", "version") VALUES (?, ?, ?, ?, 1)
        ON CONFLICT ("key", "id") DO UPDATE SET
          "position" = excluded."position", "json" = excluded."json",
          "version" = sharingRows."version" + 1
        RETURNING "version"
        """
    )
    for row in changes.upserts {
      versions[row.id] = try Int64.fetchOne(upsert, arguments: [key, row.id, row.position, row.json])
    }
    let delete = try db.cachedStatement(sql: #"DELETE FROM sharingRows WHERE "key" = ? AND "id" = ?"#)
    for id in changes.deletions {
      try delete.execute(arguments: [key, id])
    }
    return versions
  }

  private static func entry(_ row: Row) -> (row: StoredRow, version: Int64) {
    (StoredRow(id: row["id"], position: row["position"], json: row["json"]), row["version"])
  }
}
