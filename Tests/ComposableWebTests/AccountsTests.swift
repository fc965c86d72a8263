import ComposableArchitecture
@testable import ComposableWeb
@testable import ComposableWebCore
import ComposableWebGRDB
import ComposableWebTestSupport
import Foundation
import SharingGRDB
import Synchronization
import Testing

/// `WebAccounts` as an attacker meets it: the cookie, the store, throttling, other sites' posts,
/// sockets with the wrong session, sign-out across processes. Each app is a real server on a
/// free port, its accounts in a real SQLite file (or two servers on one file: two processes'
/// worth of connections).
@Suite(.serialized, .timeLimit(.minutes(10)))
struct AccountsTests {
  /// The time the apps see: moved by the tests, never waited for.
  final class Time: Sendable {
    private let now = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    var date: Date { now.withLock { $0 } }
    func advance(seconds: Double) { now.withLock { $0 += seconds } }
  }

  /// A SQLite file in a folder of its own, removed by `deinit`.
  final class Database: Sendable {
    let folder: URL
    var path: String { folder.appendingPathComponent("accounts.sqlite").path }

    init() throws {
      folder = FileManager.default.temporaryDirectory.appendingPathComponent("accounts-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// A new connection pool on the file, as another process would open it (with the busy
    /// timeout an app on a shared file gives it).
    func pool() throws -> DatabasePool {
      var configuration = Configuration()
      configuration.busyMode = .timeout(5)
      return try DatabasePool(path: path, configuration: configuration)
    }
  }

  /// Accounts made, and whether each was the first.
  final class Made: Sendable {
    let accounts = Mutex<[(String, Bool)]>([])
  }

  /// A server whose page, for each account, is its email and a tally.
  static func start(
    _ database: Database, time: Time, secureCookie: Bool = false, made: Made = Made(),
    configure: (inout WebAccounts) -> Void = { _ in }
  ) async throws -> (app: RunningApp, port: Int) {
    try await start(
      store: try SQLiteAccountStore.sqlite(try database.pool()), time: time, secureCookie: secureCookie, made: made,
      configure: configure
    )
  }

  static func start(
    store: any AccountStore, time: Time, secureCookie: Bool = false, made: Made = Made(),
    configure: (inout WebAccounts) -> Void = { _ in }, configureApp: (inout WebApp) -> Void = { _ in }
  ) async throws -> (app: RunningApp, port: Int) {
    var accounts = WebAccounts(
      store: store, secureCookie: secureCookie,
      accountCreated: { account, isFirst in made.accounts.withLock { $0.append((account.email, isFirst)) } },
      now: { time.date }
    )
    configure(&accounts)
    var app = WebApp(title: "Notes", port: 0, accounts: accounts) { path, account in
      guard path == "/" else { return nil }
      let store = Store(initialState: Tally.State()) { Tally() }
      return WebPage(view: {
        main {
          p(.class("who")) { account.email }
          tallyView(store)
        }
      })
    }
    configureApp(&app)
    let running = try await RunningApp.start(app)
    return (running, Int(running.port)!)
  }

  /// A form post from the server's own page (its `Origin`), with `cookie` if given.
  static func post(
    _ port: Int, _ path: String, _ fields: [String: String], cookie: String? = nil,
    origin: String? = "same", headers: [String: String] = [:]
  ) async throws -> LoopbackResponse {
    let body = fields.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
      .joined(separator: "&")
    var all = headers
    all["Content-Type"] = "application/x-www-form-urlencoded"
    if let origin { all["Origin"] = origin == "same" ? "http://127.0.0.1:\(port)" : origin }
    if let cookie { all["Cookie"] = "\(sessionCookieName)=\(cookie)" }
    return try await blocking { [all] in
      try loopbackRequest(port: port, method: "POST", path: path, headers: all, body: Data(body.utf8))
    }
  }

  static func get(_ port: Int, _ path: String, cookie: String? = nil, method: String = "GET") async throws -> LoopbackResponse {
    let headers = cookie.map { ["Cookie": "\(sessionCookieName)=\($0)"] } ?? [:]
    return try await blocking { try loopbackRequest(port: port, method: method, path: path, headers: headers) }
  }

  /// The session id a response's `Set-Cookie` gives.
  static func sessionID(_ response: LoopbackResponse) -> String? {
    response.headers("Set-Cookie").first { $0.hasPrefix(sessionCookieName + "=") }
      .map { String($0.dropFirst(sessionCookieName.count + 1).prefix { $0 != ";" }) }
  }

  static func signUp(_ port: Int, _ email: String, _ password: String = "correct horse") async throws -> String {
    let response = try await post(port, "/sign-up", ["email": email, "password": password])
    #expect(response.status == 303)
    return try #require(sessionID(response))
  }

  /// The tab id of the page a signed-in `GET /` renders.
  static func openTab(_ port: Int, cookie: String) async throws -> String {
    let page = try await get(port, "/", cookie: cookie)
    #expect(page.status == 200)
    return try #require(firstMatch(#"name="cw-session" content="[0-9a-f]+""#, in: page.text))
  }

  /// Opens tab `tab`'s WebSocket on the server at `port`, as the page's script does, with the
  /// session cookie `cookie` (none when nil). Blocks: call it inside `blocking`.
  static func socket(_ port: Int, tab: String, cookie: String?) throws -> LoopbackWebSocket {
    try LoopbackWebSocket(
      port: port, path: "/_cw/socket?session=\(tab)&page=/", origin: "http://127.0.0.1:\(port)",
      headers: cookie.map { ["Cookie": "\(sessionCookieName)=\($0)"] } ?? [:]
    )
  }

  /// Waits until `count` tabs of the server at `port` have their socket attached, as its metrics
  /// count them: a socket's handshake is answered before the server attaches it to its tab, so a
  /// step taken right after the handshake could otherwise overtake the attach.
  static func waitUntilConnected(_ port: Int, tabs count: Int) async throws {
    let line = #"composable_web_tabs{state="connected"} \#(count)"#
    let attached = try await eventually {
      try loopbackRequest(port: port, method: "GET", path: "/metrics").text.contains(line)
    }
    #expect(attached, "\(count) tabs never had their socket attached")
  }

  @Test func signingUpSetsAnHttpOnlyLaxCookieAndTheStoreKeepsOnlyHashes() async throws {
    let database = try Database()
    let made = Made()
    let (app, port) = try await Self.start(database, time: Time(), made: made)
    let response = try await Self.post(port, "/sign-up", ["email": " Ada@Example.com ", "password": "correct horse"])
    #expect(response.status == 303)
    #expect(response.header("Location") == "/")
    let cookie = try #require(response.headers("Set-Cookie").first)
    let id = try #require(Self.sessionID(response))
    #expect(id.count == 64 && id.allSatisfy(\.isHexDigit))  // 256 bits
    #expect(cookie == "cw_session=\(id); Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax")

    // The page is the account's; the email was trimmed and lowercased.
    let page = try await Self.get(port, "/", cookie: id)
    #expect(page.status == 200)
    #expect(page.text.contains(#"<p class="who">ada@example.com</p>"#))

    // What the database holds: a bcrypt hash of cost 10, never the password; the SHA-256 of the
    // session id, never the id.
    let (hashes, sessions) = try await database.pool().read { db in
      (
        try String.fetchAll(db, sql: "SELECT passwordHash FROM composableWebAccounts"),
        try String.fetchAll(db, sql: "SELECT hash FROM composableWebSessions")
      )
    }
    #expect(hashes.count == 1 && hashes[0].hasPrefix("$2b$10$") && !hashes[0].contains("correct horse"))
    #expect(sessions == [sessionHash(id)])
    #expect(sessionHash(id) != id)
    let file = try String(decoding: Data(contentsOf: URL(fileURLWithPath: database.path)), as: UTF8.self)
    #expect(!file.contains(id) && !file.contains("correct horse"))

    // A second account is not the first.
    _ = try await Self.signUp(port, "bea@example.com")
    #expect(made.accounts.withLock { $0.map(\.1) } == [true, false])
    try await app.stop()

    // Served over TLS (at a proxy), the cookie is Secure too.
    let (secure, securePort) = try await Self.start(database, time: Time(), secureCookie: true)
    let signedIn = try await Self.post(securePort, "/sign-in", ["email": "ada@example.com", "password": "correct horse"])
    let setCookie = try #require(signedIn.headers("Set-Cookie").first)
    // With the __Host- prefix: a browser keeps it only Secure, for Path=/, without a Domain, so a
    // sibling domain or a plain-http answer cannot plant one.
    #expect(setCookie.hasPrefix("__Host-cw_session=") && setCookie.hasSuffix("; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax; Secure"))
    #expect(!setCookie.contains("Domain"))
    let secureID = String(setCookie.dropFirst("__Host-cw_session=".count).prefix { $0 != ";" })
    let withPrefix = try await blocking {
      try loopbackRequest(port: securePort, method: "GET", path: "/", headers: ["Cookie": "__Host-cw_session=\(secureID)"])
    }
    #expect(withPrefix.status == 200)
    // The same id in a cookie without the prefix (one a sibling domain could set) is not read.
    #expect(try await Self.get(securePort, "/", cookie: secureID).status == 303)
    try await secure.stop()
  }

  @Test func signedOutEveryPageGoesToSignIn() async throws {
    let database = try Database()
    let (app, port) = try await Self.start(database, time: Time())
    for (method, path) in [("GET", "/"), ("GET", "/anything/at/all"), ("HEAD", "/")] {
      let response = try await Self.get(port, path, method: method)
      #expect(response.status == 303, "\(method) \(path)")
      #expect(response.header("Location") == "/sign-in")
    }
    // A forged cookie is no better than none.
    #expect(try await Self.get(port, "/", cookie: String(repeating: "ab", count: 32)).status == 303)
    // The forms themselves, with fields named email and password, posted to their own address.
    for path in ["/sign-in", "/sign-up"] {
      let page = try await Self.get(port, path)
      #expect(page.status == 200)
      #expect(page.text.contains(#"<form method="post" action="\#(path)">"#))
      #expect(page.text.contains(#"name="email""#) && page.text.contains(#"name="password" type="password""#))
    }
    // Signed in, the forms send you home.
    let id = try await Self.signUp(port, "ada@example.com")
    #expect(try await Self.get(port, "/sign-in", cookie: id).header("Location") == "/")
    try await app.stop()
  }

  @Test func everySignInIssuesANewSessionAndEndsTheOneItCameWith() async throws {
    let database = try Database()
    let (app, port) = try await Self.start(database, time: Time())
    let first = try await Self.signUp(port, "ada@example.com")
    // An id planted in the browser beforehand (fixation) is replaced, not adopted.
    let planted = String(repeating: "0f", count: 32)
    let signedIn = try await Self.post(
      port, "/sign-in", ["email": "ada@example.com", "password": "correct horse"], cookie: planted
    )
    let second = try #require(Self.sessionID(signedIn))
    #expect(second != planted && second != first)
    #expect(try await Self.get(port, "/", cookie: planted).status == 303)
    // Signing in again with the second session's cookie ends that session.
    let third = try #require(
      Self.sessionID(try await Self.post(port, "/sign-in", ["email": "ada@example.com", "password": "correct horse"], cookie: second))
    )
    #expect(try await Self.get(port, "/", cookie: second).status == 303)
    #expect(try await Self.get(port, "/", cookie: third).status == 200)
    // The first session (another browser) is untouched.
    #expect(try await Self.get(port, "/", cookie: first).status == 200)
    try await app.stop()
  }

