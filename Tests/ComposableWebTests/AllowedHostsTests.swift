import ComposableArchitecture
@testable import ComposableWeb
import ComposableWebGRDB
import ComposableWebTestSupport
import Foundation
import Testing

/// A page of another site whose name a DNS server points at this machine (DNS rebinding): its
/// requests name that site in `Host` and `Origin`, and get nothing.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct AllowedHostsTests {
  typealias Accounts = AccountsTests

  @Test func aSignUpFromARebindingPageGets421AndMakesNoAccount() async throws {
    let database = try Accounts.Database()
    let made = Accounts.Made()
    let (app, port) = try await Accounts.start(database, time: Accounts.Time(), made: made)
    let rebound = ["Host": "attacker.example:\(port)"]
    // Host and Origin agree, as they do for a rebinding page: the request is still refused.
    let signUp = try await Accounts.post(
      port, "/sign-up", ["email": "mallory@example.com", "password": "correct horse"],
      origin: "http://attacker.example:\(port)", headers: rebound
    )
    #expect(signUp.status == 421)
    #expect(signUp.text.contains("This server does not answer for this host name."))
    #expect(Accounts.sessionID(signUp) == nil)
    #expect(made.accounts.withLock { $0.isEmpty })
    for path in ["/", "/sign-in", "/metrics", "/_cw/app.js"] {
      let answer = try await blocking { try loopbackRequest(port: port, method: "GET", path: path, headers: rebound) }
      #expect(answer.status == 421, "\(path)")
    }
    // A monitor's health check answers whatever name it uses.
    #expect(try await blocking { try loopbackRequest(port: port, method: "GET", path: "/healthz", headers: rebound) }.status == 200)
    // Its socket is refused too.
    #expect(throws: LoopbackWebSocket.Failure.self) {
      _ = try LoopbackWebSocket(
        port: port, path: "/_cw/socket?session=\(String(repeating: "0", count: 48))&page=/",
        origin: "http://attacker.example:\(port)", headers: rebound
      )
    }
    // This machine's own names are answered.
    for host in ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)", "LOCALHOST."] {
      let answer = try await blocking { try loopbackRequest(port: port, method: "GET", path: "/sign-in", headers: ["Host": host]) }
      #expect(answer.status == 200, "\(host)")
    }
    let metrics = try await Accounts.get(port, "/metrics").text
    #expect(figure(#"composable_web_dropped_total{reason="host"}"#, in: metrics) == 6)
    try await app.stop()
  }

  @Test func withAllowedHostsOnlyThoseNamesAreAnswered() async throws {
    let database = try Accounts.Database()
    let (app, port) = try await Accounts.start(
      store: try SQLiteAccountStore.sqlite(try database.pool()), time: Accounts.Time(),
      configureApp: { $0.allowedHosts = ["standups.example.com"] }
    )
    let named = ["Host": "Standups.Example.com:\(port)"]
    #expect(try await blocking { try loopbackRequest(port: port, method: "GET", path: "/sign-in", headers: named) }.status == 200)
    let signUp = try await Accounts.post(
      port, "/sign-up", ["email": "ada@example.com", "password": "correct horse"],
      origin: "http://standups.example.com:\(port)", headers: named
    )
    #expect(signUp.status == 303, "\(signUp.text)")
    // The address it listens on is not among the names any more.
    #expect(try await Accounts.get(port, "/sign-in").status == 421)
    // A form posted from another site's page to the right name is still refused by the Origin check.
    let crossSite = try await Accounts.post(
      port, "/sign-in", ["email": "ada@example.com", "password": "correct horse"],
      origin: "http://attacker.example", headers: named
    )
    #expect(crossSite.status == 403)
    try await app.stop()
  }

  @Test func hostNamesAreComparedWithoutPortCaseBracketsOrTrailingDot() {
    #expect(hostName(of: "Example.COM:8080") == "example.com")
    #expect(hostName(of: "example.com.") == "example.com")
    #expect(hostName(of: "[::1]:8080") == "::1")
    #expect(hostName(of: "::1") == "::1")
    #expect(hostName(of: "127.0.0.1") == "127.0.0.1")
    #expect(!isAnswered(nil, among: ["localhost"]))
    #expect(isAnswered("localhost:1", among: ["localhost"]))
  }
}
