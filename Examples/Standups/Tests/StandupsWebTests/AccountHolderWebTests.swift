import ComposableArchitecture
import ComposableWebTestSupport
import DatabaseTestSupport
import Foundation
import SharingGRDB
import StandupsCore
import StandupsTestSupport
import TerminalTestSupport
import Testing

/// What an account holder and an operator of the built `standups --web --accounts` do with an
/// account: the `/account` page in Chromium (change the password, delete the account with its
/// standups), `standups accounts list|reset-link|delete`, on a SQLite file and on two processes
/// on PostgreSQL behind nginx.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct AccountHolderWebTests {
  let web = AccountsWebTests()

  /// `standups accounts ARGUMENTS… --database DATABASE`: its exit status and output.
  func accounts(_ arguments: [String], database: String) throws -> (status: Int32, output: String) {
    try TmuxSession.run([builtProduct("standups").path, "accounts"] + arguments + ["--database", database])
  }

  @Test func anAccountHolderChangesThePasswordResetsItWithALinkAndDeletesTheAccount() async throws {
    let seed = try RecordedRun(name: "standups-account-holder")
    let database = seed.folder.appendingPathComponent("standups.sqlite").path
    let json = seed.folder.appendingPathComponent("standups.json")
    try JSONEncoder.standups.encode(IdentifiedArrayOf<Standup>(uniqueElements: [.mock, .engineeringMock])).write(to: json)
    #expect(try TmuxSession.run([builtProduct("standups").path, "import", json.path, "--database", database]).status == 0)
    let server = try await blocking { try AccountsWebTests.Server("standups-account-holder", database: database) }

    try await Browser.withSession(width: 375) { ada in
      try await web.submit(ada, at: server.base, "/sign-up", email: "ada@example.com", password: AccountsWebTests.adaPassword)
      #expect(try accounts(["adopt", "ada@example.com"], database: database).status == 0)
      #expect(try await ada.waitFor("return String(document.querySelectorAll('.card').length)", toBe: "2") == "2")
      // Signed in elsewhere too: that session ends with the password change.
      let elsewhere = try await server.request(
        "POST", "/sign-in", form: ["email": "ada@example.com", "password": AccountsWebTests.adaPassword]
      )
      let elsewhereID = try #require(
        elsewhere.headers("Set-Cookie").first.map { String($0.dropFirst("cw_session=".count).prefix { $0 != ";" }) }
      )
      let listed = try accounts(["list"], database: database)
      #expect(listed.status == 0)
      #expect(listed.output.contains("ada@example.com  made "))
      #expect(listed.output.contains("2 sessions"))

      // From the list to the account page, by its link.
      try await ada.click(".account a[href='/account']")
      #expect(try await ada.waitFor("return location.pathname", toBe: "/account") == "/account")
      #expect(try await ada.text("main h1") == "Your account")
      try await ada.screenshot(to: screenshotsFolder().appendingPathComponent("account-375.png"))
      try await ada.type(AccountsWebTests.adaPassword, into: "#current_password")
      try await ada.type("a-new-horse-staple", into: "#password")
      try await ada.click("form[action='/account/password'] button")
      #expect(try await ada.waitForText(".cw-notice", "Your password is changed. Your other sessions are signed out.") != "")
      #expect(try await server.request("GET", "/", cookie: elsewhereID).status == 303)

      // Forgotten anyway: the operator hands over a link, which works once.
      let link = try accounts(["reset-link", "ada@example.com", "--base-url", server.base], database: database)
      #expect(link.status == 0)
      let url = try #require(link.output.split(separator: "\n").map(String.init).first { $0.hasPrefix(server.base + "/reset-password?token=") })
      try await ada.open(url)
      try await ada.type("reset-horse-staple", into: "#password")
      try await ada.click("button[type=submit]")
      #expect(try await ada.waitFor("return location.pathname", toBe: "/") == "/")
      #expect(try await ada.waitUntilLive())
      #expect(try await ada.waitFor("return String(document.querySelectorAll('.card').length)", toBe: "2") == "2")
      try await ada.open(url)
      try await ada.type("another-horse-staple", into: "#password")
      try await ada.click("button[type=submit]")
      #expect(try await ada.waitForText("main h1", "This link cannot be used") != "")
      let unknown = try accounts(["reset-link", "nobody@example.com"], database: database)
      #expect(unknown.status == 1 && unknown.output.contains("no account has the email nobody@example.com"))

      // Deleting the account takes its standups: signing up again starts empty.
      try await ada.open(server.base + "/account")
      try await ada.type("reset-horse-staple", into: "#delete_password")
      try await ada.click("form[action='/account/delete'] button")
      #expect(try await ada.waitFor("return location.pathname", toBe: "/sign-in") == "/sign-in")
      #expect(try accounts(["list"], database: database).output.contains("No accounts in"))
      try await web.submit(ada, at: server.base, "/sign-up", email: "ada@example.com", password: AccountsWebTests.adaPassword)
      #expect(try await ada.waitFor("return document.querySelector('.empty') ? 'empty' : 'not'", toBe: "empty") == "empty")
    }

    // The operator deletes an account from the shell: its session ends in the running server.
    let bea = try await server.request(
      "POST", "/sign-up", form: ["email": "bea@example.com", "password": AccountsWebTests.beaPassword]
    )
    let beaID = try #require(bea.headers("Set-Cookie").first.map { String($0.dropFirst("cw_session=".count).prefix { $0 != ";" }) })
    #expect(try await server.request("GET", "/", cookie: beaID).status == 200)
    let deleted = try accounts(["delete", "Bea@example.com"], database: database)
    #expect(deleted.status == 0)
    #expect(deleted.output.contains("Deleted the account bea@example.com and its 0 standups."))
    #expect(try await server.request("GET", "/", cookie: beaID).status == 303)
    let log = try server.stop()
    #expect(!log.contains(AccountsWebTests.adaPassword) && !log.contains("reset-horse-staple"))
  }

  @Test func onTwoProcessesOnPostgresBehindNginxAPasswordChangeAndADeletionReachBoth() async throws {
    let postgres = try await blocking { try PostgresServer() }
    let first = try await blocking { try AccountsWebTests.Server("standups-account-holder-pg-1", database: postgres.url) }
    let second = try await blocking { try AccountsWebTests.Server("standups-account-holder-pg-2", database: postgres.url) }
    let nginx = try NginxServer(configuration: PostgresWebTests.nginxConfiguration, upstreams: [first.port, second.port])
    let front = "http://127.0.0.1:\(nginx.port)"

    try await Browser.withSession { ada in
      try await web.submit(ada, at: front, "/sign-up", email: "ada@example.com", password: AccountsWebTests.adaPassword)
      try await ada.addStandup("Kept in PostgreSQL")
      let old = try await web.sessionID(ada)
      // The change is posted to the first process; the second stops honouring the old session.
      let changed = try await first.request(
        "POST", "/account/password", cookie: old,
        form: ["current_password": AccountsWebTests.adaPassword, "password": "a-new-horse-staple"]
      )
      #expect(changed.status == 303)
      let new = try #require(changed.headers("Set-Cookie").first.map { String($0.dropFirst("cw_session=".count).prefix { $0 != ";" }) })
      #expect(try await second.request("GET", "/", cookie: old).status == 303)
      #expect(try await second.request("GET", "/", cookie: new).status == 200)
      #expect(try postgres.psql("SELECT count(*) FROM composable_web_sessions WHERE started_at IS NOT NULL") == "1\n")

      // A reset link made by the operator, used on the second process.
      let link = try accounts(["reset-link", "ada@example.com", "--base-url", front], database: postgres.url)
      let path = try #require(link.output.split(separator: "\n").first { $0.contains("/reset-password?token=") })
        .replacingOccurrences(of: front, with: "")
      let token = String(try #require(path.split(separator: "=").last))
      let reset = try await second.request("POST", "/reset-password", form: ["token": token, "password": "reset-horse-staple"])
      #expect(reset.status == 303)
      #expect(try await first.request("POST", "/reset-password", form: ["token": token, "password": "x-horse-staple"]).status == 410)
      #expect(try await first.request("GET", "/", cookie: new).status == 303)

      // Deleted on the first process: the second signs no one in with it, and the standups are gone.
      let signedIn = try await second.request("POST", "/sign-in", form: ["email": "ada@example.com", "password": "reset-horse-staple"])
      let session = try #require(signedIn.headers("Set-Cookie").first.map { String($0.dropFirst("cw_session=".count).prefix { $0 != ";" }) })
      #expect(try await first.request("POST", "/account/delete", cookie: session, form: ["password": "reset-horse-staple"]).status == 303)
      #expect(try await second.request("GET", "/", cookie: session).status == 303)
      #expect(try await second.request("POST", "/sign-in", form: ["email": "ada@example.com", "password": "reset-horse-staple"]).status == 401)
      #expect(try postgres.psql("SELECT count(*) FROM composable_web_accounts") == "0\n")
    }
    _ = try first.stop()
    _ = try second.stop()
    nginx.stop()
  }
}
