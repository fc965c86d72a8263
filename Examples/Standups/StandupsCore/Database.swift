import ComposableArchitecture
import Foundation
import SharingGRDB
import SharingPostgres

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the standups are kept: a SQLite database (the default) or, with `--data`, a JSON file.
public struct StandupsKey: SharedKey {
  enum Storage: Sendable {
    case file(FileStorageKey<IdentifiedArrayOf<Standup>>)
    case database(DatabaseKey<IdentifiedArrayOf<Standup>>)
    case postgres(PostgresKey<IdentifiedArrayOf<Standup>>)
  }

  public enum ID: Hashable, Sendable {
    case file(FileStorageKeyID)
    case database(DatabaseKeyID)
    case postgres(PostgresKeyID)
  }

  let storage: Storage

  public var id: ID {
    switch storage {
    case let .file(key): .file(key.id)
    case let .database(key): .database(key.id)
    case let .postgres(key): .postgres(key.id)
    }
  }

  public func load(
    context: LoadContext<IdentifiedArrayOf<Standup>>, continuation: LoadContinuation<IdentifiedArrayOf<Standup>>
  ) {
    switch storage {
    case let .file(key): key.load(context: context, continuation: continuation)
    case let .database(key): key.load(context: context, continuation: continuation)
    case let .postgres(key): key.load(context: context, continuation: continuation)
    }
  }

  public func subscribe(
    context: LoadContext<IdentifiedArrayOf<Standup>>, subscriber: SharedSubscriber<IdentifiedArrayOf<Standup>>
  ) -> SharedSubscription {
    switch storage {
    case let .file(key): key.subscribe(context: context, subscriber: subscriber)
    case let .database(key): key.subscribe(context: context, subscriber: subscriber)
    case let .postgres(key): key.subscribe(context: context, subscriber: subscriber)
    }
  }

  public func save(_ value: IdentifiedArrayOf<Standup>, context: SaveContext, continuation: SaveContinuation) {
    switch storage {
    case let .file(key): key.save(value, context: context, continuation: continuation)
    case let .database(key): key.save(value, context: context, continuation: continuation)
    case let .postgres(key): key.save(value, context: context, continuation: continuation)
    }
  }
}

extension StandupsKey: CustomStringConvertible {
  public var description: String {
    switch storage {
    case let .file(key): "\(key)"
    case let .database(key): "\(key)"
    case let .postgres(key): "\(key)"
    }
  }
}

extension SharedKey where Self == StandupsKey.Default {
  /// Every standup: in the database of `@Dependency(\.standupsDatabase)` when it is set (as the
  /// app sets it), otherwise in the JSON file of `@Dependency(\.standupsURL)` (`--data`, and tests).
  /// With `@Dependency(\.standupsOwner)` (an account of `standups --web --accounts`), that
  /// account's standups only.
  public static var standups: Self {
    @Dependency(\.standupsDatabase) var database
    @Dependency(\.standupsOwner) var owner
    let name = standupsKeyName(owner: owner)
    switch database {
    case let .sqlite(database):
      return Self[StandupsKey(storage: .database(.database(name, database: database))), default: []]
    case let .postgres(database):
      return Self[StandupsKey(storage: .postgres(.database(name, database: database))), default: []]
    case nil:
      @Dependency(\.standupsURL) var url
      return Self[
        StandupsKey(storage: .file(.fileStorage(url, decoder: .standups, encoder: .standups))), default: []
      ]
    }
  }
}

/// The name the standups are kept under in the database: `standups` for the single-user app,
/// `standups/ACCOUNT-ID` for each account's own.
func standupsKeyName(owner: String?) -> String {
  owner.map { "standups/\($0)" } ?? "standups"
}

private enum StandupsOwnerKey: DependencyKey {
  static var liveValue: String? { nil }
  static var testValue: String? { nil }
}

extension DependencyValues {
  /// The account whose standups `.standups` holds (`standups --web --accounts` sets it for each
  /// tab); nil for the single-user app (the terminal, `--web` without `--accounts`, `--mock`).
  public var standupsOwner: String? {
    get { self[StandupsOwnerKey.self] }
    set { self[StandupsOwnerKey.self] = newValue }
  }
}

/// The most standups one account may hold (`standups --web --accounts` sets it for each tab,
/// from `--max-standups-per-account`): adding one more is refused with an alert that says why,
/// and `reached` counts each refusal (the server's `composable_web_app_cap_total` metric).
public struct StandupsLimit: Sendable {
  public var count: Int
  public var reached: @Sendable () -> Void

  public init(count: Int, reached: @escaping @Sendable () -> Void = {}) {
    self.count = count
    self.reached = reached
  }

  /// What a refused standup's account is told.
  public static func refusal(_ count: Int) -> String {
    "An account holds at most \(count) standup\(count == 1 ? "" : "s"). Delete one to make room for another."
  }
}

private enum StandupsLimitKey: DependencyKey {
  static var liveValue: StandupsLimit? { nil }
  static var testValue: StandupsLimit? { nil }
}

