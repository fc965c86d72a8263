import Foundation
import HTTPTypes
import Hummingbird

/// The signed-in account's own page, `/account`: change the password, sign out everywhere,
/// delete the account. Each form posts with the session's cookie and is refused from another
/// site's page, as sign-in is (see ``SignIns/refuseOtherOrigins(_:)``); a password asked for is
/// checked and throttled as at sign-in (see ``SignIns/checkPassword(_:email:client:)``).
extension SignIns {
  /// `GET /account`: the page, or 303 to `/sign-in` when signed out.
  func accountSettingsPage(_ request: Request) async -> Response {
    do {
      guard let owner = try await owner(of: request.headers) else { return redirect(to: "/sign-in") }
      let notice = request.uri.queryParameters["done"] == "password"
        ? "Your password is changed. Your other sessions are signed out." : nil
      return accountSettings(owner.account, status: .ok, notice: notice)
    } catch {
      return unavailable(error)
    }
  }

  /// `POST /account/password` (`current_password`, `password`): the new password's hash, every
  /// session of the account ended (their tabs here at once via `endTabs`, elsewhere within the
  /// sessions' next check), and a new session for this browser: 303 to `/account`.
  func changePassword(
    _ request: Request, client: String, endTabs: @Sendable (Set<String>) async -> Void
  ) async -> Response {
    await withSignedInPost(request) { owner, fields in
      let account = owner.account
      let current = fields["current_password"] ?? ""
      let new = fields["password"] ?? ""
      if let problem = passwordProblem(new) {
        return accountSettings(account, status: .unprocessableContent, error: "New password: " + problem)
      }
      if let refused = try await refusedPassword(current, of: account, client: client) { return refused }
      guard let hash = await hashNewPassword(new) else {
        return busy("password change") { status, error in accountSettings(account, status: status, error: error) }
      }
      await endTabs(try await store.changePassword(accountID: account.id, passwordHash: hash))
      metrics.logger.info("an account changed its password; its sessions ended")
      return try await startSession(for: account, replacing: request, to: "/account?done=password")
    }
  }

  /// `POST /account/sign-out-everywhere`: every session of the account ended, this one
  /// included: 303 to `/sign-in`.
  func signOutEverywhere(_ request: Request, endTabs: @Sendable (Set<String>) async -> Void) async -> Response {
    await withSignedInPost(request) { owner, _ in
      await endTabs(try await store.deleteSessions(accountID: owner.account.id))
      return signedOut()
    }
  }

  /// `POST /account/delete` (`password`): the account's sessions ended first (its tabs here at
  /// once, in other processes at their next session check), so that no tab of it writes while
  /// its data goes; then the app's data deleted (by ``WebAccounts/accountDeleted``); then the
  /// account: 303 to `/sign-in`. Should the data not go, the account is kept, signed out.
  func deleteAccount(
    _ request: Request, client: String, endTabs: @Sendable (Set<String>) async -> Void
  ) async -> Response {
    await withSignedInPost(request) { owner, fields in
      let account = owner.account
      if let refused = try await refusedPassword(fields["password"] ?? "", of: account, client: client) {
        return refused
      }
      await endTabs(try await store.deleteSessions(accountID: account.id))
      // Tabs of the account in other processes close at their next check: two periods, and the
      // data goes after them.
      try? await Task.sleep(for: WebAccounts.sessionCheckPeriod * 2)
      do {
        try await accounts.accountDeleted(account)
      } catch {
        metrics.logger.error("could not delete an account's data: \(error)")
        return accountKept()
      }
      await endTabs(try await store.deleteAccount(id: account.id))
      metrics.logger.info("an account was deleted")
      return signedOut()
    }
  }

