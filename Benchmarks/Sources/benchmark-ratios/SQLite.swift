import ComposableArchitecture
import Foundation
import SharingGRDB

// SQLite (SPEC 18), run with BENCHMARK_FILTER=sqlite: a one-element edit of a 10 000-element
// `@Shared(.database)` array vs a plain GRDB upsert, a `fetchAll` reader following a one-row
// change vs running its query, and a write in one process reaching a reader in another. Real
// files in a temporary folder, WAL mode (GRDB's `DatabasePool`), measured here in one run.

/// The element of the benchmarks: a GRDB record, so that the baseline is GRDB's own upsert.
struct BenchItem: Codable, Equatable, Identifiable, Sendable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "benchItems"
  var id: Int
  var title: String
  var notes: String
  var done: Bool
}

/// A folder of its own, deleted after `body`.
func withTemporaryFolder<R>(_ body: (URL) throws -> R) rethrows -> R {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-sqlite-\(UUID().uuidString)")
  try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  return try body(folder)
}

/// The table of `BenchItem`s, holding `tenThousandItems()`.
@Sendable func createBenchItems(_ db: Database) throws {
  try db.create(table: BenchItem.databaseTableName) { table in
    table.primaryKey("id", .integer)
    table.column("title", .text).notNull()
    table.column("notes", .text).notNull()
    table.column("done", .boolean).notNull()
  }
  for item in tenThousandItems() { try item.insert(db) }
}

func tenThousandItems() -> IdentifiedArrayOf<BenchItem> {
  IdentifiedArray(
    uniqueElements: (0..<10_000).map {
      BenchItem(id: $0, title: "Item \($0)", notes: "Notes about item \($0), long enough to be real.", done: $0 % 3 == 0)
    }
  )
}

func elapsedNanoseconds(since start: ContinuousClock.Instant) -> Double {
  let elapsed = start.duration(to: .now)
  return Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
}

