import ComposableArchitecture
import ComposableTerminal
import Foundation
import StandupsCore
import StandupsTerminal
import Testing

/// The keys of SPEC 11.3, proved with the app's reducer: each key press is mapped by
/// `StandupsKeys` from the current state, and the store checks what it did.
@MainActor
@Suite struct KeyHandlingTests {
  var ui = UIState()

  /// Presses `key` and sends what it maps to, asserting the state change.
  mutating func press(
    _ key: Key, _ store: TestStoreOf<AppFeature>,
    assert: ((inout AppFeature.State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    switch StandupsKeys.outcome(of: key, in: store.state, ui: &ui) {
    case let .send(action):
      await store.send(action, assert: assert)
    case .quit, .none:
      Issue.record("\(key) sent nothing", sourceLocation: sourceLocation)
    }
  }

  mutating func type(_ text: String, _ store: TestStoreOf<AppFeature>) async {
    store.exhaustivity = .off
    for character in text { await press(.character(character), store) }
    store.exhaustivity = .on
  }

  @Test mutating func addingAStandupWithTheKeyboard() async {
    let store = TestStore(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await press(.character("a"), store) {
      $0.standupsList.destination = .add(
        StandupForm.State(standup: Standup(id: Standup.ID(UUID(0)), attendees: [Attendee(id: Attendee.ID(UUID(1)))]))
      )
    }
    await type("Daily", store)
    #expect(store.state.standupsList.destination?.add?.standup.title == "Daily")
    await press(.tab, store) { $0.standupsList.destination?.modify(\.add) { $0.focus = .duration } }
    await press(.right, store) { $0.standupsList.destination?.modify(\.add) { $0.standup.duration = .seconds(360) } }
    await press(.tab, store) { $0.standupsList.destination?.modify(\.add) { $0.focus = .theme } }
    await press(.left, store) { $0.standupsList.destination?.modify(\.add) { $0.standup.theme = .yellow } }
    await press(.tab, store) {
      $0.standupsList.destination?.modify(\.add) { $0.focus = .attendee(Attendee.ID(UUID(1))) }
    }
    await type("Blob", store)
    await press(.tab, store) { $0.standupsList.destination?.modify(\.add) { $0.focus = .addAttendee } }
    await press(.enter, store) {
      $0.standupsList.destination?.modify(\.add) {
        $0.standup.attendees.append(Attendee(id: Attendee.ID(UUID(2))))
        $0.focus = .attendee(Attendee.ID(UUID(2)))
      }
    }
    await press(.ctrl("s"), store) {
      $0.standupsList.destination = nil
      $0.standupsList.$standups.withLock {
        $0 = [
          Standup(
            id: Standup.ID(UUID(0)), attendees: [Attendee(id: Attendee.ID(UUID(1)), name: "Blob")],
            duration: .seconds(360), theme: .yellow, title: "Daily"
          )
        ]
      }
    }
  }

  @Test mutating func typingAnAttendeesNameSendsAnActionARecordingReplays() async throws {
    let store = TestStore(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    store.exhaustivity = .off
    for key: Key in [.character("a"), .tab, .tab, .tab] { await press(key, store) }
    #expect(store.state.standupsList.destination?.add?.focus == .attendee(Attendee.ID(UUID(1))))
    guard case let .send(action) = StandupsKeys.outcome(of: .character("B"), in: store.state, ui: &ui) else {
      Issue.record("typing in the attendee field sent nothing")
      return
    }
    // Written as a recording writes it, read back as replay reads it, and reduced.
    let decoded = try JSONDecoder().decode(AppFeature.Action.self, from: JSONEncoder().encode(action))
    await store.send(decoded)
    #expect(store.state.standupsList.destination?.add?.standup.attendees.first?.name == "B")
  }

  @Test mutating func escapeCancelsTheSheetAndQIsQuit() async {
    let store = TestStore(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await press(.character("a"), store) {
      $0.standupsList.destination = .add(
        StandupForm.State(standup: Standup(id: Standup.ID(UUID(0)), attendees: [Attendee(id: Attendee.ID(UUID(1)))]))
      )
    }
    // In a text field, q and j are text.
    #expect(StandupsKeys.outcome(of: .character("q"), in: store.state, ui: &ui) != .quit)
    await press(.escape, store) { $0.standupsList.destination = nil }
    #expect(StandupsKeys.outcome(of: .character("q"), in: store.state, ui: &ui) == .quit)
  }

  @Test mutating func openingDeletingAndGoingBack() async throws {
    @Shared(.standups) var standups = [.mock, .engineeringMock]
    let store = TestStore(initialState: AppFeature.State()) { AppFeature() }
    let engineering = try #require(Shared($standups[id: Standup.engineeringMock.id]))
    #expect(StandupsKeys.outcome(of: .down, in: store.state, ui: &ui) == .none)
    #expect(ui.listSelection == 1)
    await press(.enter, store) {
      $0.path[id: 0] = .detail(StandupDetail.State(standup: engineering))
    }
    await press(.character("d"), store) {
      $0.path[id: 0, case: \.detail]?.destination = .alert(.deleteStandup)
    }
    // The alert opens with its first button ("Yes") focused; → then ← come back to it.
    #expect(StandupsKeys.outcome(of: .right, in: store.state, ui: &ui) == .none)
    #expect(StandupsKeys.outcome(of: .left, in: store.state, ui: &ui) == .none)
    await press(.enter, store) {
      $0.path[id: 0, case: \.detail]?.destination = nil
    }
    await store.receive(\.path[id: 0].detail.delegate.deleteStandup) {
      $0.path = StackState()
      $0.standupsList.$standups.withLock { $0 = [.mock] }
    }
  }

  @Test mutating func anAlertShownAgainOpensOnItsFirstButton() async throws {
    @Shared(.standups) var standups = [.mock]
    let standup = try #require(Shared($standups[id: Standup.mock.id]))
    let store = TestStore(
      initialState: AppFeature.State(path: StackState([.detail(StandupDetail.State(standup: standup))]))
    ) {
      AppFeature()
    }
    await press(.character("d"), store) {
      $0.path[id: 0, case: \.detail]?.destination = .alert(.deleteStandup)
    }
    #expect(StandupsKeys.outcome(of: .right, in: store.state, ui: &ui) == .none)  // "Nevermind"
    await press(.enter, store) {
      $0.path[id: 0, case: \.detail]?.destination = nil
    }
    await press(.character("d"), store) {
      $0.path[id: 0, case: \.detail]?.destination = .alert(.deleteStandup)
    }
    guard case let .detail(detail)? = store.state.path[id: 0], case let .alert(alert)? = detail.destination else {
      Issue.record("expected the delete alert")
      return
    }
    #expect(AlertView(alert, focus: ui.alertFocus).focusedIndex == 0)
  }

  @Test mutating func startingAMeetingWithoutSpeechRecognition() async throws {
    @Shared(.standups) var standups = [.mock]
    let standup = try #require(Shared($standups[id: Standup.mock.id]))
    let store = TestStore(
      initialState: AppFeature.State(path: StackState([.detail(StandupDetail.State(standup: standup))]))
    ) {
      AppFeature()
    } withDependencies: {
      $0.speechClient = .liveValue  // Linux: restricted
    }
    await press(.character("s"), store) {
      $0.path[id: 0, case: \.detail]?.destination = .alert(.speechRecognitionRestricted)
    }
    // First button: continue without recording.
    await press(.enter, store) {
      $0.path[id: 0, case: \.detail]?.destination = nil
    }
    await store.receive(\.path[id: 0].detail.delegate.startMeeting) {
      $0.path[id: 1] = .record(RecordMeeting.State(standup: standup))
    }
    // Esc on the record screen asks how to end the meeting.
    await press(.escape, store) {
      $0.path[id: 1, case: \.record]?.alert = .endMeeting(isDiscardable: true)
    }
  }
}
