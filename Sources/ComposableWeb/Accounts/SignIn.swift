import Crypto
import Dispatch
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdBcrypt
import NIOCore

/// The cookie that holds a sign-in session's id.
let sessionCookieName = "cw_session"

/// The session cookie's name over HTTPS: with the `__Host-` prefix, a browser takes it only
/// `Secure`, for `Path=/` and without a `Domain`, so no page of a sibling domain and no plain
/// `http://` answer can set (plant) it.
let secureSessionCookieName = "__Host-cw_session"

/// A tab's sign-in session: the SHA-256 of its id (what the store keeps), and its account.
struct SessionOwner: Sendable, Equatable {
  let hash: String
  let account: Account
}

/// The pages and posts of ``WebAccounts``: sign-up, sign-in (throttled), sign-out, and the
/// session behind each request and socket.
final class SignIns: Sendable {
  let accounts: WebAccounts
  let metrics: ServerMetrics
  let template: PageTemplate
  /// A hash of a random password at the same cost, checked when an email has no account, so
  /// that an unknown email takes as long to refuse as a wrong password.
  private let decoyHash: String
  /// Where hashes are computed: a bounded queue, then 503.
  private let hashing: HashingPool

  /// Whether `/sign-up` makes accounts (``WebAccounts/signUp`` on this server's address).
  let isSignUpOpen: Bool

  init(accounts: WebAccounts, metrics: ServerMetrics, template: PageTemplate, host: String) {
    self.accounts = accounts
    self.metrics = metrics
    self.template = template
    isSignUpOpen = accounts.signUp.isOpen(listeningOn: host)
    decoyHash = Bcrypt.hash(newSessionID(), cost: accounts.passwordCost)
    hashing = HashingPool(queueCapacity: accounts.hashingQueueCapacity)
  }

  var store: any AccountStore { accounts.store }

  /// The session cookie's name: `__Host-` prefixed with ``WebAccounts/secureCookie``.
  var cookieName: String { accounts.secureCookie ? secureSessionCookieName : sessionCookieName }

  /// The session id a request's cookie holds (only the prefixed cookie over HTTPS).
  func sessionID(in fields: HTTPFields) -> String? {
    sessionCookie(in: fields, named: cookieName)
  }

  /// Which sessions are still valid now: used within the idle lifetime, started within the
  /// absolute one.
  private var cutoffs: SessionCutoffs {
    let now = accounts.now()
    return SessionCutoffs(
      usedSince: now - TimeInterval(accounts.sessionLifetime.seconds),
      startedSince: now - TimeInterval(accounts.sessionAbsoluteLifetime.seconds)
    )
  }

  /// The session a request's cookie names, if it is one the store holds and has not expired.
  func owner(of fields: HTTPFields) async throws -> SessionOwner? {
    guard let id = sessionID(in: fields) else { return nil }
    return try await owner(hash: sessionHash(id))
  }

  func owner(hash: String) async throws -> SessionOwner? {
    try await store.session(hash: hash, now: accounts.now(), cutoffs: cutoffs).map {
      SessionOwner(hash: hash, account: $0)
    }
  }

  /// Deletes the expired sessions from the store; returns how many.
  func purgeExpiredSessions() async throws -> Int {
    try await store.deleteExpiredSessions(cutoffs: cutoffs)
  }

  /// Which of `hashes` are still sessions (not signed out in any process, not expired).
  func liveSessions(among hashes: Set<String>) async throws -> Set<String> {
    try await store.liveSessions(among: hashes, cutoffs: cutoffs)
  }

  // MARK: Pages

  func signInPage(_ request: Request) async -> Response {
    if (try? await owner(of: request.headers)) != nil { return redirect(to: "/") }
    return form(.signIn, status: .ok)
  }

  func signUpPage(_ request: Request) async -> Response {
    if (try? await owner(of: request.headers)) != nil { return redirect(to: "/") }
    guard isSignUpOpen else { return signUpClosed() }
    return form(.signUp, status: .ok)
  }

  /// 403: this server makes no accounts.
  private func signUpClosed() -> Response {
    let body = """
      <h1>Sign-up is closed</h1>
      <p class="cw-app-name">\(escapeText(template.title))</p>
      <p>This server does not make new accounts. Ask whoever runs it for one.</p>
      <p>Have an account? <a href="/sign-in">Sign in</a></p>
      """
    return accountPage(.forbidden, title: "Sign-up is closed", body: body)
  }

