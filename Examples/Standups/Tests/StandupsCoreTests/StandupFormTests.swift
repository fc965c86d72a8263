import ComposableArchitecture
import Foundation
import StandupsCore
import Testing

@MainActor
@Suite struct StandupFormTests {
  @Test func aNewFormGetsOneBlankAttendee() {
    let form = withDependencies { $0.uuid = .incrementing } operation: {
      StandupForm.State(standup: Standup(id: Standup.ID(UUID(100))))
    }
    #expect(form.standup.attendees == [Attendee(id: Attendee.ID(UUID(0)))])
    #expect(form.focus == .title)
  }

  @Test func addingAnAttendeeFocusesIt() async {
    let store = TestStore(
      initialState: StandupForm.State(
        standup: Standup(id: Standup.ID(UUID(100)), attendees: [Attendee(id: Attendee.ID(UUID(101)), name: "Blob")])
      )
    ) {
      StandupForm()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.addAttendeeButtonTapped) {
      $0.standup.attendees.append(Attendee(id: Attendee.ID(UUID(0))))
      $0.focus = .attendee(Attendee.ID(UUID(0)))
    }
  }

  @Test func deletingAttendeesMovesTheFocusAndKeepsOneAttendee() async {
    let store = TestStore(
      initialState: StandupForm.State(
        standup: Standup(
          id: Standup.ID(UUID(100)),
          attendees: [Attendee(id: Attendee.ID(UUID(101)), name: "Blob"), Attendee(id: Attendee.ID(UUID(102)), name: "Blob Jr")]
        )
      )
    ) {
      StandupForm()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.deleteAttendees(atOffsets: [1])) {
      $0.standup.attendees.remove(id: Attendee.ID(UUID(102)))
      $0.focus = .attendee(Attendee.ID(UUID(101)))
    }
    await store.send(.deleteAttendees(atOffsets: [0])) {
      $0.standup.attendees = [Attendee(id: Attendee.ID(UUID(0)))]
      $0.focus = .attendee(Attendee.ID(UUID(0)))
    }
  }

  @Test func typingGoesThroughBindings() async {
    let store = TestStore(initialState: StandupForm.State(standup: .mock)) { StandupForm() }
    await store.send(.binding(.set(\.standup.title, "Design review"))) {
      $0.standup.title = "Design review"
    }
    await store.send(.binding(.set(\.focus, .theme))) {
      $0.focus = .theme
    }
  }

  @Test func blankAttendeesAreDroppedOnSaveButOneIsKept() {
    var form = StandupForm.State(standup: .mock)
    form.standup.attendees[0].name = "  "
    #expect(form.standupToSave.attendees.count == Standup.mock.attendees.count - 1)
    for index in form.standup.attendees.indices { form.standup.attendees[index].name = "" }
    #expect(form.standupToSave.attendees.count == 1)
  }
}
