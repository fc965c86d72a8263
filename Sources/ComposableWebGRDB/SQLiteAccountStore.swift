import ComposableWeb
import Foundation
import SharingGRDB

/// Accounts, sessions and failed sign-ins in the app's SQLite database (the one its
/// `@Shared(.database(…))` keys use), so that every process on the machine honours the same
/// sessions and counts the same sign-in attempts. Four tables, made on first use:
/// `composableWebAccounts`, `composableWebSessions` and `composableWebResetTokens` (the SHA-256
/// of each session id and reset token, never the id or token), and `composableWebSignInFailures`.
///
/// Where several processes share the file, give the database a busy timeout
/// (`configuration.busyMode = .timeout(5)`), as for `@Shared` keys: a sign-in attempt is counted
/// in an `IMMEDIATE` transaction, which otherwise fails at once (503) while another process
/// counts one.
public final class SQLiteAccountStore: AccountStore {
  let database: any DatabaseWriter

  /// The store in `database`, its tables made if they are not there yet.
  public init(_ database: any DatabaseWriter) throws {
    self.database = database
    try database.write { db in
      try db.execute(
        sql: """
          CREATE TABLE IF NOT EXISTS composableWebAccounts (
            id TEXT PRIMARY KEY NOT NULL,
            email TEXT NOT NULL UNIQUE,
            passwordHash TEXT NOT NULL,
            createdAt REAL NOT NULL
          );
          CREATE TABLE IF NOT EXISTS composableWebSessions (
            hash TEXT PRIMARY KEY NOT NULL,
            accountID TEXT NOT NULL REFERENCES composableWebAccounts(id) ON DELETE CASCADE,
            lastUsed REAL NOT NULL,
            startedAt REAL
          );
          CREATE TABLE IF NOT EXISTS composableWebResetTokens (
            hash TEXT PRIMARY KEY NOT NULL,
            accountID TEXT NOT NULL REFERENCES composableWebAccounts(id) ON DELETE CASCADE,
            expires REAL NOT NULL
          );
          CREATE TABLE IF NOT EXISTS composableWebSignInFailures (
            key TEXT NOT NULL,
            at REAL NOT NULL
          );
          CREATE INDEX IF NOT EXISTS composableWebSignInFailuresByKey ON composableWebSignInFailures(key, at);
          CREATE INDEX IF NOT EXISTS composableWebSessionsByAccount ON composableWebSessions(accountID);
          """
      )
      // Sessions kept before the absolute lifetime have no start: counted from their last use.
      if try !db.columns(in: "composableWebSessions").contains(where: { $0.name == "startedAt" }) {
        try db.execute(sql: "ALTER TABLE composableWebSessions ADD COLUMN startedAt REAL")
      }
      try db.execute(sql: "UPDATE composableWebSessions SET startedAt = lastUsed WHERE startedAt IS NULL")
    }
  }

  /// Makes an account unless its email is taken, in one `IMMEDIATE` transaction: it takes the
  /// write lock before it reads, so of two sign-ups at once (in two processes on the file) only
  /// one is told it is the first.
  public func insertAccount(_ stored: StoredAccount) async throws -> AccountInsertion {
    try await database.writeWithoutTransaction { db in
      var result = AccountInsertion.emailTaken
      try db.inTransaction(.immediate) {
        if try Bool.fetchOne(
          db, sql: "SELECT 1 FROM composableWebAccounts WHERE email = ?", arguments: [stored.account.email]
        ) != nil {
          return .commit
        }
        let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM composableWebAccounts") ?? 0
        try db.execute(
          sql: "INSERT INTO composableWebAccounts (id, email, passwordHash, createdAt) VALUES (?, ?, ?, ?)",
          arguments: [stored.account.id, stored.account.email, stored.passwordHash, Date().timeIntervalSince1970]
        )
        result = .inserted(isFirst: count == 0)
        return .commit
      }
      return result
    }
  }

  /// The account with this email.
  public func account(email: String) async throws -> StoredAccount? {
    try await database.read { db in
      try Row.fetchOne(
        db, sql: "SELECT id, email, passwordHash FROM composableWebAccounts WHERE email = ?", arguments: [email]
      ).map { row in
        StoredAccount(account: Account(id: row["id"], email: row["email"]), passwordHash: row["passwordHash"])
      }
    }
  }

