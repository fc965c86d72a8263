import ConcurrencyExtras
import GRDB
import Sharing

/// The SQL of `DatabaseKey` on SQLite: its table, `sharingRows`, one row per stored row of each
/// key (see `StoredRow`), with a version: the key's write count when the row was last written
/// (one more than the key's largest version), so that the rows another connection changed since
/// a reader last looked are those above the largest version it saw, found through an index.
/// A write that deletes rows also gives the key's first row (id `""`) the new version: a reader
/// that sees it move looks for rows that went.
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
    // Versions count a key's writes (they went up per row before): readers find what changed
    // through this index. Rows written before keep their versions, all below the next write's.
    migrator.registerMigration("SharingGRDB: sharingRows by version") { db in
      try db.execute(sql: #"CREATE INDEX sharingRowsByVersion ON sharingRows ("key", "version")"#)
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

  /// The rows of `key` written after version `version` (through the index).
  static func rows(of key: String, after version: Int64, in db: Database) throws -> [(row: StoredRow, version: Int64)] {
    try Row.fetchAll(
      db,
      sql: #"SELECT "id", "position", "json", "version" FROM sharingRows WHERE "key" = ? AND "version" > ?"#,
      arguments: [key, version]
    ).map(entry)
  }

  /// The ids of every row of `key`.
  static func ids(of key: String, in db: Database) throws -> Set<String> {
    Set(try String.fetchAll(db, sql: #"SELECT "id" FROM sharingRows WHERE "key" = ?"#, arguments: [key]))
  }

  /// Writes `changes` (inside the caller's transaction), every row written with the key's next
  /// version (and the first row too when rows are deleted); returns the versions written, by id.
  static func apply(_ changes: RowChanges, to key: String, in db: Database) throws -> [String: Int64] {
    guard !changes.isEmpty else { return [:] }
    let largest = try Int64.fetchOne(
      db, sql: #"SELECT max("version") FROM sharingRows WHERE "key" = ?"#, arguments: [key]
    )
    let version = (largest ?? 0) + 1
    var versions: [String: Int64] = [:]
    let upsert = try db.cachedStatement(
      sql: """
        INSERT INTO sharingRows ("key", "id", "position", "json", "version") VALUES (?, ?, ?, ?, ?)
        ON CONFLICT ("key", "id") DO UPDATE SET
          "position" = excluded."position", "json" = excluded."json", "version" = excluded."version"
        """
    )
    for row in changes.upserts {
      try upsert.execute(arguments: [key, row.id, row.position, row.json, version])
      versions[row.id] = version
    }
    guard !changes.deletions.isEmpty else { return versions }
    let delete = try db.cachedStatement(sql: #"DELETE FROM sharingRows WHERE "key" = ? AND "id" = ?"#)
    for id in changes.deletions {
      try delete.execute(arguments: [key, id])
    }
    try db.execute(
      sql: #"UPDATE sharingRows SET "version" = ? WHERE "key" = ? AND "id" = ''"#, arguments: [version, key]
    )
    if db.changesCount > 0 { versions[""] = version }
    return versions
  }

  private static func entry(_ row: Row) -> (row: StoredRow, version: Int64) {
    (StoredRow(id: row["id"], position: row["position"], json: row["json"]), row["version"])
  }
}
