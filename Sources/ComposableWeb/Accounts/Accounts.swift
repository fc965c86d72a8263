import Foundation
import Synchronization

/// Someone signed in to a ``WebApp`` that has ``WebAccounts``: what a tab's page is built for.
public struct Account: Hashable, Sendable, Identifiable {
  /// The account's id (a UUID, lowercase), which never changes: key the account's data by it.
  public var id: String
  /// The address the account signed up with, lowercased.
  public var email: String

  /// An account with its id and (lowercased) email.
  public init(id: String, email: String) {
    self.id = id
    self.email = email
  }
}

/// Sign-up, sign-in and sign-out for a ``WebApp``: with them, every page asks for a signed-in
/// account, and each tab's store is built for the account that opened it.
///
/// ```swift
/// let app = WebApp(title: "Standups", accounts: WebAccounts(store: .sqlite(database))) { path, account in
///   withDependencies { $0.owner = account.id } operation: { standupsPage(path) }
/// }
/// ```
///
/// The server answers `/sign-up` and `/sign-in` (a form with the fields `email` and `password`,
/// posted to the same address; success answers 303 to `/` with the session's cookie) and
/// `POST /sign-out` (303 to `/sign-in`); signed out, every page answers 303 to `/sign-in`. The
/// session is a random 256-bit id in a cookie (`HttpOnly`, `SameSite=Lax`, `Path=/`, and `Secure`
/// with ``secureCookie``); the store keeps only its SHA-256, so a copy of the database signs no
/// one in. Passwords are kept as bcrypt hashes (cost ``passwordCost``). The article "Sessions and
/// accounts" has the whole design.
public struct WebAccounts: Sendable {
  /// Where accounts, sessions and failed sign-ins are kept: ``InMemoryAccountStore`` for one
  /// process, or the app's database (`ComposableWebGRDB`'s `.sqlite(_:)`,
  /// `ComposableWebPostgres`' `.postgres(_:)`) so that every process behind a load balancer
  /// honours the same sessions.
  public var store: any AccountStore
  /// Whether the cookie is marked `Secure` (sent over HTTPS only): set it when the app is served
  /// over TLS (at nginx, say), never for plain `http://`, where the browser would drop it.
  public var secureCookie: Bool
  /// How long a session lasts unused before it ends (30 days): its idle lifetime.
  public var sessionLifetime: Duration
  /// How long a session lasts from its sign-in however much it is used (90 days): its absolute
  /// lifetime. Then its account signs in again.
  public var sessionAbsoluteLifetime: Duration
  /// bcrypt's cost: 2^cost rounds (10, about 0.1 s a hash on a server core in a release build).
  public var passwordCost: UInt8
  /// Sign-in attempts for one email from one client (an IPv6 client counts by its /64) within
  /// ``failureWindow`` after which further attempts for that email from that client answer 429
  /// until the window has passed them (5). Then the waits grow: one more attempt per doubling of
  /// the window (with 15 minutes: one more within 30 minutes, one more within an hour, two
  /// hours…, up to a day), so the waits between attempts double. Each attempt is counted before
  /// its password is checked, in one step in the store, so parallel posts cannot slip past the
  /// count; a successful sign-in clears them. The owner is not locked out from another network.
  public var failuresPerEmail: Int
  /// Sign-in attempts for one email from any client within a day after which further attempts
  /// for it answer 429 (100): the ceiling on guesses spread over many addresses.
  public var failuresPerEmailPerDay: Int
  /// Failed sign-ins from one client address within ``failureWindow`` after which its further
  /// attempts answer 429 (30).
  public var failuresPerClient: Int
  /// The window failed sign-ins are counted in (15 minutes).
  public var failureWindow: Duration
  /// Sign-ups from one client within an hour after which further ones answer 429 (10).
  public var signUpsPerClientPerHour: Int
  /// Password hashes that may wait for a core (64): one more answers 503 with `Retry-After`.
  /// Hashes run on at most as many threads as the machine has cores.
  public var hashingQueueCapacity: Int
  /// Who may make an account at `/sign-up`: ``SignUpPolicy/openOnLoopback`` (the default) opens it
  /// only when the server listens on this machine alone (`127.0.0.1`, `::1`, `localhost`).
  public var signUp: SignUpPolicy = .openOnLoopback
  /// Called once an account is made, with whether it is the first one the store holds. (Give an
  /// app's data of its single-user days to a named account instead, by an operator's command:
  /// the first to sign up may be anyone who reached the server first.)
  public var accountCreated: @Sendable (_ account: Account, _ isFirst: Bool) async -> Void
  /// Called when an account holder deletes their account at `/account`, after its sessions have
  /// ended (and its tabs closed, in every process) and before the account goes: delete the app's
  /// data of that account here; no tab of it can write any more. If it throws, the account is
  /// kept, signed out, and the page says the deletion failed.
  public var accountDeleted: @Sendable (_ account: Account) async throws -> Void = { _ in }
  /// How often each serving process asks the store which of its tabs' sessions still live: a
  /// session ended anywhere closes its tabs in every process within this (and a query). A tool
  /// that ends sessions before deleting what their tabs could write waits two of these.
  public static let sessionCheckPeriod: Duration = .milliseconds(250)
  /// The time; tests set it to move through ``failureWindow`` without waiting.
  public var now: @Sendable () -> Date

