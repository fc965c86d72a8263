import ComposableArchitecture
import ComposableWebTestSupport
import DatabaseTestSupport
import Foundation
import SharingGRDB
import StandupsCore
import StandupsTestSupport
import TerminalTestSupport
import Testing

/// The built `standups --web --accounts`, tried as an attacker would try it: two accounts in two
/// real Chromium sessions, on a SQLite file and on PostgreSQL behind nginx, each looking for a
/// way to the other's standups.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct AccountsWebTests {
  static let adaPassword = "ada-correct-horse"
  static let beaPassword = "bea-battery-staple"
  static let wrongPassword = "wrong-guess-1234"

  /// A running `standups --web --accounts`, its output also written to `log` (debug level: every
  /// line the server can write).
  // @unchecked Sendable: every property is set once; one test drives it at a time.
  struct Server: @unchecked Sendable {
    let run: RecordedRun
    let session: TmuxSession
    let port: Int
    var log: URL { run.folder.appendingPathComponent("server.log") }
    var base: String { "http://127.0.0.1:\(port)" }

    init(_ name: String, database: String, arguments: String = "") throws {
      run = try RecordedRun(name: name)
      session = try TmuxSession(width: 250, height: 30)
      let log = run.folder.appendingPathComponent("server.log").path
      port = StandupsWebTests.port(
        of: try serveStandups(run, "--accounts --port 0 --log-level debug --database \(database) \(arguments) 2>&1 | tee \(log)", in: session)
      )
    }

    func request(
      _ method: String, _ path: String, cookie: String? = nil, form: [String: String]? = nil
    ) async throws -> LoopbackResponse {
      var headers: [String: String] = [:]
      if let cookie { headers["Cookie"] = "cw_session=\(cookie)" }
      var body: Data?
      if let form {
        headers["Origin"] = base
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        body = Data(
          form.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
            .joined(separator: "&").utf8
        )
      }
      return try await blocking { [port, headers, body] in
        try loopbackRequest(port: port, method: method, path: path, headers: headers, body: body)
      }
    }

    /// Stops the server; returns everything it wrote.
    func stop() throws -> String {
      try run.kill("TERM")
      _ = try run.ending(in: session)
      return (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    }
  }

  func path(of browser: Browser) async throws -> String {
    try await browser.evaluate("return location.pathname").map { "\($0)" } ?? ""
  }

  /// Signs up (or in) through the page's own form, as a person does; returns once the list is live.
  func submit(_ browser: Browser, at base: String, _ page: String, email: String, password: String) async throws {
    try await browser.open(base + page)
    try await browser.type(email, into: "#email")
    try await browser.type(password, into: "#password")
    try await browser.click("button[type=submit]")
    #expect(try await browser.waitFor("return location.pathname", toBe: "/") == "/")
    #expect(try await browser.waitUntilLive())
  }

  /// The session id the browser holds (its cookie is HttpOnly: WebDriver reads it, the page can't).
  func sessionID(_ browser: Browser) async throws -> String {
    let cookie = try #require(try await browser.cookies().first { $0["name"] as? String == "cw_session" })
    return try #require(cookie["value"] as? String)
  }

  /// The titles on the list the browser shows.
  func titles(_ browser: Browser) async throws -> [String] {
    let text = try await browser.evaluate("return [...document.querySelectorAll('.card h2')].map(h => h.textContent).join('|')")
    return "\(text ?? "")".split(separator: "|").map(String.init)
  }

  @Test func twoAccountsNeverSeeEachOthersStandupsAndSignOutClosesTheTabs() async throws {
    // A database the single-user app used: two standups, which go to the account an operator
    // names, not to whoever signs up first.
    let seed = try RecordedRun(name: "standups-accounts-seed")
    let database = seed.folder.appendingPathComponent("standups.sqlite").path
    let json = seed.folder.appendingPathComponent("standups.json")
    try JSONEncoder.standups.encode(IdentifiedArrayOf<Standup>(uniqueElements: [.mock, .engineeringMock])).write(to: json)
    #expect(try TmuxSession.run([builtProduct("standups").path, "import", json.path, "--database", database]).status == 0)

    // Each tab records its session: what a recording holds is checked below.
    let recording = seed.folder.appendingPathComponent("session.jsonl").path
    let server = try await blocking { try Server("standups-accounts", database: database, arguments: "--record \(recording) --max-standups-per-account 3") }
    try await Browser.withSession { ada in
      try await Browser.withSession { bea in
        // Signed out, every page goes to the sign-in form.
        try await ada.open(server.base + "/")
        #expect(try await ada.waitFor("return location.pathname", toBe: "/sign-in") == "/sign-in")
        try await submit(ada, at: server.base, "/sign-up", email: "ada@example.com", password: Self.adaPassword)
        // The first account gets nothing by itself; the console said at start who may.
        #expect(try await ada.waitFor("return document.querySelector('.empty') ? 'empty' : 'not'", toBe: "empty") == "empty")
        #expect(
          try server.session.screen().contains(
            "The 2 standups of the single-user app belong to no account: give them to one with `standups accounts adopt EMAIL`."
          )
        )
        // The operator gives them to Ada: her open tab shows them within a second.
        let adopt = try TmuxSession.run([builtProduct("standups").path, "accounts", "adopt", "Ada@example.com", "--database", database])
        #expect(adopt.status == 0)
        #expect(adopt.output.contains("Gave the 2 standups of the single-user app to ada@example.com."))
        #expect(try await ada.waitFor("return String(document.querySelectorAll('.card').length)", toBe: "2") == "2")
        let unknown = try TmuxSession.run([builtProduct("standups").path, "accounts", "adopt", "nobody@example.com", "--database", database])
        #expect(unknown.status == 1)
        #expect(unknown.output.contains("no account has the email nobody@example.com in \(database): sign up with it first"))
        #expect(try await ada.text(".account span") == "ada@example.com")

        // The cookie: HttpOnly (the page's script cannot read it), SameSite=Lax, for the whole site.
        let cookie = try #require(try await ada.cookies().first { $0["name"] as? String == "cw_session" })
        #expect(cookie["httpOnly"] as? Bool == true)
        #expect(cookie["sameSite"] as? String == "Lax")
        #expect(cookie["path"] as? String == "/")
        #expect(cookie["secure"] as? Bool == false)
        #expect(try await ada.evaluate("return document.cookie").map { "\($0)" } == "")

        try await submit(bea, at: server.base, "/sign-up", email: "bea@example.com", password: Self.beaPassword)
        #expect(try await bea.waitFor("return document.querySelector('.empty') ? 'empty' : 'not'", toBe: "empty") == "empty")

        // Each adds one; neither list ever shows the other's, live or on a new render.
        try await ada.addStandup("Ada's roadmap")
        #expect(try await ada.waitFor("return String(document.querySelectorAll('.card').length)", toBe: "3") == "3")
        try await bea.addStandup("Bea's retro")
        #expect(try await bea.waitFor("return String(document.querySelectorAll('.card').length)", toBe: "1") == "1")
        #expect(try await titles(bea) == ["Bea's retro"])
        #expect(try await titles(ada).sorted() == ["Ada's roadmap", "Design", "Engineering"])
        // Ada is at her cap (`--max-standups-per-account 3`): a fourth is refused with an alert
        // that says why, and the refusal is counted.
        try await ada.click(".bar button.primary")
        let capAlert = """
          const text = document.querySelector('[role=alertdialog]')?.textContent ?? '';
          return String(text.includes('No room for another standup') && text.includes('An account holds at most 3 standups.'))
          """
        #expect(try await ada.waitFor(capAlert, toBe: "true") == "true")
        try await ada.click("[role=alertdialog] button")
        #expect(try await ada.waitFor("return String(document.querySelectorAll('[role=alertdialog]').length)", toBe: "0") == "0")
        #expect(try await server.request("GET", "/metrics").text.contains(#"composable_web_app_cap_total{cap="standups_per_account"} 1"#))
        let beaID = try await sessionID(bea)
        let adaID = try await sessionID(ada)
        let beaPage = try await server.request("GET", "/", cookie: beaID).text
        #expect(!beaPage.contains("Ada's roadmap") && !beaPage.contains("Engineering"))

        // Ada's standup's address: a 404 page for Bea, the same as an address that names nothing.
        try await ada.click(".card")
        #expect(try await ada.waitFor("return location.pathname.startsWith('/standups/') ? 'yes' : 'no'", toBe: "yes") == "yes")
        let adaTabAddress = try await path(of: ada)
        let theirs = try await server.request("GET", adaTabAddress, cookie: beaID)
        let nothing = try await server.request("GET", "/standups/\(UUID().uuidString.lowercased())", cookie: beaID)
        #expect(theirs.status == 404 && nothing.status == 404)
        #expect(theirs.text == nothing.text)
        try await bea.open(server.base + adaTabAddress)
        #expect(try await bea.text("h1") == "Not found")
        #expect(try await server.request("GET", adaTabAddress, cookie: adaID).status == 200)

        // An event of Bea's tab naming Ada's standup (a navigation to its address) finds nothing.
        let beaTabPage = try await server.request("GET", "/", cookie: beaID).text
        let beaTab = try #require(beaTabPage.firstMatch(of: #/name="cw-session" content="([0-9a-f]+)"/#)?.1)
        let answer = try await blocking { [port = server.port, base = server.base, adaTabAddress] () -> String in
          let socket = try LoopbackWebSocket(
            port: port, path: "/_cw/socket?session=\(beaTab)&page=/", origin: base, headers: ["Cookie": "cw_session=\(beaID)"]
          )
          try socket.send(#"{"u":"\#(adaTabAddress)"}"#)
          return try socket.receive()
        }
        // The tab stays on Bea's list, and puts the address back.
        #expect(answer == #"[["u","/",1]]"#)

        // Rows imported now, under the single-user app's key (no account's): no account's route
        // reaches them, by Back and Forward (a `u` event) or by a GET.
        var secret = Standup(id: Standup.ID(UUID(99)), title: "Single-user secret")
        secret.attendees = [Attendee(id: Attendee.ID(UUID(98)), name: "Nobody")]
        let secretJSON = seed.folder.appendingPathComponent("secret.json")
        try JSONEncoder.standups.encode(IdentifiedArrayOf<Standup>(uniqueElements: [secret])).write(to: secretJSON)
        #expect(try TmuxSession.run([builtProduct("standups").path, "import", secretJSON.path, "--database", database]).status == 0)
        let secretAddress = "/standups/\(UUID(99).uuidString.lowercased())"
        for id in [beaID, adaID] {
          let tab = try #require(try await server.request("GET", "/", cookie: id).text.firstMatch(of: #/name="cw-session" content="([0-9a-f]+)"/#)?.1)
          let reached = try await blocking { [port = server.port, base = server.base] () -> String in
            let socket = try LoopbackWebSocket(
              port: port, path: "/_cw/socket?session=\(tab)&page=/", origin: base, headers: ["Cookie": "cw_session=\(id)"]
            )
            try socket.send(#"{"u":"\#(secretAddress)"}"#)
            return try socket.receive()
          }
          #expect(reached == #"[["u","/",1]]"#)
          #expect(!reached.contains("Single-user secret"))
          #expect(try await server.request("GET", secretAddress, cookie: id).status == 404)
          #expect(try await server.request("HEAD", secretAddress, cookie: id).status == 404)
          #expect(try await server.request("GET", secretAddress + "/record", cookie: id).status == 404)
        }
        // Ada's tab's socket with Bea's session, or a made-up one, is refused with 1008.
        let adaTab = try #require(
          try await server.request("GET", "/", cookie: adaID).text.firstMatch(of: #/name="cw-session" content="([0-9a-f]+)"/#)?.1
        )
        for forged in [beaID, String(repeating: "7", count: 64)] {
          let code = try await blocking { [port = server.port, base = server.base] () -> Int? in
            let socket = try LoopbackWebSocket(
              port: port, path: "/_cw/socket?session=\(adaTab)&page=/", origin: base, headers: ["Cookie": "cw_session=\(forged)"]
            )
            _ = try? socket.receive()
            return socket.closeCode
          }
          #expect(code == 1008)
        }

        // Bea signs out with the button: her tab goes to the sign-in form, her session is over.
        try await bea.open(server.base + "/")
        #expect(try await bea.waitUntilLive())
        try await bea.screenshot(to: screenshotsFolder().appendingPathComponent("standups-accounts-list.png"))
        try await bea.click(".cw-sign-out button")
        #expect(try await bea.waitFor("return location.pathname", toBe: "/sign-in") == "/sign-in")
        #expect(try await server.request("GET", "/", cookie: beaID).status == 303)

        // Ada signs out in another tab of hers (the same cookie): her open tab is closed and sent
        // to the sign-in form within a second.
        try await ada.open(server.base + "/")
        #expect(try await ada.waitUntilLive())
        let signedOut = ContinuousClock.now
        let response = try await server.request("POST", "/sign-out", cookie: adaID, form: [:])
        #expect(response.status == 303 && response.header("Location") == "/sign-in")
        #expect(try await ada.waitFor("return location.pathname", toBe: "/sign-in") == "/sign-in")
        #expect(ContinuousClock.now - signedOut < .seconds(1))
        try await ada.screenshot(to: screenshotsFolder().appendingPathComponent("standups-accounts-sign-in.png"))

        // A wrong password is refused with the form again; the right one signs in anew.
        try await ada.type("ada@example.com", into: "#email")
        try await ada.type(Self.wrongPassword, into: "#password")
        try await ada.click("button[type=submit]")
        #expect(try await ada.waitForText(".cw-error", "Wrong email or password.") == "Wrong email or password.")
        try await submit(ada, at: server.base, "/sign-in", email: "ada@example.com", password: Self.adaPassword)
        #expect(try await titles(ada).sorted() == ["Ada's roadmap", "Design", "Engineering"])
        // Still at her cap in a new session: refused again, and counted again.
        try await ada.click(".bar button.primary")
        #expect(try await ada.waitFor(capAlert, toBe: "true") == "true")
        try await ada.click("[role=alertdialog] button")
        #expect(try await ada.waitFor("return String(document.querySelectorAll('[role=alertdialog]').length)", toBe: "0") == "0")
        #expect(try await server.request("GET", "/metrics").text.contains(#"composable_web_app_cap_total{cap="standups_per_account"} 2"#))
      }
    }
    let log = try server.stop()

    // In the database: bcrypt hashes, session hashes, each account's standups under its own key,
    // and under the single-user app's only what was imported after the first account.
    let pool = try DatabaseQueue(path: database)
    try await pool.read { db in
      let hashes = try String.fetchAll(db, sql: "SELECT passwordHash FROM composableWebAccounts")
      #expect(hashes.count == 2 && hashes.allSatisfy { $0.hasPrefix("$2b$10$") && $0.count == 60 })
      let keys = try Row.fetchAll(db, sql: "SELECT key, count(*) AS n FROM sharingRows WHERE id <> '' GROUP BY key")
        .map { "\($0["key"] as String)=\($0["n"] as Int)" }
      let accountKeys = keys.filter { $0.hasPrefix("standups/") }
      #expect(accountKeys.count == 2 && accountKeys.contains { $0.hasSuffix("=3") } && accountKeys.contains { $0.hasSuffix("=1") })
      // The single-user key holds only the standup imported after the accounts were made.
      let singleUser = keys.filter { !$0.hasPrefix("standups/") }
      #expect(singleUser.count == 1 && singleUser.allSatisfy { $0.hasSuffix("=1") }, "\(keys)")
    }
    // No password anywhere the server wrote: its log, its database file, its recordings (which
    // hold the tabs' actions: Ada's standup is in one).
    let file = String(decoding: try Data(contentsOf: URL(fileURLWithPath: database)), as: UTF8.self)
    let recordings = try FileManager.default.contentsOfDirectory(atPath: seed.folder.path)
      .filter { $0.hasPrefix("session") }
      .map { try String(contentsOf: seed.folder.appendingPathComponent($0), encoding: .utf8) }.joined()
    #expect(log.contains("Serving on"))
    #expect(recordings.contains("Ada's roadmap"))
    for password in [Self.adaPassword, Self.beaPassword, Self.wrongPassword] {
      #expect(!log.contains(password) && !file.contains(password) && !recordings.contains(password), "\(password)")
    }
  }

  @Test func aSessionMadeOnOneProcessWorksOnAnotherBehindNginxAndSignOutReachesBoth() async throws {
    let postgres = try await blocking { try PostgresServer() }
    let first = try await blocking { try Server("standups-accounts-pg-1", database: postgres.url) }
    // A session unused for 40 days (the first process made the tables): the second deletes it
    // before it serves.
    _ = try postgres.psql(
      "INSERT INTO composable_web_accounts (id, email, password_hash, created_at) VALUES ('old', 'old@example.com', '-', 0); "
        + "INSERT INTO composable_web_sessions (hash, account_id, last_used) VALUES ('expired', 'old', \(Date().timeIntervalSince1970 - 40 * 86400))"
    )
    let second = try await blocking { try Server("standups-accounts-pg-2", database: postgres.url) }
    #expect(try postgres.psql("SELECT count(*) FROM composable_web_sessions WHERE hash = 'expired'") == "0\n")
    let nginx = try NginxServer(configuration: PostgresWebTests.nginxConfiguration, upstreams: [first.port, second.port])
    let front = "http://127.0.0.1:\(nginx.port)"

    try await Browser.withSession { ada in
      try await submit(ada, at: front, "/sign-up", email: "ada@example.com", password: Self.adaPassword)
      try await ada.addStandup("Shared across processes")
      let id = try await sessionID(ada)
      // Both processes honour the session, wherever it was made.
      for server in [first, second] {
        #expect(
          try await eventually {
            String(decoding: try loopbackRequest(port: server.port, method: "GET", path: "/", headers: ["Cookie": "cw_session=\(id)"]).body, as: UTF8.self)
              .contains("Shared across processes")
          }
        )
      }
      // A tab on the first process; signing out on the second closes it within a second.
      try await ada.open(first.base + "/")
      #expect(try await ada.waitUntilLive())
      let start = ContinuousClock.now
      #expect(try await second.request("POST", "/sign-out", cookie: id, form: [:]).status == 303)
      #expect(try await ada.waitFor("return location.pathname", toBe: "/sign-in") == "/sign-in")
      #expect(ContinuousClock.now - start < .seconds(1))
      #expect(try await first.request("GET", "/", cookie: id).status == 303)
    }

    // Failed sign-ins count across processes: three on one, two on the other, then 429 on both.
    for (index, server) in [first, first, first, second, second].enumerated() {
      let response = try await server.request("POST", "/sign-in", form: ["email": "ada@example.com", "password": Self.wrongPassword + "\(index)"])
      #expect(response.status == 401)
    }
    for server in [first, second] {
      let throttled = try await server.request("POST", "/sign-in", form: ["email": "ada@example.com", "password": Self.adaPassword])
      #expect(throttled.status == 429)
      #expect(Int(throttled.header("Retry-After") ?? "") ?? 0 > 800)
    }
    // Both processes counted what they saw.
    let failures = try await [first, second].asyncMap { server in
      try await server.request("GET", "/metrics").text.split(separator: "\n")
        .first { $0.hasPrefix("composable_web_sign_in_failures_total ") }.flatMap { Double($0.split(separator: " ").last!) }
    }
    #expect(failures == [3, 2])

    // Two hundred guesses at once, through nginx to both processes: each is counted in one step
    // in PostgreSQL before its password is checked, so five are checked and the rest wait.
    let answers = try await withThrowingTaskGroup(of: Int.self) { group in
      for index in 0..<200 {
        group.addTask {
          try await blocking {
            try loopbackRequest(
              port: nginx.port, method: "POST", path: "/sign-in",
              headers: ["Origin": front, "Content-Type": "application/x-www-form-urlencoded"],
              body: Data("email=bea%40example.com&password=guess-\(index)".utf8)
            ).status
          }
        }
      }
      return try await group.reduce(into: [Int]()) { $0.append($1) }
    }
    #expect(answers.count == 200)
    #expect(answers.filter { $0 == 401 }.count == 5)
    #expect(answers.filter { $0 == 429 }.count == 195)
    // Through nginx, /metrics is a visitor's request like any other: not answered.
    let metricsViaProxy = try await blocking { try loopbackRequest(port: nginx.port, method: "GET", path: "/metrics") }
    #expect(metricsViaProxy.status == 404 && !metricsViaProxy.text.contains("composable_web"))
    let checked: [Double] = try await [first, second].asyncMap { server in
      let metrics = try await server.request("GET", "/metrics").text
      let line = metrics.split(separator: "\n").first { $0.hasPrefix("composable_web_sign_in_failures_total ") }
      return line.flatMap { Double($0.split(separator: " ").last!) } ?? 0
    }
    // Three and two before, five now.
    let passwordChecks = checked.reduce(0, +)
    #expect(passwordChecks == 10)

    #expect(try postgres.psql("SELECT count(*) FROM composable_web_accounts WHERE password_hash LIKE '$2b$10$%'") == "1\n")
    #expect(try postgres.psql("SELECT count(*) FROM composable_web_sessions") == "0\n")
    let nginxLogs = try FileManager.default.contentsOfDirectory(atPath: nginx.folder.appendingPathComponent("logs").path)
      .map { try String(contentsOf: nginx.folder.appendingPathComponent("logs/\($0)"), encoding: .utf8) }.joined()
    let logs = [try first.stop(), try second.stop(), nginxLogs]
    for password in [Self.adaPassword, Self.wrongPassword] {
      #expect(logs.allSatisfy { !$0.contains(password) }, "\(password)")
    }
  }

  @Test func aDNSRebindingPageGetsNothingAndAllowedHostNamesTheServer() async throws {
    let seed = try RecordedRun(name: "standups-accounts-hosts")
    let database = seed.folder.appendingPathComponent("standups.sqlite").path
    let local = try await blocking { try Server("standups-accounts-hosts-local", database: database) }
    // A page of attacker.example, which a DNS server now points at 127.0.0.1: Host and Origin
    // agree, and name it.
    let rebound = try await blocking {
      try loopbackRequest(
        port: local.port, method: "POST", path: "/sign-up",
        headers: [
          "Host": "attacker.example:\(local.port)", "Origin": "http://attacker.example:\(local.port)",
          "Content-Type": "application/x-www-form-urlencoded",
        ],
        body: Data("email=mallory%40example.com&password=correct-horse".utf8)
      )
    }
    #expect(rebound.status == 421)
    #expect(try await local.request("POST", "/sign-in", form: ["email": "mallory@example.com", "password": "correct-horse"]).status == 401)
    _ = try local.stop()

    // Off this machine, sign-up is closed unless the operator opens it.
    let everywhere = try await blocking {
      try Server("standups-accounts-closed", database: database, arguments: "--host 0.0.0.0")
    }
    let closed = try await everywhere.request("GET", "/sign-up")
    #expect(closed.status == 403 && closed.text.contains("Sign-up is closed"))
    #expect(try await everywhere.request("POST", "/sign-up", form: ["email": "eve@example.com", "password": "correct-horse"]).status == 403)
    _ = try everywhere.stop()
    let opened = try await blocking {
      try Server("standups-accounts-opened", database: database, arguments: "--host 0.0.0.0 --sign-up open")
    }
    #expect(try await opened.request("GET", "/sign-up").status == 200)
    _ = try opened.stop()

    // Behind a proxy that passes the public name on: that name only.
    let named = try await blocking {
      try Server("standups-accounts-hosts-named", database: database, arguments: "--allowed-host standups.example.com")
    }
    let page = try await blocking {
      try loopbackRequest(port: named.port, method: "GET", path: "/sign-in", headers: ["Host": "standups.example.com"])
    }
    #expect(page.status == 200)
    #expect(try await named.request("GET", "/sign-in").status == 421)
    _ = try named.stop()
  }

  @Test func withoutAccountsTheAppIsAsItWas() async throws {
    let run = try RecordedRun(name: "standups-no-accounts")
    let session = try TmuxSession(width: 250, height: 20)
    let database = run.folder.appendingPathComponent("standups.sqlite").path
    // Every interface, without accounts: said once, on standard error, before serving.
    let url = try serveStandups(run, "--host 0.0.0.0 --port 0 --database \(database)", in: session)
    #expect(
      try session.screen().contains(
        "standups: warning: serving 0.0.0.0 without --accounts: anyone who reaches it reads and changes every standup"
      )
    )
    let port = StandupsWebTests.port(of: url)
    #expect(try await blocking { try loopbackRequest(port: port, method: "GET", path: "/") }.status == 200)
    #expect(try await blocking { try loopbackRequest(port: port, method: "GET", path: "/sign-in") }.status == 404)
    try run.kill("TERM")
    #expect(try run.ending(in: session).exitStatus == 0)

    // --metrics-listen: the figures on a port of their own, and not on the app's.
    let metricsPort = try freeLoopbackPort()
    let listening = try RecordedRun(name: "standups-metrics-listen")
    let listeningSession = try TmuxSession(width: 250, height: 20)
    let withListener = try serveStandups(
      listening, "--port 0 --database \(database) --metrics-listen \(metricsPort)", in: listeningSession
    )
    let appPort = StandupsWebTests.port(of: withListener)
    #expect(try await blocking { try loopbackRequest(port: appPort, method: "GET", path: "/metrics") }.status == 404)
    let figures = try await blocking { try loopbackRequest(port: metricsPort, method: "GET", path: "/metrics") }
    #expect(figures.status == 200 && figures.text.contains("composable_web_renders_total"))
    try listening.kill("TERM")
    #expect(try listening.ending(in: listeningSession).exitStatus == 0)
    let badListener = try TmuxSession.run([builtProduct("standups").path, "--web", "--metrics-listen", "nine"])
    #expect(badListener.status == 64)
    #expect(badListener.output.contains(#"--metrics-listen takes HOST:PORT or PORT, like 127.0.0.1:9100; not "nine"."#))

    // Accounts need a database, and go with --web.
    let mock = try TmuxSession.run([builtProduct("standups").path, "--web", "--accounts", "--mock"])
    #expect(mock.status == 64)
    #expect(mock.output.contains("--accounts keeps each account's standups in a database: leave out --data and --mock."))
    let terminal = try TmuxSession.run([builtProduct("standups").path, "--accounts"])
    #expect(
      terminal.output.contains(
        "--port, --host, --allowed-host, --metrics-listen, --log-level, --accounts, --max-tabs-per-session, --max-tabs, --max-sockets-per-client, --max-events-per-second, --max-event-bytes, --header-timeout and --idle-timeout go with --web."
      )
    )
    let cap = try TmuxSession.run([builtProduct("standups").path, "--web", "--max-events-per-second", "0"])
    #expect(cap.status == 64)
    #expect(cap.output.contains("--max-tabs-per-session, --max-tabs, --max-sockets-per-client, --max-events-per-second, --header-timeout and --idle-timeout take 1 or more."))
    let small = try TmuxSession.run([builtProduct("standups").path, "--web", "--max-event-bytes", "100"])
    #expect(small.status == 64)
    #expect(small.output.contains("--max-event-bytes takes 1024 or more"))
    let perAccount = try TmuxSession.run([builtProduct("standups").path, "--web", "--max-standups-per-account", "5"])
    #expect(perAccount.status == 64)
    #expect(perAccount.output.contains("--max-standups-per-account go with --accounts."))
  }
}

extension Sequence {
  fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
    var results: [T] = []
    for element in self { results.append(try await transform(element)) }
    return results
  }
}
