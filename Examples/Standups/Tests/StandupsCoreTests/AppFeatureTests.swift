import ComposableArchitecture
import Foundation
import StandupsCore
import Testing

@MainActor
@Suite struct AppFeatureTests {
  @Test func deletingFromTheDetailPopsAndRemoves() async throws {
    @Shared(.standups) var standups = [.mock]
    let store = TestStore(initialState: AppFeature.State()) { AppFeature() }
    let standup = try #require(Shared($standups[id: Standup.mock.id]))
    await store.send(.standupsList(.standupTapped(Standup.mock.id))) {
      $0.path[id: 0] = .detail(StandupDetail.State(standup: standup))
    }
    await store.send(\.path[id: 0].detail.deleteButtonTapped) {
      $0.path[id: 0, case: \.detail]?.destination = .alert(.deleteStandup)
    }
    await store.send(\.path[id: 0].detail.destination.alert.confirmDeletion) {
      $0.path[id: 0, case: \.detail]?.destination = nil
    }
    await store.receive(\.path[id: 0].detail.delegate.deleteStandup) {
      $0.path = StackState()
      $0.standupsList.$standups.withLock { $0 = [] }
    }
  }

  @Test func recordingAMeetingSavesItAndPops() async throws {
    @Shared(.standups) var standups = [.mock]
    let standup = try #require(Shared($standups[id: Standup.mock.id]))
    let clock = TestClock()
    let store = TestStore(
      initialState: AppFeature.State(
        path: StackState([
          .detail(StandupDetail.State(standup: standup)),
          .record(RecordMeeting.State(standup: standup)),
        ])
      )
    ) {
      AppFeature()
    } withDependencies: {
      $0.continuousClock = clock
      $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
      $0.speechClient.authorizationStatus = { .denied }
      $0.uuid = .incrementing
    }
    store.exhaustivity = .off
    await store.send(\.path[id: 1].record.onTask)
    await clock.advance(by: .seconds(60))  // the mock standup lasts a minute
    await store.skipReceivedActions()
    store.assert {
      $0.path[id: 1] = nil
      $0.standupsList.$standups.withLock {
        $0[id: Standup.mock.id]?.meetings.insert(
          Meeting(id: Meeting.ID(UUID(0)), date: Date(timeIntervalSince1970: 1_234_567_890), transcript: ""),
          at: 0
        )
      }
    }
    #expect(store.state.path.count == 1)
    #expect(standups[0].meetings.count == 2)
  }

  @Test func deepLinks() {
    @Shared(.standups) var standups = [.mock, .engineeringMock]
    let detail = AppFeature.State(openingStandupTitled: "engineering")
    #expect(detail?.path.count == 1)
    let record = AppFeature.State(openingStandupTitled: "Design", record: true)
    guard case .record? = record?.path.last else {
      Issue.record("expected the record screen on top")
      return
    }
    #expect(AppFeature.State(openingStandupTitled: "Nope") == nil)
  }
}