  /// Accounts kept in `store`, with the defaults above unless given.
  public init(
    store: any AccountStore,
    secureCookie: Bool = false,
    sessionLifetime: Duration = .seconds(30 * 24 * 60 * 60),
    sessionAbsoluteLifetime: Duration = .seconds(90 * 24 * 60 * 60),
    passwordCost: UInt8 = 10,
    failuresPerEmail: Int = 5,
    failuresPerEmailPerDay: Int = 100,
    failuresPerClient: Int = 30,
    failureWindow: Duration = .seconds(15 * 60),
    signUpsPerClientPerHour: Int = 10,
    hashingQueueCapacity: Int = 64,
    accountCreated: @escaping @Sendable (_ account: Account, _ isFirst: Bool) async -> Void = { _, _ in },
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.store = store
    self.secureCookie = secureCookie
    self.sessionLifetime = sessionLifetime
    self.sessionAbsoluteLifetime = sessionAbsoluteLifetime
    self.passwordCost = passwordCost
    self.failuresPerEmail = failuresPerEmail
    self.failuresPerEmailPerDay = failuresPerEmailPerDay
    self.failuresPerClient = failuresPerClient
    self.failureWindow = failureWindow
    self.signUpsPerClientPerHour = signUpsPerClientPerHour
    self.hashingQueueCapacity = hashingQueueCapacity
    self.accountCreated = accountCreated
    self.now = now
  }
}

/// Whether ``WebAccounts`` makes accounts at `/sign-up`.
public enum SignUpPolicy: String, Sendable, CaseIterable {
  /// Anyone who reaches the server may sign up.
  case open
  /// No one may: `/sign-up` says so (403) and the sign-in page does not offer it. Accounts come
  /// from elsewhere (the server opened for a while, or another tool).
  case closed
  /// Open when the server listens on this machine alone (`127.0.0.1`, `::1`, `localhost`: only
  /// its own users reach it), closed otherwise.
  case openOnLoopback

  /// Whether sign-up is open on a server listening on `host`.
  public func isOpen(listeningOn host: String) -> Bool {
    switch self {
    case .open: true
    case .closed: false
    case .openOnLoopback: ["::1", "localhost"].contains(hostName(of: host)) || hostName(of: host).hasPrefix("127.")
    }
  }
}

/// An account as a store keeps it: with its password's hash (never the password).
public struct StoredAccount: Sendable, Equatable {
  /// The account.
  public var account: Account
  /// bcrypt's hash of the password (`$2b$10$…`).
  public var passwordHash: String

  /// An account and its password's hash.
  public init(account: Account, passwordHash: String) {
    self.account = account
    self.passwordHash = passwordHash
  }
}

/// What ``AccountStore/insertAccount(_:)`` did.
public enum AccountInsertion: Sendable, Equatable {
  /// Made; `isFirst` when the store held no account before.
  case inserted(isFirst: Bool)
  /// Another account has this email: nothing was made.
  case emailTaken
}