  /// 500: the account's data could not be deleted, so the account is kept; its sessions have
  /// ended (the cookie is cleared), and the page says to sign in and try again.
  private func accountKept() -> Response {
    let body = """
      <h1>Your account is kept</h1>
      <p class="cw-app-name">\(escapeText(template.title))</p>
      <p class="cw-error" role="alert">Your data could not be deleted, so your account is kept. You are signed out everywhere.</p>
      <p><a href="/sign-in">Sign in</a> and try again later.</p>
      """
    var response = accountPage(.internalServerError, title: "Your account is kept", body: body)
    response.headers[.setCookie] = cookie(value: "", maxAge: 0)
    return response
  }

  /// A post from a signed-in account's page: refused from another site (403), 303 to `/sign-in`
  /// without a session, 400 for an unreadable form, 503 when the store fails (the check fails
  /// closed); otherwise `body`'s answer.
  private func withSignedInPost(
    _ request: Request, _ body: (SessionOwner, [String: String]) async throws -> Response
  ) async -> Response {
    if let refused = refuseOtherOrigins(request) { return refused }
    do {
      guard let owner = try await owner(of: request.headers) else { return redirect(to: "/sign-in") }
      guard let fields = await formFields(request) else {
        return accountSettings(owner.account, status: .badRequest, error: "The form could not be read; send it again.")
      }
      return try await body(owner, fields)
    } catch {
      return unavailable(error)
    }
  }

  /// The account page with its error when `password` is not the account's (401, or 429 and 503
  /// as at sign-in); nil when it is.
  private func refusedPassword(_ password: String, of account: Account, client: String) async throws -> Response? {
    if let problem = unhashablePasswordProblem(password) {
      return accountSettings(account, status: .unprocessableContent, error: problem)
    }
    let render = { (status: HTTPResponse.Status, error: String) in
      self.accountSettings(account, status: status, error: error)
    }
    switch try await checkPassword(password, email: account.email, client: client) {
    case .matches: return nil
    case .wrong: return render(.unauthorized, "That is not your current password.")
    case let .throttled(limit, times, now): return throttled(.passwordChecks, limit, times: times, now: now, render: render)
    case .busy: return busy("password check", render: render)
    }
  }

  /// 303 to `/sign-in`, the cookie cleared.
  func signedOut() -> Response {
    var response = redirect(to: "/sign-in")
    response.headers[.setCookie] = cookie(value: "", maxAge: 0)
    return response
  }

  /// The account page: its email, and the three forms.
  func accountSettings(
    _ account: Account, status: HTTPResponse.Status, notice: String? = nil, error: String? = nil
  ) -> Response {
    let body = """
      <h1>Your account</h1>
      <p class="cw-app-name">\(escapeText(template.title))</p>
      <p>Signed in as <strong>\(escapeText(account.email))</strong>. <a href="/">Back to the app</a></p>
      \(notice.map { #"<p class="cw-notice" role="status">\#(escapeText($0))</p>"# } ?? "")
      \(error.map { #"<p class="cw-error" role="alert">\#(escapeText($0))</p>"# } ?? "")
      <h2>Change password</h2>
      <form method="post" action="/account/password">
      <input type="email" name="email" autocomplete="username" value="\(escapeAttribute(account.email))" hidden>
      <div class="cw-field"><label class="cw-label" for="current_password">Current password</label><input id="current_password" name="current_password" type="password" autocomplete="current-password" required></div>
      <div class="cw-field"><label class="cw-label" for="password">New password</label><input id="password" name="password" type="password" autocomplete="new-password" required minlength="8" maxlength="64"></div>
      <button type="submit" class="cw-primary">Change password</button>
      </form>
      <h2>Sessions</h2>
      <p>Sign out of this account in every browser, this one included.</p>
      <form method="post" action="/account/sign-out-everywhere"><button type="submit">Sign out everywhere</button></form>
      <h2>Delete account</h2>
      <p>Deletes this account and everything it holds. This cannot be undone.</p>
      <form method="post" action="/account/delete">
      <div class="cw-field"><label class="cw-label" for="delete_password">Password</label><input id="delete_password" name="password" type="password" autocomplete="current-password" required></div>
      <button type="submit" class="cw-destructive">Delete account</button>
      </form>
      """
    return accountPage(status, title: "Your account", body: body)
  }
}
