import Dependencies
import Foundation
import Sharing

extension SharedKey {
  /// App state kept in a PostgreSQL database, shared by every process that uses it:
  /// `@Shared(.database("standups", database: postgres)) var standups: IdentifiedArrayOf<Standup> = []`.
  ///
  /// The same meaning as SharingGRDB's `.database(_:database:)` on SQLite: an `IdentifiedArray`
  /// of `Codable` elements is one row per element (its id, its position, the element as JSON, a
  /// version), so a save writes only the rows that changed, in one statement, and two processes
  /// that edit different elements both keep their edit (the same element: the last write wins);
  /// any other `Codable` value is one row. Another process's change arrives by `LISTEN`/`NOTIFY`,
  /// which names the rows it changed, and only those are read again.
  ///
  /// Writes are coalesced as `.fileStorage` coalesces them (the first at once, then at most one
  /// a second; at once in tests and for `$value.save()`), and `flushPendingWrites()` (called by
  /// the terminal and web front ends on quit and on SIGTERM) writes what is held back. While the
  /// server is away, edits are kept and written once it is back.
  public static func database<Value: Codable & Sendable>(
    _ name: String, database: PostgresDatabase
  ) -> Self where Self == PostgresKey<Value> {
    PostgresKey(name: name, database: database)
  }
}

/// The key of app state kept in PostgreSQL; see `database(_:database:)`.
public struct PostgresKey<Value: Codable & Sendable>: SharedKey {
  let name: String
  let database: PostgresDatabase
  let table: PostgresTable
  /// Whether every change is written at once (in tests, so that a test sees its writes).
  let writesAtOnce: Bool

  init(name: String, database: PostgresDatabase) {
    self.name = name
    self.database = database
    self.table = database.table(named: name)
    @Dependency(\.context) var context
    self.writesAtOnce = context == .test
  }

  public var id: PostgresKeyID {
    PostgresKeyID(database: ObjectIdentifier(database), name: name)
  }

  /// The rows as this process has them: read when the database connected, and kept up to date
  /// since; so loading is immediate.
  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    continuation.resume(
      with: Result {
        let rows = table.rows
        let value = try value(of: rows)
        if let value { table.noteValue(value, of: rows) }
        return value
      }
    )
  }

  public func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    let cancel = table.subscribe { [self] rows in
      do {
        let value = try value(of: rows)
        if let value { subscriber.yield(value) } else { subscriber.yieldReturningInitialValue() }
        return value
      } catch {
        subscriber.yield(throwing: error)
        return nil
      }
    }
    return SharedSubscription(cancel)
  }

  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    table.save(
      { rows in try rows.update(to: value, encoder: Self.encoder) },
      immediately: writesAtOnce || context == .userInitiated, continuation: continuation
    )
  }

  private func value(of rows: [StoredRow]) throws -> Value? {
    try Sharing.value(Value.self, fromStoredRows: rows, decoder: Self.decoder)
  }

  static var encoder: JSONEncoder { StoredRowsCoding.encoder }
  static var decoder: JSONDecoder { StoredRowsCoding.decoder }
}

extension PostgresKey: CustomStringConvertible {
  public var description: String { ".database(\(name.debugDescription), database: \(database.configuration))" }
}

/// The identity of a ``PostgresKey``: its database and its name.
public struct PostgresKeyID: Hashable, Sendable {
  let database: ObjectIdentifier
  let name: String
}
