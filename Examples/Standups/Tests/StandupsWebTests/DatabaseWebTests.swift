import ComposableArchitecture
import ComposableWebTestSupport
import Foundation
import StandupsCore
import StandupsTestSupport
import TerminalTestSupport
import Testing

/// The built `standups --web` on a SQLite file: the first start imports the JSON data file
/// before it listens; an `import` and a terminal on the same file show up in it, and what a
/// browser adds shows up in the terminal.
// A time limit: a test that hangs (a server or a browser that stops answering) fails with its
// name instead of holding the whole run until CI gives up. Generous: browser tests queue.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct DatabaseWebTests {
  let program = builtProduct("standups").path

  /// The page at `/` of the server at `port`.
  func page(port: Int) async throws -> String {
    let html = try await blocking { try loopbackHTTP(port: port, method: "GET", path: "/", body: nil) }
    return String(decoding: html, as: UTF8.self)
  }

  /// Reads the page at `/` until `isDone` holds, for at most `seconds`; returns whether it did.
  func page(port: Int, seconds: Double = 5, until isDone: (String) -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
      if isDone(try await page(port: port)) { return true }
      try await Task.sleep(for: .milliseconds(50))
    }
    return false
  }

  @Test func theFirstStartImportsTheJSONFileBeforeServingAndOnlyOnce() async throws {
    let run = try RecordedRun(name: "standups-web-first-start")
    let dataHome = run.folder.appendingPathComponent("data")
    let json = dataHome.appendingPathComponent("standups/standups.json")
    try FileManager.default.createDirectory(at: json.deletingLastPathComponent(), withIntermediateDirectories: true)
    let contents = try JSONEncoder.standups.encode(IdentifiedArrayOf<Standup>(uniqueElements: [.mock, .engineeringMock]))
    try contents.write(to: json)
    let session = try TmuxSession(width: 300, height: 20, environment: ["XDG_DATA_HOME": dataHome.path])

    let url = try serveStandups(run, "--port 0", in: session)
    let database = dataHome.appendingPathComponent("standups/standups.sqlite").path
    #expect(try session.screen().contains("Imported 2 standups from \(json.path) into \(database)"))
    // Served only once imported: the very first page has them.
    let first = try await page(port: port(of: url))
    #expect(first.contains("Design") && first.contains("Engineering"))
    try run.kill("TERM")
    #expect(try run.ending(in: session).exitStatus == 0)
    #expect(try Data(contentsOf: json) == contents)  // left as it was

    // The second start finds its database and imports nothing.
    try session.type("clear")
    let again = try serveStandups(run, "--port 0", in: session)
    #expect(try !session.screen().contains("Imported"))
    #expect(try await page(port: port(of: again)).contains("Engineering"))
    try run.kill("TERM")
    #expect(try run.ending(in: session).exitStatus == 0)
  }

  @Test func anImportATerminalAndABrowserOnOneFileSeeEachOthersChanges() async throws {
    let run = try RecordedRun(name: "standups-web-database")
    let database = run.folder.appendingPathComponent("standups.sqlite").path
    let session = try TmuxSession(width: 120, height: 20)
    let url = try serveStandups(run, "--port 0 --database \(database)", in: session)
    let port = port(of: url)
    #expect(try await page(port: port).contains("No standups yet"))

    // Another process imports: the running server shows it.
    let file = run.folder.appendingPathComponent("standups.json")
    try JSONEncoder.standups.encode(IdentifiedArrayOf<Standup>(uniqueElements: [.mock])).write(to: file)
    let imported = try TmuxSession.run([program, "import", file.path, "--database", database])
    #expect(imported.output == "Imported 1 standup from \(file.path) into \(database).\n")
    #expect(try await page(port: port) { $0.contains("Design") })

    // A terminal on the same file adds a standup: the server shows it.
    let terminalRun = try RecordedRun(name: "standups-web-database-terminal")
    let terminal = try TmuxSession(width: 80, height: 24)
    try terminalRun.start(program, "--database \(database)", in: terminal)
    try terminal.waitFor("● Design")
    try terminal.addStandup("Retro")
    #expect(try await page(port: port) { $0.contains("Retro") })

    // A browser adds one: the terminal shows it.
    try await Browser.withSession { browser in
      try await browser.open(url)
      try await browser.waitUntilLive()
      try await browser.addStandup("Platform")
      #expect(
        try await browser.waitFor(
          "return String([...document.querySelectorAll('.card')].some(c => c.textContent.includes('Platform')))",
          toBe: "true"
        ) == "true"
      )
    }
    try terminal.waitFor("● Platform", timeout: 5)

    try terminal.send("q", literal: true)
    #expect(try terminalRun.ending(in: terminal).exitStatus == 0)
    try run.kill("TERM")
    #expect(try run.ending(in: session).exitStatus == 0)
  }
}
