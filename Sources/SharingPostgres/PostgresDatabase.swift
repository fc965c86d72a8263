import ConcurrencyExtras
import Foundation
import Logging
import NIOCore
import PostgresNIO
import Sharing
import Synchronization

/// A PostgreSQL database that `@Shared(.database(name, database:))` keeps app state in, shared by
/// any number of processes.
///
/// ```swift
/// let database = try await PostgresDatabase.connect(
///   to: PostgresDatabase.Configuration(url: "postgres://app:secret@db.internal/app")
/// )
/// @Shared(.database("standups", database: database)) var standups: IdentifiedArrayOf<Standup> = []
/// ```
///
/// `connect` checks the server at once (a wrong address, password or database name is an error
/// saying which), creates or migrates the library's table, reads every key's rows (so that a
/// `@Shared` value has its rows from the first line that uses it), and listens for other
/// processes' changes. It keeps two connections: one for reads and writes, and one that only
/// listens (a connection that listens does not carry queries, so neither can hold up the other). If the server goes away, the app keeps working on
/// its last values and keeps every edit; the database reconnects with a backoff (at most 2 s
/// between tries), writes the edits held back, then reads what other processes changed
/// meanwhile. An outage is one log line when it starts and one when it ends.
public final class PostgresDatabase: Sendable {
  /// Where the server is and who to connect as.
  public struct Configuration: Sendable, Equatable, CustomStringConvertible {
    /// The server's host name or address.
    public var host: String
    /// The server's port (5432 unless the URL says otherwise).
    public var port: Int
    /// The user to connect as.
    public var username: String
    /// The user's password; never printed, logged or put in an error.
    public var password: String?
    /// The database's name.
    public var database: String
    /// How long connecting may take before it is an error (or, after an outage, a failed try).
    public var connectTimeout: Duration = .seconds(5)

    /// A server at `host:port`, as `username`, in `database`.
    public init(host: String, port: Int = 5432, username: String, password: String? = nil, database: String) {
      self.host = host
      self.port = port
      self.username = username
      self.password = password
      self.database = database
    }

    /// `postgres://user[:password]@host[:port]/database` (or `postgresql://`), percent-encoded
    /// as usual.
    public init(url text: String) throws(PostgresDatabaseError) {
      guard let components = URLComponents(string: text),
        let scheme = components.scheme?.lowercased(), scheme == "postgres" || scheme == "postgresql"
      else {
        throw .invalidURL(redactingPassword(in: text), reason: "expected postgres://user[:password]@host[:port]/database")
      }
      guard let host = components.host, !host.isEmpty else {
        throw .invalidURL(redactingPassword(in: text), reason: "no host")
      }
      guard let username = components.user, !username.isEmpty else {
        throw .invalidURL(redactingPassword(in: text), reason: "no user name")
      }
      let database = String(components.path.drop { $0 == "/" })
      guard !database.isEmpty, !database.contains("/") else {
        throw .invalidURL(redactingPassword(in: text), reason: "no database name after the host")
      }
      self.init(
        host: host, port: components.port ?? 5432, username: username.removingPercentEncoding ?? username,
        password: components.password.map { $0.removingPercentEncoding ?? $0 },
        database: database.removingPercentEncoding ?? database
      )
    }

    /// The server and database, never the password: `postgres://user@host:port/database`.
    public var description: String { "postgres://\(username)@\(host):\(port)/\(database)" }

    /// The server's address, as errors name it.
    public var address: String { "\(host):\(port)" }

    var connectionConfiguration: PostgresConnection.Configuration {
      var configuration = PostgresConnection.Configuration(
        host: host, port: port, username: username, password: password, database: database, tls: .disable
      )
      configuration.options.connectTimeout = .nanoseconds(
        connectTimeout.components.seconds * 1_000_000_000 + connectTimeout.components.attoseconds / 1_000_000_000
      )
      return configuration
    }
  }

  /// Where the server is and who the database connects as.
  public let configuration: Configuration
  let logger: Logger
  private let state = Mutex(State())

  private struct State {
    /// Reads and writes; nil while the server is away.
    var connection: PostgresConnection?
    /// Only listens for other processes' changes.
    var listener: PostgresConnection?
    var backendPID = 0
    var waitingForConnection: [CheckedContinuation<Void, Never>] = []
    var tables: [String: PostgresTable] = [:]
    var maintenance: Task<Void, Never>?
    var isClosed = false
  }

  private init(configuration: Configuration, logger: Logger) {
    self.configuration = configuration
    self.logger = logger
  }

