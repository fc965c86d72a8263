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
public struct DatabaseKey<Value: Codable & Sendable>: SharedKey, _MarksSaves {
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
    synced.withLock { $0.subscriber = subscriber }
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
    let save = SaveMark.current as? PendingSave ?? beginSave()
    databaseWriters.write(
      (), to: id, immediately: writesAtOnce || context == .userInitiated, continuation: continuation
    ) { [self] _ in try write(value, as: save) }
  }

  /// A save, numbered, with the point it was made at: `value` of a save can reach the database
  /// after rows another process wrote were taken in (a `save()` runs off the main actor, where
  /// changes are delivered), and then its copies of those rows are older than what is stored.
  /// The reference marks a save before it reads the value (`_MarksSaves`).
  struct PendingSave {
    let number: Int
    let generation: Int
  }

  package func markSave() -> any Sendable { beginSave() }

  func beginSave() -> PendingSave {
    synced.withLock { synced in
      synced.saves += 1
      return PendingSave(number: synced.saves, generation: synced.generation)
    }
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
      synced.generation += 1
      for id in read.removed {
        synced.versions[id] = nil
        synced.takenIn[id] = synced.generation
      }
      for entry in changed {
        synced.versions[entry.row.id] = entry.version
        synced.takenIn[entry.row.id] = synced.generation
      }
      return value
    }
  }

  /// Writes what changed since this key last read or wrote, in one transaction.
  ///
  /// Rows taken in from another writer after `save` was made are left as stored: `value`'s copies
  /// of them are older, and writing them would undo the other writer's change. When that happened
  /// and this is the newest save, the value is handed back merged (the other writer's rows and
  /// this save's edits), since the change taken in meanwhile did not hold this save's edits.
  func write(_ value: Value, as save: PendingSave) throws {
    try SQLiteRows.migrate(database)
    let merged = try synced.withLock { synced -> (value: Value, subscriber: SharedSubscriber<Value>?)? in
      let newer = Set(synced.takenIn.compactMap { $0.value > save.generation ? $0.key : nil })
      let update = try synced.state.update(
        to: value, keepingNewer: newer, encoder: Self.encoder, decoder: Self.decoder
      )
      if !update.changes.isEmpty {
        let versions = try database.write { db in try SQLiteRows.apply(update.changes, to: name, in: db) }
        synced.state.apply(update)
        for id in update.changes.deletions { synced.versions[id] = nil }
        for (id, version) in versions { synced.versions[id] = version }
      }
      // No save older than the newest is written after it: what was taken in is now in the value.
      guard save.number == synced.saves else { return nil }
      synced.takenIn = [:]
      guard !newer.isEmpty, let mergedValue = update.value(as: Value.self) else { return nil }
      return (mergedValue, synced.subscriber as? SharedSubscriber<Value>)
    }
    if let merged { merged.subscriber?.yield(merged.value) }
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
    /// How many times rows were taken in from another writer; by row id, the last time its row was.
    var generation = 0
    var takenIn: [String: Int] = [:]
    /// How many saves were made (see `DatabaseKey.PendingSave`).
    var saves = 0
    /// Whom to hand a merged value (a `SharedSubscriber` of the key's value).
    var subscriber: (any Sendable)?
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
