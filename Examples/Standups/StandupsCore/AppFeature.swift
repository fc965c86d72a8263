import ComposableArchitecture
import Foundation

/// A past meeting, read-only.
@Reducer
public struct MeetingFeature {
  @ObservableState
  public struct State: Codable, Equatable {
    public let meeting: Meeting
    public let standup: Standup

    public init(meeting: Meeting, standup: Standup) {
      self.meeting = meeting
      self.standup = standup
    }
  }

  public enum Action: Equatable {}

  public init() {}

  public var body: some ReducerOf<Self> { EmptyReducer() }
}

/// The screen has no actions; coding one is never needed, but the app's actions are `Codable`
/// (so that a session can be recorded), and Swift cannot synthesize it for an empty enum.
extension MeetingFeature.Action: Codable {
  public init(from decoder: any Decoder) throws {
    throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "A past meeting has no actions"))
  }

  public func encode(to encoder: any Encoder) throws {}
}

/// The app: the standups list at the root and a stack of detail, meeting and record screens.
@Reducer
public struct AppFeature {
  @Reducer(state: .equatable, .codable, action: .equatable, .codable)
  public enum Path {
    case detail(StandupDetail)
    case meeting(MeetingFeature)
    case record(RecordMeeting)
  }

  @ObservableState
  public struct State: Codable, Equatable {
    public var path = StackState<Path.State>()
    public var standupsList = StandupsList.State()

    public init(path: StackState<Path.State> = StackState(), standupsList: StandupsList.State = StandupsList.State()) {
      self.path = path
      self.standupsList = standupsList
    }

    /// The app opened on the standup titled `title` (its detail, or its record screen), as
    /// `standups --open TITLE[/record]` asks; nil when there is no such standup.
    public init?(openingStandupTitled title: String, record: Bool = false) {
      self.init()
      guard
        let id = standupsList.standups.first(where: {
          $0.title.localizedCaseInsensitiveCompare(title) == .orderedSame
        })?.id,
        let standup = Shared(standupsList.$standups[id: id])
      else { return nil }
      path.append(.detail(StandupDetail.State(standup: standup)))
      if record { path.append(.record(RecordMeeting.State(standup: standup))) }
    }
  }

  public enum Action: Codable, Equatable {
    case path(StackActionOf<Path>)
    case standupsList(StandupsList.Action)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(state: \.standupsList, action: \.standupsList) {
      StandupsList()
    }
    Reduce { state, action in
      switch action {
      case let .standupsList(.standupTapped(id)):
        guard let standup = Shared(state.standupsList.$standups[id: id]) else { return .none }
        state.path.append(.detail(StandupDetail.State(standup: standup)))
        return .none

      case let .path(.element(id: id, action: .detail(.delegate(delegate)))):
        guard case let .detail(detail)? = state.path[id: id] else { return .none }
        switch delegate {
        case .deleteStandup:
          let standupID = detail.standup.id
          state.path.pop(from: id)
          _ = state.standupsList.$standups.withLock { $0.remove(id: standupID) }
          return .none
        case .startMeeting:
          state.path.append(.record(RecordMeeting.State(standup: detail.$standup)))
          return .none
        }

      case let .path(.element(id: id, action: .detail(.meetingTapped(meetingID)))):
        guard
          case let .detail(detail)? = state.path[id: id],
          let meeting = detail.standup.meetings[id: meetingID]
        else { return .none }
        state.path.append(.meeting(MeetingFeature.State(meeting: meeting, standup: detail.standup)))
        return .none

      case .path, .standupsList:
        return .none
      }
    }
    .forEach(\.path, action: \.path)
  }
}