  /// Connects to the server (an error says in one line what went wrong: unreachable, wrong
  /// password, no such database), creates or migrates the library's table, reads every row, and
  /// from then on follows other processes' changes and survives outages.
  public static func connect(
    to configuration: Configuration, logger: Logger = Logger(label: "SharingPostgres")
  ) async throws(PostgresDatabaseError) -> PostgresDatabase {
    let database = PostgresDatabase(configuration: configuration, logger: logger)
    let connections: Connections
    do {
      connections = try await database.open()
    } catch {
      throw PostgresDatabaseError(connecting: configuration, error: error)
    }
    do {
      try await PostgresRows.migrate(connections.queries, logger: logger)
      let rows = try await PostgresRows.allRows(connections.queries, logger: logger)
      database.state.withLock { state in
        for (key, entries) in rows {
          state.tables[key] = PostgresTable(name: key, database: database, entries: entries)
        }
      }
    } catch {
      connections.close()
      throw .failed(configuration.address, reason: String(reflecting: error))
    }
    database.startMaintaining(connections)
    PendingWrites.register(ObjectIdentifier(database)) { [weak database] in database?.flush(timeout: .seconds(3)) }
    return database
  }

  deinit {
    PendingWrites.unregister(ObjectIdentifier(self))
  }

  /// Writes what is held back, stops following changes and closes the connection.
  public func close() async {
    flush(timeout: .seconds(3))
    let (maintenance, connection, listener) = state.withLock { state in
      state.isClosed = true
      defer { (state.connection, state.listener) = (nil, nil) }
      return (state.maintenance, state.connection, state.listener)
    }
    maintenance?.cancel()
    // Closed, waiting at most 2 s for each (a server that does not answer must not keep this
    // waiting).
    for connection in [connection, listener].compactMap(\.self) {
      _ = await finishes(within: .seconds(2)) { await closed(connection) }
    }
    if let maintenance {
      // Its end, for at most 2 s: a server that does not answer must not keep closing waiting.
      let ended = await finishes(within: .seconds(2)) { await maintenance.value }
      if !ended { logger.debug("PostgreSQL at \(configuration.address): the listener did not end after the connection closed") }
    }
    let waiting = state.withLock { state in
      defer { state.waitingForConnection = [] }
      return state.waitingForConnection
    }
    for continuation in waiting { continuation.resume() }
  }

  /// Writes every key's held-back edits now, waiting at most `timeout` (the server may be away).
  public func flush(timeout: Duration = .seconds(3)) {
    let tables = state.withLock { Array($0.tables.values) }
    let deadline = ContinuousClock.now + timeout
    for table in tables { table.flush(until: deadline) }
  }

  /// Runs `body` on the connection for reads and writes, waiting up to `timeout` for the server
  /// when it is away (then throwing ``PostgresDatabaseError/unreachable(_:reason:)``): for an
  /// app's own tables beside the library's, such as `ComposableWebPostgres`' sessions. A
  /// connection that fails under it is replaced, as it is for the library's own queries.
  @discardableResult
  public func withConnection<Result>(
    timeout: Duration = .seconds(5), _ body: (PostgresConnection, Logger) async throws -> Result
  ) async throws -> Result {
    let ready = await finishes(within: timeout) { await self.connected() }
    guard ready, !isClosed, let connection else {
      throw PostgresDatabaseError.unreachable(configuration.address, reason: "no connection within \(timeout)")
    }
    do {
      return try await body(connection, logger)
    } catch where connection.isClosed || isConnectionError(error) {
      lost(connection)
      throw error
    }
  }

  /// The table of the key `name` (made the first time it is asked for).
  func table(named name: String) -> PostgresTable {
    state.withLock { state in
      if let table = state.tables[name] { return table }
      let table = PostgresTable(name: name, database: self, entries: [])
      state.tables[name] = table
      return table
    }
  }

  /// The connection, if the server is there now.
  var connection: PostgresConnection? { state.withLock { $0.connection } }

