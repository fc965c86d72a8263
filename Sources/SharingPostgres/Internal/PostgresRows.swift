import Foundation
import Logging
import PostgresNIO
import Sharing

/// The SQL of the database key on PostgreSQL: its table, `sharing_rows`, one row per stored row
/// of each key (see `StoredRow`), each with a version drawn from one sequence (so a version never
/// repeats, even for a row deleted and added again), and a trigger that tells every listener
/// which rows of which key a statement changed.
enum PostgresRows {
  /// The channel the trigger notifies: its payload is `{"pid": …, "key": …, "ids": […]}` (`ids`
  /// left out when they would not fit in a notification: then every row of the key is checked).
  static let channel = "sharing_rows"

  /// The schema version this library writes; older ones are migrated, in one transaction that
  /// other processes starting at the same moment wait for.
  static let schemaVersion = 1

  static func migrate(_ connection: PostgresConnection, logger: Logger) async throws {
    try await connection.withTransaction(logger: logger) { connection in
      // Any number constant to this library: processes migrating at once take turns.
      try await connection.query("SELECT pg_advisory_xact_lock(727167201)", logger: logger)
      try await connection.query(
        "CREATE TABLE IF NOT EXISTS sharing_schema (version integer NOT NULL)", logger: logger
      )
      var version = 0
      for try await (stored) in try await connection.query("SELECT version FROM sharing_schema", logger: logger)
        .decode(Int.self)
      {
        version = max(version, stored)
      }
      guard version < schemaVersion else { return }
      for statement in migrations[version...].joined() {
        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
      }
      try await connection.query("DELETE FROM sharing_schema", logger: logger)
      try await connection.query("INSERT INTO sharing_schema VALUES (\(schemaVersion))", logger: logger)
    }
  }

  /// Each schema version's statements, in order: `migrations[n]` goes from version n to n + 1.
  private static let migrations: [[String]] = [[
    "CREATE SEQUENCE sharing_rows_version",
    """
    CREATE TABLE sharing_rows (
      key text NOT NULL,
      id text NOT NULL,
      position bigint NOT NULL,
      json text NOT NULL,
      version bigint NOT NULL,
      PRIMARY KEY (key, id)
    )
    """,
    """
    CREATE FUNCTION sharing_rows_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      changed_key text;
      payload text;
    BEGIN
      FOR changed_key, payload IN
        SELECT key, json_build_object('pid', pg_backend_pid(), 'key', key, 'ids', json_agg(id))::text
        FROM changed GROUP BY key
      LOOP
        IF octet_length(payload) > 7000 THEN
          payload := json_build_object('pid', pg_backend_pid(), 'key', changed_key)::text;
        END IF;
        PERFORM pg_notify('sharing_rows', payload);
      END LOOP;
      RETURN NULL;
    END $$
    """,
    """
    CREATE TRIGGER sharing_rows_inserted AFTER INSERT ON sharing_rows
      REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION sharing_rows_notify()
    """,
    """
    CREATE TRIGGER sharing_rows_updated AFTER UPDATE ON sharing_rows
      REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION sharing_rows_notify()
    """,
    """
    CREATE TRIGGER sharing_rows_deleted AFTER DELETE ON sharing_rows
      REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION sharing_rows_notify()
    """,
  ]]

  /// A row as read, with its version.
  typealias Entry = (row: StoredRow, version: Int64)

  /// Every row of every key.
  static func allRows(_ connection: PostgresConnection, logger: Logger) async throws -> [String: [Entry]] {
    var rows: [String: [Entry]] = [:]
    let result = try await connection.query(
      "SELECT key, id, position, json, version FROM sharing_rows", logger: logger
    )
    for try await (key, id, position, json, version) in result.decode((String, String, Int, String, Int64).self) {
      rows[key, default: []].append((StoredRow(id: id, position: position, json: Data(json.utf8)), version))
    }
    return rows
  }

