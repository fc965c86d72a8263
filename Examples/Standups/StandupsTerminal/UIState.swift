import ComposableArchitecture
import ComposableTerminal
import StandupsCore

/// What the terminal front end remembers that is not the app's state: selections, the focused
/// alert button, the text cursor, whether the record screen's notes field has the focus.
public struct UIState: Equatable, Sendable {
  /// The selected row of the standups list.
  public var listSelection = 0
  /// The selected past meeting on a standup's detail.
  public var meetingSelection = 0
  public var alertFocus = AlertFocus()
  /// The cursor of the focused text field in characters; nil puts it at the end of the text.
  public var cursor: Int?
  /// Whether the record screen's notes field has the focus.
  public var notesFocused = false

  public init() {}
}

/// What the screen shows on top, decided from the app's state: the stack's last element (or the
/// list), and any alert or sheet it presents.
enum Screen {
  case list
  case addForm(StandupForm.State)
  case listAlert(AlertState<Never>)
  case detail(StackElementID, StandupDetail.State)
  case detailAlert(StackElementID, AlertState<StandupDetail.Destination.Alert>)
  case editForm(StackElementID, StandupForm.State)
  case meeting(StackElementID, MeetingFeature.State)
  case record(StackElementID, RecordMeeting.State)
  case recordAlert(StackElementID, AlertState<RecordMeeting.Action.Alert>)

  init(_ state: AppFeature.State) {
    guard let id = state.path.ids.last, let element = state.path[id: id] else {
      switch state.standupsList.destination {
      case let .add(form)?: self = .addForm(form)
      case let .alert(alert)?: self = .listAlert(alert)
      case nil: self = .list
      }
      return
    }
    switch element {
    case let .detail(detail):
      switch detail.destination {
      case let .alert(alert)?: self = .detailAlert(id, alert)
      case let .edit(form)?: self = .editForm(id, form)
      case nil: self = .detail(id, detail)
      }
    case let .meeting(meeting):
      self = .meeting(id, meeting)
    case let .record(record):
      if let alert = record.alert {
        self = .recordAlert(id, alert)
      } else {
        self = .record(id, record)
      }
    }
  }
}