  /// An account page (sign-in, sign-up…): a plain document titled `title` around `body`, which
  /// is HTML already escaped.
  func accountPage(_ status: HTTPResponse.Status, title: String, body: String) -> Response {
    let html = """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(title) · \(escapeText(template.title))</title>
      <link rel="stylesheet" href="/_cw/app.css">
      </head>
      <body>
      <main class="cw-account">
      \(body)
      </main>
      </body>
      </html>
      """
    return template.respond(status, html, contentType: "text/html; charset=utf-8")
  }

  // MARK: Posts

  func signUp(_ request: Request, client: String) async -> Response {
    if let refused = refuseOtherOrigins(request) { return refused }
    guard isSignUpOpen else { return signUpClosed() }
    guard let fields = await formFields(request) else { return form(.signUp, status: .badRequest, error: Self.unreadable) }
    let email = normalizedEmail(fields["email"] ?? "")
    let password = fields["password"] ?? ""
    guard isEmail(email) else {
      return form(.signUp, status: .unprocessableContent, error: "Enter an email address, like name@example.com.", email: email)
    }
    if let problem = passwordProblem(password) {
      return form(.signUp, status: .unprocessableContent, error: problem, email: email)
    }
    do {
      // Counted before the hash: sign-ups cost a hash each. Taken back only when no hash was
      // made (the pool was full).
      let now = accounts.now()
      let limit = AttemptLimit(
        key: "sign-up:" + throttledClient(client), limit: accounts.signUpsPerClientPerHour, since: now - 3600
      )
      if case let .refused(limit, times) = try await store.countAttempt(under: [limit], now: now, forgettingBefore: now - Self.longestWindow) {
        return throttled(.signUps, limit, times: times, now: now) { status, error in
          form(.signUp, status: status, error: error, email: email)
        }
      }
      guard let hash = await hashNewPassword(password) else {
        try await store.uncountAttempt(keys: [limit.key], at: now)
        return busy("sign-up") { status, error in form(.signUp, status: status, error: error, email: email) }
      }
      let account = Account(id: UUID().uuidString.lowercased(), email: email)
      switch try await store.insertAccount(StoredAccount(account: account, passwordHash: hash)) {
      case .emailTaken:
        return form(
          .signUp, status: .unprocessableContent,
          error: "An account with this email exists: sign in instead.", email: email
        )
      case let .inserted(isFirst):
        await accounts.accountCreated(account, isFirst)
        return try await startSession(for: account, replacing: request)
      }
    } catch {
      return unavailable(error)
    }
  }

  func signIn(_ request: Request, client: String) async -> Response {
    if let refused = refuseOtherOrigins(request) { return refused }
    guard let fields = await formFields(request) else { return form(.signIn, status: .badRequest, error: Self.unreadable) }
    let email = normalizedEmail(fields["email"] ?? "")
    let password = fields["password"] ?? ""
    // Refused before it is counted or checked: no account has such a password.
    if let problem = unhashablePasswordProblem(password) {
      return form(.signIn, status: .unprocessableContent, error: problem, email: email)
    }
    do {
      switch try await checkPassword(password, email: email, client: client) {
      case let .throttled(limit, times, now):
        return throttled(.signIns, limit, times: times, now: now) { status, error in
          form(.signIn, status: status, error: error, email: email)
        }
      case .busy:
        return busy("sign-in") { status, error in form(.signIn, status: status, error: error, email: email) }
      case .wrong:
        return form(.signIn, status: .unauthorized, error: "Wrong email or password.", email: email)
      case let .matches(stored):
        return try await startSession(for: stored.account, replacing: request)
      }
    } catch {
      return unavailable(error)
    }
  }

  /// What checking a password gave.
  enum PasswordCheck {
    /// The password is the account's.
    case matches(StoredAccount)
    /// Wrong email or password (counted against the limits).
    case wrong
    /// Not checked: `limit`'s key holds its attempts, `times` (see ``throttled(_:_:times:now:render:)``).
    case throttled(AttemptLimit, times: [Date], now: Date)
    /// Not checked: the hashing queue is full.
    case busy
  }

