import ComposableArchitecture
import ComposableTerminal
import Foundation
import StandupsCore

/// What a key does in the app.
public enum KeyOutcome: Equatable {
  /// Send this action to the app's store.
  case send(AppFeature.Action)
  /// Leave the app.
  case quit
  /// Nothing to send (the key may still have changed the view state).
  case none
}

/// The app's keys (SPEC 11.3), as a pure function of the app's state, the view state and the key,
/// so that tests prove them with a `TestStore`.
public enum StandupsKeys {
  public static func outcome(
    of key: Key, in state: AppFeature.State, ui: inout UIState
  ) -> KeyOutcome {
    switch Screen(state) {
    case .list:
      return listKey(key, state: state.standupsList, ui: &ui)

    case let .addForm(form):
      return formKey(
        key, form: form, ui: &ui,
        send: { .standupsList(.destination(.presented(.add($0)))) },
        confirm: .standupsList(.confirmAddButtonTapped),
        cancel: .standupsList(.dismissAddButtonTapped)
      )

    case let .listAlert(alert):
      // Its only button dismisses it.
      return alertKey(key, AlertView(alert, focus: ui.alertFocus), ui: &ui) { _ in
        .standupsList(.destination(.dismiss))
      }

    case let .detail(id, detail):
      return detailKey(key, id: id, detail: detail, ui: &ui)

    case let .detailAlert(id, alert):
      return alertKey(key, AlertView(alert, focus: ui.alertFocus), ui: &ui) { action in
        .path(.element(id: id, action: .detail(.destination(embedding(action) { .alert($0) }))))
      }

    case let .editForm(id, form):
      let detail = { (action: StandupDetail.Action) -> AppFeature.Action in
        .path(.element(id: id, action: .detail(action)))
      }
      return formKey(
        key, form: form, ui: &ui,
        send: { detail(.destination(.presented(.edit($0)))) },
        confirm: detail(.doneEditingButtonTapped),
        cancel: detail(.cancelEditButtonTapped)
      )

    case let .meeting(id, _):
      switch key {
      case .escape: return .send(.path(.popFrom(id: id)))
      default: return .none
      }

    case let .record(id, record):
      return recordKey(key, id: id, record: record, ui: &ui)

    case let .recordAlert(id, alert):
      return alertKey(key, AlertView(alert, focus: ui.alertFocus), ui: &ui) { action in
        .path(.element(id: id, action: .record(.alert(action))))
      }
    }
  }

  static func listKey(_ key: Key, state: StandupsList.State, ui: inout UIState) -> KeyOutcome {
    let count = state.standups.count
    switch key {
    case .up, .character("k"):
      ui.listSelection = max(0, min(ui.listSelection, count - 1) - 1)
    case .down, .character("j"):
      ui.listSelection = max(0, min(ui.listSelection + 1, count - 1))
    case .enter:
      guard count > 0 else { return .none }
      let index = min(ui.listSelection, count - 1)
      ui.meetingSelection = 0
      return .send(.standupsList(.standupTapped(state.standups[index].id)))
    case .character("a"):
      ui.cursor = nil
      return .send(.standupsList(.addButtonTapped))
    case .character("q"):
      return .quit
    default:
      break
    }
    return .none
  }

  static func detailKey(
    _ key: Key, id: StackElementID, detail: StandupDetail.State, ui: inout UIState
  ) -> KeyOutcome {
    let send = { (action: StandupDetail.Action) in KeyOutcome.send(.path(.element(id: id, action: .detail(action)))) }
    let meetings = detail.standup.meetings
    let selection = min(ui.meetingSelection, max(0, meetings.count - 1))
    switch key {
    case .up, .character("k"):
      ui.meetingSelection = max(0, selection - 1)
    case .down, .character("j"):
      ui.meetingSelection = max(0, min(selection + 1, meetings.count - 1))
    case .enter:
      guard !meetings.isEmpty else { return .none }
      return send(.meetingTapped(meetings[selection].id))
    case .ctrl("d"):
      guard !meetings.isEmpty else { return .none }
      return send(.deleteMeetings(atOffsets: [selection]))
    case .character("s"):
      ui.notesFocused = false
      ui.cursor = nil
      return send(.startMeetingButtonTapped)
    case .character("e"):
      ui.cursor = nil
      return send(.editButtonTapped)
    case .character("d"):
      return send(.deleteButtonTapped)
    case .escape:
      return .send(.path(.popFrom(id: id)))
    default:
      break
    }
    return .none
  }

