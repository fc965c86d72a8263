import ComposableArchitecture
import DatabaseTestSupport
import Foundation
import Logging
import PostgresNIO
import SharingPostgres

// PostgreSQL (SPEC 18), run with BENCHMARK_FILTER=postgres: a one-element edit of a 10 000-element
// `@Shared(.database(_:database:))` array on PostgreSQL vs a single-row upsert through
// postgres-nio, and the time a change made in one process takes to show in another's `@Shared`
// value (1 000 changes, p50 and p99). A real server: a cluster made with initdb in a temporary
// folder, on loopback (Debian's postgresql; ./test installs it).

/// `postgres-edit-1-of-10k-vs-upsert`: an edit of one element of a 10 000-element value, through
/// to its committed statement (the edit, then `flushPendingWrites()`, which writes it at once and
/// returns once it is committed), ÷ an upsert of the same element into a table of its own through
/// postgres-nio. Alternating, medians of 15 batches of 20.
@MainActor
func postgresEditVsUpsert(_ server: PostgresServer) async throws -> (ratio: Double, edit: Double, upsert: Double) {
  let database = try await PostgresDatabase.connect(to: PostgresDatabase.Configuration(url: server.url))
  let items = withDependencies { $0.context = .live } operation: {
    Shared(wrappedValue: IdentifiedArrayOf<BenchItem>(), .database("benchItems", database: database))
  }
  items.withLock { $0 = tenThousandItems() }
  flushPendingWrites()
  // The baseline's connection and table.
  let configuration = PostgresConnection.Configuration(
    host: "127.0.0.1", port: server.port, username: server.user, password: server.password,
    database: server.database, tls: .disable
  )
  let connection = try await PostgresConnection.connect(configuration: configuration, id: 2, logger: Logger(label: "bench"))
  let logger = Logger(label: "bench")
  try await connection.query(
    "CREATE TABLE bench_items (id bigint PRIMARY KEY, title text NOT NULL, notes text NOT NULL, done boolean NOT NULL)",
    logger: logger
  )
  var edits: [Double] = []
  var upserts: [Double] = []
  var counter = 0
  if ProcessInfo.processInfo.environment["BENCHMARK_POSTGRES_BREAKDOWN"] != nil {
    var locks: [Double] = []
    var flushes: [Double] = []
    for _ in 0..<200 {
      counter += 1
      let start = ContinuousClock.now
      items.withLock { $0[id: 5_000]?.title = "Edited \(counter)" }
      let middle = ContinuousClock.now
      flushPendingWrites()
      locks.append(elapsedNanoseconds(since: start) - elapsedNanoseconds(since: middle))
      flushes.append(elapsedNanoseconds(since: middle))
    }
    print(String(format: "  withLock %.0f µs, flush %.0f µs", median(locks) / 1e3, median(flushes) / 1e3))
  }
  for _ in 0..<15 {
    var start = ContinuousClock.now
    for _ in 0..<20 {
      counter += 1
      items.withLock { $0[id: 5_000]?.title = "Edited \(counter)" }
      flushPendingWrites()
    }
    edits.append(elapsedNanoseconds(since: start) / 20)
    start = ContinuousClock.now
    for _ in 0..<20 {
      counter += 1
      let item = items.wrappedValue[id: 5_000]!
      let title = "Upserted \(counter)"
      try await connection.query(
        """
        INSERT INTO bench_items (id, title, notes, done) VALUES (\(item.id), \(title), \(item.notes), \(item.done))
        ON CONFLICT (id) DO UPDATE SET title = excluded.title, notes = excluded.notes, done = excluded.done
        """,
        logger: logger
      )
    }
    upserts.append(elapsedNanoseconds(since: start) / 20)
  }
  try await connection.close()
  await database.close()
  guard try server.psql("SELECT json FROM sharing_rows WHERE key = 'benchItems' AND id = '5000'").contains("Edited") else {
    throw BenchmarkFailure("the edits were not in the database")
  }
  return (median(edits) / median(upserts), median(edits), median(upserts))
}

/// One element of the propagation benchmark's value: when it was last changed.
struct BenchPing: Codable, Equatable, Identifiable, Sendable {
  var id: Int
  var sentAt: Int
}

/// `postgres-propagation-p99-ms` (and p50): 1 000 changes made by another process (this program,
/// started again as the writer), each a different element of a 100-element `@Shared` value
/// stamped with the time of the change (`CLOCK_MONOTONIC`, one clock for both processes), timed
/// until this process's `@Shared` value shows it. Milliseconds.
@MainActor
func postgresPropagation(_ server: PostgresServer) async throws -> (p50: Double, p99: Double) {
  let database = try await PostgresDatabase.connect(to: PostgresDatabase.Configuration(url: server.url))
  let pings = withDependencies { $0.context = .live } operation: {
    Shared(wrappedValue: IdentifiedArrayOf<BenchPing>(), .database("pings", database: database))
  }
  pings.withLock { $0 = IdentifiedArray(uniqueElements: (0..<100).map { BenchPing(id: $0, sentAt: 0) }) }
  flushPendingWrites()
  let writer = Process()
  writer.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
  writer.environment = ["BENCHMARK_POSTGRES_WRITER": server.url, "PATH": "/usr/bin:/bin"]
  try writer.run()
  var latencies: [Double] = []
  var seen = Dictionary(uniqueKeysWithValues: (0..<100).map { ($0, 0) })
  let deadline = ContinuousClock.now + .seconds(120)
  while latencies.count < 1_000, ContinuousClock.now < deadline {
    let now = monotonicNanoseconds()
    for ping in pings.wrappedValue where ping.sentAt != seen[ping.id] {
      seen[ping.id] = ping.sentAt
      latencies.append(Double(now - ping.sentAt) / 1e6)
    }
    try await Task.sleep(for: .microseconds(200))
  }
  writer.waitUntilExit()
  await database.close()
  guard latencies.count == 1_000 else { throw BenchmarkFailure("only \(latencies.count) of 1 000 changes arrived") }
  latencies.sort()
  return (latencies[499], latencies[989])
}

/// The writer process of `postgres-propagation-p99-ms`: 1 000 changes, 10 ms apart, each written
/// at once (`save()`), each stamped with the time it was made.
@MainActor
func runPostgresWriter(url: String) async throws {
  let database = try await PostgresDatabase.connect(to: PostgresDatabase.Configuration(url: url))
  let pings = withDependencies { $0.context = .live } operation: {
    Shared(wrappedValue: IdentifiedArrayOf<BenchPing>(), .database("pings", database: database))
  }
  for change in 0..<1_000 {
    try await Task.sleep(for: .milliseconds(10))
    pings.withLock { $0[id: change % 100]?.sentAt = monotonicNanoseconds() }
    try await pings.save()
  }
  await database.close()
}

@MainActor
func printPostgresFigures() async {
  do {
    let server = try PostgresServer()
    let edit = try await postgresEditVsUpsert(server)
    figure("postgres-edit-1-of-10k-vs-upsert", String(format: "%.2f", edit.ratio), target: "≤ 10 (a guard)")
    print(String(format: "  edit and commit %.0f µs, postgres-nio upsert %.0f µs (medians)", edit.edit / 1e3, edit.upsert / 1e3))
    let propagation = try await postgresPropagation(server)
    figure("postgres-propagation-p99-ms", String(format: "%.1f", propagation.p99), target: "≤ 100")
    print("  p50 \(String(format: "%.1f", propagation.p50)) ms over 1 000 changes made in another process")
  } catch {
    print("postgres figures failed: \(error)")
  }
}