  /// Returns once the server is there (at once if it is), or the database was closed.
  func connected() async {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state in
        guard state.connection == nil, !state.isClosed else { return true }
        state.waitingForConnection.append(continuation)
        return false
      }
      if ready { continuation.resume() }
    }
  }

  /// The connection failed under a query (or the server said it cannot go on: shutting down,
  /// busy): it is closed, and the maintenance task reconnects.
  func lost(_ connection: PostgresConnection) {
    state.withLock { state in
      if state.connection === connection { state.connection = nil }
    }
    closeSoon(connection)
  }

  var isClosed: Bool { state.withLock { $0.isClosed } }

  /// The two connections to the server: one for reads and writes, one that only listens.
  /// (postgres-nio carries queries on a listening connection too, but a query sent while the
  /// `LISTEN` was being set up was seen, under load, to leave both waiting for ever.)
  private struct Connections: Sendable {
    let queries: PostgresConnection
    let listener: PostgresConnection

    /// Closes both without waiting (a server that does not answer would keep a caller waiting).
    func close() {
      closeSoon(queries)
      closeSoon(listener)
    }
  }

  private func open() async throws -> Connections {
    let options = configuration.connectionConfiguration
    let queries = try await PostgresConnection.connect(configuration: options, id: 1, logger: logger)
    do {
      let listener = try await PostgresConnection.connect(configuration: options, id: 2, logger: logger)
      return Connections(queries: queries, listener: listener)
    } catch {
      closeSoon(queries)
      throw error
    }
  }

  private func startMaintaining(_ first: Connections) {
    let task = Task { [weak self] in
      var connections = first
      while let self, !self.isClosed {
        await self.follow(connections)
        guard !self.isClosed, let next = await self.reconnect() else { return }
        connections = next
      }
    }
    state.withLock { $0.maintenance = task }
  }

  /// Listens until either connection closes: every notification of another process tells its
  /// key's table which rows to read again. Once listening, each table catches up with what
  /// changed before (after an outage, or since `connect` read the rows). Writes may use the
  /// query connection at once; a `LISTEN` that is not answered within 5 s closes both (and new
  /// ones are made), so that a process never stops hearing the others. Returns as soon as
  /// either connection ends or the database closes, whatever postgres-nio is still waiting
  /// for (the waits that remain are cancelled and end when their connection does).
  private func follow(_ connections: Connections) async {
    let queries = connections.queries
    if let pid = try? await PostgresRows.backendPID(queries, logger: logger) {
      state.withLock { $0.backendPID = pid }
    }
    let waiting = state.withLock { state in
      (state.connection, state.listener) = (queries, connections.listener)
      defer { state.waitingForConnection = [] }
      return state.waitingForConnection
    }
    for continuation in waiting { continuation.resume() }

    let (ended, end) = AsyncStream<Void>.makeStream()
    let isListening = LockIsolated(false)
    let watchers = [
      Task {
        await untilClosed(queries)
        end.finish()
      },
      Task {
        await untilClosed(connections.listener)
        end.finish()
      },
      Task { [logger, address = configuration.address] in
        try? await Task.sleep(for: .seconds(5))
        if !Task.isCancelled, !isListening.value {
          logger.warning("PostgreSQL at \(address) did not answer LISTEN within 5 s: reconnecting")
          end.finish()
        }
      },
      Task { [self] in
        try? await connections.listener.listen(on: PostgresRows.channel) { notifications in
          isListening.setValue(true)
          await catchUp(queries)
          for try await notification in notifications {
            receive(notification.payload)
          }
        }
        end.finish()
      },
    ]
    // Until one of them ends, or `close()` cancels the maintenance task.
    for await _ in ended {}
    for watcher in watchers { watcher.cancel() }
    state.withLock { state in
      if state.connection === queries { (state.connection, state.listener) = (nil, nil) }
    }
    connections.close()
  }

  /// Tries again and again (waiting 0.25 s, then twice as long each time, at most 2 s, so that edits are written within a few seconds of the server's return) until the
  /// server answers; logs once when the outage starts and once when it ends.
  private func reconnect() async -> Connections? {
    let start = ContinuousClock.now
    logger.warning(
      "PostgreSQL at \(configuration.address) is unreachable: keeping every change in memory and reconnecting"
    )
    var delay = Duration.milliseconds(250)
    while !isClosed {
      do {
        try await Task.sleep(for: delay)
      } catch {
        return nil
      }
      if let connections = try? await open() {
        do {
          try await PostgresRows.migrate(connections.queries, logger: logger)
        } catch {
          connections.close()
          continue
        }
        let seconds = (ContinuousClock.now - start).components.seconds
        logger.notice("PostgreSQL at \(configuration.address) is back after \(seconds) s")
        return connections
      }
      delay = min(delay * 2, .seconds(2))
    }
    return nil
  }

  /// After an outage: every key's rows are checked again (keys new to this process too).
  private func catchUp(_ connection: PostgresConnection) async {
    let keys = (try? await PostgresRows.keys(connection, logger: logger)) ?? []
    for key in keys { _ = table(named: key) }
    for table in state.withLock({ Array($0.tables.values) }) {
      table.markStale(ids: nil)
    }
  }

  private func receive(_ payload: String) {
    guard let notification = try? JSONDecoder().decode(PostgresRows.Notification.self, from: Data(payload.utf8)) else {
      logger.debug("Ignored a notification that is not the library's: \(payload.prefix(80))")
      return
    }
    guard notification.pid != state.withLock({ $0.backendPID }) else { return }
    logger.debug("\(notification.key.debugDescription): \(notification.ids.map { "\($0.count) rows" } ?? "some rows") changed by another process")
    table(named: notification.key).markStale(ids: notification.ids)
  }
}

