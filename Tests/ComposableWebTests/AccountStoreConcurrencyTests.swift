import ComposableWeb
import ComposableWebGRDB
import ComposableWebPostgres
import ComposableWebTestSupport
import DatabaseTestSupport
import Foundation
import Logging
import SharingGRDB
import SharingPostgres
import Testing

/// The account stores as two processes meet them at once: two connections (two pools on one
/// SQLite file, two clients of one PostgreSQL server) making the first accounts together, and
/// taking one reset token together. Each answer must come from one atomic step.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct AccountStoreConcurrencyTests {
  /// Two stores on one database, as two processes have them.
  enum Kind: CaseIterable, CustomTestStringConvertible {
    case sqlite, postgres

    var testDescription: String { self == .sqlite ? "SQLite" : "PostgreSQL" }
  }

  /// Runs `body` with two stores on one fresh database of `kind`.
  func withTwoStores(_ kind: Kind, _ body: (any AccountStore, any AccountStore) async throws -> Void) async throws {
    switch kind {
    case .sqlite:
      let database = try AccountsTests.Database()
      try await body(try SQLiteAccountStore.sqlite(try database.pool()), try SQLiteAccountStore.sqlite(try database.pool()))
    case .postgres:
      let server = try await blocking { try PostgresServer() }
      let connect = { try await PostgresDatabase.connect(to: PostgresDatabase.Configuration(url: server.url), logger: Logger(label: "test")) }
      let (first, second) = (try await connect(), try await connect())
      do {
        try await body(try await PostgresAccountStore.postgres(first), try await PostgresAccountStore.postgres(second))
      } catch {
        await first.close()
        await second.close()
        throw error
      }
      await first.close()
      await second.close()
    }
  }

  @Test(arguments: Kind.allCases)
  func ofManySignUpsAtOnceOnTwoConnectionsExactlyOneIsTheFirst(_ kind: Kind) async throws {
    try await withTwoStores(kind) { first, second in
      let results = try await withThrowingTaskGroup(of: AccountInsertion.self) { group in
        for index in 0..<20 {
          group.addTask {
            let account = StoredAccount(account: Account(id: "id-\(index)", email: "user\(index)@example.com"), passwordHash: "-")
            return try await (index.isMultiple(of: 2) ? first : second).insertAccount(account)
          }
        }
        return try await group.reduce(into: [AccountInsertion]()) { $0.append($1) }
      }
      #expect(results.filter { $0 == .inserted(isFirst: true) }.count == 1)
      #expect(results.filter { $0 == .inserted(isFirst: false) }.count == 19)
      // The same email at once on both: one account.
      let twice = try await withThrowingTaskGroup(of: AccountInsertion.self) { group in
        for (index, store) in [first, second].enumerated() {
          group.addTask {
            try await store.insertAccount(StoredAccount(account: Account(id: "twin-\(index)", email: "twin@example.com"), passwordHash: "-"))
          }
        }
        return try await group.reduce(into: [AccountInsertion]()) { $0.append($1) }
      }
      #expect(twice.filter { $0 == .emailTaken }.count == 1)
      #expect(try await first.allAccounts().count == 21)
    }
  }

  @Test(arguments: Kind.allCases)
  func aResetTokenTakenOnTwoConnectionsAtOnceWorksOnce(_ kind: Kind) async throws {
    try await withTwoStores(kind) { first, second in
      _ = try await first.insertAccount(StoredAccount(account: Account(id: "a", email: "ada@example.com"), passwordHash: "-"))
      let now = Date()
      for round in 0..<10 {
        try await first.insertResetToken(hash: "token \(round)", accountID: "a", expires: now + 60)
        let taken = try await withThrowingTaskGroup(of: Account?.self) { group in
          for store in [first, second, first, second] {
            group.addTask { try await store.takeResetToken(hash: "token \(round)", now: now) }
          }
          return try await group.reduce(into: [Account?]()) { $0.append($1) }
        }
        #expect(taken.compactMap { $0 }.map(\.email) == ["ada@example.com"], "round \(round)")
      }
      // An expired one gives nothing, and is gone.
      try await first.insertResetToken(hash: "late", accountID: "a", expires: now - 1)
      #expect(try await second.takeResetToken(hash: "late", now: now) == nil)
    }
  }

  @Test(arguments: Kind.allCases)
  func aPasswordChangeEndsTheSessionsTheOtherConnectionMade(_ kind: Kind) async throws {
    try await withTwoStores(kind) { first, second in
      _ = try await first.insertAccount(StoredAccount(account: Account(id: "a", email: "ada@example.com"), passwordHash: "old"))
      _ = try await first.insertAccount(StoredAccount(account: Account(id: "b", email: "bea@example.com"), passwordHash: "bea"))
      let now = Date()
      for hash in ["a1", "a2"] { try await second.insertSession(hash: hash, accountID: "a", now: now) }
      try await second.insertSession(hash: "b1", accountID: "b", now: now)
      #expect(try await first.changePassword(accountID: "a", passwordHash: "new") == ["a1", "a2"])
      #expect(try await second.account(email: "ada@example.com")?.passwordHash == "new")
      let any = SessionCutoffs(usedSince: .distantPast, startedSince: .distantPast)
      #expect(try await second.liveSessions(among: ["a1", "a2", "b1"], cutoffs: any) == ["b1"])
      try await second.insertResetToken(hash: "t", accountID: "b", expires: now + 60)
      #expect(try await first.deleteAccount(id: "b") == ["b1"])
      #expect(try await second.takeResetToken(hash: "t", now: now) == nil)
      #expect(try await second.allAccounts().map(\.account.email) == ["ada@example.com"])
      #expect(try await first.deleteSessions(accountID: "a") == [])
    }
  }
}
