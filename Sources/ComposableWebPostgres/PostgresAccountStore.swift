import ComposableWeb
import Foundation
import Logging
import PostgresNIO
import SharingPostgres

/// Accounts, sessions and failed sign-ins in the app's PostgreSQL database (the one its
/// `@Shared(.database(…, database:))` keys use), so that every process behind a load balancer
/// honours the same sessions and counts the same sign-in attempts: a sign-out in one process ends its
/// tabs in all of them. Four tables, made on first use: `composable_web_accounts`,
/// `composable_web_sessions` and `composable_web_reset_tokens` (the SHA-256 of each session id
/// and reset token, never the id or token), and `composable_web_sign_in_failures`.
///
/// This process's queries share one connection, so no operation here spans a transaction of
/// several statements (another task's statement could land inside it): each is one statement.
public final class PostgresAccountStore: AccountStore {
  let database: SharingPostgres.PostgresDatabase

  private init(_ database: SharingPostgres.PostgresDatabase) {
    self.database = database
  }

  /// The store, its tables made if they are not there yet (under an advisory lock: several
  /// processes may start at once).
  public static func open(_ database: SharingPostgres.PostgresDatabase) async throws -> PostgresAccountStore {
    try await database.withConnection { connection, logger in
      try await connection.query("BEGIN", logger: logger)
      do {
        try await connection.query("SELECT pg_advisory_xact_lock(727167202)", logger: logger)
        for statement in [
          """
          CREATE TABLE IF NOT EXISTS composable_web_accounts (
            id text PRIMARY KEY, email text NOT NULL UNIQUE, password_hash text NOT NULL,
            created_at double precision NOT NULL
          )
          """,
          """
          CREATE TABLE IF NOT EXISTS composable_web_sessions (
            hash text PRIMARY KEY,
            account_id text NOT NULL REFERENCES composable_web_accounts(id) ON DELETE CASCADE,
            last_used double precision NOT NULL
          )
          """,
          // Sessions kept before the absolute lifetime have no start: counted from their last use.
          "ALTER TABLE composable_web_sessions ADD COLUMN IF NOT EXISTS started_at double precision",
          "UPDATE composable_web_sessions SET started_at = last_used WHERE started_at IS NULL",
          "CREATE INDEX IF NOT EXISTS composable_web_sessions_by_account ON composable_web_sessions (account_id)",
          """
          CREATE TABLE IF NOT EXISTS composable_web_reset_tokens (
            hash text PRIMARY KEY,
            account_id text NOT NULL REFERENCES composable_web_accounts(id) ON DELETE CASCADE,
            expires double precision NOT NULL
          )
          """,
          "CREATE TABLE IF NOT EXISTS composable_web_sign_in_failures (key text NOT NULL, at double precision NOT NULL)",
          "CREATE INDEX IF NOT EXISTS composable_web_sign_in_failures_by_key ON composable_web_sign_in_failures (key, at)",
          // An account made unless its email is taken, and whether it is the first: under a
          // lock held to the end of the transaction, so two sign-ups at once (in any processes)
          // count one after the other, and the count after the lock sees the other's row.
          """
          CREATE OR REPLACE FUNCTION composable_web_insert_account(
            p_id text, p_email text, p_hash text, p_now double precision
          ) RETURNS TABLE (inserted boolean, first boolean) LANGUAGE plpgsql AS $$
          BEGIN
            PERFORM pg_advisory_xact_lock(727167204);
            INSERT INTO composable_web_accounts (id, email, password_hash, created_at)
              VALUES (p_id, p_email, p_hash, p_now) ON CONFLICT (email) DO NOTHING;
            IF NOT FOUND THEN
              RETURN QUERY SELECT false, false;
              RETURN;
            END IF;
            RETURN QUERY SELECT true, (SELECT count(*) FROM composable_web_accounts) = 1;
          END
          $$
          """,
          // One attempt counted under several keys, or refused (the 1-based index of the first
          // key at its limit, and the times it holds). Each statement inside sees what was
          // committed before it, so the count after the locks is the latest.
          """
          CREATE OR REPLACE FUNCTION composable_web_count_attempt(
            p_keys text[], p_limits bigint[], p_sinces double precision[], p_now double precision,
            p_forget double precision
          ) RETURNS TABLE (refused bigint, times double precision[]) LANGUAGE plpgsql AS $$
          DECLARE
            i integer;
            held double precision[];
          BEGIN
            PERFORM pg_advisory_xact_lock(727167203, hashtext(k))
              FROM (SELECT DISTINCT unnest(p_keys) AS k ORDER BY 1) AS sorted;
            DELETE FROM composable_web_sign_in_failures f WHERE f.at <= p_forget;
            FOR i IN 1 .. coalesce(array_length(p_keys, 1), 0) LOOP
              SELECT coalesce(array_agg(f.at ORDER BY f.at), '{}') INTO held
                FROM composable_web_sign_in_failures f WHERE f.key = p_keys[i] AND f.at > p_sinces[i];
              IF coalesce(array_length(held, 1), 0) >= p_limits[i] THEN
                RETURN QUERY SELECT i::bigint, held;
                RETURN;
              END IF;
            END LOOP;
            INSERT INTO composable_web_sign_in_failures (key, at) SELECT DISTINCT unnest(p_keys), p_now;
            RETURN QUERY SELECT 0::bigint, '{}'::double precision[];
          END
          $$
          """,
        ] {
          try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
        }
        try await connection.query("COMMIT", logger: logger)
      } catch {
        _ = try? await connection.query("ROLLBACK", logger: logger)
        throw error
      }
    }
    return PostgresAccountStore(database)
  }

