import ArgumentParser
import ComposableArchitecture
import ComposableWeb
import Foundation
import Logging
import StandupsCore

/// `standups accounts …`: what the operator of `standups --web --accounts` does from a shell.
struct AccountsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "accounts",
    abstract: "Manage the accounts of standups --web --accounts.",
    subcommands: [Adopt.self, List.self, ResetLink.self, Delete.self]
  )

  /// `standups`' own options: `--database` is read with the others.
  @ParentCommand var standups: Standups

  /// The database `--database` names (or the app's) and its account store, for `body`; a
  /// PostgreSQL connection is closed after it.
  @MainActor
  func withAccounts<T>(
    _ body: (_ store: any AccountStore, _ database: StandupsDatabase, _ name: String) async throws -> T
  ) async throws -> T {
    let (database, name) = try await connectDatabase(named: standups.databaseURL, logger: Logger(label: "SharingPostgres"))
    let store = await accountStore(in: database)
    let result: Result<T, any Error>
    do {
      result = .success(try await body(store, database, name))
    } catch {
      result = .failure(error)
    }
    if case let .postgres(postgres) = database { await postgres.close() }
    return try result.get()
  }
}

extension AccountsCommand {
  /// The account with `email` (trimmed, any case) in the database, for `body`; when there is
  /// none the program ends saying so, with `hint` after it.
  @MainActor
  func withAccount<T>(
    email: String, hint: String = "",
    _ body: (_ account: Account, _ store: any AccountStore, _ database: StandupsDatabase, _ name: String) async throws -> T
  ) async throws -> T {
    let email = email.trimmingCharacters(in: .whitespaces).lowercased()
    return try await withAccounts { store, database, name in
      guard let stored = try await store.account(email: email) else {
        fail("no account has the email \(email) in \(name)\(hint)")
      }
      return try await body(stored.account, store, database, name)
    }
  }
}

/// `standups accounts list`: every account, with when it was made and its sessions.
struct List: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "List the accounts, by email.")

  @ParentCommand var accounts: AccountsCommand

  @MainActor
  func run() async throws {
    try await accounts.withAccounts { store, _, name in
      let all = try await store.allAccounts()
      guard !all.isEmpty else {
        print("No accounts in \(name).")
        return
      }
      let width = all.map(\.account.email.count).max() ?? 0
      for summary in all {
        let email = summary.account.email.padding(toLength: width, withPad: " ", startingAt: 0)
        let created = summary.created.formatted(.iso8601.year().month().day())
        print("\(email)  made \(created)  \(summary.sessions) session\(summary.sessions == 1 ? "" : "s")")
      }
    }
  }
}

/// `standups accounts reset-link EMAIL`: a one-time link to choose a new password, for the
/// operator to hand over.
struct ResetLink: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "reset-link",
    abstract: "Print a one-time link with which the account with this email chooses a new password.",
    discussion: """
      Hand the link over yourself (no mail is sent). It works once, within --hours; using it \
      signs the account out everywhere and signs it in with the new password.
      """
  )

  @Argument(help: ArgumentHelp("The account's email.", valueName: "email"))
  var email: String

  @Option(help: ArgumentHelp("The address the server is reached at.", valueName: "url"))
  var baseURL = "http://127.0.0.1:8080"

  @Option(help: ArgumentHelp("The hours the link works for.", valueName: "hours"))
  var hours = 24

  @ParentCommand var accounts: AccountsCommand

  func validate() throws {
    guard (1...24 * 30).contains(hours) else { throw ValidationError("--hours takes 1 to 720.") }
    guard baseURL.hasPrefix("http://") || baseURL.hasPrefix("https://") else {
      throw ValidationError("--base-url starts with http:// or https://, as in https://standups.example.com.")
    }
  }

  @MainActor
  func run() async throws {
    let lifetime = Duration.seconds(hours * 3600)
    let path = try await accounts.withAccount(email: email) { account, store, _, name in
      guard let path = try await WebAccounts.passwordResetPath(email: account.email, in: store, lifetime: lifetime) else {
        fail("no account has the email \(account.email) in \(name)")
      }
      return path
    }
    let base = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
    print(base + path)
  }
}

/// `standups accounts delete EMAIL`: an account, its sessions and its standups.
struct Delete: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Delete the account with this email, with its standups.",
    discussion: "Its sessions end first: its tabs in running servers go to the sign-in page before its standups are deleted."
  )

  @Argument(help: ArgumentHelp("The account's email.", valueName: "email"))
  var email: String

  @ParentCommand var accounts: AccountsCommand

  @MainActor
  func run() async throws {
    try await accounts.withAccount(email: email) { account, store, database, _ in
      // The sessions first, and two session checks' wait, so that no tab of the account in a
      // running server writes while its standups go; then the standups (if they cannot be
      // deleted, the account stays to try again); then the account.
      _ = try await store.deleteSessions(accountID: account.id)
      try await Task.sleep(for: WebAccounts.sessionCheckPeriod * 2)
      let standups: Int
      do {
        standups = try await deleteStandups(of: account.id, in: database)
      } catch {
        fail("could not delete the standups of \(account.email), so the account is kept: \(error)")
      }
      _ = try await store.deleteAccount(id: account.id)
      print("Deleted the account \(account.email) and its \(standups) standup\(standups == 1 ? "" : "s").")
    }
  }
}

/// `standups accounts adopt EMAIL [--database URL]`: the single-user app's standups, given to one
/// named account.
struct Adopt: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Give the standups of the single-user app to the account with this email.",
    discussion: """
      Before accounts, the standups belonged to no one; with --accounts they stay where they \
      are, seen by no account, until this gives them to one (none goes to whoever signs up \
      first). Each is moved to the account's own standups; one it already has (the same id) is \
      left as the account has it. Running servers on the same database show them in the \
      account's tabs within a second. The database is the app's, or the one --database names.
      """
  )

  @Argument(help: ArgumentHelp("The account's email.", valueName: "email"))
  var email: String

  @ParentCommand var accounts: AccountsCommand

  @MainActor
  func run() async throws {
    let (moved, name, email) = try await accounts.withAccount(email: email, hint: ": sign up with it first") {
      account, _, database, name in
      do {
        return (try await giveSingleUserStandups(to: account.id, in: database), name, account.email)
      } catch {
        fail("could not give the single-user standups to \(account.email): \(error)")
      }
    }
    print(
      moved == 0
        ? "The single-user app holds no standups in \(name): nothing to give."
        : "Gave the \(moved) standup\(moved == 1 ? "" : "s") of the single-user app to \(email)."
    )
  }
}