/// Why a PostgreSQL database cannot be used; each is one line, without the password.
public enum PostgresDatabaseError: Error, Equatable, CustomStringConvertible {
  /// The URL (its password hidden) is not `postgres://user[:password]@host[:port]/database`.
  case invalidURL(String, reason: String)
  /// Nothing answered at the address (`host:port`): refused, no route, or no answer in time.
  case unreachable(String, reason: String)
  /// The server refused the user's password.
  case wrongPassword(String, user: String)
  /// The server asks for a password and the URL gave none.
  case passwordRequired(String, user: String)
  /// The server has no such user.
  case noSuchUser(String, user: String)
  /// The server has no such database.
  case noSuchDatabase(String, database: String)
  /// Anything else the server said (creating the library's table, reading the rows).
  case failed(String, reason: String)

  init(connecting configuration: PostgresDatabase.Configuration, error: any Error) {
    let address = configuration.address
    guard let error = error as? PSQLError else {
      self = .unreachable(address, reason: "\(error)")
      return
    }
    switch error.code {
    case .server:
      let state = error.serverInfo?[.sqlState]
      let message = error.serverInfo?[.message] ?? "refused"
      switch state {
      case "28P01": self = .wrongPassword(address, user: configuration.username)
      case "3D000": self = .noSuchDatabase(address, database: configuration.database)
      case "28000" where message.contains("does not exist"):
        self = .noSuchUser(address, user: configuration.username)
      default: self = .failed(address, reason: message)
      }
    case .authMechanismRequiresPassword:
      self = .passwordRequired(address, user: configuration.username)
    case .connectionError:
      self = .unreachable(address, reason: describeConnectionFailure(error.underlying))
    default:
      self = .unreachable(address, reason: "\(error.code)")
    }
  }

  public var description: String {
    switch self {
    case let .invalidURL(url, reason): "\(url) is not a PostgreSQL URL: \(reason)"
    case let .unreachable(address, reason): "cannot reach PostgreSQL at \(address): \(reason)"
    case let .wrongPassword(address, user): "PostgreSQL at \(address) refused the password of user \"\(user)\""
    case let .passwordRequired(address, user):
      "PostgreSQL at \(address) asks for a password for user \"\(user)\"; put it in the URL: postgres://\(user):PASSWORD@…"
    case let .noSuchUser(address, user): "PostgreSQL at \(address) has no user \"\(user)\""
    case let .noSuchDatabase(address, database): "PostgreSQL at \(address) has no database \"\(database)\""
    case let .failed(address, reason): "PostgreSQL at \(address): \(reason)"
    }
  }
}

/// Closes `connection` without waiting for the server; the connection is kept until it has
/// closed (postgres-nio requires a connection to be closed before it goes away).
private func closeSoon(_ connection: PostgresConnection) {
  connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
}

/// Closes `connection` and returns once it has closed.
private func closed(_ connection: PostgresConnection) async {
  closeSoon(connection)
  try? await connection.closeFuture.get()
}

/// Returns once `connection` has closed, or at once when the task is cancelled, closing the
/// connection then (its close may wait for a server that does not answer; the caller does not).
private func untilClosed(_ connection: PostgresConnection) async {
  let (closed, finish) = AsyncStream<Void>.makeStream()
  connection.closeFuture.whenComplete { _ in finish.finish() }
  await withTaskCancellationHandler {
    for await _ in closed {}
  } onCancel: {
    closeSoon(connection)
  }
}

/// Runs `work` and returns true when it ends within `limit`; false after `limit` (the work goes on).
private func finishes(within limit: Duration, _ work: @escaping @Sendable () async -> Void) async -> Bool {
  let resumed = Mutex(false)
  return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
    let resume = { @Sendable (ended: Bool) in
      if resumed.withLock({ was in defer { was = true }; return !was }) { continuation.resume(returning: ended) }
    }
    Task {
      await work()
      resume(true)
    }
    Task {
      try? await Task.sleep(for: limit)
      resume(false)
    }
  }
}

/// What a failed connection attempt says, in a few words.
private func describeConnectionFailure(_ error: (any Error)?) -> String {
  guard let error else { return "no connection" }
  let text = "\(error)"
  if text.contains("connectTimeout") || text.contains("TimeOut") || text.contains("timeout") {
    return "no answer within the connection timeout"
  }
  if text.lowercased().contains("refused") { return "connection refused" }
  if let error = error as? NIOConnectionError, let first = error.connectionErrors.first {
    return "\(first.error)"
  }
  return text
}

/// `text` with the password of a `scheme://user:password@host` URL replaced by `***`, for
/// messages and logs.
public func redactingPassword(in text: String) -> String {
  guard let schemeEnd = text.range(of: "://"), let at = text[schemeEnd.upperBound...].lastIndex(of: "@"),
    let colon = text[schemeEnd.upperBound..<at].firstIndex(of: ":")
  else { return text }
  return text[..<text.index(after: colon)] + "***" + text[at...]
}