extension DependencyValues {
  /// The cap on the standups of the account of ``standupsOwner``; nil (the single-user app):
  /// none.
  public var standupsLimit: StandupsLimit? {
    get { self[StandupsLimitKey.self] }
    set { self[StandupsLimitKey.self] = newValue }
  }
}

/// How many standups the single-user app holds (under `standups`, no account's).
@MainActor
public func singleUserStandupsCount(in database: StandupsDatabase) throws -> Int {
  let unowned = withDependencies { $0.standupsDatabase = database } operation: { SharedReader(.standups) }
  if let error = unowned.loadError { throw error }
  return unowned.wrappedValue.count
}

/// Gives the single-user app's standups (kept under `standups` before accounts) to `owner`, the
/// account an operator named (`standups accounts adopt EMAIL`): each is moved to the account's
/// own standups, none is lost (one the account already has, by id, is left there). Returns how
/// many moved. Written before it returns; running servers show them within a second.
@MainActor
public func giveSingleUserStandups(to owner: String, in database: StandupsDatabase) async throws -> Int {
  let (unowned, owned) = withDependencies {
    $0.standupsDatabase = database
  } operation: {
    let unowned = Shared(.standups)
    let owned = withDependencies { $0.standupsOwner = owner } operation: { Shared(.standups) }
    return (unowned, owned)
  }
  if let error = unowned.loadError ?? owned.loadError { throw error }
  let moving = unowned.wrappedValue
  guard !moving.isEmpty else { return 0 }
  owned.withLock { standups in
    for standup in moving where standups[id: standup.id] == nil { standups.append(standup) }
  }
  // The account's copy is written before the single-user one is emptied.
  try await owned.save()
  unowned.withLock { $0.removeAll() }
  try await unowned.save()
  return moving.count
}

/// Deletes the standups of the account `owner` (its account is being deleted): they are
/// emptied and written before it returns. Returns how many there were.
@MainActor
public func deleteStandups(of owner: String, in database: StandupsDatabase) async throws -> Int {
  let owned = withDependencies {
    $0.standupsDatabase = database
    $0.standupsOwner = owner
  } operation: {
    Shared(.standups)
  }
  if let error = owned.loadError { throw error }
  let count = owned.wrappedValue.count
  guard count > 0 else { return 0 }
  owned.withLock { $0.removeAll() }
  try await owned.save()
  return count
}

/// The database the standups are kept in.
public enum StandupsDatabase: Sendable {
  /// A SQLite file, shared by the processes of one machine.
  case sqlite(any DatabaseWriter)
  /// A PostgreSQL database, shared by any number of processes on any number of machines.
  case postgres(PostgresDatabase)
}

private enum StandupsDatabaseKey: DependencyKey {
  static var liveValue: StandupsDatabase? { nil }
  static var testValue: StandupsDatabase? { nil }
}

extension DependencyValues {
  /// The database of the standups; nil keeps them in the JSON file at ``standupsURL``.
  public var standupsDatabase: StandupsDatabase? {
    get { self[StandupsDatabaseKey.self] }
    set { self[StandupsDatabaseKey.self] = newValue }
  }
}

/// A database as `--database` names it: `PATH.sqlite`, `PATH.db`, `sqlite:PATH` or
/// `postgres://user[:password]@host[:port]/db`.
public enum StandupsDatabaseURL: Equatable, Sendable {
  case sqlite(path: String)
  case postgres(PostgresDatabase.Configuration)

  /// Reads `text`; throws a one-line error for a scheme it does not know or a path that does
  /// not say it is a database (never showing a password the text holds).
  public init(parsing text: String) throws(StandupsDatabaseError) {
    if let separator = text.range(of: "://") {
      let scheme = String(text[..<separator.lowerBound]).lowercased()
      switch scheme {
      case "sqlite":
        self = try .sqlite(path: Self.path(String(text[separator.upperBound...]), url: text))
      case "postgres", "postgresql":
        do {
          self = .postgres(try PostgresDatabase.Configuration(url: text))
        } catch {
          throw .invalidPostgresURL(error.description)
        }
      default:
        throw .unknownScheme(String(text[..<separator.lowerBound]), url: redactingPassword(in: text))
      }
    } else if text.lowercased().hasPrefix("sqlite:") {
      self = try .sqlite(path: Self.path(String(text.dropFirst("sqlite:".count)), url: text))
    } else if text.hasSuffix(".sqlite") || text.hasSuffix(".db") {
      self = .sqlite(path: text)
    } else if let colon = text.firstIndex(of: ":"), text[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+.-".contains($0) }), !text[..<colon].isEmpty {
      throw .unknownScheme(String(text[..<colon]), url: redactingPassword(in: text))
    } else {
      throw .notADatabaseURL(text)
    }
  }

  private static func path(_ path: String, url: String) throws(StandupsDatabaseError) -> String {
    guard !path.isEmpty else { throw .notADatabaseURL(url) }
    return path
  }
}

