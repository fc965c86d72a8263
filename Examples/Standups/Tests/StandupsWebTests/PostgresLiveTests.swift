import ComposableArchitecture
import ComposableWeb
import ComposableWebTestSupport
import DatabaseTestSupport
import Foundation
import SharingPostgres
import StandupsCore
import Testing

@testable import StandupsWeb

/// A live tab follows what another process writes to the PostgreSQL database, in process.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(2)))
struct PostgresLiveTests {
  @Test func aLiveTabShowsAStandupAnotherProcessAdded() async throws {
    // Made off the main actor: initdb takes seconds, and other tests' values arrive there.
    let server = try await blocking { try PostgresServer() }
    let other = try await PostgresDatabase.connect(to: PostgresDatabase.Configuration(url: server.url))
    let own = try await PostgresDatabase.connect(to: PostgresDatabase.Configuration(url: server.url))
    let page = try #require(withDependencies { $0.standupsDatabase = .postgres(own) } operation: { standupsPage("/") })
    let tab = WebTestClient(page: page)
    #expect(tab.contains("No standups yet"))
    @Shared(.database("standups", database: other)) var standups: IdentifiedArrayOf<Standup> = []
    $standups.withLock { $0.append(Standup(id: Standup.ID(UUID()), title: "Platform")) }
    let deadline = ContinuousClock.now + .seconds(10)
    while !tab.contains("Platform"), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
    #expect(tab.contains("Platform"))
    await own.close()
    await other.close()
  }
}
