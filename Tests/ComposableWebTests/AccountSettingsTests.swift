import ComposableArchitecture
@testable import ComposableWeb
import ComposableWebGRDB
import ComposableWebTestSupport
import Foundation
import SharingGRDB
import Synchronization
import Testing

/// What an account holder does at `/account` (change the password, sign out everywhere, delete
/// the account), a reset link an operator hands over, and the absolute session lifetime: each as
/// an attacker would try it too (another site's post, a stolen session guessing the password, a
/// link used twice). Real servers on real SQLite files, and the in-memory store beside them.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct AccountSettingsTests {
  typealias Support = AccountsTests

  /// The stores the tests run on: a SQLite file, or this process's memory.
  enum StoreKind: CaseIterable, CustomTestStringConvertible {
    case sqlite, memory

    var testDescription: String { self == .sqlite ? "SQLite" : "in memory" }

    func make(_ database: AccountsTests.Database) throws -> any AccountStore {
      self == .sqlite ? try SQLiteAccountStore.sqlite(try database.pool()) : InMemoryAccountStore()
    }
  }

  @Test(arguments: StoreKind.allCases)
  func changingThePasswordEndsEverySessionAndGivesThisBrowserANewOne(_ kind: StoreKind) async throws {
    let database = try AccountsTests.Database()
    let (app, port) = try await Support.start(store: try kind.make(database), time: .init())
    let here = try await Support.signUp(port, "ada@example.com")
    let elsewhere = try #require(
      Support.sessionID(try await Support.post(port, "/sign-in", ["email": "ada@example.com", "password": "correct horse"]))
    )
    let bea = try await Support.signUp(port, "bea@example.com")
    let page = try await Support.get(port, "/account", cookie: here)
    #expect(page.status == 200)
    #expect(page.text.contains("<strong>ada@example.com</strong>"))
    #expect(page.text.contains(#"action="/account/password""#))
    // A tab open elsewhere is sent to /sign-in once the password changes.
    let tab = try await Support.openTab(port, cookie: elsewhere)
    let socket = try await blocking { try Support.socket(port, tab: tab, cookie: elsewhere) }
    try await Support.waitUntilConnected(port, tabs: 1)

    let wrong = try await Support.post(
      port, "/account/password", ["current_password": "not it", "password": "battery staple"], cookie: here
    )
    #expect(wrong.status == 401)
    #expect(wrong.text.contains("That is not your current password."))
    let short = try await Support.post(
      port, "/account/password", ["current_password": "correct horse", "password": "short"], cookie: here
    )
    #expect(short.status == 422)
    #expect(short.text.contains("New password: Choose a password of at least 8 characters."))

    let changed = try await Support.post(
      port, "/account/password", ["current_password": "correct horse", "password": "battery staple"], cookie: here
    )
    #expect(changed.status == 303)
    #expect(changed.header("Location") == "/account?done=password")
    let renewed = try #require(Support.sessionID(changed))
    #expect(renewed != here)
    let told = try await blocking { try socket.receive() }
    #expect(told == #"[["go","/sign-in"]]"#)
    #expect(try await Support.get(port, "/", cookie: here).status == 303)
    #expect(try await Support.get(port, "/", cookie: elsewhere).status == 303)
    #expect(try await Support.get(port, "/", cookie: renewed).status == 200)
    #expect(try await Support.get(port, "/", cookie: bea).status == 200)
    #expect(try await Support.get(port, "/account?done=password", cookie: renewed).text.contains("Your password is changed."))
    #expect(try await Support.post(port, "/sign-in", ["email": "ada@example.com", "password": "correct horse"]).status == 401)
    #expect(try await Support.post(port, "/sign-in", ["email": "ada@example.com", "password": "battery staple"]).status == 303)
    try await app.stop()
  }

  @Test(arguments: StoreKind.allCases)
  func signingOutEverywhereEndsTheAccountsSessionsOnly(_ kind: StoreKind) async throws {
    let database = try AccountsTests.Database()
    let (app, port) = try await Support.start(store: try kind.make(database), time: .init())
    let here = try await Support.signUp(port, "ada@example.com")
    let elsewhere = try #require(
      Support.sessionID(try await Support.post(port, "/sign-in", ["email": "ada@example.com", "password": "correct horse"]))
    )
    let bea = try await Support.signUp(port, "bea@example.com")
    let out = try await Support.post(port, "/account/sign-out-everywhere", [:], cookie: here)
    #expect(out.status == 303)
    #expect(out.header("Location") == "/sign-in")
    #expect(out.headers("Set-Cookie").contains { $0.hasPrefix("cw_session=;") && $0.contains("Max-Age=0") })
    #expect(try await Support.get(port, "/", cookie: here).status == 303)
    #expect(try await Support.get(port, "/", cookie: elsewhere).status == 303)
    #expect(try await Support.get(port, "/", cookie: bea).status == 200)
    try await app.stop()
  }

  @Test(arguments: StoreKind.allCases)
  func deletingTheAccountEndsItsSessionsThenDeletesItsDataThenTheAccount(_ kind: StoreKind) async throws {
    let database = try AccountsTests.Database()
    let store = try kind.make(database)
    let deleted = Mutex<[String]>([])
    let sessionsWhenDataWent = Mutex<[Int]>([])
    let dataStays = Mutex(true)
    struct DiskFull: Error {}
    let (app, port) = try await Support.start(
      store: store, time: .init(),
      configure: { accounts in
        accounts.accountDeleted = { account in
          // No session of the account is left by the time its data goes: no tab of it can
          // write after the deletion.
          let sessions = try await store.allAccounts().first { $0.account.id == account.id }?.sessions ?? -1
          sessionsWhenDataWent.withLock { $0.append(sessions) }
          if dataStays.withLock({ $0 }) { throw DiskFull() }
          deleted.withLock { $0.append(account.email) }
        }
      }
    )
    let ada = try await Support.signUp(port, "ada@example.com")
    let adaElsewhere = try #require(
      Support.sessionID(try await Support.post(port, "/sign-in", ["email": "ada@example.com", "password": "correct horse"]))
    )
    let bea = try await Support.signUp(port, "bea@example.com")
    let wrong = try await Support.post(port, "/account/delete", ["password": "not it"], cookie: ada)
    #expect(wrong.status == 401)
    #expect(sessionsWhenDataWent.withLock { $0 }.isEmpty)
    // The app could not delete the data: the account is kept, signed out everywhere, and the
    // page says so.
    let failed = try await Support.post(port, "/account/delete", ["password": "correct horse"], cookie: ada)
    #expect(failed.status == 500)
    #expect(failed.text.contains("Your data could not be deleted, so your account is kept. You are signed out everywhere."))
    #expect(failed.headers("Set-Cookie").contains { $0.hasPrefix("cw_session=;") && $0.contains("Max-Age=0") })
    #expect(try await Support.get(port, "/", cookie: ada).status == 303)
    #expect(try await Support.get(port, "/", cookie: adaElsewhere).status == 303)
    #expect(try await store.account(email: "ada@example.com") != nil)
    #expect(sessionsWhenDataWent.withLock { $0 } == [0])

    // Signed in again, the deletion goes through.
    dataStays.withLock { $0 = false }
    let again = try #require(
      Support.sessionID(try await Support.post(port, "/sign-in", ["email": "ada@example.com", "password": "correct horse"]))
    )
    let gone = try await Support.post(port, "/account/delete", ["password": "correct horse"], cookie: again)
    #expect(gone.status == 303)
    #expect(gone.header("Location") == "/sign-in")
    #expect(deleted.withLock { $0 } == ["ada@example.com"])
    #expect(sessionsWhenDataWent.withLock { $0 } == [0, 0])
    #expect(try await Support.get(port, "/", cookie: again).status == 303)
    #expect(try await Support.get(port, "/", cookie: bea).status == 200)
    #expect(try await store.account(email: "ada@example.com") == nil)
    #expect(try await store.allAccounts().map(\.account.email) == ["bea@example.com"])
    // The email is free again.
    _ = try await Support.signUp(port, "ada@example.com")
    if kind == .sqlite {
      let sessions = try await database.pool().read {
        try Int.fetchOne($0, sql: "SELECT count(*) FROM composableWebSessions") ?? -1
      }
      #expect(sessions == 2)
    }
    try await app.stop()
  }

  @Test func theAccountFormsRefuseOtherSitesAndSignedOutVisitors() async throws {
    let database = try AccountsTests.Database()
    let (app, port) = try await Support.start(database, time: .init())
    let ada = try await Support.signUp(port, "ada@example.com")
    for path in ["/account/password", "/account/sign-out-everywhere", "/account/delete"] {
      let fields = ["current_password": "correct horse", "password": "correct horse"]
      let forged = try await Support.post(port, path, fields, cookie: ada, origin: "https://evil.example")
      #expect(forged.status == 403, "\(path)")
      let noOrigin = try await Support.post(port, path, fields, cookie: ada, origin: nil)
      #expect(noOrigin.status == 403, "\(path)")
      let signedOut = try await Support.post(port, path, fields)
      #expect(signedOut.status == 303 && signedOut.header("Location") == "/sign-in", "\(path)")
    }
    // Nothing happened to the account.
    #expect(try await Support.get(port, "/", cookie: ada).status == 200)
    let signedOutPage = try await Support.get(port, "/account")
    #expect(signedOutPage.status == 303 && signedOutPage.header("Location") == "/sign-in")
    try await app.stop()
  }

  @Test func aStolenSessionGuessingThePasswordIsThrottledAsSignInIs() async throws {
    let database = try AccountsTests.Database()
    let (app, port) = try await Support.start(database, time: .init())
    let ada = try await Support.signUp(port, "ada@example.com")
    // Twenty guesses at once: counted before each is checked, so five are checked.
    let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
      for guess in 0..<20 {
        group.addTask {
          try await Support.post(port, "/account/delete", ["password": "guess \(guess)"], cookie: ada).status
        }
      }
      return try await group.reduce(into: [Int]()) { $0.append($1) }
    }
    #expect(statuses.filter { $0 == 401 }.count == 5)
    #expect(statuses.filter { $0 == 429 }.count == 15)
    let throttled = try await Support.post(
      port, "/account/password", ["current_password": "correct horse", "password": "battery staple"], cookie: ada
    )
    #expect(throttled.status == 429)
    #expect(throttled.header("Retry-After") != nil)
    #expect(throttled.text.contains("Too many wrong passwords. Try again in 15 minutes."))
    #expect(try await Support.get(port, "/", cookie: ada).status == 200)
    try await app.stop()
  }

  @Test(arguments: StoreKind.allCases)
  func aResetLinkSetsANewPasswordOnceUntilItExpires(_ kind: StoreKind) async throws {
    let database = try AccountsTests.Database()
    let store = try kind.make(database)
    let time = AccountsTests.Time()
    let (app, port) = try await Support.start(store: store, time: time)
    let old = try await Support.signUp(port, "ada@example.com")
    #expect(try await WebAccounts.passwordResetPath(email: "nobody@example.com", in: store) == nil)
    let path = try #require(try await WebAccounts.passwordResetPath(email: " Ada@Example.com", in: store, now: time.date))
    let token = String(try #require(path.split(separator: "=").last))
    #expect(path.hasPrefix("/reset-password?token=") && token.count == 64)

    let form = try await Support.get(port, path)
    #expect(form.status == 200)
    #expect(form.text.contains(#"name="token" value="\#(token)""#))
    #expect(try await Support.get(port, "/reset-password?token=nonsense").status == 404)
    let short = try await Support.post(port, "/reset-password", ["token": token, "password": "short"])
    #expect(short.status == 422)
    #expect(try await Support.post(port, "/reset-password", ["token": token, "password": "battery staple"], origin: "https://evil.example").status == 403)

    let reset = try await Support.post(port, "/reset-password", ["token": token, "password": "battery staple"])
    #expect(reset.status == 303 && reset.header("Location") == "/")
    let new = try #require(Support.sessionID(reset))
    #expect(try await Support.get(port, "/", cookie: new).status == 200)
    #expect(try await Support.get(port, "/", cookie: old).status == 303)
    #expect(try await Support.post(port, "/sign-in", ["email": "ada@example.com", "password": "battery staple"]).status == 303)
    // Once only.
    let again = try await Support.post(port, "/reset-password", ["token": token, "password": "another one"])
    #expect(again.status == 410)
    #expect(again.text.contains("A password reset link works once, for a limited time."))
    // Until it expires (a day by default).
    let late = try #require(try await WebAccounts.passwordResetPath(email: "ada@example.com", in: store, now: time.date))
    time.advance(seconds: 24 * 3600 + 1)
    let lateToken = String(try #require(late.split(separator: "=").last))
    #expect(try await Support.post(port, "/reset-password", ["token": lateToken, "password": "another one"]).status == 410)
    #expect(try await Support.post(port, "/sign-in", ["email": "ada@example.com", "password": "battery staple"]).status == 303)
    try await app.stop()
  }

  @Test(arguments: StoreKind.allCases)
  func aSessionEndsAtItsAbsoluteLifetimeHoweverOftenItIsUsed(_ kind: StoreKind) async throws {
    let database = try AccountsTests.Database()
    let store = try kind.make(database)
    let time = AccountsTests.Time()
    let (app, port) = try await Support.start(store: store, time: time)
    let id = try await Support.signUp(port, "ada@example.com")
    // Used every 10 days: never idle for 30, but 90 days after its sign-in it ends.
    for _ in 0..<8 {
      time.advance(seconds: 10 * 24 * 3600)
      #expect(try await Support.get(port, "/", cookie: id).status == 200)
    }
    time.advance(seconds: 10 * 24 * 3600 - 1)
    #expect(try await Support.get(port, "/", cookie: id).status == 200)
    time.advance(seconds: 2)
    #expect(try await Support.get(port, "/", cookie: id).status == 303)
    // The purge deletes sessions past either lifetime.
    let account = try #require(try await store.allAccounts().first).account.id
    try await store.insertSession(hash: "started long ago", accountID: account, now: time.date - 91 * 24 * 3600)
    try await store.insertSession(hash: "fresh", accountID: account, now: time.date)
    let cutoffs = SessionCutoffs(usedSince: time.date - 30 * 24 * 3600, startedSince: time.date - 90 * 24 * 3600)
    #expect(try await store.liveSessions(among: ["started long ago", "fresh"], cutoffs: cutoffs) == ["fresh"])
    #expect(try await store.deleteExpiredSessions(cutoffs: cutoffs) == 1)
    #expect(try await store.allAccounts().first?.sessions == 1)
    try await app.stop()
  }

  @Test func aDatabaseFromBeforeTheAbsoluteLifetimeKeepsItsSessionsCountedFromTheirLastUse() async throws {
    let database = try AccountsTests.Database()
    let pool = try database.pool()
    try await pool.write { db in
      try db.execute(
        sql: """
          CREATE TABLE composableWebAccounts (
            id TEXT PRIMARY KEY NOT NULL, email TEXT NOT NULL UNIQUE, passwordHash TEXT NOT NULL, createdAt REAL NOT NULL
          );
          CREATE TABLE composableWebSessions (
            hash TEXT PRIMARY KEY NOT NULL,
            accountID TEXT NOT NULL REFERENCES composableWebAccounts(id) ON DELETE CASCADE,
            lastUsed REAL NOT NULL
          );
          INSERT INTO composableWebAccounts VALUES ('a', 'ada@example.com', '-', 0);
          INSERT INTO composableWebSessions VALUES ('kept', 'a', 1000);
          """
      )
    }
    let store = try SQLiteAccountStore.sqlite(pool)
    let at = { (seconds: Double) in Date(timeIntervalSince1970: seconds) }
    let valid = SessionCutoffs(usedSince: at(500), startedSince: at(1000))
    #expect(try await store.session(hash: "kept", now: at(2000), cutoffs: valid)?.email == "ada@example.com")
    let past = SessionCutoffs(usedSince: at(500), startedSince: at(1001))
    #expect(try await store.liveSessions(among: ["kept"], cutoffs: past).isEmpty)
    #expect(try await store.deleteExpiredSessions(cutoffs: past) == 1)
  }
}
