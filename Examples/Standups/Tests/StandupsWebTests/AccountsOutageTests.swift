import ComposableWebTestSupport
import DatabaseTestSupport
import Foundation
import StandupsTestSupport
import TerminalTestSupport
import Testing

/// The drills of `standups --web --accounts` on PostgreSQL: the database stopped under a
/// signed-in session, and the server killed with SIGKILL. The session check fails closed while
/// the database is away and no session or account is lost either way.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct AccountsOutageTests {
  typealias Server = AccountsWebTests.Server

  /// The session id in a response's `Set-Cookie`.
  func sessionCookie(_ response: LoopbackResponse) throws -> String {
    let header = try #require(response.headers("Set-Cookie").first { $0.hasPrefix("cw_session=") })
    return String(try #require(header.split(separator: ";").first).dropFirst("cw_session=".count))
  }

  @Test func aStoppedDatabaseFailsClosedAndAKilledServerLosesNoSession() async throws {
    let postgres = try await blocking { try PostgresServer() }
    let first = try await blocking { try Server("standups-accounts-outage-1", database: postgres.url) }
    let signedUp = try await first.request(
      "POST", "/sign-up", form: ["email": "ada@example.com", "password": AccountsWebTests.adaPassword]
    )
    #expect(signedUp.status == 303)
    let session = try sessionCookie(signedUp)
    #expect(try await first.request("GET", "/", cookie: session).status == 200)

    // PostgreSQL stops: a signed-in page, a sign-in and the account page each answer 503 with a
    // sentence, never a page for no one or a sign-out.
    try await blocking { try postgres.stop() }
    let page = try await first.request("GET", "/", cookie: session)
    #expect(page.status == 503)
    #expect(page.text.contains("try again in a moment"))
    let signIn = try await first.request(
      "POST", "/sign-in", form: ["email": "ada@example.com", "password": AccountsWebTests.adaPassword]
    )
    #expect(signIn.status == 503)
    #expect(try await first.request("GET", "/account", cookie: session).status == 503)

    // Back: the same session works again, without signing in.
    try await blocking { try postgres.start() }
    #expect(
      try await eventually(seconds: 10) {
        try loopbackRequest(port: first.port, method: "GET", path: "/", headers: ["Cookie": "cw_session=\(session)"]).status == 200
      }
    )

    // The process is killed outright; another on the same database honours the session, and
    // the password still signs in.
    try first.run.kill("KILL")
    let second = try await blocking { try Server("standups-accounts-outage-2", database: postgres.url) }
    let again = try await second.request("GET", "/", cookie: session)
    #expect(again.status == 200)
    #expect(again.text.contains("ada@example.com"))
    let signedIn = try await second.request(
      "POST", "/sign-in", form: ["email": "ada@example.com", "password": AccountsWebTests.adaPassword]
    )
    #expect(signedIn.status == 303)
    let log = (try String(contentsOf: first.log, encoding: .utf8)) + (try second.stop())
    #expect(log.contains("the account store failed"))
    #expect(!log.contains(AccountsWebTests.adaPassword))
    #expect(!log.contains(postgres.password))
  }
}
