/// A request for a value read from a SQLite database, for a reader that follows it:
/// `@SharedReader(.fetch(Request()))`.
///
/// ```swift
/// struct Players: FetchKeyRequest {
///   var team: String
///   func fetch(_ db: Database) throws -> [Player] {
///     try Player.filter(Column("team") == team).order(Column("name")).fetchAll(db)
///   }
/// }
///
/// @SharedReader(.fetch(Players(team: "Blue"))) var players
/// ```
///
/// A request's identity (its type and its value) is its reader's: two readers of equal requests
/// on one database share one value, and two different requests never do. `fetch` may run several
/// queries: they run in one read transaction, so they see one state of the database, and the
/// reader follows every table and row they read.
public protocol FetchKeyRequest<Value>: Hashable, Sendable {
  associatedtype Value

  /// Reads the value.
  func fetch(_ db: Database) throws -> Value
}

/// `.fetchAll(sql:arguments:)`: every row of a query, decoded as `Record`.
struct FetchAllRequest<Record: FetchableRecord>: FetchKeyRequest {
  let sql: String
  let arguments: StatementArguments

  func fetch(_ db: Database) throws -> [Record] {
    try Record.fetchAll(db, sql: sql, arguments: arguments)
  }
}

/// `.fetchOne(sql:arguments:)`: the first column of a query's first row, or nil.
struct FetchOneRequest<Value: DatabaseValueConvertible>: FetchKeyRequest {
  let sql: String
  let arguments: StatementArguments

  func fetch(_ db: Database) throws -> Value? {
    try Value.fetchOne(db, sql: sql, arguments: arguments)
  }
}

/// `.fetchOne(sql:arguments:)` into a value that is not optional: the first column of a query's
/// first row, which must exist (`SELECT count(*) …`).
struct FetchOneRequiredRequest<Value: DatabaseValueConvertible>: FetchKeyRequest {
  let sql: String
  let arguments: StatementArguments

  func fetch(_ db: Database) throws -> Value {
    guard let value = try Value.fetchOne(db, sql: sql, arguments: arguments) else {
      throw NoRow(sql: sql)
    }
    return value
  }
}

/// What a `.fetchOne` reader of a value that is not optional reads when its query returns no row:
/// the reader keeps its value and this is its `loadError`.
public struct NoRow: Error, CustomStringConvertible {
  /// The query.
  public let sql: String

  public var description: String {
    "\(sql.debugDescription) returned no row: make the reader's value optional to read nil."
  }
}
