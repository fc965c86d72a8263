import ComposableArchitecture
@testable import ComposableWeb
import ComposableWebGRDB
import ComposableWebTestSupport
import Foundation
import Testing

/// Every answer carries the headers that keep the pages from being framed, re-based, or posting
/// elsewhere, whatever route (or refusal) made it.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct SecurityHeadersTests {
  typealias Accounts = AccountsTests

  func expectSafeHeaders(_ answer: LoopbackResponse, hsts: Bool, _ what: String) {
    let policy = answer.header("Content-Security-Policy") ?? ""
    for directive in ["script-src 'self'", "frame-ancestors 'none'", "base-uri 'none'", "form-action 'self'"] {
      #expect(policy.contains(directive), "\(what): \(directive) in \(policy)")
    }
    #expect(answer.header("X-Frame-Options") == "DENY", "\(what)")
    #expect(answer.header("Referrer-Policy") == "same-origin", "\(what)")
    #expect(answer.header("X-Content-Type-Options") == "nosniff", "\(what)")
    #expect((answer.header("Strict-Transport-Security") != nil) == hsts, "\(what)")
  }

  @Test(arguments: [false, true])
  func everyAnswerCarriesThem(secureCookie: Bool) async throws {
    let database = try Accounts.Database()
    let (app, port) = try await Accounts.start(database, time: Accounts.Time(), secureCookie: secureCookie)
    // A page, an asset, a redirect, a 404, a form refused, a host refused, the health check.
    let signIn = try await Accounts.get(port, "/sign-in")
    #expect(signIn.status == 200)
    expectSafeHeaders(signIn, hsts: secureCookie, "the sign-in page")
    expectSafeHeaders(try await Accounts.get(port, "/_cw/app.js"), hsts: secureCookie, "the script")
    let home = try await Accounts.get(port, "/")
    #expect(home.status == 303)
    expectSafeHeaders(home, hsts: secureCookie, "a redirect to sign in")
    let wrong = try await Accounts.post(port, "/sign-in", ["email": "a@example.com", "password": "wrong password"])
    #expect(wrong.status == 401)
    expectSafeHeaders(wrong, hsts: secureCookie, "a failed sign-in")
    let forged = try await Accounts.post(
      port, "/sign-up", ["email": "a@example.com", "password": "correct horse"], origin: "http://evil.example"
    )
    #expect(forged.status == 403)
    expectSafeHeaders(forged, hsts: secureCookie, "a form from another origin")
    let rebound = try await blocking {
      try loopbackRequest(port: port, method: "GET", path: "/sign-in", headers: ["Host": "attacker.example"])
    }
    #expect(rebound.status == 421)
    expectSafeHeaders(rebound, hsts: secureCookie, "another host")
    expectSafeHeaders(try await Accounts.get(port, "/healthz"), hsts: secureCookie, "the health check")
    try await app.stop()
  }
}
