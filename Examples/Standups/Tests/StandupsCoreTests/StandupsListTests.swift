import ComposableArchitecture
import Foundation
import StandupsCore
import Testing

@MainActor
@Suite struct StandupsListTests {
  /// A list with no standups whose add sheet was just opened: a new standup with id 0 and one
  /// blank attendee with id 1.
  func storeShowingTheAddSheet() async -> TestStoreOf<StandupsList> {
    let store = TestStore(initialState: StandupsList.State()) {
      StandupsList()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.addButtonTapped) {
      $0.destination = .add(
        StandupForm.State(standup: Standup(id: Standup.ID(UUID(0)), attendees: [Attendee(id: Attendee.ID(UUID(1)))]))
      )
    }
    return store
  }

  @Test func addingAStandup() async throws {
    let store = await storeShowingTheAddSheet()
    await store.send(.destination(.presented(.add(.binding(.set(\.standup.title, "Engineering")))))) {
      $0.destination?.modify(\.add) { $0.standup.title = "Engineering" }
    }
    await store.send(\.destination.add.addAttendeeButtonTapped) {
      $0.destination?.modify(\.add) {
        $0.standup.attendees.append(Attendee(id: Attendee.ID(UUID(2))))
        $0.focus = .attendee(Attendee.ID(UUID(2)))
      }
    }
    await store.send(.destination(.presented(.add(.binding(.set(\.standup.attendees[id: Attendee.ID(UUID(2))], Attendee(id: Attendee.ID(UUID(2)), name: "Blob"))))))) {
      $0.destination?.modify(\.add) { $0.standup.attendees[id: Attendee.ID(UUID(2))]?.name = "Blob" }
    }
    await store.send(.confirmAddButtonTapped) {
      $0.destination = nil
      $0.$standups.withLock {
        // The blank first attendee is dropped.
        $0 = [
          Standup(id: Standup.ID(UUID(0)), attendees: [Attendee(id: Attendee.ID(UUID(2)), name: "Blob")], title: "Engineering")
        ]
      }
    }
  }

  @Test func addingAStandupWithOnlyBlankAttendeesKeepsOne() async {
    let store = await storeShowingTheAddSheet()
    await store.send(.confirmAddButtonTapped) {
      $0.destination = nil
      $0.$standups.withLock {
        $0 = [Standup(id: Standup.ID(UUID(0)), attendees: [Attendee(id: Attendee.ID(UUID(1)))])]
      }
    }
  }

  @Test func cancellingTheAddSheet() async {
    let store = await storeShowingTheAddSheet()
    await store.send(.dismissAddButtonTapped) {
      $0.destination = nil
    }
    #expect(store.state.standups.isEmpty)
  }

  @Test func anUnreadableDataFileIsMovedAsideAndExplained() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("standups-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("standups.json")
    try Data("not json".utf8).write(to: url)
    let state = withDependencies {
      $0.defaultFileStorage = .fileSystem
      $0.standupsURL = url
    } operation: {
      StandupsList.State()
    }
    let store = TestStore(initialState: state) { StandupsList() }
    let error = try #require(state.$standups.loadError as? FileStorageError)
    await store.send(.onAppear) {
      $0.destination = .alert(.dataFileUnreadable(error))
    }
    guard case let .alert(alert)? = store.state.destination else { return }
    #expect(String(state: alert.title).contains("could not be read"))
    let backup = try #require(error.backupURL)
    #expect(String(state: alert.message!).contains(backup.path))
    #expect(try Data(contentsOf: backup) == Data("not json".utf8))
  }
}

/// An account's cap on its standups (`standups --web --accounts --max-standups-per-account`).
@MainActor
@Suite struct StandupsLimitTests {
  @Test func atItsCapTheAddButtonSaysWhyAndCountsTheRefusal() async throws {
    let refusals = LockIsolated(0)
    let store = TestStore(initialState: StandupsList.State()) {
      StandupsList()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.standupsLimit = StandupsLimit(count: 1) { refusals.withValue { $0 += 1 } }
    }
    // Under the cap: the sheet opens and the standup is added.
    await store.send(.addButtonTapped) {
      $0.destination = .add(
        StandupForm.State(standup: Standup(id: Standup.ID(UUID(0)), attendees: [Attendee(id: Attendee.ID(UUID(1)))]))
      )
    }
    await store.send(.confirmAddButtonTapped) {
      $0.destination = nil
      $0.$standups.withLock { $0 = [Standup(id: Standup.ID(UUID(0)), attendees: [Attendee(id: Attendee.ID(UUID(1)))])] }
    }
    #expect(refusals.value == 0)
    // At it: an alert that says why, and the refusal counted.
    await store.send(.addButtonTapped) {
      $0.destination = .alert(.standupsLimitReached(1))
    }
    #expect(refusals.value == 1)
    guard case let .alert(alert)? = store.state.destination else { return }
    #expect(String(state: alert.title) == "No room for another standup")
    #expect(String(state: alert.message!) == "An account holds at most 1 standup. Delete one to make room for another.")
  }

  @Test func aSheetOpenWhenAnotherTabTakesTheLastPlaceKeepsWhatWasTyped() async throws {
    let refusals = LockIsolated(0)
    let store = TestStore(initialState: StandupsList.State()) {
      StandupsList()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.standupsLimit = StandupsLimit(count: 1) { refusals.withValue { $0 += 1 } }
    }
    await store.send(.addButtonTapped) {
      $0.destination = .add(
        StandupForm.State(standup: Standup(id: Standup.ID(UUID(0)), attendees: [Attendee(id: Attendee.ID(UUID(1)))]))
      )
    }
    await store.send(.destination(.presented(.add(.binding(.set(\.standup.title, "Design")))))) {
      $0.destination?.modify(\.add) { $0.standup.title = "Design" }
    }
    // Another tab of the account adds one meanwhile (the same shared standups).
    let other = Standup(id: Standup.ID(UUID(9)), title: "Platform")
    store.state.$standups.withLock { $0.append(other) }
    // Not added, and nothing typed is lost: the sheet stays, saying why.
    await store.send(.confirmAddButtonTapped) {
      $0.$standups.withLock { $0 = [other] }
      $0.addRefusal = "An account holds at most 1 standup. Delete one to make room for another."
    }
    #expect(refusals.value == 1)
    #expect(store.state.destination?.add?.standup.title == "Design")
    // Discarding closes the sheet and clears the note.
    await store.send(.dismissAddButtonTapped) {
      $0.destination = nil
      $0.addRefusal = nil
    }
  }

  @Test func theSingleUserAppHasNoCap() async throws {
    let store = TestStore(initialState: StandupsList.State()) {
      StandupsList()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    store.exhaustivity = .off
    for _ in 0..<3 {
      await store.send(.addButtonTapped)
      await store.send(.confirmAddButtonTapped)
    }
    #expect(store.state.standups.count == 3)
    #expect(store.state.destination == nil)
  }
}