/// `sqlite-edit-1-of-10k-vs-upsert`: an edit of one element of a 10 000-element
/// `@Shared(.database)` value, through to its committed transaction (the edit, then
/// `flushPendingWrites()`, which writes it at once), ÷ GRDB's upsert of the same element, in its
/// own table, in a transaction of its own. `sqlite-edit-1-of-10k-vs-upsert-and-refetch`: the same
/// edit ÷ what a SharingGRDB app does instead, the upsert and then the full re-fetch of the
/// 10 000 rows its `@SharedReader(.fetchAll…)` does after it. Alternating, medians of 15 batches
/// of 20 (of 5 for the re-fetch).
@MainActor
func sqliteEditVsUpsert() throws -> (ratio: Double, edit: Double, upsert: Double, upsertAndRefetch: Double) {
  try withTemporaryFolder { folder in
    let pool = try DatabasePool(path: folder.appendingPathComponent("bench.sqlite").path)
    try pool.write(createBenchItems)
    // A live context: writes are coalesced as in an app; the flush commits each edit.
    let items = withDependencies { $0.context = .live } operation: {
      Shared(wrappedValue: IdentifiedArrayOf<BenchItem>(), .database("benchItems", database: pool))
    }
    items.withLock { $0 = tenThousandItems() }
    flushPendingWrites()
    var edits: [Double] = []
    var upserts: [Double] = []
    var refetches: [Double] = []
    var counter = 0
    if ProcessInfo.processInfo.environment["BENCHMARK_SQLITE_BREAKDOWN"] != nil {
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
      // GRDB's upsert of the element, as an app without `.database` writes it.
      func upsert() throws {
        counter += 1
        var item = items.wrappedValue[id: 5_000]!
        item.title = "Upserted \(counter)"
        let upserted = item
        try pool.write { db in try upserted.upsert(db) }
      }
      start = ContinuousClock.now
      for _ in 0..<20 { try upsert() }
      upserts.append(elapsedNanoseconds(since: start) / 20)
      start = ContinuousClock.now
      for _ in 0..<5 {
        try upsert()
        let all = try pool.read { db in try BenchItem.fetchAll(db, sql: "SELECT * FROM benchItems ORDER BY id") }
        guard all.count == 10_000 else { throw BenchmarkFailure("the re-fetch read \(all.count) rows") }
      }
      refetches.append(elapsedNanoseconds(since: start) / 5)
    }
    // The edits reached the file: read back by another connection.
    let stored = try DatabaseQueue(path: pool.path).read { db in
      try String.fetchOne(db, sql: #"SELECT "json" FROM sharingRows WHERE "key" = 'benchItems' AND "id" = '5000'"#)
    }
    guard stored?.contains("Edited") == true else { throw BenchmarkFailure("the edits were not in the file") }
    return (median(edits) / median(upserts), median(edits), median(upserts), median(refetches))
  }
}

/// `sqlite-remote-change-1-of-10k-vs-upsert`: from the start of a one-row change to a
/// 10 000-element `@Shared(.database)` value written by other code (the statement another
/// process's key runs: the element's JSON and the key's next version) until the share shows it
/// (on the main actor: the commit noticed, the rows written since read through the version
/// index, the one element decoded) ÷ GRDB's upsert of the same element. The change is written
/// through the share's own database, whose writer tells it at once (`notifyChanges`); another
/// process's is taken in the same way once the file's watch notices it (within a quarter of a
/// second, not counted here). Medians of 15.
@MainActor
func sqliteRemoteChangeVsUpsert() async throws -> (ratio: Double, change: Double, upsert: Double) {
  return try await withBenchItemsDatabase { pool in
    let items = withDependencies { $0.context = .live } operation: {
      Shared(wrappedValue: IdentifiedArrayOf<BenchItem>(), .database("benchItems", database: pool))
    }
    items.withLock { $0 = tenThousandItems() }
    flushPendingWrites()
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    var changes: [Double] = []
    var upserts: [Double] = []
    for round in 0..<15 {
      var item = items.wrappedValue[id: 5_000]!
      item.title = "Changed elsewhere \(round)"
      let json = try encoder.encode(item)
      let title = item.title
      let start = ContinuousClock.now
      try await pool.write { db in
        try db.execute(
          sql: """
            UPDATE sharingRows SET "json" = ?,
              "version" = (SELECT max("version") FROM sharingRows WHERE "key" = 'benchItems') + 1
            WHERE "key" = 'benchItems' AND "id" = '5000'
            """,
          arguments: [json]
        )
        // GRDB's observers cannot see a change to a WITHOUT ROWID table by themselves.
        try db.notifyChanges(in: Table("sharingRows"))
      }
      while items.wrappedValue[id: 5_000]?.title != title {
        if start.duration(to: .now) > .seconds(5) { throw BenchmarkFailure("the share did not take the change in") }
        await Task.yield()
      }
      changes.append(elapsedNanoseconds(since: start))
      item.title = "Upserted \(round)"
      let upserted = item
      let upsertStart = ContinuousClock.now
      try await pool.write { db in try upserted.upsert(db) }
      upserts.append(elapsedNanoseconds(since: upsertStart))
    }
    return (median(changes) / median(upserts), median(changes), median(upserts))
  }
}

/// A new database file with `tenThousandItems()` in `benchItems`, in a folder of its own that is
/// deleted after `body`.
@MainActor
func withBenchItemsDatabase<R>(_ body: @MainActor (DatabasePool) async throws -> R) async throws -> R {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-sqlite-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let pool = try DatabasePool(path: folder.appendingPathComponent("bench.sqlite").path)
  try await pool.write(createBenchItems)
  return try await body(pool)
}

/// `sqlite-follow-vs-query`: from the start of a one-row write to a `fetchAll` reader over
/// 10 000 rows showing it (on the main actor) ÷ running the reader's query once. Medians of 15.
@MainActor
func sqliteFollowVsQuery() async throws -> (ratio: Double, follow: Double, query: Double) {
  return try await withBenchItemsDatabase { pool in
    let sql = "SELECT * FROM benchItems ORDER BY id"
    let reader = withDependencies { $0.context = .live } operation: {
      SharedReader(.fetchAll(sql: sql, database: pool)) as SharedReader<[BenchItem]>
    }
    guard reader.wrappedValue.count == 10_000 else { throw BenchmarkFailure("the reader did not load") }
    var follows: [Double] = []
    var queries: [Double] = []
    for round in 0..<15 {
      let title = "Followed \(round)"
      let start = ContinuousClock.now
      try await pool.write { db in
        try db.execute(sql: "UPDATE benchItems SET title = ? WHERE id = 5000", arguments: [title])
      }
      while reader.wrappedValue[5_000].title != title {
        if start.duration(to: .now) > .seconds(5) { throw BenchmarkFailure("the reader did not follow") }
        await Task.yield()
      }
      follows.append(elapsedNanoseconds(since: start))
      let queryStart = ContinuousClock.now
      let rows = try await pool.read { db in try BenchItem.fetchAll(db, sql: sql) }
      queries.append(elapsedNanoseconds(since: queryStart))
      guard rows[5_000].title == title else { throw BenchmarkFailure("the query read something else") }
    }
    return (median(follows) / median(queries), median(follows), median(queries))
  }
}

/// `sqlite-cross-process-ms`: a write in another process (this program, started again as a
/// writer) to a `fetchOne` reader here showing it. Each write carries the time it was committed
/// (`CLOCK_MONOTONIC`, the same in both processes); median of 15 writes, milliseconds.
@MainActor
func sqliteCrossProcessMilliseconds() async throws -> Double {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-sqlite-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  do {
    let path = folder.appendingPathComponent("bench.sqlite").path
    let pool = try DatabasePool(path: path)
    try await pool.write { db in
      try db.execute(sql: "CREATE TABLE pings (id INTEGER PRIMARY KEY, sentAt INTEGER NOT NULL)")
      try db.execute(sql: "INSERT INTO pings VALUES (1, 0)")
    }
    let reader = withDependencies { $0.context = .live } operation: {
      SharedReader(wrappedValue: 0, .fetchOne(sql: "SELECT sentAt FROM pings WHERE id = 1", database: pool))
    }
    let writer = Process()
    writer.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    writer.environment = ["BENCHMARK_SQLITE_WRITER": path, "PATH": "/usr/bin:/bin"]
    try writer.run()
    var latencies: [Double] = []
    var last = 0
    let deadline = ContinuousClock.now + .seconds(30)
    while latencies.count < 15, ContinuousClock.now < deadline {
      let sentAt = reader.wrappedValue
      if sentAt != last {
        latencies.append(Double(monotonicNanoseconds() - sentAt) / 1e6)
        last = sentAt
      }
      try await Task.sleep(for: .milliseconds(1))
    }
    writer.waitUntilExit()
    guard latencies.count == 15 else { throw BenchmarkFailure("only \(latencies.count) of 15 writes arrived") }
    return median(latencies)
  }
}

/// The writer process of `sqlite-cross-process-ms`: 15 writes to `path`, 400 ms apart, each
/// stamped with the time of its commit.
func runSQLiteWriter(path: String) throws {
  let queue = try DatabaseQueue(path: path)
  for _ in 0..<15 {
    Thread.sleep(forTimeInterval: 0.4)
    try queue.write { db in
      try db.execute(sql: "UPDATE pings SET sentAt = ? WHERE id = 1", arguments: [monotonicNanoseconds()])
    }
  }
}

/// `CLOCK_MONOTONIC` in nanoseconds: one clock for every process on the machine.
func monotonicNanoseconds() -> Int {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return time.tv_sec * 1_000_000_000 + time.tv_nsec
}

struct BenchmarkFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

@MainActor
func printSQLiteFigures() async {
  do {
    let edit = try sqliteEditVsUpsert()
    figure("sqlite-edit-1-of-10k-vs-upsert", String(format: "%.2f", edit.ratio), target: "≤ 10 (a guard)")
    print(String(format: "  edit and commit %.0f µs, GRDB upsert %.0f µs (medians)", edit.edit / 1e3, edit.upsert / 1e3))
    figure(
      "sqlite-edit-1-of-10k-vs-upsert-and-refetch", String(format: "%.3f", edit.edit / edit.upsertAndRefetch),
      target: "≤ 0.1"
    )
    print(String(format: "  GRDB upsert and a fetchAll of the 10,000 rows %.0f µs (median)", edit.upsertAndRefetch / 1e3))
    let remote = try await sqliteRemoteChangeVsUpsert()
    figure("sqlite-remote-change-1-of-10k-vs-upsert", String(format: "%.2f", remote.ratio), target: "≤ 5")
    print(String(format: "  a change written elsewhere shown %.0f µs after its write starts, GRDB upsert %.0f µs (medians)", remote.change / 1e3, remote.upsert / 1e3))
    let follow = try await sqliteFollowVsQuery()
    figure("sqlite-follow-vs-query", String(format: "%.2f", follow.ratio), target: "≤ 2")
    print(String(format: "  reader shows a change %.0f µs after the write starts, the query %.0f µs (medians)", follow.follow / 1e3, follow.query / 1e3))
    figure("sqlite-cross-process-ms", String(format: "%.0f", try await sqliteCrossProcessMilliseconds()), target: "≤ 1000")
  } catch {
    print("sqlite figures failed: \(error)")
  }
}