  /// Checks `password` for `email` as sign-in does, wherever a password is asked for (sign-in,
  /// a password change, deleting an account): counted before it is checked, in one step in the
  /// store, so that of any number of parallel posts only as many as the limits allow get a
  /// check, and a throttled attempt learns nothing and costs no hash.
  func checkPassword(_ password: String, email: String, client: String) async throws -> PasswordCheck {
    let client = throttledClient(client)
    let now = accounts.now()
    let window = TimeInterval(accounts.failureWindow.seconds)
    let pair = "email:\(email) client:\(client)"
    let limits = Self.backoff(key: pair, first: accounts.failuresPerEmail, window: window, now: now) + [
      AttemptLimit(key: "email:" + email, limit: accounts.failuresPerEmailPerDay, since: now - Self.longestWindow),
      AttemptLimit(key: "client:" + client, limit: accounts.failuresPerClient, since: now - window),
    ]
    let keys = [pair, "email:" + email, "client:" + client]
    switch try await store.countAttempt(under: limits, now: now, forgettingBefore: now - Self.longestWindow) {
    case let .refused(limit, times):
      return .throttled(limit, times: times, now: now)
    case .counted:
      break
    }
    let stored = try await store.account(email: email)
    // The same work whether or not the email has an account.
    let hash = stored?.passwordHash ?? decoyHash
    guard let matches = await hashing.run({ Bcrypt.verify(password, hash: hash) }) else {
      // Not checked: the attempt is not the client's to pay for.
      try await store.uncountAttempt(keys: keys, at: now)
      return .busy
    }
    guard let stored, matches else {
      metrics.signInFailures.increment()
      return .wrong
    }
    try await store.clearAttempts(key: pair)
    try await store.uncountAttempt(keys: Array(keys.dropFirst()), at: now)
    return .matches(stored)
  }

  /// The limits on one (email, client) pair: `first` attempts within `window`, then one more
  /// per doubling of the window (so after the first `first` failures, the waits are one window,
  /// then one, two, four… windows), up to a day. Longest window first: a refused attempt is told
  /// the longest of the waits that apply to it, usually.
  static func backoff(key: String, first: Int, window: TimeInterval, now: Date) -> [AttemptLimit] {
    var limits = [AttemptLimit(key: key, limit: first, since: now - window)]
    var span = window * 2
    while span < longestWindow {
      limits.append(AttemptLimit(key: key, limit: first + limits.count, since: now - span))
      span *= 2
    }
    limits.append(AttemptLimit(key: key, limit: first + limits.count, since: now - longestWindow))
    return limits.reversed()
  }

  /// A new password's bcrypt hash, on the bounded pool; nil when its queue is full.
  func hashNewPassword(_ password: String) async -> String? {
    let cost = accounts.passwordCost
    return await hashing.run { Bcrypt.hash(password, cost: cost) }
  }

  /// The longest window attempts are counted in (a day): older ones are forgotten.
  private static let longestWindow: TimeInterval = 24 * 60 * 60

  /// Ends the request's session here (its tabs in this process at once, via `endTabs`) and in
  /// the store (the other processes' tabs within their next check).
  func signOut(_ request: Request, endTabs: @Sendable (String) async -> Void) async -> Response {
    if let refused = refuseOtherOrigins(request) { return refused }
    if let id = sessionID(in: request.headers) {
      let hash = sessionHash(id)
      do {
        try await store.deleteSession(hash: hash)
      } catch {
        return unavailable(error)
      }
      await endTabs(hash)
    }
    return signedOut()
  }

  /// A new session (a new id at every sign-in: an id planted before it is worth nothing), the
  /// one the request came with ended, and 303 to `location` with the cookie.
  func startSession(for account: Account, replacing request: Request, to location: String = "/") async throws -> Response {
    if let old = sessionID(in: request.headers) {
      try await store.deleteSession(hash: sessionHash(old))
    }
    let id = newSessionID()
    try await store.insertSession(hash: sessionHash(id), accountID: account.id, now: accounts.now())
    var response = redirect(to: location)
    response.headers[.setCookie] = cookie(value: id, maxAge: Int(accounts.sessionLifetime.seconds))
    return response
  }

  func cookie(value: String, maxAge: Int) -> String {
    "\(cookieName)=\(value); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Lax"
      + (accounts.secureCookie ? "; Secure" : "")
  }

  // MARK: Answers

  func redirect(to location: String) -> Response {
    var response = template.respond(.seeOther, "", contentType: "text/plain; charset=utf-8")
    response.headers[.location] = location
    return response
  }

  /// 403 for a post from another site: its `Origin` (or, when a browser sent none, its
  /// `Referer`) must be this server's own address. A post with neither is refused too.
  func refuseOtherOrigins(_ request: Request) -> Response? {
    if isSameOrigin(request.head) { return nil }
    if request.headers[.origin] == nil, let referer = request.headers[.referer], let host = request.head.authority,
      referer.hasPrefix("http://\(host)/") || referer.hasPrefix("https://\(host)/")
    {
      return nil
    }
    metrics.drop(.origin, "refused a form post from another origin: \(request.headers[.origin]?.prefix(200) ?? request.headers[.referer]?.prefix(200) ?? "none")")
    return template.respond(.forbidden, "This form can only be sent from this site's own pages.\n", contentType: "text/plain; charset=utf-8")
  }