/// At most `limit` attempts counted under `key` after `since`: see
/// ``AccountStore/countAttempt(under:now:forgettingBefore:)``.
public struct AttemptLimit: Sendable, Equatable {
  /// What the attempts are counted under (`email:…`, `client:…`).
  public var key: String
  /// The most attempts counted after ``since``.
  public var limit: Int
  /// Where the window the attempts are counted in starts.
  public var since: Date

  /// A limit of `limit` attempts under `key` after `since`.
  public init(key: String, limit: Int, since: Date) {
    self.key = key
    self.limit = limit
    self.since = since
  }
}

/// What ``AccountStore/countAttempt(under:now:forgettingBefore:)`` did.
public enum AttemptCount: Sendable, Equatable {
  /// The attempt was counted under every key.
  case counted
  /// Nothing was counted: `limit`'s key already holds its limit; `times` are the attempts
  /// counted there after its `since`, oldest first.
  case refused(AttemptLimit, times: [Date])
}

/// When a session stops being valid: unused since ``usedSince``, or started before
/// ``startedSince`` however much it is used.
public struct SessionCutoffs: Sendable, Equatable {
  /// Sessions last used before this have expired (the idle lifetime).
  public var usedSince: Date
  /// Sessions started before this have expired (the absolute lifetime).
  public var startedSince: Date

  /// Sessions valid if used since `usedSince` and started since `startedSince`.
  public init(usedSince: Date, startedSince: Date) {
    self.usedSince = usedSince
    self.startedSince = startedSince
  }

  /// Whether a session started at `started` and last used at `lastUsed` is valid.
  public func allow(started: Date, lastUsed: Date) -> Bool {
    lastUsed >= usedSince && started >= startedSince
  }
}

/// An account as `standups accounts list` shows it: when it was made and its sessions.
public struct AccountSummary: Sendable, Equatable {
  /// The account.
  public var account: Account
  /// When it was made.
  public var created: Date
  /// How many sessions it holds (expired ones not yet purged included).
  public var sessions: Int

  /// An account, when it was made and how many sessions it holds.
  public init(account: Account, created: Date, sessions: Int) {
    self.account = account
    self.created = created
    self.sessions = sessions
  }
}

/// Where ``WebAccounts`` keeps accounts, sessions (by the SHA-256 of their id) and sign-in
/// attempts. Every method may be called from any task, and by several processes at once when the
/// store is a database.
public protocol AccountStore: Sendable {
  /// Makes an account unless its email is taken.
  func insertAccount(_ account: StoredAccount) async throws -> AccountInsertion
  /// The account with this (lowercased) email.
  func account(email: String) async throws -> StoredAccount?
  /// Keeps a new session of `accountID`, started and used at `now`.
  func insertSession(hash: String, accountID: String, now: Date) async throws
  /// The account of the session `hash` if it is still valid under `cutoffs` (marking it used at
  /// `now`); nil for an unknown or expired session (an expired one is deleted).
  func session(hash: String, now: Date, cutoffs: SessionCutoffs) async throws -> Account?
  /// Ends a session.
  func deleteSession(hash: String) async throws
  /// Which of `hashes` are sessions still valid under `cutoffs`: the others were ended (in any
  /// process) or expired.
  func liveSessions(among hashes: Set<String>, cutoffs: SessionCutoffs) async throws -> Set<String>
  /// Deletes the sessions no longer valid under `cutoffs` (expired: no one can sign in with
  /// them); returns how many.
  func deleteExpiredSessions(cutoffs: SessionCutoffs) async throws -> Int
  /// Ends every session of an account; returns their hashes.
  func deleteSessions(accountID: String) async throws -> Set<String>
  /// Gives an account a new password's hash and ends all its sessions, in one step; returns the
  /// ended sessions' hashes.
  func changePassword(accountID: String, passwordHash: String) async throws -> Set<String>
  /// Deletes an account with its sessions and reset tokens; returns the ended sessions' hashes.
  func deleteAccount(id: String) async throws -> Set<String>
  /// Every account, by email.
  func allAccounts() async throws -> [AccountSummary]
  /// Keeps a password reset token (by its hash) for an account, valid until `expires`.
  func insertResetToken(hash: String, accountID: String, expires: Date) async throws
  /// The account of a reset token not expired at `now`, the token deleted in the same step (it
  /// works once); nil for an unknown, used or expired one.
  func takeResetToken(hash: String, now: Date) async throws -> Account?
  /// Counts an attempt at `now` under each limit's key (once per key: several limits may share
  /// one, each with its own window), in one atomic step (across processes,
  /// for a database), unless a key already holds its limit of attempts after its `since`: then
  /// nothing is counted and the first such limit is returned with the times it holds. Attempts
  /// from `forgettingBefore` and earlier are forgotten.
  func countAttempt(under limits: [AttemptLimit], now: Date, forgettingBefore: Date) async throws -> AttemptCount
  /// Takes back one attempt counted at `at` under each of `keys` (it signed in, or it could not
  /// be checked).
  func uncountAttempt(keys: [String], at: Date) async throws
  /// Forgets the attempts counted under `key` (after a successful sign-in).
  func clearAttempts(key: String) async throws
}

