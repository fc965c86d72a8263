import Dependencies
import Foundation
import GRDB
import IssueReporting
import Sharing

extension SharedReaderKey {
  /// A reader of a request's value in a SQLite database, kept up to date as the database changes:
  ///
  /// ```swift
  /// @SharedReader(.fetch(Players(team: "Blue"))) var players: [Player] = []
  /// ```
  ///
  /// `database` is `@Dependency(\.defaultDatabase)` unless given.
  public static func fetch<Value>(
    _ request: some FetchKeyRequest<Value>,
    database: (any DatabaseReader)? = nil
  ) -> Self where Self == FetchKey<Value> {
    FetchKey(request: request, database: database, animation: nil)
  }

  /// A reader of a request's collection, empty until it loads, so the property needs no default:
  /// `@SharedReader(.fetch(Players())) var players`.
  public static func fetch<Records: RangeReplaceableCollection>(
    _ request: some FetchKeyRequest<Records>,
    database: (any DatabaseReader)? = nil
  ) -> Self where Self == FetchKey<Records>.Default {
    Self[.fetch(request, database: database), default: Records()]
  }

  /// A reader of every row of a SQL query, decoded as `Record`:
  /// `@SharedReader(.fetchAll(sql: "SELECT * FROM items ORDER BY title")) var items: [Item]`.
  public static func fetchAll<Record: FetchableRecord>(
    sql: String,
    arguments: StatementArguments = StatementArguments(),
    database: (any DatabaseReader)? = nil
  ) -> Self where Self == FetchKey<[Record]>.Default {
    Self[.fetch(FetchAllRequest(sql: sql, arguments: arguments), database: database), default: []]
  }

  /// A reader of the first column of a SQL query's first row:
  /// `@SharedReader(.fetchOne(sql: "SELECT count(*) FROM items")) var count = 0`. When the query
  /// returns no row, the reader keeps its value and ``NoRow`` is its `loadError`.
  public static func fetchOne<Value: DatabaseValueConvertible>(
    sql: String,
    arguments: StatementArguments = StatementArguments(),
    database: (any DatabaseReader)? = nil
  ) -> Self where Self == FetchKey<Value> {
    .fetch(FetchOneRequiredRequest(sql: sql, arguments: arguments), database: database)
  }

  /// A reader of the first column of a SQL query's first row, nil when there is none:
  /// `@SharedReader(.fetchOne(sql: "SELECT title FROM items LIMIT 1")) var title: String?`.
  public static func fetchOne<Value: DatabaseValueConvertible>(
    sql: String,
    arguments: StatementArguments = StatementArguments(),
    database: (any DatabaseReader)? = nil
  ) -> Self where Self == FetchKey<Value?> {
    .fetch(FetchOneRequest(sql: sql, arguments: arguments), database: database)
  }
}

extension SharedReaderKey {
  /// `fetch(_:database:)` with an animation for the changes it brings (a key of its own).
  public static func fetch<Value>(
    _ request: some FetchKeyRequest<Value>,
    database: (any DatabaseReader)? = nil,
    animation: Animation
  ) -> Self where Self == FetchKey<Value> {
    FetchKey(request: request, database: database, animation: animation)
  }

  /// `fetch(_:database:)` of a collection, with an animation (a key of its own).
  public static func fetch<Records: RangeReplaceableCollection>(
    _ request: some FetchKeyRequest<Records>,
    database: (any DatabaseReader)? = nil,
    animation: Animation
  ) -> Self where Self == FetchKey<Records>.Default {
    Self[.fetch(request, database: database, animation: animation), default: Records()]
  }

  /// `fetchAll(sql:arguments:database:)` with an animation (a key of its own).
  public static func fetchAll<Record: FetchableRecord>(
    sql: String,
    arguments: StatementArguments = StatementArguments(),
    database: (any DatabaseReader)? = nil,
    animation: Animation
  ) -> Self where Self == FetchKey<[Record]>.Default {
    Self[
      .fetch(FetchAllRequest(sql: sql, arguments: arguments), database: database, animation: animation),
      default: []
    ]
  }

  /// `fetchOne(sql:arguments:database:)` with an animation (a key of its own).
  public static func fetchOne<Value: DatabaseValueConvertible>(
    sql: String,
    arguments: StatementArguments = StatementArguments(),
    database: (any DatabaseReader)? = nil,
    animation: Animation
  ) -> Self where Self == FetchKey<Value> {
    .fetch(FetchOneRequiredRequest(sql: sql, arguments: arguments), database: database, animation: animation)
  }

  /// `fetchOne(sql:arguments:database:)` of an optional value, with an animation.
  public static func fetchOne<Value: DatabaseValueConvertible>(
    sql: String,
    arguments: StatementArguments = StatementArguments(),
    database: (any DatabaseReader)? = nil,
    animation: Animation
  ) -> Self where Self == FetchKey<Value?> {
    .fetch(FetchOneRequest(sql: sql, arguments: arguments), database: database, animation: animation)
  }
}