  /// Makes an account unless its email is taken, in one statement (a function made by
  /// ``open(_:)`` that takes a lock first, so that of two first sign-ups at once only one is told
  /// it is the first).
  public func insertAccount(_ stored: StoredAccount) async throws -> AccountInsertion {
    try await database.withConnection { connection, logger in
      let rows = try await connection.query(
        """
        SELECT inserted, first FROM composable_web_insert_account(
          \(stored.account.id), \(stored.account.email), \(stored.passwordHash), \(Date().timeIntervalSince1970)
        )
        """,
        logger: logger
      )
      var result = AccountInsertion.emailTaken
      for try await (inserted, first) in rows.decode((Bool, Bool).self) where inserted {
        result = .inserted(isFirst: first)
      }
      return result
    }
  }

  /// The account with this email.
  public func account(email: String) async throws -> StoredAccount? {
    try await database.withConnection { connection, logger in
      let rows = try await connection.query(
        "SELECT id, email, password_hash FROM composable_web_accounts WHERE email = \(email)", logger: logger
      )
      for try await (id, email, hash) in rows.decode((String, String, String).self) {
        return StoredAccount(account: Account(id: id, email: email), passwordHash: hash)
      }
      return nil
    }
  }

  /// Keeps a new session.
  public func insertSession(hash: String, accountID: String, now: Date) async throws {
    try await database.withConnection { connection, logger in
      try await connection.query(
        """
        INSERT INTO composable_web_sessions (hash, account_id, last_used, started_at)
        VALUES (\(hash), \(accountID), \(now.timeIntervalSince1970), \(now.timeIntervalSince1970))
        """,
        logger: logger
      )
    }
  }