  /// Keeps a new session.
  public func insertSession(hash: String, accountID: String, now: Date) async throws {
    try await database.write { db in
      try db.execute(
        sql: "INSERT INTO composableWebSessions (hash, accountID, lastUsed, startedAt) VALUES (?, ?, ?, ?)",
        arguments: [hash, accountID, now.timeIntervalSince1970, now.timeIntervalSince1970]
      )
    }
  }

  /// The account of a session valid under `cutoffs`; an expired one is deleted.
  public func session(hash: String, now: Date, cutoffs: SessionCutoffs) async throws -> Account? {
    let found = try await database.read { db in
      try Row.fetchOne(
        db,
        sql: """
          SELECT a.id, a.email, s.lastUsed, s.startedAt FROM composableWebSessions s
          JOIN composableWebAccounts a ON a.id = s.accountID WHERE s.hash = ?
          """,
        arguments: [hash]
      ).map { row in
        (Account(id: row["id"], email: row["email"]), lastUsed: row["lastUsed"] as Double, started: row["startedAt"] as Double)
      }
    }
    guard let found else { return nil }
    guard cutoffs.allow(started: Date(timeIntervalSince1970: found.started), lastUsed: Date(timeIntervalSince1970: found.lastUsed)) else {
      try await deleteSession(hash: hash)
      return nil
    }
    // Marked used at most once a minute: a page view is not a write.
    if now.timeIntervalSince1970 - found.lastUsed > 60 {
      try await database.write { db in
        try db.execute(
          sql: "UPDATE composableWebSessions SET lastUsed = ? WHERE hash = ?",
          arguments: [now.timeIntervalSince1970, hash]
        )
      }
    }
    return found.0
  }

  /// Ends a session.
  public func deleteSession(hash: String) async throws {
    try await database.write { db in
      try db.execute(sql: "DELETE FROM composableWebSessions WHERE hash = ?", arguments: [hash])
    }
  }

  /// Deletes the sessions no longer valid under `cutoffs`.
  public func deleteExpiredSessions(cutoffs: SessionCutoffs) async throws -> Int {
    try await database.write { db in
      try db.execute(
        sql: "DELETE FROM composableWebSessions WHERE lastUsed < ? OR startedAt < ?",
        arguments: [cutoffs.usedSince.timeIntervalSince1970, cutoffs.startedSince.timeIntervalSince1970]
      )
      return db.changesCount
    }
  }

  /// Which of `hashes` are sessions valid under `cutoffs` (one query).
  public func liveSessions(among hashes: Set<String>, cutoffs: SessionCutoffs) async throws -> Set<String> {
    try await database.read { db in
      Set(
        try String.fetchAll(
          db,
          sql: """
            SELECT hash FROM composableWebSessions
            WHERE lastUsed >= ? AND startedAt >= ? AND hash IN (SELECT value FROM json_each(?))
            """,
          arguments: [cutoffs.usedSince.timeIntervalSince1970, cutoffs.startedSince.timeIntervalSince1970, jsonArray(hashes)]
        )
      )
    }
  }

  /// Ends every session of an account.
  public func deleteSessions(accountID: String) async throws -> Set<String> {
    try await database.write { db in try Self.deleteSessions(accountID: accountID, db) }
  }

  private static func deleteSessions(accountID: String, _ db: Database) throws -> Set<String> {
    Set(
      try String.fetchAll(
        db, sql: "DELETE FROM composableWebSessions WHERE accountID = ? RETURNING hash", arguments: [accountID]
      )
    )
  }

  /// A new password's hash and every session of the account ended, in one transaction.
  public func changePassword(accountID: String, passwordHash: String) async throws -> Set<String> {
    try await database.write { db in
      try db.execute(
        sql: "UPDATE composableWebAccounts SET passwordHash = ? WHERE id = ?", arguments: [passwordHash, accountID]
      )
      return try Self.deleteSessions(accountID: accountID, db)
    }
  }

  /// Deletes an account with its sessions and reset tokens, in one transaction.
  public func deleteAccount(id: String) async throws -> Set<String> {
    try await database.write { db in
      let hashes = try Self.deleteSessions(accountID: id, db)
      try db.execute(sql: "DELETE FROM composableWebResetTokens WHERE accountID = ?", arguments: [id])
      try db.execute(sql: "DELETE FROM composableWebAccounts WHERE id = ?", arguments: [id])
      return hashes
    }
  }

