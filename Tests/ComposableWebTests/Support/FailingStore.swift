import ComposableWeb
import Foundation
import Synchronization

/// A store that fails every session lookup while `isFailing` (a database that went away).
final class FailingStore: AccountStore {
  struct Unavailable: Error {}
  let base: any AccountStore
  let isFailing = Mutex(false)

  init(base: any AccountStore) { self.base = base }

  private func check() throws { if isFailing.withLock({ $0 }) { throw Unavailable() } }

  func insertAccount(_ account: StoredAccount) async throws -> AccountInsertion { try await base.insertAccount(account) }
  func account(email: String) async throws -> StoredAccount? { try await base.account(email: email) }
  func insertSession(hash: String, accountID: String, now: Date) async throws {
    try await base.insertSession(hash: hash, accountID: accountID, now: now)
  }
  func session(hash: String, now: Date, cutoffs: SessionCutoffs) async throws -> Account? {
    try check()
    return try await base.session(hash: hash, now: now, cutoffs: cutoffs)
  }
  func deleteSession(hash: String) async throws { try await base.deleteSession(hash: hash) }
  func deleteExpiredSessions(cutoffs: SessionCutoffs) async throws -> Int {
    try await base.deleteExpiredSessions(cutoffs: cutoffs)
  }
  func liveSessions(among hashes: Set<String>, cutoffs: SessionCutoffs) async throws -> Set<String> {
    try check()
    return try await base.liveSessions(among: hashes, cutoffs: cutoffs)
  }
  func deleteSessions(accountID: String) async throws -> Set<String> { try await base.deleteSessions(accountID: accountID) }
  func changePassword(accountID: String, passwordHash: String) async throws -> Set<String> {
    try await base.changePassword(accountID: accountID, passwordHash: passwordHash)
  }
  func deleteAccount(id: String) async throws -> Set<String> { try await base.deleteAccount(id: id) }
  func allAccounts() async throws -> [AccountSummary] { try await base.allAccounts() }
  func insertResetToken(hash: String, accountID: String, expires: Date) async throws {
    try await base.insertResetToken(hash: hash, accountID: accountID, expires: expires)
  }
  func takeResetToken(hash: String, now: Date) async throws -> Account? {
    try check()
    return try await base.takeResetToken(hash: hash, now: now)
  }
  func countAttempt(under limits: [AttemptLimit], now: Date, forgettingBefore: Date) async throws -> AttemptCount {
    try await base.countAttempt(under: limits, now: now, forgettingBefore: forgettingBefore)
  }
  func uncountAttempt(keys: [String], at: Date) async throws { try await base.uncountAttempt(keys: keys, at: at) }
  func clearAttempts(key: String) async throws { try await base.clearAttempts(key: key) }
}