  @Test func anUnknownEmailAndAWrongPasswordGetTheSameAnswerInAboutTheSameTime() async throws {
    let database = try Database()
    let (app, port) = try await Self.start(database, time: Time())
    _ = try await Self.signUp(port, "ada@example.com")
    func attempt(_ email: String, _ password: String) async throws -> (LoopbackResponse, Duration) {
      let start = ContinuousClock.now
      let response = try await Self.post(port, "/sign-in", ["email": email, "password": password])
      return (response, ContinuousClock.now - start)
    }
    var unknown: [Duration] = []
    var wrong: [Duration] = []
    for _ in 0..<2 {
      let (noAccount, noAccountTime) = try await attempt("nobody@example.com", "correct horse")
      let (wrongPassword, wrongPasswordTime) = try await attempt("ada@example.com", "wrong horse")
      #expect(noAccount.status == 401 && wrongPassword.status == 401)
      #expect(noAccount.text.contains("Wrong email or password."))
      #expect(
        noAccount.text.replacingOccurrences(of: "nobody@example.com", with: "E")
          == wrongPassword.text.replacingOccurrences(of: "ada@example.com", with: "E")
      )
      // The password is never sent back.
      #expect(!noAccount.text.contains("correct horse") && !wrongPassword.text.contains("wrong horse"))
      unknown.append(noAccountTime)
      wrong.append(wrongPasswordTime)
    }
    // Both check a bcrypt hash of the same cost (an unknown email checks a decoy): neither answer
    // is several times quicker than the other.
    let (fastestUnknown, fastestWrong) = (unknown.min()!, wrong.min()!)
    #expect(fastestUnknown * 3 > fastestWrong && fastestWrong * 3 > fastestUnknown, "\(unknown) vs \(wrong)")
    try await app.stop()
  }