  /// The account of a session valid under `cutoffs`; an expired one is deleted.
  public func session(hash: String, now: Date, cutoffs: SessionCutoffs) async throws -> Account? {
    try await database.withConnection { connection, logger in
      let rows = try await connection.query(
        """
        SELECT a.id, a.email, s.last_used, s.started_at FROM composable_web_sessions s
        JOIN composable_web_accounts a ON a.id = s.account_id WHERE s.hash = \(hash)
        """,
        logger: logger
      )
      var found: (Account, Double, Double)?
      for try await (id, email, lastUsed, started) in rows.decode((String, String, Double, Double).self) {
        found = (Account(id: id, email: email), lastUsed, started)
      }
      guard let (account, lastUsed, started) = found else { return nil }
      guard cutoffs.allow(started: Date(timeIntervalSince1970: started), lastUsed: Date(timeIntervalSince1970: lastUsed)) else {
        try await connection.query("DELETE FROM composable_web_sessions WHERE hash = \(hash)", logger: logger)
        return nil
      }
      // Marked used at most once a minute: a page view is not a write.
      if now.timeIntervalSince1970 - lastUsed > 60 {
        try await connection.query(
          "UPDATE composable_web_sessions SET last_used = \(now.timeIntervalSince1970) WHERE hash = \(hash)",
          logger: logger
        )
      }
      return account
    }
  }

  /// Ends a session.
  public func deleteSession(hash: String) async throws {
    try await database.withConnection { connection, logger in
      try await connection.query("DELETE FROM composable_web_sessions WHERE hash = \(hash)", logger: logger)
    }
  }

  /// Deletes the sessions no longer valid under `cutoffs`.
  public func deleteExpiredSessions(cutoffs: SessionCutoffs) async throws -> Int {
    try await hashes(
      """
      DELETE FROM composable_web_sessions
      WHERE last_used < \(cutoffs.usedSince.timeIntervalSince1970) OR started_at < \(cutoffs.startedSince.timeIntervalSince1970)
      RETURNING hash
      """
    ).count
  }

  /// Which of `hashes` are sessions valid under `cutoffs` (one query).
  public func liveSessions(among hashes: Set<String>, cutoffs: SessionCutoffs) async throws -> Set<String> {
    try await self.hashes(
      """
      SELECT hash FROM composable_web_sessions
      WHERE hash = ANY(\(Array(hashes))) AND last_used >= \(cutoffs.usedSince.timeIntervalSince1970)
        AND started_at >= \(cutoffs.startedSince.timeIntervalSince1970)
      """
    )
  }

  /// Ends every session of an account.
  public func deleteSessions(accountID: String) async throws -> Set<String> {
    try await hashes("DELETE FROM composable_web_sessions WHERE account_id = \(accountID) RETURNING hash")
  }

  /// A new password's hash and every session of the account ended, in one statement.
  public func changePassword(accountID: String, passwordHash: String) async throws -> Set<String> {
    try await hashes(
      """
      WITH changed AS (
        UPDATE composable_web_accounts SET password_hash = \(passwordHash) WHERE id = \(accountID) RETURNING id
      )
      DELETE FROM composable_web_sessions WHERE account_id IN (SELECT id FROM changed) RETURNING hash
      """
    )
  }

  /// Deletes an account with its sessions and reset tokens (by cascade), in one statement.
  public func deleteAccount(id: String) async throws -> Set<String> {
    try await hashes(
      """
      WITH ended AS (SELECT hash FROM composable_web_sessions WHERE account_id = \(id)),
        deleted AS (DELETE FROM composable_web_accounts WHERE id = \(id))
      SELECT hash FROM ended
      """
    )
  }

  /// Every account, by email.
  public func allAccounts() async throws -> [AccountSummary] {
    try await database.withConnection { connection, logger in
      let rows = try await connection.query(
        """
        SELECT a.id, a.email, a.created_at,
          (SELECT count(*) FROM composable_web_sessions s WHERE s.account_id = a.id)
        FROM composable_web_accounts a ORDER BY a.email
        """,
        logger: logger
      )
      var summaries: [AccountSummary] = []
      for try await (id, email, created, sessions) in rows.decode((String, String, Double, Int).self) {
        summaries.append(
          AccountSummary(account: Account(id: id, email: email), created: Date(timeIntervalSince1970: created), sessions: sessions)
        )
      }
      return summaries
    }
  }

