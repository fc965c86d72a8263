import ComposableArchitecture
import ComposableWeb
import Foundation
import StandupsCore

/// The whole app: the screen on top of the stack (the list when the stack is empty), with its
/// sheets and alerts. With `account` (`--accounts`), the list says who is signed in and has a
/// Sign out button.
@MainActor
public func standupsAppView(_ store: StoreOf<AppFeature>, account: Account? = nil) -> Node {
  let path = store.scope(state: \.path, action: \.path)
  guard let top = path.last, let id = path.ids.last else {
    return listView(store.scope(state: \.standupsList, action: \.standupsList), account: account)
  }
  // The back links pop the stack in place (with JavaScript off they load their address).
  let pop: @MainActor () -> Void = { store.send(.path(.popFrom(id: id))) }
  switch top.case {
  case let .detail(detail):
    return detailView(detail, id: id, pop: pop)
  case let .meeting(meeting):
    return meetingView(meeting, id: id, pop: pop)
  case let .record(record):
    return recordView(record, id: id)
  }
}

/// A standup's theme colour as the accent of what it is on.
private func accent(_ theme: Theme) -> Attribute {
  .style("--accent: \(theme.hexColor); --on-accent: \(theme.prefersDarkText ? "#111" : "#fff")")
}

private func standupPath(_ standup: Standup) -> String {
  "/standups/\(standup.id.rawValue.uuidString.lowercased())"
}

// MARK: - List

@MainActor
func listView(_ store: StoreOf<StandupsList>, account: Account? = nil) -> Node {
  main(.class("screen"), .key("list")) {
    if let account {
      div(.class("account")) {
        span { account.email }
        a(.attribute("href", "/account")) { "Account" }
        signOutButton()
      }
    }
    header(.class("bar")) {
      h1("Standups")
      button("New standup", .class("primary")) { store.send(.addButtonTapped) }
    }
    if store.standups.isEmpty {
      p(.class("empty")) { "No standups yet. Add one with “New standup”." }
    }
    ul(.class("cards")) {
      for standup in store.standups {
        li(.key(standup.id.rawValue.uuidString), accent(standup.theme)) {
          link(href: standupPath(standup), .class("card"), action: { store.send(.standupTapped(standup.id)) }) {
            h2(standup.title.isEmpty ? "Untitled" : standup.title)
            p(.class("meta")) {
              span { attendeesText(standup.attendees.count) }
              span { minutesText(standup.duration) }
            }
          }
        }
      }
    }
    if let form = store.scope(state: \.destination?.add, action: \.destination.add) {
      sheet("New standup", onDismiss: { store.send(.dismissAddButtonTapped) }) {
        h2("New standup")
        formView(form)
        if let refusal = store.addRefusal {
          p(.class("refusal"), .attribute("role", "alert")) { refusal }
        }
        div(.class("sheet-buttons")) {
          button("Discard") { store.send(.dismissAddButtonTapped) }
          button("Add", .class("primary")) { store.send(.confirmAddButtonTapped) }
        }
      }
    }
    if let alert = store.destination?.alert {
      // Its buttons have no actions (`Never`): every one dismisses it.
      alertDialog(alert) { _ in store.send(.destination(.dismiss)) }
    }
  }
}

// MARK: - Form

@MainActor
func formView(_ store: StoreOf<StandupForm>) -> Node {
  let minutes = Int(store.standup.duration.components.seconds / 60)
  return form(.class("standup-form"), .on(.submit) {}) {
    textField("Title", text: store.standup.title, .flag("autofocus", store.focus == .title)) {
      store.standup.title = $0
    }
    numberField("Length", value: minutes, in: 1...30, style: .slider) {
      store.standup.duration = .seconds($0 * 60)
    }
    picker("Theme", selection: store.standup.theme, options: Theme.allCases, title: \.name) {
      store.standup.theme = $0
    }
    element("fieldset", [.class("attendees")]) {
      element("legend", []) { "Attendees" }
      for (index, attendee) in store.standup.attendees.enumerated() {
        div(.class("attendee"), .key(attendee.id.rawValue.uuidString)) {
          textField(
            "Attendee", text: attendee.name, .flag("autofocus", store.focus == .attendee(attendee.id))
          ) { name in
            store.standup.attendees[id: attendee.id]?.name = name
          }
          button("×", .class("remove"), .ariaLabel("Remove \(attendee.name.isEmpty ? "attendee \(index + 1)" : attendee.name)")) {
            store.send(.deleteAttendees(atOffsets: [index]))
          }
        }
      }
      button("Add attendee") { store.send(.addAttendeeButtonTapped) }
    }
  }
}

// MARK: - Detail

@MainActor
func detailView(
  _ store: StoreOf<StandupDetail>, id: StackElementID, pop: @escaping @MainActor () -> Void
) -> Node {
  let standup = store.standup
  return main(.class("screen"), .key("detail-\(id.rawValue)"), accent(standup.theme)) {
    nav(.class("back")) {
      link("‹ Standups", href: "/", action: pop)
    }
    header(.class("bar themed")) {
      h1(standup.title.isEmpty ? "Untitled" : standup.title)
      p(.class("meta")) {
        span { attendeesText(standup.attendees.count) }
        span { minutesText(standup.duration) }
      }
    }
    div(.class("actions")) {
      button("Start meeting", .class("primary")) { store.send(.startMeetingButtonTapped) }
      button("Edit") { store.send(.editButtonTapped) }
      button("Delete", .class("danger")) { store.send(.deleteButtonTapped) }
    }
    section {
      h2("Attendees")
      ul(.class("plain")) {
        for attendee in standup.attendees {
          li(.key(attendee.id.rawValue.uuidString)) { attendee.name.isEmpty ? "Unnamed" : attendee.name }
        }
      }
    }
    section {
      h2("Past meetings")
      if standup.meetings.isEmpty {
        p(.class("empty")) { "No meetings yet." }
      }
      ul(.class("plain meetings")) {
        for (index, meeting) in standup.meetings.enumerated() {
          li(.key(meeting.id.rawValue.uuidString)) {
            link(
              meetingDateText(meeting.date),
              href: standupPath(standup) + "/meetings/\(meeting.id.rawValue.uuidString.lowercased())"
            ) {
              store.send(.meetingTapped(meeting.id))
            }
            button("Delete", .class("remove"), .ariaLabel("Delete the meeting of \(meetingDateText(meeting.date))")) {
              store.send(.deleteMeetings(atOffsets: [index]))
            }
          }
        }
      }
    }
    if let form = store.scope(state: \.destination?.edit, action: \.destination.edit) {
      sheet("Edit standup", onDismiss: { store.send(.cancelEditButtonTapped) }) {
        h2("Edit standup")
        formView(form)
        div(.class("sheet-buttons")) {
          button("Cancel") { store.send(.cancelEditButtonTapped) }
          button("Done", .class("primary")) { store.send(.doneEditingButtonTapped) }
        }
      }
    }
    if let alert = store.destination?.alert {
      alertDialog(alert) { action in store.send(.destination(embedding(action) { .alert($0) })) }
    }
  }
}

// MARK: - Record

@MainActor
func recordView(_ store: StoreOf<RecordMeeting>, id: StackElementID) -> Node {
  let standup = store.standup
  let attendees = standup.attendees
  let speaker = attendees.isEmpty ? 0 : min(store.speakerIndex, attendees.count - 1)
  let total = Int(standup.duration.components.seconds)
  // The timer starts when the screen appears and stops when it is popped, as SwiftUI's `.task`.
  return main(
    .class("screen record"), .key("record-\(id.rawValue)"), accent(standup.theme),
    .onAppear { store.send(.onTask) }
  ) {
    header(.class("bar themed")) {
      h1(standup.title.isEmpty ? "Untitled" : standup.title)
    }
    div(.class("timer"), .role("timer")) {
      div(.class("progress"), .attribute("aria-hidden", "true")) {
        div(.class("fill"), .style("width: \(total == 0 ? 0 : min(100, store.secondsElapsed * 100 / total))%"))
      }
      p(.class("times")) {
        span(.id("elapsed")) { "Elapsed \(clockText(store.secondsElapsed))" }
        span(.id("remaining")) { "Remaining \(clockText(max(0, total - store.secondsElapsed)))" }
      }
    }
    section(.class("speaker")) {
      p(.class("meta")) { "Speaker \(speaker + 1) of \(attendees.count)" }
      h2(attendees.isEmpty ? "Nobody" : (attendees[speaker].name.isEmpty ? "Unnamed" : attendees[speaker].name))
    }
    div(.class("actions")) {
      button("Next speaker", .class("primary")) { store.send(.nextButtonTapped) }
      button("End meeting", .class("danger")) { store.send(.endMeetingButtonTapped) }
    }
    textArea("Notes", text: store.notes) { store.notes = $0 }
    if !store.transcript.isEmpty {
      section {
        h2("Transcript")
        p(.class("transcript")) { store.transcript }
      }
    }
    if let alert = store.alert {
      alertDialog(alert) { store.send(.alert($0)) }
    }
  }
}

// MARK: - Meeting

@MainActor
func meetingView(
  _ store: StoreOf<MeetingFeature>, id: StackElementID, pop: @escaping @MainActor () -> Void
) -> Node {
  main(.class("screen"), .key("meeting-\(id.rawValue)"), accent(store.standup.theme)) {
    nav(.class("back")) {
      link(
        "‹ \(store.standup.title.isEmpty ? "Untitled" : store.standup.title)",
        href: standupPath(store.standup), action: pop
      )
    }
    header(.class("bar themed")) {
      h1(meetingDateText(store.meeting.date))
    }
    section {
      h2("Attendees")
      ul(.class("plain")) {
        for attendee in store.standup.attendees {
          li(.key(attendee.id.rawValue.uuidString)) { attendee.name.isEmpty ? "Unnamed" : attendee.name }
        }
      }
    }
    section {
      h2("Transcript")
      p(.class("transcript")) { store.meeting.transcript.isEmpty ? "Nothing was said or noted." : store.meeting.transcript }
    }
  }
}
