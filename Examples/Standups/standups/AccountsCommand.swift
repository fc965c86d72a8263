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
    subcommands: [Adopt.self]
  )

  /// `standups`' own options: `--database` is read with the others.
  @ParentCommand var standups: Standups
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
    let (database, name) = try await connectDatabase(
      named: accounts.standups.databaseURL, logger: Logger(label: "SharingPostgres")
    )
    let store = await accountStore(in: database)
    let email = email.trimmingCharacters(in: .whitespaces).lowercased()
    guard let account = try await store.account(email: email) else {
      fail("no account has the email \(email) in \(name): sign up with it first")
    }
    let moved: Int
    do {
      moved = try await giveSingleUserStandups(to: account.account.id, in: database)
    } catch {
      fail("could not give the single-user standups to \(email): \(error)")
    }
    if case let .postgres(postgres) = database { await postgres.close() }
    print(
      moved == 0
        ? "The single-user app holds no standups in \(name): nothing to give."
        : "Gave the \(moved) standup\(moved == 1 ? "" : "s") of the single-user app to \(email)."
    )
  }
}
