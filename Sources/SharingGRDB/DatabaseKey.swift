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
    let (changes, changesContinuation) = AsyncStream<Void>.makeStream(
      bufferingPolicy: .bufferingNewest(1)
    )
    // Another connection's commit (or this one's, seen by the watch) is followed by reading the
    // versions and then only the rows whose version moved; on the main actor, like readers.
    let delivery = Task { @MainActor in
      for await _ in changes {
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
    }
    // A commit through this writer that touched the table: told on the writer's queue right
    // after the commit, without reading anything there (the delivery reads the versions). A
    // `ValueObservation` would fetch on every commit and hold the writer until its read began.
    try? SQLiteRows.migrate(database)
    let cancellable = DatabaseRegionObservation(tracking: Table(SQLiteRows.table)).start(
      in: database, onError: { _ in }, onChange: { _ in changesContinuation.yield() }
    )
    let watch = DataVersionWatch.watch(database) { changesContinuation.yield() }
    return SharedSubscription {
      cancellable.cancel()
      watch?.cancel()
      changesContinuation.finish()
      delivery.cancel()
    }
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
      $0 = (StoredRowsState(rows: rows.map(\.row), value: value), Dictionary(uniqueKeysWithValues: rows.map { ($0.row.id, $0.version) }))
    }
    return value
  }

  /// Reads the rows whose version changed since this key last saw them; nil when none did.
  ///
  /// All of it under the key's lock, as writes are: a write on another thread can neither slip
  /// between reading the versions and taking in the rows, nor be diffed against half of it.
  func readChangedRows() throws -> Value? {
    try synced.withLock { synced in
      let rows = try database.read { db -> [StoredRow]? in
        let versions = try SQLiteRows.versions(of: name, in: db)
        let changedIDs = versions.filter { synced.versions[$0.key] != $0.value }.map(\.key)
        let removedIDs = Set(synced.versions.keys.filter { versions[$0] == nil })
        guard !changedIDs.isEmpty || !removedIDs.isEmpty else { return nil }
        let fresh = try SQLiteRows.rows(of: name, ids: changedIDs, in: db)
        let freshByID = Dictionary(fresh.map { ($0.row.id, $0) }, uniquingKeysWith: { first, _ in first })
        var rows = synced.state.rows.filter { !removedIDs.contains($0.id) && freshByID[$0.id] == nil }
        rows += fresh.map(\.row)
        for id in removedIDs { synced.versions[id] = nil }
        for entry in fresh { synced.versions[entry.row.id] = entry.version }
        return rows
      }
      guard let rows else { return nil }
      let value = try Sharing.value(Value.self, fromStoredRows: rows, decoder: Self.decoder)
      synced.state = StoredRowsState(rows: rows, value: value)
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
  private let mutex = Mutex<(state: StoredRowsState, versions: [String: Int64])>((StoredRowsState(), [:]))

  func withLock<R>(_ body: (inout (state: StoredRowsState, versions: [String: Int64])) throws -> R) rethrows -> R {
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
