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
  /// How long a session lasts unused before it ends (30 days).
  public var sessionLifetime: Duration
  /// bcrypt's cost: 2^cost rounds (10, about 0.1 s a hash on a server core in a release build).
  public var passwordCost: UInt8
  /// Sign-in attempts for one email from one client (an IPv6 client counts by its /64) within
  /// ``failureWindow`` after which further attempts for that email from that client answer 429
  /// until the window has passed them (5). Each attempt is counted before its password is
  /// checked, in one step in the store, so parallel posts cannot slip past the count; a
  /// successful one is taken back. The owner is not locked out from another network.
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
  /// The time; tests set it to move through ``failureWindow`` without waiting.
  public var now: @Sendable () -> Date

  /// Accounts kept in `store`, with the defaults above unless given.
  public init(
    store: any AccountStore,
    secureCookie: Bool = false,
    sessionLifetime: Duration = .seconds(30 * 24 * 60 * 60),
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

/// Where ``WebAccounts`` keeps accounts, sessions (by the SHA-256 of their id) and sign-in
/// attempts. Every method may be called from any task, and by several processes at once when the
/// store is a database.
public protocol AccountStore: Sendable {
  /// Makes an account unless its email is taken.
  func insertAccount(_ account: StoredAccount) async throws -> AccountInsertion
  /// The account with this (lowercased) email.
  func account(email: String) async throws -> StoredAccount?
  /// Keeps a new session of `accountID`, used at `now`.
  func insertSession(hash: String, accountID: String, now: Date) async throws
  /// The account of the session `hash` if it was used since `usedSince` (marking it used at
  /// `now`); nil for an unknown or expired session (an expired one is deleted).
  func session(hash: String, now: Date, usedSince: Date) async throws -> Account?
  /// Ends a session.
  func deleteSession(hash: String) async throws
  /// Which of `hashes` are sessions used since `usedSince`: the others were ended (in any
  /// process) or expired.
  func liveSessions(among hashes: Set<String>, usedSince: Date) async throws -> Set<String>
  /// Deletes the sessions not used since `usedSince` (expired: no one can sign in with them);
  /// returns how many.
  func deleteSessions(unusedSince usedSince: Date) async throws -> Int
  /// Counts an attempt at `now` under each limit's key, in one atomic step (across processes,
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
  private struct State {
    var accounts: [String: StoredAccount] = [:]
    var sessions: [String: (accountID: String, lastUsed: Date)] = [:]
    var attempts: [String: [Date]] = [:]
  }

  private let state = Mutex(State())

  /// An empty store.
  public init() {}

  /// Makes an account unless its email is taken.
  public func insertAccount(_ account: StoredAccount) async throws -> AccountInsertion {
    state.withLock { state in
      guard state.accounts[account.account.email] == nil else { return .emailTaken }
      state.accounts[account.account.email] = account
      return .inserted(isFirst: state.accounts.count == 1)
    }
  }

  /// The account with this email.
  public func account(email: String) async throws -> StoredAccount? {
    state.withLock { $0.accounts[email] }
  }

  /// Keeps a new session.
  public func insertSession(hash: String, accountID: String, now: Date) async throws {
    state.withLock { $0.sessions[hash] = (accountID, now) }
  }

  /// The account of a session used since `usedSince`, marked used at `now`.
  public func session(hash: String, now: Date, usedSince: Date) async throws -> Account? {
    state.withLock { state in
      guard let session = state.sessions[hash] else { return nil }
      guard session.lastUsed >= usedSince else {
        state.sessions[hash] = nil
        return nil
      }
      state.sessions[hash]?.lastUsed = now
      return state.accounts.values.first { $0.account.id == session.accountID }?.account
    }
  }

  /// Ends a session.
  public func deleteSession(hash: String) async throws {
    _ = state.withLock { $0.sessions.removeValue(forKey: hash) }
  }

  /// Which of `hashes` are sessions used since `usedSince`.
  public func liveSessions(among hashes: Set<String>, usedSince: Date) async throws -> Set<String> {
    state.withLock { state in hashes.filter { state.sessions[$0].map { $0.lastUsed >= usedSince } ?? false } }
  }

  /// Deletes the sessions not used since `usedSince`.
  public func deleteSessions(unusedSince usedSince: Date) async throws -> Int {
    state.withLock { state in
      let expired = state.sessions.filter { $0.value.lastUsed < usedSince }.keys
      for hash in expired { state.sessions[hash] = nil }
      return expired.count
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
      for limit in limits { state.attempts[limit.key, default: []].append(now) }
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