  @Test func fiveFailuresForAnEmailAnswer429UntilTheWindowHasPassedThem() async throws {
    let database = try Database()
    let time = Time()
    let (app, port) = try await Self.start(database, time: time)
    _ = try await Self.signUp(port, "ada@example.com")
    for minute in 0..<5 {
      #expect(try await Self.post(port, "/sign-in", ["email": "ada@example.com", "password": "guess \(minute)"]).status == 401)
      time.advance(seconds: 60)
    }
    // Even the right password waits: the sixth attempt learns nothing.
    let throttled = try await Self.post(port, "/sign-in", ["email": "ada@example.com", "password": "correct horse"])
    #expect(throttled.status == 429)
    // The first failure leaves the 15-minute window 10 minutes from now.
    #expect(throttled.header("Retry-After") == "600")
    #expect(throttled.text.contains("Too many failed sign-ins. Try again in 10 minutes."))
    #expect(Self.sessionID(throttled) == nil)
    // Another email is not held up by it.
    #expect(try await Self.post(port, "/sign-in", ["email": "bea@example.com", "password": "guess"]).status == 401)

    time.advance(seconds: 599)
    #expect(try await Self.post(port, "/sign-in", ["email": "ada@example.com", "password": "correct horse"]).header("Retry-After") == "1")
    time.advance(seconds: 1)
    let back = try await Self.post(port, "/sign-in", ["email": "ada@example.com", "password": "correct horse"])
    #expect(back.status == 303 && Self.sessionID(back) != nil)

    let metrics = try await Self.get(port, "/metrics").text
    #expect(figure("composable_web_sign_in_failures_total", in: metrics) == 6)
    #expect(figure("composable_web_sign_in_throttled_total", in: metrics) == 2)
    try await app.stop()
  }

