import ConcurrencyExtras
import Dependencies
import Foundation
import GRDB
import Sharing
import Synchronization

extension SharedKey {
  /// App state kept in a SQLite database: `@Shared(.database("standups")) var standups:
  /// IdentifiedArrayOf<Standup> = []`.
  ///
  /// An `IdentifiedArray` of `Codable` elements is one row per element (its id, its position, the
  /// element as JSON, a version), so a save writes only the rows that changed, in one transaction,
  /// and two processes that edit different elements both keep their edit; any other `Codable`
  /// value is one row. Changes made through another connection or process arrive within a second,
  /// and only the rows they changed are read again.
  ///
  /// Writes are coalesced as `.fileStorage` coalesces them: the first change is written at once,
  /// then at most one transaction a second while changes keep coming (the last one always);
  /// `$value.save()` and `flushPendingWrites()` write what is pending now, and the terminal and
  /// web front ends call it on quit, Ctrl-C, SIGTERM and SIGHUP. In a test context every change
  /// is written at once. The rows live in the table `sharingRows`,
  /// which the key creates; no other table is touched. `database` is
  /// `@Dependency(\.defaultDatabase)` unless given.
  public static func database<Value: Codable & Sendable>(
    _ name: String, database: (any DatabaseWriter)? = nil
  ) -> Self where Self == DatabaseKey<Value> {
    DatabaseKey(name: name, database: database)
  }
}

/// The key of app state kept in a database; see `database(_:database:)`.
public struct DatabaseKey<Value: Codable & Sendable>: SharedKey {
  let name: String
  let database: any DatabaseWriter
  /// What this key last read from or wrote to the database: its rows (with the value they hold)
  /// and each row's version, by id.
  let synced = Synced()
  /// Whether every change is written at once (in tests, so that a test sees its writes).
  let writesAtOnce: Bool

  init(name: String, database: (any DatabaseWriter)?) {
    self.name = name
    @Dependency(\.context) var context
    self.writesAtOnce = context == .test
    if let database {
      self.database = database
    } else {
      @Dependency(\.defaultDatabase) var defaultDatabase
      self.database = defaultDatabase
    }
  }

  public var id: DatabaseKeyID {
    DatabaseKeyID(database: ObjectIdentifier(database), name: name)
  }

  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    continuation.resume(with: Result { try read() })
  }

  public func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    let key = self
    try? SQLiteRows.migrate(database)
    // A commit is followed by reading only the rows written since this key last looked.
    return followDatabase(
      database, coalescing: true,
      thisConnection: { changed in
        // A commit through this writer that touched the table: told on the writer's queue right
        // after the commit, without reading anything there. A `ValueObservation` would fetch on
        // every commit and hold the writer until its read began.
        DatabaseRegionObservation(tracking: Table(SQLiteRows.table)).start(
          in: database, onError: { _ in }, onChange: { _ in changed(()) }
        )
      },
      otherConnections: {},
      deliver: { _ in
        // This process's edits still held back go first: they are written against what this
        // key last saw, so they change only the rows edited here; then the rows another
        // process changed are read, and the value has both.
        databaseWriters.flush(key.id)
        do {
          if let value = try key.readChangedRows() { subscriber.yield(value) }
        } catch {
          subscriber.yield(throwing: error)
        }
      }
    )
  }

  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    databaseWriters.write(
      (), to: id, immediately: writesAtOnce || context == .userInitiated, continuation: continuation
    ) { [self] _ in try write(value) }
  }

  /// Reads every row of the value.
  func read() throws -> Value? {
    try SQLiteRows.migrate(database)
    let rows = try database.read { try SQLiteRows.rows(of: name, in: $0) }
    let value = try Sharing.value(Value.self, fromStoredRows: rows.map(\.row), decoder: Self.decoder)
    synced.withLock {
      $0.state = StoredRowsState(rows: rows.map(\.row), value: value)
      $0.versions = Dictionary(uniqueKeysWithValues: rows.map { ($0.row.id, $0.version) })
      $0.seen = rows.map(\.version).max() ?? 0
    }
    return value
  }

  /// Reads the rows written since this key last looked (through the version index) and takes in
  /// those it did not write itself, decoding only them; nil when there are none.
  ///
  /// All of it under the key's lock, as writes are: a write on another thread can neither slip
  /// between reading the rows and taking them in, nor be diffed against half of it.
  func readChangedRows() throws -> Value? {
    try synced.withLock { synced in
      let read = try database.read { db -> (written: [(row: StoredRow, version: Int64)], removed: Set<String>) in
        let written = try SQLiteRows.rows(of: name, after: synced.seen, in: db)
        // Another writer that deleted rows gave the first row a new version: find what went.
        let firstRowMoved = written.contains { entry in
          entry.row.id == "" && synced.versions[""] != nil && synced.versions[""] != entry.version
        }
        guard firstRowMoved else { return (written, []) }
        let ids = try SQLiteRows.ids(of: name, in: db)
        return (written, Set(synced.versions.keys.filter { !ids.contains($0) }))
      }
      // This key's own writes come back too, with the versions it already holds.
      let changed = read.written.filter { synced.versions[$0.row.id] != $0.version }
      let seen = max(synced.seen, read.written.map(\.version).max() ?? 0)
      guard !changed.isEmpty || !read.removed.isEmpty else {
        synced.seen = seen
        return nil
      }
      // Taken in first: a row that does not decode leaves the key as it was, to be read again.
      let value = try synced.state.take(
        changed.map(\.row), removing: read.removed, as: Value.self, decoder: Self.decoder
      )
      synced.seen = seen
      for id in read.removed { synced.versions[id] = nil }
      for entry in changed { synced.versions[entry.row.id] = entry.version }
      return value
    }
  }

  /// Writes what changed since this key last read or wrote, in one transaction.
  func write(_ value: Value) throws {
    try SQLiteRows.migrate(database)
    try synced.withLock { synced in
      let update = try synced.state.update(to: value, encoder: Self.encoder)
      guard !update.changes.isEmpty else { return }
      let versions = try database.write { db in try SQLiteRows.apply(update.changes, to: name, in: db) }
      synced.state.apply(update)
      for id in update.changes.deletions { synced.versions[id] = nil }
      for (id, version) in versions { synced.versions[id] = version }
    }
  }

  static var encoder: JSONEncoder { StoredRowsCoding.encoder }
  static var decoder: JSONDecoder { StoredRowsCoding.decoder }
}

/// What a ``DatabaseKey`` last read or wrote, changed in place under a lock (`LockIsolated`
/// would copy its 10,000 rows on every change).
final class Synced: Sendable {
  struct State {
    /// The rows, and the value they hold.
    var state = StoredRowsState()
    /// Each row's version, by id.
    var versions: [String: Int64] = [:]
    /// The largest version this key has read: every row written after it has a larger one. (Not
    /// moved by the key's own writes: another writer's commit may sit below them, unread.)
    var seen: Int64 = 0
  }

  private let mutex = Mutex(State())

  func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
    try mutex.withLock { synced in try body(&synced) }
  }
}

/// The writes of every database key, coalesced by key.
private let databaseWriters = Writers<DatabaseKeyID, Void>()

extension DatabaseKey: CustomStringConvertible {
  public var description: String { ".database(\(name.debugDescription))" }
}

/// The identity of a ``DatabaseKey``: its database and its name.
public struct DatabaseKeyID: Hashable, Sendable {
  let database: ObjectIdentifier
  let name: String
}
