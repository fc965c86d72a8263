import Foundation
import Logging
import PostgresNIO
import Sharing
import Synchronization

/// One key's rows in a ``PostgresDatabase``: what this process last read or wrote (each row with
/// its version), the edit waiting to be written, and the rows other processes changed that are
/// still to be read. One task at a time does the work, in this order: first this process's
/// held-back edit (written against what this process last saw, so it writes only the rows
/// edited here), then the rows others changed; so neither process's edit is lost.
final class PostgresTable: Sendable {
  /// Encodes the value to write and tells what changed since `rows`.
  typealias Encode = @Sendable (StoredRowsState) throws -> StoredRowsUpdate
  /// A `@Shared` value following the rows: takes every row after a change by another process,
  /// returns the value it made of them (kept to tell the next edit's changed rows cheaply).
  typealias Subscriber = @Sendable ([StoredRow]) -> (any Sendable)?

  private struct State {
    var rows = StoredRowsState()
    var versions: [String: Int64] = [:]
    var pending: Encode?
    var waiting: [SaveContinuation] = []
    var immediately = false
    var lastWrite: ContinuousClock.Instant?
    var staleIDs: Set<String> = []
    var staleAll = false
    var isRunning = false
    var isWriting = false
    /// Counts saves, so that rows read before an edit are not handed over after it.
    var generation = 0
    /// Flushes waiting for the held-back edit to be written.
    var flushes: [DispatchSemaphore] = []
    var subscribers: [Int: Subscriber] = [:]
    var nextSubscriber = 0
  }

  private enum Job {
    case write(Encode)
    case wait(until: ContinuousClock.Instant)
    case refresh(ids: Set<String>?)
    case done
  }

  /// At most one write a second while edits keep coming (the first at once).
  static let interval = Duration.seconds(1)

  let name: String
  private weak let database: PostgresDatabase?
  private let state: Mutex<State>

  init(name: String, database: PostgresDatabase, entries: [PostgresRows.Entry]) {
    self.name = name
    self.database = database
    var initial = State()
    initial.rows = StoredRowsState(rows: entries.map(\.row), value: nil as Int?)
    initial.versions = Dictionary(entries.map { ($0.row.id, $0.version) }, uniquingKeysWith: max)
    state = Mutex(initial)
  }

  /// The rows as this process last read or wrote them.
  var rows: [StoredRow] { state.withLock { $0.rows.rows } }

  /// Remembers `value` as what `rows` hold, so that the next edit is compared with it (and only
  /// the elements that differ are encoded); ignored if the rows changed since.
  func noteValue(_ value: some Sendable, of rows: [StoredRow]) {
    state.withLock { state in
      if state.rows.rows == rows { state.rows = StoredRowsState(rows: rows, value: value) }
    }
  }

  /// Writes the value `encode` holds: at once if `immediately` or nothing was written in the
  /// last second, otherwise a second after the last write (replacing any edit still waiting).
  func save(_ encode: @escaping Encode, immediately: Bool, continuation: SaveContinuation) {
    state.withLock { state in
      state.pending = encode
      state.generation += 1
      state.waiting.append(continuation)
      if immediately { state.immediately = true }
    }
    startWorking()
  }

  func subscribe(_ subscriber: @escaping Subscriber) -> @Sendable () -> Void {
    let id = state.withLock { state in
      defer { state.nextSubscriber += 1 }
      state.subscribers[state.nextSubscriber] = subscriber
      return state.nextSubscriber
    }
    return { [weak self] in
      _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
    }
  }

  /// Another process changed these rows (nil: some rows, check them all): read them again.
  func markStale(ids: [String]?) {
    state.withLock { state in
      if let ids { state.staleIDs.formUnion(ids) } else { state.staleAll = true }
    }
    startWorking()
  }

  /// Writes the held-back edit now; returns once it is written or at `deadline`.
  func flush(until deadline: ContinuousClock.Instant) {
    let written = DispatchSemaphore(value: 0)
    let hasWork = state.withLock { state in
      guard state.pending != nil || state.isWriting else { return false }
      state.immediately = true
      state.flushes.append(written)
      return true
    }
    guard hasWork else { return }
    startWorking()
    let left = ContinuousClock.now.duration(to: deadline).components
    _ = written.wait(timeout: .now() + .nanoseconds(Int(max(0, left.seconds * 1_000_000_000 + left.attoseconds / 1_000_000_000))))
  }