/// Accounts and sessions in this process's memory: for an app served by one process, and tests.
/// They are gone when the process ends.
public final class InMemoryAccountStore: AccountStore {
  private struct Session {
    var accountID: String
    var started: Date
    var lastUsed: Date
  }

  private struct State {
    var accounts: [String: (stored: StoredAccount, created: Date)] = [:]
    var sessions: [String: Session] = [:]
    var resetTokens: [String: (accountID: String, expires: Date)] = [:]
    var attempts: [String: [Date]] = [:]

    func account(id: String) -> Account? {
      accounts.values.first { $0.stored.account.id == id }?.stored.account
    }

    mutating func deleteSessions(accountID: String) -> Set<String> {
      let hashes = Set(sessions.filter { $0.value.accountID == accountID }.keys)
      for hash in hashes { sessions[hash] = nil }
      return hashes
    }
  }

  private let state = Mutex(State())

  /// An empty store.
  public init() {}

  /// Makes an account unless its email is taken.
  public func insertAccount(_ account: StoredAccount) async throws -> AccountInsertion {
    state.withLock { state in
      guard state.accounts[account.account.email] == nil else { return .emailTaken }
      state.accounts[account.account.email] = (account, Date())
      return .inserted(isFirst: state.accounts.count == 1)
    }
  }

  /// The account with this email.
  public func account(email: String) async throws -> StoredAccount? {
    state.withLock { $0.accounts[email]?.stored }
  }

  /// Keeps a new session.
  public func insertSession(hash: String, accountID: String, now: Date) async throws {
    state.withLock { $0.sessions[hash] = Session(accountID: accountID, started: now, lastUsed: now) }
  }

  /// The account of a session valid under `cutoffs`, marked used at `now`.
  public func session(hash: String, now: Date, cutoffs: SessionCutoffs) async throws -> Account? {
    state.withLock { state in
      guard let session = state.sessions[hash] else { return nil }
      guard cutoffs.allow(started: session.started, lastUsed: session.lastUsed) else {
        state.sessions[hash] = nil
        return nil
      }
      state.sessions[hash]?.lastUsed = now
      return state.account(id: session.accountID)
    }
  }

  /// Ends a session.
  public func deleteSession(hash: String) async throws {
    _ = state.withLock { $0.sessions.removeValue(forKey: hash) }
  }

  /// Which of `hashes` are sessions valid under `cutoffs`.
  public func liveSessions(among hashes: Set<String>, cutoffs: SessionCutoffs) async throws -> Set<String> {
    state.withLock { state in
      hashes.filter { state.sessions[$0].map { cutoffs.allow(started: $0.started, lastUsed: $0.lastUsed) } ?? false }
    }
  }

