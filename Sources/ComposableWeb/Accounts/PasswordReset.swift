import Foundation
import HTTPTypes
import Hummingbird

extension WebAccounts {
  /// A one-time link's path, `/reset-password?token=…`, with which the account with `email`
  /// chooses a new password: for an operator to hand over (no mail server is needed), as
  /// `standups accounts reset-link EMAIL` does. The token is 256 random bits; the store keeps
  /// only its SHA-256. It works once, until `lifetime` has passed; using it ends every session of
  /// the account. Nil when no account has the email.
  public static func passwordResetPath(
    email: String, in store: any AccountStore, lifetime: Duration = .seconds(24 * 60 * 60),
    now: Date = Date()
  ) async throws -> String? {
    guard let stored = try await store.account(email: normalizedEmail(email)) else { return nil }
    let token = newSessionID()
    try await store.insertResetToken(
      hash: sessionHash(token), accountID: stored.account.id, expires: now + TimeInterval(lifetime.seconds)
    )
    return "/reset-password?token=" + token
  }
}

extension SignIns {
  /// `GET /reset-password?token=…`: the form for a new password (the token is not used up by
  /// looking at it).
  func resetPasswordPage(_ request: Request) -> Response {
    let token = request.uri.queryParameters["token"].map(String.init) ?? ""
    guard isToken(token) else { return resetLinkUnusable(.notFound) }
    return resetForm(token: token, status: .ok)
  }

  /// `POST /reset-password` (`token`, `password`): the new password for the token's account,
  /// every session of it ended, the token used up, and a new session here: 303 to `/`. Posts are
  /// counted per client before the hash is made (as sign-ups are), so random tokens cost no
  /// more than that.
  func resetPassword(
    _ request: Request, client: String, endTabs: @Sendable (Set<String>) async -> Void
  ) async -> Response {
    if let refused = refuseOtherOrigins(request) { return refused }
    guard let fields = await formFields(request) else { return resetLinkUnusable(.badRequest) }
    let token = fields["token"] ?? ""
    let password = fields["password"] ?? ""
    guard isToken(token) else { return resetLinkUnusable(.notFound) }
    if let problem = passwordProblem(password) {
      return resetForm(token: token, status: .unprocessableContent, error: problem)
    }
    do {
      let now = accounts.now()
      let limit = AttemptLimit(
        key: "reset:" + throttledClient(client), limit: accounts.failuresPerClient,
        since: now - TimeInterval(accounts.failureWindow.seconds)
      )
      let render = { (status: HTTPResponse.Status, error: String) in
        self.resetForm(token: token, status: status, error: error)
      }
      if case let .refused(limit, times) = try await store.countAttempt(under: [limit], now: now, forgettingBefore: now - 24 * 3600) {
        return throttled(.passwordChecks, limit, times: times, now: now, render: render)
      }
      guard let hash = await hashNewPassword(password) else {
        try await store.uncountAttempt(keys: [limit.key], at: now)
        return busy("password reset", render: render)
      }
      guard let account = try await store.takeResetToken(hash: sessionHash(token), now: now) else {
        return resetLinkUnusable(.gone)
      }
      try await store.uncountAttempt(keys: [limit.key], at: now)
      await endTabs(try await store.changePassword(accountID: account.id, passwordHash: hash))
      metrics.logger.info("an account's password was reset with a link; its sessions ended")
      return try await startSession(for: account, replacing: request)
    } catch {
      return unavailable(error)
    }
  }

  /// 64 hexadecimal digits, as ``WebAccounts/passwordResetPath(email:in:lifetime:now:)`` makes.
  private func isToken(_ token: String) -> Bool {
    token.utf8.count == 64 && token.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }

  private func resetForm(token: String, status: HTTPResponse.Status, error: String? = nil) -> Response {
    let body = """
      <h1>Choose a new password</h1>
      <p class="cw-app-name">\(escapeText(template.title))</p>
      \(error.map { #"<p class="cw-error" role="alert">\#(escapeText($0))</p>"# } ?? "")
      <form method="post" action="/reset-password">
      <input type="hidden" name="token" value="\(escapeAttribute(token))">
      <div class="cw-field"><label class="cw-label" for="password">New password</label><input id="password" name="password" type="password" autocomplete="new-password" required minlength="8" maxlength="64" autofocus></div>
      <button type="submit" class="cw-primary">Set password and sign in</button>
      </form>
      """
    return accountPage(status, title: "Choose a new password", body: body)
  }

  /// An unknown, used or expired link.
  private func resetLinkUnusable(_ status: HTTPResponse.Status) -> Response {
    let body = """
      <h1>This link cannot be used</h1>
      <p class="cw-app-name">\(escapeText(template.title))</p>
      <p>A password reset link works once, for a limited time. Ask whoever runs this server for a new one.</p>
      <p><a href="/sign-in">Sign in</a></p>
      """
    return accountPage(status, title: "Link cannot be used", body: body)
  }
}