  /// Wakes the flushes waiting, once nothing is held back.
  private func signalFlushes(_ state: inout State) {
    guard state.pending == nil, !state.isWriting else { return }
    for flush in state.flushes { flush.signal() }
    state.flushes = []
  }

  private func startWorking() {
    let start = state.withLock { state in
      guard !state.isRunning else { return false }
      state.isRunning = true
      return true
    }
    if start { Task { await work() } }
  }

  private func work() async {
    while true {
      guard let database, !database.isClosed else {
        state.withLock { $0.isRunning = false }
        return
      }
      switch nextJob() {
      case .done:
        return
      case let .wait(until: instant):
        // This task ends (`nextJob` said so) and another starts at `instant`, or at once when a
        // flush (quit, SIGTERM) asks for the write.
        let delay = ContinuousClock.now.duration(to: instant)
        afterDelay(delay) { [weak self] in self?.startWorking() }
        return
      case let .write(encode):
        guard let connection = database.connection else {
          await database.connected()
          continue
        }
        await write(encode, on: connection, in: database)
      case let .refresh(ids):
        guard let connection = database.connection else {
          state.withLock { state in
            if let ids { state.staleIDs.formUnion(ids) } else { state.staleAll = true }
          }
          await database.connected()
          continue
        }
        await refresh(ids, on: connection, in: database)
      }
    }
  }

  private func nextJob() -> Job {
    state.withLock { state in
      if let pending = state.pending {
        if !state.immediately, let last = state.lastWrite, ContinuousClock.now - last < Self.interval {
          state.isRunning = false
          return .wait(until: last + Self.interval)
        }
        return .write(pending)
      }
      if state.staleAll || !state.staleIDs.isEmpty {
        defer {
          state.staleAll = false
          state.staleIDs = []
        }
        return .refresh(ids: state.staleAll ? nil : state.staleIDs)
      }
      state.isRunning = false
      return .done
    }
  }

  /// Writes the rows that changed since this process last read or wrote them, in one statement.
  private func write(_ encode: @escaping Encode, on connection: PostgresConnection, in database: PostgresDatabase) async {
    let (rows, waiting) = state.withLock { state in
      state.pending = nil
      state.immediately = false
      state.isWriting = true
      defer { state.waiting = [] }
      return (state.rows, state.waiting)
    }
    let update: StoredRowsUpdate
    do {
      update = try encode(rows)
    } catch {
      state.withLock { state in
        state.isWriting = false
        signalFlushes(&state)
      }
      for continuation in waiting { continuation.resume(throwing: error) }
      return
    }
    do {
      let versions =
        update.changes.isEmpty
        ? [:] : try await PostgresRows.apply(update.changes, to: name, connection, logger: database.logger)
      state.withLock { state in
        state.rows.apply(update)
        for id in update.changes.deletions { state.versions[id] = nil }
        for (id, version) in versions { state.versions[id] = version }
        if !update.changes.isEmpty { state.lastWrite = .now }
        state.isWriting = false
        signalFlushes(&state)
      }
      database.logger.debug("\(name.debugDescription): wrote \(update.changes.upserts.count) rows, deleted \(update.changes.deletions.count)")
      for continuation in waiting { continuation.resume() }
    } catch where connection.isClosed || isConnectionError(error) {
      // The server went away: the edit waits for it (a newer one, made meanwhile, replaces it).
      state.withLock { state in
        if state.pending == nil { state.pending = encode }
        state.waiting = waiting + state.waiting
        state.immediately = true
        state.isWriting = false
      }
      database.lost(connection)
      await database.connected()
    } catch {
      state.withLock { state in
        state.isWriting = false
        signalFlushes(&state)
      }
      database.logger.error("Could not write \(name.debugDescription) to PostgreSQL: \(String(reflecting: error))")
      for continuation in waiting { continuation.resume(throwing: error) }
    }
  }