  /// Deletes the sessions no longer valid under `cutoffs`.
  public func deleteExpiredSessions(cutoffs: SessionCutoffs) async throws -> Int {
    state.withLock { state in
      let expired = state.sessions.filter { !cutoffs.allow(started: $0.value.started, lastUsed: $0.value.lastUsed) }.keys
      for hash in expired { state.sessions[hash] = nil }
      return expired.count
    }
  }

  /// Ends every session of an account.
  public func deleteSessions(accountID: String) async throws -> Set<String> {
    state.withLock { $0.deleteSessions(accountID: accountID) }
  }

  /// A new password's hash, and every session of the account ended (under the store's lock).
  public func changePassword(accountID: String, passwordHash: String) async throws -> Set<String> {
    state.withLock { state in
      guard let email = state.account(id: accountID)?.email else { return [] }
      state.accounts[email]?.stored.passwordHash = passwordHash
      return state.deleteSessions(accountID: accountID)
    }
  }

  /// Deletes an account with its sessions and reset tokens.
  public func deleteAccount(id: String) async throws -> Set<String> {
    state.withLock { state in
      guard let email = state.account(id: id)?.email else { return [] }
      state.accounts[email] = nil
      state.resetTokens = state.resetTokens.filter { $0.value.accountID != id }
      return state.deleteSessions(accountID: id)
    }
  }

  /// Every account, by email.
  public func allAccounts() async throws -> [AccountSummary] {
    state.withLock { state in
      state.accounts.values.sorted { $0.stored.account.email < $1.stored.account.email }.map { entry in
        let id = entry.stored.account.id
        return AccountSummary(
          account: entry.stored.account, created: entry.created,
          sessions: state.sessions.values.filter { $0.accountID == id }.count
        )
      }
    }
  }

  /// Keeps a reset token.
  public func insertResetToken(hash: String, accountID: String, expires: Date) async throws {
    state.withLock { $0.resetTokens[hash] = (accountID, expires) }
  }

  /// The account of a reset token not expired at `now`, the token deleted.
  public func takeResetToken(hash: String, now: Date) async throws -> Account? {
    state.withLock { state in
      guard let token = state.resetTokens.removeValue(forKey: hash), token.expires > now else { return nil }
      return state.account(id: token.accountID)
    }
  }

  /// Counts an attempt under each limit's key unless one holds its limit (under the store's
  /// lock: one step).
  public func countAttempt(under limits: [AttemptLimit], now: Date, forgettingBefore: Date) async throws -> AttemptCount {
    state.withLock { state in
      for key in state.attempts.keys {
        state.attempts[key]?.removeAll { $0 <= forgettingBefore }
        if state.attempts[key]?.isEmpty == true { state.attempts[key] = nil }
      }
      for limit in limits {
        let times = state.attempts[limit.key, default: []].filter { $0 > limit.since }.sorted()
        if times.count >= limit.limit { return .refused(limit, times: times) }
      }
      for key in Set(limits.map(\.key)) { state.attempts[key, default: []].append(now) }
      return .counted
    }
  }

  /// Takes back one attempt counted at `at` under each key.
  public func uncountAttempt(keys: [String], at: Date) async throws {
    state.withLock { state in
      for key in keys {
        if let index = state.attempts[key]?.firstIndex(of: at) { state.attempts[key]?.remove(at: index) }
      }
    }
  }

  /// Forgets the attempts counted under `key`.
  public func clearAttempts(key: String) async throws {
    _ = state.withLock { $0.attempts.removeValue(forKey: key) }
  }
}

extension AccountStore where Self == InMemoryAccountStore {
  /// Accounts and sessions in this process's memory.
  public static var inMemory: InMemoryAccountStore { InMemoryAccountStore() }
}

/// A "Sign out" button for a page of a ``WebApp`` with ``WebAccounts``: a form that posts to
/// `/sign-out` (it works with JavaScript off too). Every tab of the session, in every process,
/// then goes to `/sign-in`.
public func signOutButton(_ label: String = "Sign out", _ attributes: Attribute...) -> Node {
  form(.attribute("method", "post"), .attribute("action", "/sign-out"), .class("cw-sign-out")) {
    element("button", [.type("submit")] + attributes) { label }
  }
}
