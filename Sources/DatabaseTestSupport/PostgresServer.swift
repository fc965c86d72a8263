import ComposableWebTestSupport
import Foundation
import TerminalTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A real PostgreSQL server for a test: a cluster made with `initdb` in a temporary folder (as
/// the `postgres` user, through `runuser`, when the tests run as root), listening on a free
/// loopback port, with password authentication (scram-sha-256), a user `app` (password
/// `secret`) and a database `app`. Stopped and deleted when released, also when a test fails.
///
/// Missing binaries are an error that says what to install, never a skipped test.
public final class PostgresServer: @unchecked Sendable {
  // @unchecked Sendable: `isRunning` changes only through `start()` and `stop()`, which a test
  // calls from one task at a time, and `port` only in `init`; everything else is set once.
  public private(set) var port: Int
  public let folder: URL
  public let user = "app"
  public let password = "secret"
  public let database = "app"
  private let binaries: URL
  private var isRunning = false

  /// `postgres://app:secret@127.0.0.1:PORT/app`.
  public var url: String { "postgres://\(user):\(password)@127.0.0.1:\(port)/\(database)" }

  /// Makes a cluster and starts it.
  public init() throws {
    binaries = try Self.binaries()
    port = try freeLoopbackPort()
    folder = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("postgres-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let passwordFile = folder.appendingPathComponent("password")
    try "postgres\n".write(to: passwordFile, atomically: true, encoding: .utf8)
    if getuid() == 0 {
      try runCommand(["/bin/chown", "-R", "postgres:postgres", folder.path])
    }
    try runAsPostgres([
      binaries.appendingPathComponent("initdb").path, "-D", dataFolder, "-U", "postgres",
      "--auth=scram-sha-256", "--pwfile=\(passwordFile.path)", "-E", "UTF8", "--locale=C",
    ])
    // Another test may take the free port between choosing it and the server binding it: then
    // another one.
    for attempt in 1...3 {
      do {
        try start()
        break
      } catch where attempt < 3 {
        port = try freeLoopbackPort()
      }
    }
    try psql("CREATE USER \(user) PASSWORD '\(password)'")
    try psql("CREATE DATABASE \(database) OWNER \(user)")
  }

  deinit {
    try? stop()
    try? FileManager.default.removeItem(at: folder)
  }

  private var dataFolder: String { folder.appendingPathComponent("data").path }

  /// Starts the server (again, after `stop()`), on the same port; returns once it answers.
  public func start() throws {
    guard !isRunning else { return }
    try runAsPostgres([
      binaries.appendingPathComponent("pg_ctl").path, "-D", dataFolder, "-l", folder.appendingPathComponent("log").path,
      "-o", "-p \(port) -k \(folder.path) -c listen_addresses=127.0.0.1 -c fsync=off", "-w", "-t", "30", "start",
    ])
    isRunning = true
  }

  /// Stops the server (fast: open connections are closed); returns once it is down.
  public func stop() throws {
    guard isRunning else { return }
    isRunning = false
    try runAsPostgres([
      binaries.appendingPathComponent("pg_ctl").path, "-D", dataFolder, "-m", "fast", "-w", "-t", "30", "stop",
    ])
  }

  /// Runs `sql` as the superuser in the `app` database (or `postgres` before it exists); returns
  /// what psql printed (unaligned, tuples only).
  @discardableResult
  public func psql(_ sql: String, database: String? = nil) throws -> String {
    let target = database ?? (sql.hasPrefix("CREATE DATABASE") || sql.hasPrefix("CREATE USER") ? "postgres" : self.database)
    return try runCommand(
      [
        binaries.appendingPathComponent("psql").path, "-h", "127.0.0.1", "-p", "\(port)", "-U", "postgres",
        "-d", target, "-v", "ON_ERROR_STOP=1", "-A", "-t", "-c", sql,
      ],
      environment: ["PGPASSWORD": "postgres"]
    )
  }

  private func runAsPostgres(_ arguments: [String]) throws {
    if getuid() == 0 {
      try runCommand(["/usr/sbin/runuser", "-u", "postgres", "--"] + arguments)
    } else {
      try runCommand(arguments)
    }
  }

  /// The folder of PostgreSQL's programs (Debian's `postgresql` puts them in
  /// `/usr/lib/postgresql/VERSION/bin`), the newest if there are several.
  static func binaries() throws -> URL {
    let root = URL(fileURLWithPath: "/usr/lib/postgresql")
    let versions = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
    for version in versions.sorted(by: { (Int($0) ?? 0) > (Int($1) ?? 0) }) {
      let bin = root.appendingPathComponent(version).appendingPathComponent("bin")
      if FileManager.default.isExecutableFile(atPath: bin.appendingPathComponent("initdb").path) { return bin }
    }
    throw TestServerError("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): run ./test, which installs Debian's postgresql, or apt-get install postgresql")
  }
}

/// A test server that could not be started: the message says why and what to do.
public struct TestServerError: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}

/// Runs a program to its end; returns its output, or throws with it when it fails.
@discardableResult
public func runCommand(_ arguments: [String], environment: [String: String] = [:]) throws -> String {
  // Through `env` (for the environment), spawned and reaped directly, its output in a file: a
  // server the program starts (pg_ctl's, nginx's) keeps the descriptors it was given.
  let result = try TmuxSession.run(environment.map { "\($0)=\($1)" } + arguments)
  guard result.status == 0 else {
    throw TestServerError("\(arguments.joined(separator: " ")) failed (\(result.status)): \(result.output)")
  }
  return result.output
}
