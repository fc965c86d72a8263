import ComposableArchitecture
import ComposableWebTestSupport
import DatabaseTestSupport
import Foundation
import StandupsCore
import StandupsTestSupport
import TerminalTestSupport
import Testing

/// Several built `standups --web --database postgres://…` processes on one real PostgreSQL
/// server, behind a real nginx with the README's configuration, driven in headless Chromium.
// A time limit: a test that hangs (a server or a browser that stops answering) fails with its
// name instead of holding the whole run until CI gives up. Generous: browser tests queue.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct PostgresWebTests {
  /// A running `standups --web` process.
  // @unchecked Sendable: every property is set once; its session and run are driven by one test
  // at a time (and each call runs one program to its end).
  struct Server: @unchecked Sendable {
    let run: RecordedRun
    let session: TmuxSession
    let port: Int

    init(_ name: String, database: String) throws {
      run = try RecordedRun(name: name)
      session = try TmuxSession(width: 200, height: 20)
      port = PostgresWebTests.port(of: try serveStandups(run, "--port 0 --database \(database)", in: session))
    }

    /// What the process's `/` shows now.
    func page() throws -> String {
      String(decoding: try loopbackHTTP(port: port, method: "GET", path: "/", body: nil), as: UTF8.self)
    }

    /// How many tabs have their socket on this process (its `/metrics`).
    func connectedTabs() throws -> Int {
      let metrics = String(decoding: try loopbackHTTP(port: port, method: "GET", path: "/metrics", body: nil), as: UTF8.self)
      let line = metrics.split(separator: "\n").first { $0.hasPrefix(#"composable_web_tabs{state="connected"}"#) }
      return line.flatMap { Double($0.split(separator: " ").last ?? "") }.map { Int($0) } ?? 0
    }

    func stop() throws {
      try run.kill("TERM")
      #expect(try run.ending(in: session).exitStatus == 0)
    }
  }

  static func port(of url: String) -> Int { StandupsWebTests.port(of: url) }

  /// The nginx configuration the README gives.
  static let nginxConfiguration = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("nginx/standups.conf")

  /// Waits until the browser's page lists a standup titled `title`; returns whether it did.
  func shows(_ title: String, in browser: Browser) async throws -> Bool {
    try await browser.waitFor(
      "return String([...document.querySelectorAll('.card')].some(c => c.textContent.includes('\(title)')))",
      toBe: "true"
    ) == "true"
  }

  @Test func twoProcessesBehindNginxShareTheStandupsAndAKilledOnesTabsMoveToTheOther() async throws {
    let postgres = try await blocking { try PostgresServer() }
    let first = try await blocking { try Server("standups-postgres-1", database: postgres.url) }
    let second = try await blocking { try Server("standups-postgres-2", database: postgres.url) }
    let nginx = try NginxServer(configuration: Self.nginxConfiguration, upstreams: [first.port, second.port])

    try await Browser.withSession { a in
      try await Browser.withSession { b in
        // One tab on each process: a standup added in one is live in the other within a second.
        try await a.open("http://127.0.0.1:\(first.port)/")
        try await a.waitUntilLive()
        try await b.open("http://127.0.0.1:\(second.port)/")
        try await b.waitUntilLive()
        try await a.addStandup("Platform")
        #expect(try await shows("Platform", in: a))
        let added = ContinuousClock.now
        let shown = try await shows("Platform", in: b)
        let text = try await b.evaluate("return document.body.innerText") ?? ""
        let screen = try second.session.screen()
        #expect(shown, "\(screen) \(text)")
        #expect(ContinuousClock.now - added < .seconds(1))
        // And in a later first render of either process.
        #expect(try first.page().contains("Platform") && second.page().contains("Platform"))

        // Two different standups added at the same moment on the two processes: both kept.
        try await a.addStandup("Retro")
        try await b.addStandup("Design")
        #expect(try await shows("Design", in: a))
        #expect(try await shows("Retro", in: b))
        #expect(
          try await eventually {
            try postgres.psql("SELECT count(*) FROM sharing_rows WHERE key = 'standups' AND id <> ''") == "3\n"
          }
        )
      }
    }

    // Through nginx, round robin and no sticky sessions: the tab works wherever its socket lands.
    try await Browser.withSession { tab in
      try await tab.open("http://127.0.0.1:\(nginx.port)/")
      try await tab.waitUntilLive()
      #expect(try await shows("Platform", in: tab))
      try await tab.addStandup("Saved before the kill")
      #expect(try await shows("Saved before the kill", in: tab))
      // Written (the tab's process wrote it); then the process that has the tab's socket dies.
      #expect(
        try await eventually {
          try postgres.psql("SELECT count(*) FROM sharing_rows WHERE key = 'standups' AND json LIKE '%Saved before the kill%'") == "1\n"
        }
      )
      let (victim, survivor) = try first.connectedTabs() == 1 ? (first, second) : (second, first)
      #expect(try victim.connectedTabs() == 1 && survivor.connectedTabs() == 0)
      try victim.run.kill("KILL")
      // The page reconnects through nginx to the other process, which starts the tab at its URL.
      #expect(try await eventually(seconds: 10) { try survivor.connectedTabs() == 1 })
      try await tab.waitUntilLive()
      for title in ["Platform", "Retro", "Design", "Saved before the kill"] {
        #expect(try await shows(title, in: tab), "\(title)")
      }
      // And it goes on working there.
      try await tab.addStandup("After the kill")
      #expect(
        try await eventually {
          try postgres.psql("SELECT count(*) FROM sharing_rows WHERE key = 'standups' AND json LIKE '%After the kill%'") == "1\n"
        }
      )
      // Each standup once: the process the page moved to sent the whole page, not patches
      // against a render the page never showed.
      #expect(try await tab.waitFor("return String(document.querySelectorAll('.card').length)", toBe: "5") == "5")
      try await tab.screenshot(to: screenshotsFolder().appendingPathComponent("standups-after-failover.png"))
      try survivor.stop()
    }
  }

  @Test func anEditMadeWhilePostgreSQLIsDownIsWrittenWhenItIsBack() async throws {
    let postgres = try await blocking { try PostgresServer() }
    let first = try await blocking { try Server("standups-postgres-outage-1", database: postgres.url) }
    let second = try await blocking { try Server("standups-postgres-outage-2", database: postgres.url) }
    try await Browser.withSession { tab in
      try await tab.open("http://127.0.0.1:\(first.port)/")
      try await tab.waitUntilLive()
      try await blocking { try postgres.stop() }
      // The app keeps running on its value: the edit shows in the tab.
      try await tab.addStandup("Written after the outage")
      #expect(try await shows("Written after the outage", in: tab))
      try await Task.sleep(for: .seconds(2))
      try await blocking { try postgres.start() }
      let back = ContinuousClock.now
      #expect(
        try await eventually(seconds: 8) {
          try postgres.psql("SELECT count(*) FROM sharing_rows WHERE key = 'standups' AND json LIKE '%Written after the outage%'") == "1\n"
        }
      )
      #expect(ContinuousClock.now - back < .seconds(5))
      // The other process catches up.
      #expect(try await eventually(seconds: 5) { try second.page().contains("Written after the outage") })
    }
    // One log line when the outage started and one when it ended, without the password.
    let screen = try first.session.screen()
    #expect(screen.components(separatedBy: "is unreachable").count - 1 == 1, "\(screen)")
    #expect(screen.components(separatedBy: "is back after").count - 1 == 1, "\(screen)")
    #expect(!screen.contains(postgres.password))
    try first.stop()
    try second.stop()
  }

  @Test func anImportShowsInRunningServersAtOnceAndOnlyOnce() async throws {
    let postgres = try await blocking { try PostgresServer() }
    let server = try await blocking { try Server("standups-postgres-import", database: postgres.url) }
    let folder = server.run.folder
    let file = folder.appendingPathComponent("standups.json")
    try JSONEncoder.standups.encode(IdentifiedArrayOf<Standup>(uniqueElements: [.mock, .engineeringMock])).write(to: file)
    let program = builtProduct("standups").path
    let imported = try TmuxSession.run([program, "import", file.path, "--database", postgres.url])
    #expect(imported.status == 0)
    #expect(imported.output == "Imported 2 standups from \(file.path) into postgres://app@127.0.0.1:\(postgres.port)/app.\n")
    // The import notifies like any other write: the running server shows it within a second.
    #expect(try await eventually(seconds: 1) { try server.page().contains("Engineering") })
    // Again, from DATABASE_URL: nothing changes.
    let again = try TmuxSession.run(["DATABASE_URL=\(postgres.url)", program, "import", file.path])
    #expect(again.output.hasSuffix("0 standups from \(file.path) into postgres://app@127.0.0.1:\(postgres.port)/app; 2 standups were already there and left as they were.\n"))
    #expect(try postgres.psql("SELECT count(*) FROM sharing_rows WHERE key = 'standups' AND id <> ''") == "2\n")
    // Neither the output nor the server's metrics name the password.
    let metrics = String(decoding: try loopbackHTTP(port: server.port, method: "GET", path: "/metrics", body: nil), as: UTF8.self)
    #expect(!imported.output.contains(postgres.password) && !metrics.contains(postgres.password))
    try server.stop()
  }

  /// The README installs the very file these tests run nginx with, and says what is in it.
  @Test func theREADMEInstallsTheConfigurationTheTestsRun() throws {
    let root = Self.nginxConfiguration.deletingLastPathComponent().appendingPathComponent("../../..").standardizedFileURL
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    // The file's directives, without its comments.
    let file = try String(contentsOf: Self.nginxConfiguration, encoding: .utf8)
      .split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }.joined(separator: "\n")
    let path = String(Self.nginxConfiguration.standardizedFileURL.path.dropFirst(root.path.count + 1))
    #expect(path == "Examples/Standups/nginx/standups.conf")
    #expect(readme.contains("sudo cp \(path) /etc/nginx/conf.d/standups.conf"))
    // Round robin over the two ports the README's commands start, the WebSocket upgrade passed
    // through, the Host kept with its port, a long read timeout.
    for port in [8081, 8082] {
      #expect(file.contains("server 127.0.0.1:\(port);"))
      #expect(readme.contains("--web --port \(port) &"))
    }
    #expect(!file.contains("ip_hash") && !file.contains("sticky"))
    #expect(file.contains("proxy_set_header Upgrade $http_upgrade;"))
    #expect(file.contains("proxy_set_header Host $http_host;") && readme.contains("`Host $http_host`\nkeeps the port"))
    #expect(file.contains("proxy_read_timeout 1h;") && readme.contains("keep the long read timeout"))
  }

  @Test func aDatabaseThatCannotBeUsedIsOneLineAndNothingElse() async throws {
    let postgres = try await blocking { try PostgresServer() }
    let program = builtProduct("standups").path
    let closed = try freeLoopbackPort()
    let cases = [
      ("postgres://app:secret@127.0.0.1:\(closed)/app", "standups: cannot reach PostgreSQL at 127.0.0.1:\(closed): connection refused"),
      ("postgres://app:wrong@127.0.0.1:\(postgres.port)/app", "standups: PostgreSQL at 127.0.0.1:\(postgres.port) refused the password of user \"app\""),
      ("postgres://app:secret@127.0.0.1:\(postgres.port)/nope", "standups: PostgreSQL at 127.0.0.1:\(postgres.port) has no database \"nope\""),
    ]
    for (url, message) in cases {
      // In a terminal: the one line, and nothing drawn before it.
      let run = try RecordedRun(name: "standups-postgres-error")
      let session = try TmuxSession(width: 160, height: 10)
      let start = ContinuousClock.now
      try run.start(program, "--database \(url)", in: session)
      let ending = try run.ending(in: session)
      #expect(ContinuousClock.now - start < .seconds(10))
      #expect(ending.exitStatus == 1)
      let printed = ending.screen.split(separator: "\n").prefix { !$0.hasPrefix("exit=") }
        .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      #expect(printed == [message], "\(ending.screen)")
      #expect(!ending.screen.contains("secret") && !ending.screen.contains("wrong"))
      #expect(!ending.isOnAlternateScreen)
      // The same from DATABASE_URL, for the web.
      let web = try TmuxSession.run(["DATABASE_URL=\(url)", program, "--web", "--port", "0"])
      #expect(web.status == 1)
      #expect(web.output == message + "\n")
    }
  }
}