/// The key of a reader of a SQLite query: see `fetch(_:database:)`,
/// `fetchAll(sql:arguments:database:)` and
/// `fetchOne(sql:arguments:database:)`.
///
/// It reads at once, then follows the database: GRDB's `ValueObservation` brings every write
/// made through the same database connection that changes what the request read, as it commits;
/// on a database file, a watch of SQLite's `PRAGMA data_version` brings the writes of other
/// connections and other processes within a quarter of a second. A query that fails leaves the
/// value as it was and is the reader's `loadError` (and, outside tests, a reported issue).
public struct FetchKey<Value: Sendable>: SharedReaderKey {
  let database: any DatabaseReader
  let request: any FetchKeyRequest<Value>
  let animation: Animation?
  /// Whether a failing query is also reported (outside tests: in tests `loadError` says it).
  let reportsErrors: Bool

  init(request: some FetchKeyRequest<Value>, database: (any DatabaseReader)?, animation: Animation?) {
    @Dependency(\.context) var context
    self.request = request
    self.animation = animation
    self.reportsErrors = context != .test
    if let database {
      self.database = database
    } else {
      @Dependency(\.defaultDatabase) var defaultDatabase
      self.database = defaultDatabase
    }
  }

  public var id: FetchKeyID {
    FetchKeyID(database: ObjectIdentifier(database), request: AnyHashable(request), animation: animation)
  }

  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    // A reader's first value comes from its subscription, which reads at once (see below).
    guard case .userInitiated = context else { return continuation.resumeReturningInitialValue() }
    do {
      continuation.resume(returning: try database.read { try request.fetch($0) })
    } catch {
      report(error)
      continuation.resume(throwing: error)
    }
  }

  public func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    let request = request
    let database = database
    let last = LockIsolated<Value?>(nil)
    let deliver: @Sendable (Result<Value, any Error>) -> Void = { result in
      switch result {
      case let .success(value):
        // Another connection's commit and this connection's can both bring the same value.
        let isNew = last.withValue { last in
          defer { last = value }
          return !isKnownEqual(last, value)
        }
        if isNew { subscriber.yield(value) }
      case let .failure(error):
        last.setValue(nil)
        report(error)
        subscriber.yield(throwing: error)
      }
    }
    // The observation reads at once, on this thread, so a reader has its value as soon as it
    // exists (and a test store's first state is settled); later values go to the main actor, in
    // the order their transactions committed. A failing fetch is a value (a `Result`), so the
    // observation goes on after it.
    return followDatabase(
      database, coalescing: false,
      thisConnection: { changed in
        let isStarted = LockIsolated(false)
        let observation = ValueObservation.tracking { db in Result { try request.fetch(db) } }
        let cancellable = observation.start(
          in: database,
          scheduling: InlineScheduler(),
          onError: { changed(.failure($0)) },
          onChange: { result in
            if isStarted.value {
              changed(result)
            } else {
              deliver(result)
            }
          }
        )
        isStarted.setValue(true)
        return cancellable
      },
      otherConnections: { Result { try database.read { try request.fetch($0) } } },
      deliver: deliver
    )
  }

  private func report(_ error: any Error) {
    if reportsErrors {
      reportIssue(error)
    }
  }
}

extension FetchKey: CustomStringConvertible {
  public var description: String { ".fetch(\(request))" }
}

/// The identity of a ``FetchKey``: its database, its request (type and value) and its animation.
public struct FetchKeyID: Hashable, @unchecked Sendable {
  // @unchecked Sendable: `request` wraps a `FetchKeyRequest`, which is Sendable; AnyHashable
  // itself is not marked so.
  let database: ObjectIdentifier
  let request: AnyHashable
  let animation: Animation?

  /// The request's type is hashed as well as its value: two requests of different types that
  /// hold no fields hash their values alike (nothing), and must still be told apart by their
  /// hash (SharingGRDB's `fetchIDHashValue`).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(database)
    hasher.combine(ObjectIdentifier(type(of: request.base)))
    hasher.combine(request)
    hasher.combine(animation)
  }
}

/// Delivers a `ValueObservation`'s first value at once, on the thread that starts it (GRDB's
/// `.immediate` requires the main thread), and later ones on the thread that observed them.
struct InlineScheduler: ValueObservationScheduler {
  func immediateInitialValue() -> Bool { true }
  func schedule(_ action: @escaping @Sendable () -> Void) { action() }
}

/// Whether two values are known to be equal: `==` for `Equatable` values, otherwise never.
func isKnownEqual<Value>(_ lhs: Value?, _ rhs: Value) -> Bool {
  guard let lhs, let equatable = lhs as? any Equatable else { return false }
  return equatable.isEqual(to: rhs)
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool {
    (other as? Self) == self
  }
}