  /// Every account, by email.
  public func allAccounts() async throws -> [AccountSummary] {
    try await database.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT a.id, a.email, a.createdAt,
            (SELECT count(*) FROM composableWebSessions s WHERE s.accountID = a.id) AS sessions
          FROM composableWebAccounts a ORDER BY a.email
          """
      ).map { row in
        AccountSummary(
          account: Account(id: row["id"], email: row["email"]),
          created: Date(timeIntervalSince1970: row["createdAt"]), sessions: row["sessions"]
        )
      }
    }
  }

  /// Keeps a reset token.
  public func insertResetToken(hash: String, accountID: String, expires: Date) async throws {
    try await database.write { db in
      try db.execute(
        sql: "INSERT INTO composableWebResetTokens (hash, accountID, expires) VALUES (?, ?, ?)",
        arguments: [hash, accountID, expires.timeIntervalSince1970]
      )
    }
  }

  /// The account of a reset token not expired at `now`, the token deleted in the same
  /// transaction (of two processes taking it at once, one gets it).
  public func takeResetToken(hash: String, now: Date) async throws -> Account? {
    try await database.write { db in
      guard
        let row = try Row.fetchOne(
          db,
          sql: """
            SELECT a.id, a.email, t.expires FROM composableWebResetTokens t
            JOIN composableWebAccounts a ON a.id = t.accountID WHERE t.hash = ?
            """,
          arguments: [hash]
        )
      else { return nil }
      try db.execute(sql: "DELETE FROM composableWebResetTokens WHERE hash = ?", arguments: [hash])
      guard (row["expires"] as Double) > now.timeIntervalSince1970 else { return nil }
      return Account(id: row["id"], email: row["email"])
    }
  }

  /// Counts an attempt under each limit's key unless one holds its limit, in one `IMMEDIATE`
  /// transaction: it takes the database's write lock before it reads, so two processes on the
  /// file count one after the other, never both from the same count.
  public func countAttempt(under limits: [AttemptLimit], now: Date, forgettingBefore: Date) async throws -> AttemptCount {
    try await database.writeWithoutTransaction { db in
      var result = AttemptCount.counted
      try db.inTransaction(.immediate) {
        try db.execute(
          sql: "DELETE FROM composableWebSignInFailures WHERE at <= ?", arguments: [forgettingBefore.timeIntervalSince1970]
        )
        for limit in limits {
          let times = try Double.fetchAll(
            db, sql: "SELECT at FROM composableWebSignInFailures WHERE key = ? AND at > ? ORDER BY at",
            arguments: [limit.key, limit.since.timeIntervalSince1970]
          )
          if times.count >= limit.limit {
            result = .refused(limit, times: times.map(Date.init(timeIntervalSince1970:)))
            return .commit
          }
        }
        for key in Set(limits.map(\.key)) {
          try db.execute(
            sql: "INSERT INTO composableWebSignInFailures (key, at) VALUES (?, ?)",
            arguments: [key, now.timeIntervalSince1970]
          )
        }
        return .commit
      }
      return result
    }
  }

  /// Takes back one attempt counted at `at` under each key.
  public func uncountAttempt(keys: [String], at: Date) async throws {
    try await database.write { db in
      for key in keys {
        try db.execute(
          sql: """
            DELETE FROM composableWebSignInFailures WHERE rowid =
              (SELECT rowid FROM composableWebSignInFailures WHERE key = ? AND at = ? LIMIT 1)
            """,
          arguments: [key, at.timeIntervalSince1970]
        )
      }
    }
  }

  /// Forgets the attempts counted under `key`.
  public func clearAttempts(key: String) async throws {
    try await database.write { db in
      try db.execute(sql: "DELETE FROM composableWebSignInFailures WHERE key = ?", arguments: [key])
    }
  }
}

/// `["a","b"]`: a set of strings as one JSON argument (read with `json_each`), however many.
func jsonArray(_ strings: Set<String>) -> String {
  String(decoding: (try? JSONEncoder().encode(Array(strings))) ?? Data("[]".utf8), as: UTF8.self)
}

extension AccountStore where Self == SQLiteAccountStore {
  /// Accounts and sessions in the app's SQLite database (its tables made now, if they are not
  /// there yet).
  public static func sqlite(_ database: any DatabaseWriter) throws -> SQLiteAccountStore {
    try SQLiteAccountStore(database)
  }
}