  /// 429 for an attempt over `limit`, whose attempts are `times` (oldest first): allowed again
  /// once enough of them have left the window to go under it. `render` draws the page with the
  /// status and the error.
  func throttled(
    _ kind: Throttled, _ limit: AttemptLimit, times: [Date], now: Date,
    render: (HTTPResponse.Status, String) -> Response
  ) -> Response {
    let freed = times[times.count - limit.limit] + now.timeIntervalSince(limit.since)
    let seconds = max(1, Int(freed.timeIntervalSince(now).rounded(.up)))
    (kind == .signUps ? metrics.signUpThrottled : metrics.signInThrottled).increment()
    metrics.logger.notice("throttled \(kind.rawValue)", metadata: ["reason": "\(limit.key.prefix { $0 != ":" })"])
    let minutes = (seconds + 59) / 60
    let wait = "Try again in \(minutes) minute\(minutes == 1 ? "" : "s")."
    let what =
      switch kind {
      case .signIns: "Too many failed sign-ins. "
      case .signUps: "Too many sign-ups from your network. "
      case .passwordChecks: "Too many wrong passwords. "
      }
    var response = render(.tooManyRequests, what + wait)
    response.headers[.retryAfter] = "\(seconds)"
    return response
  }

  /// What ``throttled(_:_:times:now:render:)`` refused.
  enum Throttled: String {
    case signIns = "sign-ins", signUps = "sign-ups", passwordChecks = "password checks"
  }

  /// 503 when more hashes wait than the pool takes; `render` draws the page with the status and
  /// the error.
  func busy(_ what: String, render: (HTTPResponse.Status, String) -> Response) -> Response {
    metrics.drop(.busy, "refused a \(what): \(hashing.queueCapacity) password checks already wait")
    var response = render(.serviceUnavailable, "The server is busy. Try again in a few seconds.")
    response.headers[.retryAfter] = "5"
    return response
  }

  func unavailable(_ error: any Error) -> Response {
    metrics.logger.error("the account store failed: \(error)")
    return template.respond(
      .serviceUnavailable, "Signing in is not possible right now; try again in a moment.\n",
      contentType: "text/plain; charset=utf-8"
    )
  }

  private static let unreadable = "The form could not be read; send it again."

  enum Form {
    case signIn, signUp
  }