  @Test func thirtyFailuresFromOneClientAnswer429ForAnyEmailFromIt() async throws {
    let database = try Database()
    let time = Time()
    let (app, port) = try await Self.start(database, time: time)
    _ = try await Self.signUp(port, "ada@example.com")
    // Behind a proxy on this machine (nginx), the client is the address it forwards.
    let attacker = ["X-Forwarded-For": "203.0.113.7"]
    for attempt in 0..<30 {
      let response = try await Self.post(
        port, "/sign-in", ["email": "user\(attempt)@example.com", "password": "password"], headers: attacker
      )
      #expect(response.status == 401)
    }
    let throttled = try await Self.post(
      port, "/sign-in", ["email": "ada@example.com", "password": "correct horse"], headers: attacker
    )
    #expect(throttled.status == 429)
    #expect(throttled.header("Retry-After") == "900")
    // Another client signs in as usual.
    let other = try await Self.post(
      port, "/sign-in", ["email": "ada@example.com", "password": "correct horse"], headers: ["X-Forwarded-For": "198.51.100.2"]
    )
    #expect(other.status == 303)
    time.advance(seconds: 900)
    #expect(
      try await Self.post(port, "/sign-in", ["email": "ada@example.com", "password": "correct horse"], headers: attacker).status == 303
    )
    try await app.stop()
  }

  @Test func postsFromAnotherSiteAreRefused() async throws {
    let database = try Database()
    let (app, port) = try await Self.start(database, time: Time())
    let id = try await Self.signUp(port, "ada@example.com")
    let credentials = ["email": "ada@example.com", "password": "correct horse"]
    for path in ["/sign-in", "/sign-up", "/sign-out"] {
      #expect(try await Self.post(port, path, credentials, cookie: id, origin: "https://evil.example").status == 403, "\(path)")
      #expect(try await Self.post(port, path, credentials, cookie: id, origin: "null").status == 403, "\(path)")
      // Without an Origin, the Referer decides; with neither, nothing says the post is ours.
      #expect(
        try await Self.post(port, path, credentials, cookie: id, origin: nil, headers: ["Referer": "https://evil.example/x"]).status == 403
      )
      #expect(try await Self.post(port, path, credentials, cookie: id, origin: nil).status == 403)
    }
    // None of them signed the account out.
    #expect(try await Self.get(port, "/", cookie: id).status == 200)
    let ours = try await Self.post(
      port, "/sign-in", credentials, origin: nil, headers: ["Referer": "http://127.0.0.1:\(port)/sign-in"]
    )
    #expect(ours.status == 303)
    // The forms hold nothing a page elsewhere could copy and send back: no token, no id.
    let form = try await Self.get(port, "/sign-in").text
    #expect(!form.contains("type=\"hidden\"") && !form.contains(id))
    try await app.stop()
  }

  @Test func newPasswordsAndEmailsAreChecked() async throws {
    let database = try Database()
    let (app, port) = try await Self.start(database, time: Time())
    let cases: [(email: String, password: String, message: String)] = [
      ("ada@example.com", "seven77", "at least 8 characters"),
      ("ada@example.com", String(repeating: "x", count: 65), "at most 64 characters"),
      ("ada@example.com", String(repeating: "é", count: 40), "at most 64 characters (72 bytes)"),
      // bcrypt stops at a NUL byte: "correct\0horse" would be the password "correct".
      ("ada@example.com", "correct\u{0}horse", "A password cannot contain a NUL character."),
      ("not an email", "correct horse", "Enter an email address"),
      ("ada@localhost", "correct horse", "Enter an email address"),
    ]
    for (email, password, message) in cases {
      let response = try await Self.post(port, "/sign-up", ["email": email, "password": password])
      #expect(response.status == 422, "\(email) \(password)")
      #expect(response.text.contains(message))
      #expect(!response.text.contains(password))
    }
    #expect(try await Self.post(port, "/sign-up", ["email": "ada@example.com", "password": String(repeating: "x", count: 64)]).status == 303)
    let taken = try await Self.post(port, "/sign-up", ["email": "ADA@example.com", "password": "correct horse"])
    #expect(taken.status == 422 && taken.text.contains("An account with this email exists"))
    // At sign-in too: such a password is refused as it is, before it is counted or checked (the
    // first 64 characters of these are the account's password).
    let tooLong = String(repeating: "x", count: 64) + "\u{0}extra"
    for (password, message) in [
      (tooLong, "A password cannot contain a NUL character."),
      (String(repeating: "x", count: 73), "at most 64 characters (72 bytes)"),
    ] {
      let signIn = try await Self.post(port, "/sign-in", ["email": "ada@example.com", "password": password])
      #expect(signIn.status == 422 && signIn.text.contains(message))
      #expect(Self.sessionID(signIn) == nil)
    }
    let metrics = try await Self.get(port, "/metrics").text
    #expect(metrics.contains("composable_web_sign_in_failures_total 0"))
    try await app.stop()
  }

  @Test func whenTheStoreCannotCheckSessionsTheirTabsAreClosed() async throws {
    let database = try Database()
    let store = FailingStore(base: try SQLiteAccountStore.sqlite(try database.pool()))
    let (app, port) = try await Self.start(store: store, time: Time())
    let ada = try await Self.signUp(port, "ada@example.com")
    let tab = try await Self.openTab(port, cookie: ada)
    let socket = try await blocking { try Self.socket(port, tab: tab, cookie: ada) }
    try await Self.waitUntilConnected(port, tabs: 1)
    store.isFailing.withLock { $0 = true }
    let failed = ContinuousClock.now
    let (message, code) = try await blocking {
      let message = try socket.receive()
      #expect(throws: LoopbackWebSocket.Failure.self) { try socket.receive() }
      return (message, socket.closeCode)
    }
    // Closed once the store has failed for a second, not at its first failure.
    #expect(message == #"[["go","/sign-in"]]"# && code == 1008)
    #expect(ContinuousClock.now - failed >= .seconds(1))
    // Pages answer 503 meanwhile; once the store is back, the session (never ended) works again.
    #expect(try await Self.get(port, "/", cookie: ada).status == 503)
    store.isFailing.withLock { $0 = false }
    #expect(try await Self.get(port, "/", cookie: ada).status == 200)
    try await app.stop()
  }

  @Test func expiredSessionsAreDeletedBeforeTheServerServes() async throws {
    let database = try Database()
    let store = try SQLiteAccountStore.sqlite(try database.pool())
    let time = Time()
    _ = try await store.insertAccount(StoredAccount(account: Account(id: "a", email: "ada@example.com"), passwordHash: "-"))
    try await store.insertSession(hash: "unused for 31 days", accountID: "a", now: time.date)
    time.advance(seconds: 2 * 24 * 3600)
    try await store.insertSession(hash: "unused for 29 days", accountID: "a", now: time.date)
    time.advance(seconds: 29 * 24 * 3600)
    let (app, _) = try await Self.start(store: store, time: time)
    let left = try await database.pool().read { try String.fetchAll($0, sql: "SELECT hash FROM composableWebSessions") }
    #expect(left == ["unused for 29 days"])
    try await app.stop()
    // Each store deletes the same ones.
    let memory = InMemoryAccountStore()
    try await memory.insertSession(hash: "old", accountID: "a", now: Date(timeIntervalSince1970: 100))
    try await memory.insertSession(hash: "new", accountID: "a", now: Date(timeIntervalSince1970: 300))
    let cutoffs = SessionCutoffs(usedSince: Date(timeIntervalSince1970: 200), startedSince: .distantPast)
    #expect(try await memory.deleteExpiredSessions(cutoffs: cutoffs) == 1)
    let any = SessionCutoffs(usedSince: .distantPast, startedSince: .distantPast)
    #expect(try await memory.liveSessions(among: ["old", "new"], cutoffs: any) == ["new"])
  }

  @Test func signUpClosedSaysSoAndMakesNoAccount() async throws {
    let database = try Database()
    let made = Made()
    let (app, port) = try await Self.start(database, time: Time(), made: made) { $0.signUp = .closed }
    let page = try await Self.get(port, "/sign-up")
    #expect(page.status == 403)
    #expect(page.text.contains("<h1>Sign-up is closed</h1>") && page.text.contains("Ask whoever runs it for one."))
    #expect(!page.text.contains("<form"))
    let post = try await Self.post(port, "/sign-up", ["email": "mallory@example.com", "password": "correct horse"])
    #expect(post.status == 403 && Self.sessionID(post) == nil)
    #expect(made.accounts.withLock { $0.isEmpty })
    // The sign-in form does not offer it.
    let signIn = try await Self.get(port, "/sign-in")
    #expect(signIn.status == 200 && !signIn.text.contains("/sign-up"))
    try await app.stop()
  }

  @Test func signUpIsOpenByDefaultOnlyOnAServerOfThisMachine() {
    for host in ["127.0.0.1", "::1", "localhost", "127.0.0.2", "[::1]"] {
      #expect(SignUpPolicy.openOnLoopback.isOpen(listeningOn: host), "\(host)")
    }
    for host in ["0.0.0.0", "::", "192.168.1.20", "standups.example.com"] {
      #expect(!SignUpPolicy.openOnLoopback.isOpen(listeningOn: host), "\(host)")
      #expect(SignUpPolicy.open.isOpen(listeningOn: host))
    }
    #expect(!SignUpPolicy.closed.isOpen(listeningOn: "127.0.0.1"))
  }

  @Test func aSocketIsAcceptedOnlyWithTheSessionThatRenderedItsTab() async throws {
    let database = try Database()
    let (app, port) = try await Self.start(database, time: Time())
    let ada = try await Self.signUp(port, "ada@example.com")
    let bea = try await Self.signUp(port, "bea@example.com")
    let tab = try await Self.openTab(port, cookie: ada)
    for cookie in [nil, bea, String(repeating: "ab", count: 32)] {
      let code = try await blocking { () -> Int? in
        let socket = try Self.socket(port, tab: tab, cookie: cookie)
        #expect(throws: LoopbackWebSocket.Failure.self) { try socket.receive() }
        return socket.closeCode
      }
      #expect(code == 1008, "cookie \(cookie ?? "none")")
    }
    // With its own session's cookie, the tab is served.
    let page = try await Self.get(port, "/", cookie: ada)
    let handler = try #require(firstMatch(#"aria-label="Increment" data-on-click="[^"]+""#, in: page.text))
    let own = try #require(firstMatch(#"name="cw-session" content="[0-9a-f]+""#, in: page.text))
    let patch = try await blocking { () -> String in
      let socket = try Self.socket(port, tab: own, cookie: ada)
      try socket.send(#"{"h":"\#(handler)"}"#)
      return try socket.receive()
    }
    #expect(patch.contains("Count: 1"))
    let metrics = try await Self.get(port, "/metrics").text
    #expect(figure(#"composable_web_dropped_total{reason="session"}"#, in: metrics) == 3)
    try await app.stop()
  }

  @Test func signingOutClosesTheSessionsTabsInEveryProcessWithinASecond() async throws {
    let database = try Database()
    // Two servers on one database: two processes behind a load balancer.
    let (first, firstPort) = try await Self.start(database, time: Time())
    let (second, secondPort) = try await Self.start(database, time: Time())
    let ada = try await Self.signUp(firstPort, "ada@example.com")
    let bea = try await Self.signUp(firstPort, "bea@example.com")
    // The session made on the first works on the second.
    let tabs = [
      (firstPort, try await Self.openTab(firstPort, cookie: ada)),
      (secondPort, try await Self.openTab(secondPort, cookie: ada)),
    ]
    let beaTab = try await Self.openTab(secondPort, cookie: bea)

    let sockets = try await blocking {
      try tabs.map { port, tab in
        try Self.socket(port, tab: tab, cookie: ada)
      }
    }
    let beaSocket = try await blocking {
      try Self.socket(secondPort, tab: beaTab, cookie: bea)
    }
    // Every tab is live before the sign-out (its socket was accepted and attached).
    try await Self.waitUntilConnected(firstPort, tabs: 1)
    try await Self.waitUntilConnected(secondPort, tabs: 2)

    let start = ContinuousClock.now
    let signedOut = try await Self.post(secondPort, "/sign-out", [:], cookie: ada)
    #expect(signedOut.status == 303 && signedOut.header("Location") == "/sign-in")
    #expect(signedOut.headers("Set-Cookie").first?.hasPrefix("cw_session=; Path=/; Max-Age=0") == true)
    let endings = try await withThrowingTaskGroup(of: (String, Int?, Duration).self) { group in
      for socket in sockets {
        group.addTask {
          try await blocking {
            let message = try socket.receive()
            let elapsed = ContinuousClock.now - start
            #expect(throws: LoopbackWebSocket.Failure.self) { try socket.receive() }
            return (message, socket.closeCode, elapsed)
          }
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    for (message, code, elapsed) in endings {
      #expect(message == #"[["go","/sign-in"]]"#)
      #expect(code == 1008)
      #expect(elapsed < .seconds(1), "closed after \(elapsed)")
    }
    #expect(try await Self.get(firstPort, "/", cookie: ada).status == 303)
    // Another account's tab on the same server stays.
    try await blocking { try beaSocket.send("{}") }
    #expect(try await Self.get(secondPort, "/", cookie: bea).status == 200)
    let metrics = try await Self.get(firstPort, "/metrics").text
    #expect(figure("composable_web_session_tabs_ended_total", in: metrics) == 1)
    try await first.stop()
    try await second.stop()
  }

  @Test func aTabRenderedByOneProcessMovesToAnotherOnlyWithItsSession() async throws {
    let database = try Database()
    let (first, firstPort) = try await Self.start(database, time: Time())
    let (second, secondPort) = try await Self.start(database, time: Time())
    let ada = try await Self.signUp(firstPort, "ada@example.com")
    let bea = try await Self.signUp(firstPort, "bea@example.com")
    let tab = try await Self.openTab(firstPort, cookie: ada)
    // Bound to Ada's session: 32 random digits, then 16 that only her session's hash gives.
    #expect(tab.count == 48)
    func connect(cookie: String, tab: String = tab) async throws -> (String?, Int?) {
      try await blocking {
        let socket = try Self.socket(secondPort, tab: tab, cookie: cookie)
        return ((try? socket.receive()), socket.closeCode)
      }
    }
    // Another account's session cannot take the tab over on the second process…
    let (_, refused) = try await connect(cookie: bea)
    #expect(refused == 1008)
    // …nor can an id made up for Ada's session (its binding does not check out).
    let (_, madeUp) = try await connect(cookie: ada, tab: String(tab.prefix(32)) + String(repeating: "0", count: 16))
    #expect(madeUp == 1008)
    // …its own can: the second process starts it for Ada and sends the whole page.
    let (page, _) = try await connect(cookie: ada)
    #expect(page?.contains("ada@example.com") == true)
    try await first.stop()
    try await second.stop()
  }

  @Test func aSessionUnusedForItsLifetimeEnds() async throws {
    let database = try Database()
    let time = Time()
    let (app, port) = try await Self.start(database, time: time)
    let id = try await Self.signUp(port, "ada@example.com")
    time.advance(seconds: 29 * 24 * 3600)
    #expect(try await Self.get(port, "/", cookie: id).status == 200)
    // Used just now: it lasts 30 days from this use.
    time.advance(seconds: 29 * 24 * 3600)
    #expect(try await Self.get(port, "/", cookie: id).status == 200)
    time.advance(seconds: 30 * 24 * 3600 + 1)
    #expect(try await Self.get(port, "/", cookie: id).status == 303)
    let left = try await database.pool().read { try Int.fetchOne($0, sql: "SELECT count(*) FROM composableWebSessions") }
    #expect(left == 0)
    try await app.stop()
  }

  @Test func theInMemoryStoreKeepsSessionsAndCountsFailuresAsTheDatabaseDoes() async throws {
    let time = Time()
    let made = Made()
    let (app, port) = try await Self.start(store: .inMemory, time: time, made: made)
    let first = try await Self.signUp(port, "ada@example.com")
    #expect(try await Self.post(port, "/sign-up", ["email": "ada@example.com", "password": "correct horse"]).status == 422)
    let second = try #require(
      Self.sessionID(try await Self.post(port, "/sign-in", ["email": "ada@example.com", "password": "correct horse"], cookie: first))
    )
    #expect(try await Self.get(port, "/", cookie: first).status == 303)
    #expect(try await Self.get(port, "/", cookie: second).status == 200)
    for attempt in 0..<5 {
      #expect(try await Self.post(port, "/sign-in", ["email": "ada@example.com", "password": "guess \(attempt)"]).status == 401)
    }
    #expect(try await Self.post(port, "/sign-in", ["email": "ada@example.com", "password": "correct horse"]).status == 429)
    time.advance(seconds: 15 * 60)
    #expect(try await Self.post(port, "/sign-in", ["email": "ada@example.com", "password": "correct horse"]).status == 303)
    #expect(try await Self.post(port, "/sign-out", [:], cookie: second).status == 303)
    #expect(try await Self.get(port, "/", cookie: second).status == 303)
    let third = try await Self.signUp(port, "bea@example.com")
    time.advance(seconds: 30 * 24 * 3600 + 1)
    #expect(try await Self.get(port, "/", cookie: third).status == 303)
    #expect(made.accounts.withLock { $0.map(\.1) } == [true, false])
    try await app.stop()
  }
}
