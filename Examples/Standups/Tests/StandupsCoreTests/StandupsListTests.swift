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
