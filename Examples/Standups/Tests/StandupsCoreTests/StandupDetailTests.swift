import ComposableArchitecture
import Foundation
import StandupsCore
import Testing

@MainActor
@Suite struct StandupDetailTests {
  @Test func editing() async {
    let store = TestStore(initialState: StandupDetail.State(standup: Shared(value: .mock))) {
      StandupDetail()
    }
    await store.send(.editButtonTapped) {
      $0.destination = .edit(StandupForm.State(standup: .mock))
    }
    await store.send(.destination(.presented(.edit(.binding(.set(\.standup.title, "Design review")))))) {
      $0.destination?.modify(\.edit) { $0.standup.title = "Design review" }
    }
    await store.send(.doneEditingButtonTapped) {
      $0.destination = nil
      $0.$standup.withLock { $0.title = "Design review" }
    }
  }

  @Test func cancellingAnEditChangesNothing() async {
    let store = TestStore(initialState: StandupDetail.State(standup: Shared(value: .mock))) {
      StandupDetail()
    }
    await store.send(.editButtonTapped) {
      $0.destination = .edit(StandupForm.State(standup: .mock))
    }
    await store.send(.destination(.presented(.edit(.binding(.set(\.standup.title, "Nope")))))) {
      $0.destination?.modify(\.edit) { $0.standup.title = "Nope" }
    }
    await store.send(.cancelEditButtonTapped) {
      $0.destination = nil
    }
    #expect(store.state.standup.title == "Design")
  }

  @Test func deletingAsksFirst() async {
    let store = TestStore(initialState: StandupDetail.State(standup: Shared(value: .mock))) {
      StandupDetail()
    }
    await store.send(.deleteButtonTapped) {
      $0.destination = .alert(.deleteStandup)
    }
    await store.send(\.destination.alert.confirmDeletion) {
      $0.destination = nil
    }
    await store.receive(\.delegate.deleteStandup)
  }

  @Test func cancellingTheDeletion() async {
    let store = TestStore(initialState: StandupDetail.State(standup: Shared(value: .mock))) {
      StandupDetail()
    }
    await store.send(.deleteButtonTapped) {
      $0.destination = .alert(.deleteStandup)
    }
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
  }

  @Test func deletingAPastMeeting() async {
    let store = TestStore(initialState: StandupDetail.State(standup: Shared(value: .mock))) {
      StandupDetail()
    }
    await store.send(.deleteMeetings(atOffsets: [0])) {
      $0.$standup.withLock { $0.meetings = [] }
    }
  }

  @Test func startingAMeetingWithSpeechAuthorized() async {
    let store = TestStore(initialState: StandupDetail.State(standup: Shared(value: .mock))) {
      StandupDetail()
    } withDependencies: {
      $0.speechClient.authorizationStatus = { .authorized }
    }
    await store.send(.startMeetingButtonTapped)
    await store.receive(\.delegate.startMeeting)
  }

  @Test func speechDeniedOffersToContinueWithoutRecording() async {
    let store = TestStore(initialState: StandupDetail.State(standup: Shared(value: .mock))) {
      StandupDetail()
    } withDependencies: {
      $0.speechClient.authorizationStatus = { .denied }
    }
    await store.send(.startMeetingButtonTapped) {
      $0.destination = .alert(.speechRecognitionDenied)
    }
    await store.send(\.destination.alert.continueWithoutRecording) {
      $0.destination = nil
    }
    await store.receive(\.delegate.startMeeting)
  }

  @Test func speechUnavailableOnThisPlatform() async {
    let store = TestStore(initialState: StandupDetail.State(standup: Shared(value: .mock))) {
      StandupDetail()
    } withDependencies: {
      $0.speechClient = .liveValue  // Linux: restricted
    }
    await store.send(.startMeetingButtonTapped) {
      $0.destination = .alert(.speechRecognitionRestricted)
    }
    #expect(String(state: AlertState<StandupDetail.Destination.Alert>.speechRecognitionRestricted.title).contains("Speech recognition"))
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
  }
}
