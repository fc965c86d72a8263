import ComposableArchitecture
import ComposableWebTestSupport
import DatabaseTestSupport
import Foundation
import Logging
import SharingPostgres
import Synchronization
import Testing

private struct Item: Codable, Equatable, Identifiable, Sendable {
  var id: Int
  var title: String
}

/// The database-backed `@Shared` key on a real PostgreSQL server (a cluster made for each test):
/// two `PostgresDatabase`s stand for two processes, each with its own connection.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct PostgresKeyTests {
  /// Waits (up to `seconds`) until `condition` holds; returns whether it did. Generous: other
  /// processes' values arrive on the main actor, which other tests of the suite may hold for
  /// seconds (the time a change takes is measured by the benchmarks, and between built
  /// processes by `PostgresWebTests`).
  func eventually(seconds: Double = 30, _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
      if try await condition() { return true }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return try await condition()
  }

  func connect(_ server: PostgresServer, logger: Logger = Logger(label: "test")) async throws -> PostgresDatabase {
    try await PostgresDatabase.connect(to: PostgresDatabase.Configuration(url: server.url), logger: logger)
  }

  @Test func aChangeInOneProcessReachesTheOtherAndWritesOnlyItsRow() async throws {
    let server = try await blocking { try PostgresServer() }
    let first = try await connect(server)
    let second = try await connect(server)
    @Shared(.database("items", database: first)) var items: IdentifiedArrayOf<Item> = []
    @Shared(.database("items", database: second)) var seen: IdentifiedArrayOf<Item> = []

    $items.withLock { $0 = IdentifiedArray(uniqueElements: (1...100).map { Item(id: $0, title: "Item \($0)") }) }
    #expect(await eventually { seen.count == 100 })
    // One row per element and a header row; the library made its table.
    #expect(try await psql(server, "SELECT count(*) FROM sharing_rows WHERE key = 'items'") == "101\n")
    let before = try await psql(server, "SELECT id, version FROM sharing_rows WHERE key = 'items' ORDER BY id")

    $items.withLock { $0[id: 42]?.title = "Answer" }
    #expect(await eventually { seen[id: 42]?.title == "Answer" })
    let after = try await psql(server, "SELECT id, version FROM sharing_rows WHERE key = 'items' ORDER BY id")
    let changed = zip(before.split(separator: "\n"), after.split(separator: "\n")).filter { $0 != $1 }
    #expect(changed.map(\.1) .count == 1)
    #expect(changed.first?.1.hasPrefix("42|") == true)
    #expect(try await psql(server, "SELECT json FROM sharing_rows WHERE key = 'items' AND id = '42'") == #"{"id":42,"title":"Answer"}"# + "\n")

    // A removal travels too, and so does a process that starts later: it reads what is there.
    $items.withLock { _ = $0.remove(id: 1) }
    #expect(await eventually { seen[id: 1] == nil && seen.count == 99 })
    let third = try await connect(server)
    @Shared(.database("items", database: third)) var late: IdentifiedArrayOf<Item> = []
    #expect(late.count == 99 && late[id: 42]?.title == "Answer")
    #expect(late.elements == items.elements)

    await first.close()
    await second.close()
    await third.close()
  }

  @Test func differentElementsEditedByTwoProcessesAreBothKept() async throws {
    let server = try await blocking { try PostgresServer() }
    let first = try await connect(server)
    let second = try await connect(server)
    @Shared(.database("items", database: first)) var a: IdentifiedArrayOf<Item> = []
    @Shared(.database("items", database: second)) var b: IdentifiedArrayOf<Item> = []
    $a.withLock { $0 = [Item(id: 1, title: "one"), Item(id: 2, title: "two")] }
    #expect(await eventually { b.count == 2 })

    // At the same moment, each edits another element.
    $a.withLock { $0[id: 1]?.title = "one, edited by a" }
    $b.withLock { $0[id: 2]?.title = "two, edited by b" }
    #expect(await eventually { a[id: 2]?.title == "two, edited by b" && b[id: 1]?.title == "one, edited by a" })
    #expect(a.elements == b.elements)
    #expect(try await psql(server, "SELECT json FROM sharing_rows WHERE key = 'items' AND id <> '' ORDER BY id") == """
      {"id":1,"title":"one, edited by a"}
      {"id":2,"title":"two, edited by b"}

      """)
    // Any other Codable value is one row.
    @Shared(.database("settings", database: first)) var settings = ["theme": "dark"]
    $settings.withLock { $0["theme"] = "light" }
    #expect(try await eventually { try await psql(server, "SELECT json FROM sharing_rows WHERE key = 'settings'") == #"{"theme":"light"}"# + "\n" })
    await first.close()
    await second.close()
  }

  @Test func anOutageKeepsEditsAndWritesThemWhenTheServerIsBack() async throws {
    let server = try await blocking { try PostgresServer() }
    let lines = LogLines()
    let first = try await connect(server, logger: Logger(label: "first") { _ in lines })
    let second = try await connect(server)
    @Shared(.database("items", database: first)) var items: IdentifiedArrayOf<Item> = []
    @Shared(.database("items", database: second)) var seen: IdentifiedArrayOf<Item> = []
    $items.withLock { $0.append(Item(id: 1, title: "before")) }
    #expect(await eventually { seen.count == 1 })

    try await blocking { try server.stop() }
    // The app keeps running on its value and keeps every edit.
    $items.withLock { $0.append(Item(id: 2, title: "during the outage")) }
    try await Task.sleep(for: .seconds(3))
    #expect(items.count == 2)
    try await blocking { try server.start() }
    // Written once the server is back (within 5 s of its return between built processes:
    // `PostgresWebTests`).
    #expect(
      try await eventually {
        try await psql(server, "SELECT json FROM sharing_rows WHERE key = 'items' AND id = '2'") == #"{"id":2,"title":"during the outage"}"# + "\n"
      }
    )
    // The other process catches up once it is back too.
    #expect(await eventually { seen[id: 2]?.title == "during the outage" })
    // One line when the outage starts and one when it ends, not one per try.
    let logged = lines.messages
    #expect(logged.count { $0.contains("is unreachable") } == 1, "\(logged)")
    #expect(logged.count { $0.contains("is back after") } == 1, "\(logged)")
    #expect(!logged.joined().contains(server.password))
    await first.close()
    await second.close()
  }

  @Test func changesOtherProcessesMadeDuringAnOutageArriveAfterIt() async throws {
    let server = try await blocking { try PostgresServer() }
    let first = try await connect(server)
    @Shared(.database("items", database: first)) var items: IdentifiedArrayOf<Item> = []
    $items.withLock { $0 = [Item(id: 1, title: "one"), Item(id: 2, title: "two")] }
    #expect(try await eventually { try await psql(server, "SELECT count(*) FROM sharing_rows WHERE key = 'items'") == "3\n" })
    // first's connection is cut; meanwhile another writer changes a row.
    try await psql(server, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'app'")
    try await psql(server, 
      "UPDATE sharing_rows SET json = '{\"id\":2,\"title\":\"changed elsewhere\"}', version = nextval('sharing_rows_version') WHERE key = 'items' AND id = '2'"
    )
    #expect(await eventually { items[id: 2]?.title == "changed elsewhere" })
    #expect(items[id: 1]?.title == "one")
    await first.close()
  }

  @Test func aFlushWritesWhatIsHeldBack() async throws {
    let server = try await blocking { try PostgresServer() }
    let database = try await connect(server)
    // Live: the first change is written at once, the next ones at most once a second.
    let items = withDependencies {
      $0.context = .live
    } operation: {
      Shared<IdentifiedArrayOf<Item>>(wrappedValue: [], .database("items", database: database))
    }
    let start = ContinuousClock.now
    let flushes = PendingWrites.flushCount
    items.withLock { $0.append(Item(id: 1, title: "first")) }
    #expect(try await eventually { try await psql(server, "SELECT count(*) FROM sharing_rows WHERE key = 'items'") == "2\n" })
    items.withLock { $0.append(Item(id: 2, title: "second")) }
    items.withLock { $0[id: 2]?.title = "second, edited" }
    try await Task.sleep(for: .milliseconds(200))
    let held = try await psql(server, "SELECT count(*) FROM sharing_rows WHERE key = 'items'")
    // The held-back write goes out a second after the first one at the earliest: on a machine so
    // loaded that a second has passed since the first change, or when a flush somewhere else in
    // this process (a web server stopping in another test) wrote it, it may rightly be there.
    if ContinuousClock.now < start + .milliseconds(900), PendingWrites.flushCount == flushes {
      #expect(held == "2\n")
    }
    flushPendingWrites()
    #expect(try await psql(server, "SELECT json FROM sharing_rows WHERE key = 'items' AND id = '2'") == #"{"id":2,"title":"second, edited"}"# + "\n")
    await database.close()
  }

  @Test func connectionErrorsSayWhatIsWrongWithoutThePassword() async throws {
    let server = try await blocking { try PostgresServer() }
    func error(_ url: String) async -> String {
      do {
        let database = try await PostgresDatabase.connect(to: PostgresDatabase.Configuration(url: url))
        await database.close()
        return "connected"
      } catch {
        return error.description
      }
    }
    #expect(
      await error("postgres://app:wrong@127.0.0.1:\(server.port)/app")
        == "PostgreSQL at 127.0.0.1:\(server.port) refused the password of user \"app\""
    )
    #expect(
      await error("postgres://app:secret@127.0.0.1:\(server.port)/missing")
        == "PostgreSQL at 127.0.0.1:\(server.port) has no database \"missing\""
    )
    let closed = try freeLoopbackPort()
    let start = ContinuousClock.now
    #expect(await error("postgres://app:secret@127.0.0.1:\(closed)/app") == "cannot reach PostgreSQL at 127.0.0.1:\(closed): connection refused")
    #expect(ContinuousClock.now - start < .seconds(10))
    #expect(
      await error("postgres://app:secret@127.0.0.1") == "postgres://app:***@127.0.0.1 is not a PostgreSQL URL: no database name after the host"
    )
  }
}

/// Runs `sql` on `server` off the tasks' threads (psql is a program the test waits for: run on
/// them, it would hold a thread the values under test need).
@discardableResult
func psql(_ server: PostgresServer, _ sql: String) async throws -> String {
  try await blocking { try server.psql(sql) }
}

/// Collects log messages (a test's log handler).
final class LogLines: LogHandler, @unchecked Sendable {
  // @unchecked Sendable: `lines` is behind a Mutex; the LogHandler properties are set once.
  private let lines = Mutex<[String]>([])
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .trace

  var messages: [String] { lines.withLock { $0 } }

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    lines.withLock { $0.append("\(event.level): \(event.message)") }
  }
}

@MainActor
@Suite(.serialized, .timeLimit(.minutes(2)))
struct PostgresObservationTests {
  @Test func anObserverHearsAnotherProcesssChange() async throws {
    // Made off the main actor: initdb takes seconds, and other tests' values arrive there.
    let server = try await blocking { try PostgresServer() }
    let first = try await PostgresDatabase.connect(to: PostgresDatabase.Configuration(url: server.url))
    let second = try await PostgresDatabase.connect(to: PostgresDatabase.Configuration(url: server.url))
    @Shared(.database("items", database: first)) var items: IdentifiedArrayOf<Item> = []
    @Shared(.database("items", database: second)) var seen: IdentifiedArrayOf<Item> = []
    var counts: [Int] = []
    let token = observe { counts.append(seen.count) }
    $items.withLock { $0.append(Item(id: 1, title: "one")) }
    let deadline = ContinuousClock.now + .seconds(10)
    while counts.last != 1, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
    #expect(counts == [0, 1])
    token.cancel()
    await first.close()
    await second.close()
  }
}