  /// Keeps a reset token.
  public func insertResetToken(hash: String, accountID: String, expires: Date) async throws {
    try await database.withConnection { connection, logger in
      try await connection.query(
        """
        INSERT INTO composable_web_reset_tokens (hash, account_id, expires)
        VALUES (\(hash), \(accountID), \(expires.timeIntervalSince1970))
        """,
        logger: logger
      )
    }
  }

  /// The account of a reset token not expired at `now`, the token deleted in the same statement
  /// (of two processes taking it at once, one gets it).
  public func takeResetToken(hash: String, now: Date) async throws -> Account? {
    try await database.withConnection { connection, logger in
      let rows = try await connection.query(
        """
        WITH taken AS (DELETE FROM composable_web_reset_tokens WHERE hash = \(hash) RETURNING account_id, expires)
        SELECT a.id, a.email FROM taken JOIN composable_web_accounts a ON a.id = taken.account_id
        WHERE taken.expires > \(now.timeIntervalSince1970)
        """,
        logger: logger
      )
      var account: Account?
      for try await (id, email) in rows.decode((String, String).self) { account = Account(id: id, email: email) }
      return account
    }
  }

  /// The session hashes a query returns.
  private func hashes(_ query: PostgresQuery) async throws -> Set<String> {
    try await database.withConnection { connection, logger in
      var hashes: Set<String> = []
      for try await hash in try await connection.query(query, logger: logger).decode(String.self) { hashes.insert(hash) }
      return hashes
    }
  }

  /// Counts an attempt under each limit's key unless one holds its limit, in one statement: a
  /// function (made by ``open(_:)``) that first takes a transaction-scoped advisory lock per key,
  /// in the keys' order, then counts and inserts. Processes count one after the other, never
  /// both from the same count; and the attempts of this process, which share one connection,
  /// cannot interleave inside it as the statements of a transaction would.
  public func countAttempt(under limits: [AttemptLimit], now: Date, forgettingBefore: Date) async throws -> AttemptCount {
    try await database.withConnection { connection, logger in
      let rows = try await connection.query(
        """
        SELECT refused, times FROM composable_web_count_attempt(
          \(limits.map(\.key)), \(limits.map(\.limit)), \(limits.map(\.since.timeIntervalSince1970)),
          \(now.timeIntervalSince1970), \(forgettingBefore.timeIntervalSince1970)
        )
        """,
        logger: logger
      )
      var result = AttemptCount.counted
      for try await (refused, times) in rows.decode((Int, [Double]).self) where refused > 0 {
        result = .refused(limits[refused - 1], times: times.map(Date.init(timeIntervalSince1970:)))
      }
      return result
    }
  }

  /// Takes back one attempt counted at `at` under each key.
  public func uncountAttempt(keys: [String], at: Date) async throws {
    try await database.withConnection { connection, logger in
      for key in keys {
        try await connection.query(
          """
          DELETE FROM composable_web_sign_in_failures WHERE ctid =
            (SELECT ctid FROM composable_web_sign_in_failures WHERE key = \(key) AND at = \(at.timeIntervalSince1970) LIMIT 1)
          """,
          logger: logger
        )
      }
    }
  }

  /// Forgets the attempts counted under `key`.
  public func clearAttempts(key: String) async throws {
    try await database.withConnection { connection, logger in
      try await connection.query("DELETE FROM composable_web_sign_in_failures WHERE key = \(key)", logger: logger)
    }
  }
}

extension AccountStore where Self == PostgresAccountStore {
  /// Accounts and sessions in the app's PostgreSQL database (its tables made now, if they are
  /// not there yet).
  public static func postgres(_ database: SharingPostgres.PostgresDatabase) async throws -> PostgresAccountStore {
    try await PostgresAccountStore.open(database)
  }
}