  /// The sign-in or sign-up page: a plain form (no script, no live view: a password never goes
  /// through a store, a recording or a log), with the email sent back when it is shown again,
  /// never the password.
  func form(_ kind: Form, status: HTTPResponse.Status, error: String? = nil, email: String = "") -> Response {
    let (heading, path, autocomplete, other) =
      switch kind {
      case .signIn:
        ("Sign in", "/sign-in", "current-password", isSignUpOpen ? #"No account yet? <a href="/sign-up">Sign up</a>"# : "")
      case .signUp: ("Sign up", "/sign-up", "new-password", #"Have an account? <a href="/sign-in">Sign in</a>"#)
      }
    let lengths = kind == .signUp ? #" minlength="8" maxlength="64""# : ""
    let body = """
      <h1>\(heading)</h1>
      <p class="cw-app-name">\(escapeText(template.title))</p>
      \(error.map { #"<p class="cw-error" role="alert">\#(escapeText($0))</p>"# } ?? "")
      <form method="post" action="\(path)">
      <div class="cw-field"><label class="cw-label" for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required value="\(escapeAttribute(email))"\(email.isEmpty ? " autofocus" : "")></div>
      <div class="cw-field"><label class="cw-label" for="password">Password</label><input id="password" name="password" type="password" autocomplete="\(autocomplete)" required\(lengths)\(email.isEmpty ? "" : " autofocus")></div>
      <button type="submit" class="cw-primary">\(heading)</button>
      </form>
      \(other.isEmpty ? "" : "<p>\(other)</p>")
      """
    return accountPage(status, title: heading, body: body)
  }

  /// The fields of a form post (`application/x-www-form-urlencoded`, at most 16 KiB).
  func formFields(_ request: Request) async -> [String: String]? {
    guard let body = try? await request.body.collect(upTo: 16 * 1024) else { return nil }
    return formDecoded(String(buffer: body))
  }
}

/// A form's `application/x-www-form-urlencoded` body, decoded (`+` is a space); the first value
/// of each name.
func formDecoded(_ body: String) -> [String: String] {
  var fields: [String: String] = [:]
  for pair in body.split(separator: "&") {
    let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
    func decoded(_ part: Substring) -> String {
      let spaced = part.replacingOccurrences(of: "+", with: " ")
      return spaced.removingPercentEncoding ?? spaced
    }
    let name = decoded(parts[0])
    if fields[name] == nil { fields[name] = parts.count > 1 ? decoded(parts[1]) : "" }
  }
  return fields
}

/// The email as accounts are keyed by it: without surrounding spaces, lowercased.
func normalizedEmail(_ email: String) -> String {
  email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
}

/// Something@something, without spaces, at most 254 characters.
func isEmail(_ email: String) -> Bool {
  let parts = email.split(separator: "@", omittingEmptySubsequences: false)
  return email.count <= 254 && parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
    && !parts[1].hasPrefix(".") && !parts[1].hasSuffix(".") && !email.contains(where: \.isWhitespace)
}

/// Why a new password is refused, or nil: 8 to 64 characters, and at most 72 bytes (bcrypt reads
/// no further, so a longer one would be cut without a word).
func passwordProblem(_ password: String) -> String? {
  if password.count < 8 { return "Choose a password of at least 8 characters." }
  return unhashablePasswordProblem(password)
}

/// Why bcrypt would not check `password` as typed, if it would not: it reads at most 72 bytes
/// and stops at a NUL byte, so a longer password, or one with a NUL, would match others.
func unhashablePasswordProblem(_ password: String) -> String? {
  if password.utf8.contains(0) { return "A password cannot contain a NUL character." }
  if password.count > 64 || password.utf8.count > 72 {
    return "Choose a password of at most 64 characters (72 bytes)."
  }
  return nil
}

/// A new session id: 256 random bits, as 64 hexadecimal digits.
func newSessionID() -> String {
  randomHex(words: 4)
}

/// What the store keeps of a session id: its SHA-256, in hexadecimal.
func sessionHash(_ id: String) -> String {
  sha256Hex(id)
}

private func sha256Hex(_ text: String) -> String {
  SHA256.hash(data: Data(text.utf8)).map { byte in
    let text = String(byte, radix: 16)
    return byte < 16 ? "0" + text : text
  }.joined()
}

/// The 16 hexadecimal digits that bind a tab's id to the sign-in session that rendered it: the
/// start of SHA-256(`tab`:`sessionHash`). Any process can check the binding (it has the session's
/// hash from the store), and no one can make it for another's session without that session's
/// hash, which never leaves the store.
func sessionTag(_ tab: some StringProtocol, _ sessionHash: String) -> String {
  String(sha256Hex(tab + ":" + sessionHash).prefix(16))
}

/// Whether the tab id `id` (32 random digits, then their ``sessionTag(_:_:)``) was made for the
/// session whose hash is `hash`.
func tab(_ id: String, belongsTo hash: String) -> Bool {
  id.utf8.count == 48 && sessionTag(id.prefix(32), hash) == id.suffix(16)
}

/// The session cookie's value among a request's `Cookie` headers.
func sessionCookie(in fields: HTTPFields, named name: String) -> String? {
  for header in fields[values: .cookie] {
    for pair in header.split(separator: ";") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
        let value = parts[1].trimmingCharacters(in: .whitespaces)
        return value.isEmpty ? nil : value
      }
    }
  }
  return nil
}

/// The address of the client that sent a request: the connection's peer, or, when the peer is
/// this machine (a proxy such as nginx in front of the server), the last address the proxy put
/// in `X-Forwarded-For`. A client that sends its own `X-Forwarded-For` straight to the server
/// from another machine is not believed.
func clientAddress(peer: SocketAddress?, fields: HTTPFields) -> String {
  let address = peer?.ipAddress ?? "unknown"
  let isLoopback = address == "127.0.0.1" || address == "::1" || address.hasPrefix("::ffff:127.")
  if isLoopback, let forwarded = fields[HTTPField.Name("X-Forwarded-For")!],
    let last = forwarded.split(separator: ",").last?.trimmingCharacters(in: .whitespaces), !last.isEmpty
  {
    return last
  }
  return address
}

/// What a client is counted as when sign-ins are throttled: its address, an IPv6 one by its
/// /64 (the network one subscriber is given: counted by the address, one machine would have
/// 2^64 of them), an IPv4-mapped IPv6 address as the IPv4 address.
func throttledClient(_ address: String) -> String {
  var bytes = [UInt8](repeating: 0, count: 16)
  guard address.contains(":"), inet_pton(AF_INET6, address, &bytes) == 1 else { return address }
  if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {
    return bytes[12...].map(String.init).joined(separator: ".")
  }
  let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
  return groups.joined(separator: ":") + "::/64"
}

extension Duration {
  /// The whole seconds of a duration.
  var seconds: Int64 { components.seconds }
}