/// Why the standups' database cannot be used; each is one line that names the file and says what
/// to do.
public enum StandupsDatabaseError: Error, Equatable, CustomStringConvertible {
  case unknownScheme(String, url: String)
  case notADatabaseURL(String)
  case invalidPostgresURL(String)
  case notSQLite(path: String)
  case missingFolder(path: String, folder: String)
  case readOnly(path: String, what: String)
  case cannotOpen(path: String, reason: String)

  public var description: String {
    switch self {
    case let .unknownScheme(scheme, url):
      "--database \(url): unknown scheme \"\(scheme)\"; use PATH.sqlite, PATH.db, sqlite:PATH or postgres://user[:password]@host[:port]/db"
    case let .notADatabaseURL(url):
      "--database \(url): not a database; use PATH.sqlite, PATH.db, sqlite:PATH or postgres://user[:password]@host[:port]/db"
    case let .invalidPostgresURL(reason):
      "--database \(reason)"
    case let .notSQLite(path):
      "\(path) is not a SQLite database; it was left as it is (choose another file with --database)"
    case let .missingFolder(path, folder):
      "cannot create \(path): the folder \(folder) does not exist"
    case let .readOnly(path, what):
      "cannot write \(path): \(what) is read-only"
    case let .cannotOpen(path, reason):
      "cannot open \(path): \(reason)"
    }
  }
}

/// The standups' SQLite database at `path` (WAL mode, so another process can read while this one
/// writes), checked first so that nothing is ever written over a file that is not a SQLite
/// database: a missing folder is created only with `createFolder` (the default location), and a
/// read-only folder or file is an error.
public func openStandupsDatabase(
  atPath path: String, createFolder: Bool = false
) throws(StandupsDatabaseError) -> DatabasePool {
  let url = URL(fileURLWithPath: path).standardizedFileURL
  let folder = url.deletingLastPathComponent().path
  var isDirectory: ObjCBool = false
  if !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
    guard createFolder else { throw .missingFolder(path: path, folder: folder) }
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw .cannotOpen(path: path, reason: "cannot create the folder \(folder)")
    }
  } else if !isDirectory.boolValue {
    throw .missingFolder(path: path, folder: folder)
  }
  if FileManager.default.fileExists(atPath: url.path) {
    guard FileManager.default.isReadableFile(atPath: url.path) else {
      throw .cannotOpen(path: path, reason: "permission denied")
    }
    guard isSQLiteFile(url) else { throw .notSQLite(path: path) }
    guard FileManager.default.isWritableFile(atPath: url.path) else {
      throw .readOnly(path: path, what: "the file")
    }
  }
  // SQLite writes its journal files beside the database.
  guard access(folder, W_OK) == 0 else { throw .readOnly(path: path, what: "the folder \(folder)") }
  // Other processes write to the same file: a write waits for theirs (up to 5 s) instead of
  // failing at once with SQLITE_BUSY, GRDB's default.
  var configuration = Configuration()
  configuration.busyMode = .timeout(5)
  do {
    return try DatabasePool(path: url.path, configuration: configuration)
  } catch let error as DatabaseError {
    if error.resultCode == .SQLITE_NOTADB { throw .notSQLite(path: path) }
    throw .cannotOpen(path: path, reason: error.message ?? "\(error.resultCode)")
  } catch {
    throw .cannotOpen(path: path, reason: "\(error)")
  }
}

/// Whether `url` holds a SQLite database: its first 16 bytes are SQLite's header. An empty file
/// is one too (SQLite starts a new database in it).
func isSQLiteFile(_ url: URL) -> Bool {
  guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
  defer { try? handle.close() }
  let header = (try? handle.read(upToCount: 16)) ?? Data()
  return header.isEmpty || header == Data("SQLite format 3\0".utf8)
}

/// What ``importStandups(from:into:)`` did.
public struct StandupsImport: Equatable, Sendable {
  /// The standups copied into the database.
  public var imported: Int
  /// The standups the database already had (the same id), left as they are there.
  public var alreadyThere: Int
}

/// Copies the standups of a JSON data file (as `--data` writes it) into `database`, each once:
/// a standup whose id the database already has is left as it is there, so importing the same
/// file again changes nothing. Written before it returns.
@MainActor
public func importStandups(from file: URL, into database: StandupsDatabase) async throws -> StandupsImport {
  let standups = try JSONDecoder.standups.decode(IdentifiedArrayOf<Standup>.self, from: Data(contentsOf: file))
  let shared = withDependencies {
    $0.standupsDatabase = database
  } operation: {
    Shared(.standups)
  }
  if let error = shared.loadError { throw error }
  var result = StandupsImport(imported: 0, alreadyThere: 0)
  shared.withLock { stored in
    for standup in standups {
      if stored[id: standup.id] == nil {
        stored.append(standup)
        result.imported += 1
      } else {
        result.alreadyThere += 1
      }
    }
  }
  if result.imported > 0 { try await shared.save() }
  return result
}
