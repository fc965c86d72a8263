import ComposableArchitecture
import Foundation

/// Editing a standup: title, length, theme and attendees. A new form with no attendees gets one
/// blank attendee; a newly added attendee gets the focus.
@Reducer
public struct StandupForm {
  @ObservableState
  public struct State: Codable, Equatable, Sendable {
    public var focus: Field? = .title
    public var standup: Standup

    public enum Field: Codable, Hashable, Sendable {
      case title, duration, theme, attendee(Attendee.ID), addAttendee
    }

    public init(focus: Field? = .title, standup: Standup) {
      self.focus = focus
      self.standup = standup
      if self.standup.attendees.isEmpty {
        @Dependency(\.uuid) var uuid
        self.standup.attendees.append(Attendee(id: Attendee.ID(uuid())))
      }
    }

    /// The fields in focus order: title, length, theme, one per attendee, "Add attendee".
    public var fields: [Field] {
      [.title, .duration, .theme] + standup.attendees.map { .attendee($0.id) } + [.addAttendee]
    }

    /// The standup as it should be saved: blank attendees dropped, one kept if all are blank.
    public var standupToSave: Standup {
      var standup = standup
      standup.attendees.removeAll { $0.name.allSatisfy(\.isWhitespace) }
      if standup.attendees.isEmpty, let first = self.standup.attendees.first {
        standup.attendees.append(first)
      }
      return standup
    }
  }

  public enum Action: BindableAction, Codable, Equatable, Sendable {
    case addAttendeeButtonTapped
    case binding(BindingAction<State>)
    case deleteAttendees(atOffsets: IndexSet)
  }

  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .addAttendeeButtonTapped:
        let attendee = Attendee(id: Attendee.ID(uuid()))
        state.standup.attendees.append(attendee)
        state.focus = .attendee(attendee.id)
        return .none

      case .binding:
        return .none

      case let .deleteAttendees(atOffsets: indices):
        state.standup.attendees.remove(atOffsets: indices)
        if state.standup.attendees.isEmpty {
          state.standup.attendees.append(Attendee(id: Attendee.ID(uuid())))
        }
        guard let first = indices.first else { return .none }
        let index = min(first, state.standup.attendees.count - 1)
        state.focus = .attendee(state.standup.attendees[index].id)
        return .none
      }
    }
  }
}