  /// The keys that have rows.
  static func keys(_ connection: PostgresConnection, logger: Logger) async throws -> [String] {
    var keys: [String] = []
    for try await key in try await connection.query("SELECT DISTINCT key FROM sharing_rows", logger: logger)
      .decode(String.self)
    {
      keys.append(key)
    }
    return keys
  }

  /// Each row's version, by id.
  static func versions(of key: String, _ connection: PostgresConnection, logger: Logger) async throws -> [String: Int64] {
    var versions: [String: Int64] = [:]
    let result = try await connection.query(
      "SELECT id, version FROM sharing_rows WHERE key = \(key)", logger: logger
    )
    for try await (id, version) in result.decode((String, Int64).self) { versions[id] = version }
    return versions
  }

  /// The rows of `key` with these ids (those that still exist).
  static func rows(of key: String, ids: [String], _ connection: PostgresConnection, logger: Logger) async throws -> [Entry] {
    guard !ids.isEmpty else { return [] }
    var entries: [Entry] = []
    let result = try await connection.query(
      "SELECT id, position, json, version FROM sharing_rows WHERE key = \(key) AND id = ANY(\(ids))",
      logger: logger
    )
    for try await (id, position, json, version) in result.decode((String, Int, String, Int64).self) {
      entries.append((StoredRow(id: id, position: position, json: Data(json.utf8)), version))
    }
    return entries
  }

  /// Writes `changes` in one statement (so in one transaction, whatever else runs on the
  /// connection); returns the new version of each row written. The usual save (a few rows
  /// changed, none deleted) is a plain `INSERT … VALUES`, the cheapest form for the server.
  static func apply(
    _ changes: RowChanges, to key: String, _ connection: PostgresConnection, logger: Logger
  ) async throws -> [String: Int64] {
    let upsert = """
      ON CONFLICT (key, id) DO UPDATE SET
        position = excluded.position, json = excluded.json, version = excluded.version
      RETURNING id, version
      """
    var query: PostgresQuery
    if changes.deletions.isEmpty, changes.upserts.count <= 100 {
      var bindings = PostgresBindings(capacity: 1 + 3 * changes.upserts.count)
      bindings.append(key)
      var values: [String] = []
      for (index, row) in changes.upserts.enumerated() {
        bindings.append(row.id)
        bindings.append(row.position)
        bindings.append(String(decoding: row.json, as: UTF8.self))
        values.append("($1, $\(3 * index + 2), $\(3 * index + 3), $\(3 * index + 4), nextval('sharing_rows_version'))")
      }
      query = PostgresQuery(
        unsafeSQL: "INSERT INTO sharing_rows (key, id, position, json, version) VALUES "
          + values.joined(separator: ", ") + "\n" + upsert,
        binds: bindings
      )
    } else {
      let ids = changes.upserts.map(\.id)
      let positions = changes.upserts.map(\.position)
      let json = changes.upserts.map { String(decoding: $0.json, as: UTF8.self) }
      query = """
        WITH deleted AS (
          DELETE FROM sharing_rows WHERE key = \(key) AND id = ANY(\(changes.deletions))
        )
        INSERT INTO sharing_rows (key, id, position, json, version)
        SELECT \(key), changed.id, changed.position, changed.json, nextval('sharing_rows_version')
        FROM unnest(\(ids)::text[], \(positions)::bigint[], \(json)::text[]) AS changed(id, position, json)
        """
      query.sql += "\n" + upsert
    }
    let result = try await connection.query(query, logger: logger)
    var versions: [String: Int64] = [:]
    for try await (id, version) in result.decode((String, Int64).self) { versions[id] = version }
    return versions
  }

  /// The connection's server process id, which the trigger puts in its notifications (so that a
  /// process can pass over its own).
  static func backendPID(_ connection: PostgresConnection, logger: Logger) async throws -> Int {
    for try await pid in try await connection.query("SELECT pg_backend_pid()", logger: logger).decode(Int.self) {
      return pid
    }
    return 0
  }

  /// A notification's payload, read.
  struct Notification: Decodable {
    var pid: Int
    var key: String
    /// Nil: too many to list; check every row of the key.
    var ids: [String]?
  }
}