  static func recordKey(
    _ key: Key, id: StackElementID, record: RecordMeeting.State, ui: inout UIState
  ) -> KeyOutcome {
    let send = { (action: RecordMeeting.Action) in KeyOutcome.send(.path(.element(id: id, action: .record(action)))) }
    if ui.notesFocused {
      switch key {
      case .tab, .backTab, .enter:
        ui.notesFocused = false
        return .none
      case .escape:
        ui.notesFocused = false
        return send(.endMeetingButtonTapped)
      default:
        var input = TextInput(text: record.notes, cursor: ui.cursor)
        guard input.handle(key) else { return .none }
        ui.cursor = input.cursor
        return input.text == record.notes ? .none : send(.binding(.set(\.notes, input.text)))
      }
    }
    switch key {
    case .character("n"):
      return send(.nextButtonTapped)
    case .character("e"), .escape:
      return send(.endMeetingButtonTapped)
    case .tab, .backTab:
      ui.notesFocused = true
      ui.cursor = nil
    default:
      break
    }
    return .none
  }

  static func formKey(
    _ key: Key, form: StandupForm.State, ui: inout UIState,
    send: (StandupForm.Action) -> AppFeature.Action,
    confirm: AppFeature.Action, cancel: AppFeature.Action
  ) -> KeyOutcome {
    let fields = form.fields
    let focus = form.focus ?? .title
    let index = fields.firstIndex(of: focus) ?? 0
    func move(by offset: Int) -> KeyOutcome {
      let next = fields[max(0, min(fields.count - 1, index + offset))]
      guard next != focus else { return .none }
      ui.cursor = nil
      return .send(send(.binding(.set(\.focus, next))))
    }
    switch key {
    case .ctrl("s"):
      return .send(confirm)
    case .escape:
      return .send(cancel)
    case .tab, .down:
      return move(by: 1)
    case .backTab, .up:
      return move(by: -1)
    default:
      break
    }
    switch focus {
    case .title:
      if key == .enter { return move(by: 1) }
      return edit(form.standup.title, key: key, ui: &ui) { send(.binding(.set(\.standup.title, $0))) }

    case let .attendee(attendeeID):
      guard let attendeeIndex = form.standup.attendees.index(id: attendeeID) else { return .none }
      if key == .enter { return move(by: 1) }
      if key == .ctrl("d") {
        ui.cursor = nil
        return .send(send(.deleteAttendees(atOffsets: [attendeeIndex])))
      }
      return edit(form.standup.attendees[attendeeIndex].name, key: key, ui: &ui) { name in
        // The whole list is set, not `\.standup.attendees[id:]`: a key path through a subscript
        // cannot be written to a recording, and `--replay` would refuse the session.
        var attendees = form.standup.attendees
        attendees[attendeeIndex].name = name
        return send(.binding(.set(\.standup.attendees, attendees)))
      }

    case .duration:
      let minutes = Int(form.standup.duration.components.seconds / 60)
      switch key {
      case .left, .character("h"): return .send(send(.binding(.set(\.standup.duration, .seconds(60 * max(1, minutes - 1))))))
      case .right, .character("l"): return .send(send(.binding(.set(\.standup.duration, .seconds(60 * min(120, minutes + 1))))))
      case .character("k"): return move(by: -1)
      case .character("j"), .enter: return move(by: 1)
      default: return .none
      }

    case .theme:
      switch key {
      case .left, .character("h"): return .send(send(.binding(.set(\.standup.theme, form.standup.theme.advanced(by: -1)))))
      case .right, .character("l"): return .send(send(.binding(.set(\.standup.theme, form.standup.theme.advanced(by: 1)))))
      case .character("k"): return move(by: -1)
      case .character("j"), .enter: return move(by: 1)
      default: return .none
      }

    case .addAttendee:
      switch key {
      case .enter:
        ui.cursor = nil
        return .send(send(.addAttendeeButtonTapped))
      case .character("k"): return move(by: -1)
      default: return .none
      }
    }
  }

  /// Applies an editing key to a text field's text.
  static func edit(
    _ text: String, key: Key, ui: inout UIState, change: (String) -> AppFeature.Action
  ) -> KeyOutcome {
    var input = TextInput(text: text, cursor: ui.cursor)
    guard input.handle(key) else { return .none }
    ui.cursor = input.cursor
    return input.text == text ? .none : .send(change(input.text))
  }

  static func alertKey<Action>(
    _ key: Key, _ alert: AlertView<Action>, ui: inout UIState,
    embed: (PresentationAction<Action>) -> AppFeature.Action
  ) -> KeyOutcome {
    guard let action = alert.handle(key, focus: &ui.alertFocus).presentationAction else { return .none }
    // The alert goes away; the next one (even the same alert again) opens on its first button.
    ui.alertFocus = AlertFocus()
    return .send(embed(action))
  }
}