  /// Reads the rows another process changed (`ids`, or every row whose version moved) and hands
  /// the new rows over on the main actor.
  private func refresh(_ ids: Set<String>?, on connection: PostgresConnection, in database: PostgresDatabase) async {
    let logger = database.logger
    do {
      let (known, generation) = state.withLock { ($0.versions, $0.generation) }
      var asked: [String]
      var fresh: [PostgresRows.Entry]
      if let ids {
        asked = Array(ids)
        fresh = try await PostgresRows.rows(of: name, ids: asked, connection, logger: logger)
      } else {
        let versions = try await PostgresRows.versions(of: name, connection, logger: logger)
        asked = versions.filter { known[$0.key] != $0.value }.map(\.key)
        asked += known.keys.filter { versions[$0] == nil }
        fresh = try await PostgresRows.rows(of: name, ids: asked, connection, logger: logger)
      }
      guard !asked.isEmpty else { return }
      // Not awaited: the work goes on (a flush on the main actor may be waiting for it).
      Task { @MainActor in
        if !take(fresh, asked: asked, readAt: generation, logger: logger) { startWorking() }
      }
    } catch {
      if connection.isClosed || isConnectionError(error) {
        // Read again once the server is back (it then checks every row anyway).
        state.withLock { $0.staleAll = true }
        database.lost(connection)
        await database.connected()
      } else {
        logger.error("Could not read \(name.debugDescription) from PostgreSQL: \(String(reflecting: error))")
      }
    }
  }

  /// Takes in rows read from the database (`fresh`, of the ids `asked`; an id asked and not
  /// found was deleted) and hands the new rows to the subscribers.
  ///
  /// On the main actor, where features change `@Shared` values: a view re-renders from a change
  /// made there without missing it (a change made on another thread while the main actor renders
  /// can slip between the render's read and its observation). If this process saved an edit
  /// since the rows were read, they are put back to read again after the edit is written (the
  /// edit goes first: it changes only what this process edited); returns false then.
  @MainActor
  private func take(_ fresh: [PostgresRows.Entry], asked: [String], readAt generation: Int, logger: Logger) -> Bool {
    state.withLock { state in
      guard state.generation == generation, state.pending == nil, !state.isWriting else {
        logger.debug("\(name.debugDescription): another process's change waits for this one's edit")
        state.staleIDs.formUnion(asked)
        return false
      }
      let freshByID = Dictionary(fresh.map { ($0.row.id, $0) }, uniquingKeysWith: { $0.version > $1.version ? $0 : $1 })
      let changed = freshByID.values.filter { state.versions[$0.row.id] != $0.version }
      let removed = Set(asked.filter { freshByID[$0] == nil && state.versions[$0] != nil })
      logger.debug("\(name.debugDescription): \(changed.count) rows changed and \(removed.count) removed by another process")
      guard !changed.isEmpty || !removed.isEmpty else { return true }
      let rows = state.rows.rows(taking: changed.map(\.row), removing: removed)
      for id in removed { state.versions[id] = nil }
      for entry in changed { state.versions[entry.row.id] = entry.version }
      // Under the lock, so that no edit can come in between taking the rows and the value
      // following them.
      var value: (any Sendable)?
      for subscriber in state.subscribers.values {
        if let made = subscriber(rows), value == nil { value = made }
      }
      if let value {
        state.rows = StoredRowsState(rows: rows, value: value)
      } else {
        state.rows = StoredRowsState(rows: rows, value: nil as Int?)
      }
      return true
    }
  }
}

/// Whether `error` says the server or the connection is going or gone, or busy (rather than that
/// the statement itself is wrong): the statement is then tried again once the server is back.
/// Besides a closed connection, the server's own classes of such errors: 08 (connection
/// exception), 57 (operator intervention: a shutdown terminates the session), 53 (insufficient
/// resources) and 40 (transaction rollback: a deadlock or serialization failure).
func isConnectionError(_ error: any Error) -> Bool {
  guard let error = error as? PSQLError else { return error is ChannelError }
  switch error.code {
  case .serverClosedConnection, .clientClosedConnection, .connectionError, .uncleanShutdown:
    return true
  case .server:
    let state = error.serverInfo?[.sqlState] ?? ""
    return ["08", "57", "53", "40"].contains { state.hasPrefix($0) }
  default:
    return false
  }
}
