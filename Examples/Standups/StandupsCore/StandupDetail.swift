import ComposableArchitecture
import Foundation

/// One standup: its details and past meetings; edit it, delete it, start a meeting.
@Reducer
public struct StandupDetail {
  @Reducer(state: .equatable, .codable, action: .equatable, .codable)
  public enum Destination {
    case alert(AlertState<Alert>)
    case edit(StandupForm)

    @CasePathable
    public enum Alert: Codable, Equatable, Sendable {
      case confirmDeletion
      case continueWithoutRecording
    }
  }

  @ObservableState
  public struct State: Codable, Equatable {
    @Presents public var destination: Destination.State?
    @Shared public var standup: Standup

    public init(destination: Destination.State? = nil, standup: Shared<Standup>) {
      self.destination = destination
      self._standup = standup
    }
  }

  public enum Action: Codable, Equatable {
    case cancelEditButtonTapped
    case delegate(Delegate)
    case deleteButtonTapped
    case deleteMeetings(atOffsets: IndexSet)
    case destination(PresentationAction<Destination.Action>)
    case doneEditingButtonTapped
    case editButtonTapped
    case meetingTapped(Meeting.ID)
    case startMeetingButtonTapped

    @CasePathable
    public enum Delegate: Codable, Equatable, Sendable {
      case deleteStandup
      case startMeeting
    }
  }

  @Dependency(\.speechClient.authorizationStatus) var authorizationStatus

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .cancelEditButtonTapped:
        state.destination = nil
        return .none

      case .delegate, .meetingTapped:
        return .none

      case .deleteButtonTapped:
        state.destination = .alert(.deleteStandup)
        return .none

      case let .deleteMeetings(atOffsets: indices):
        state.$standup.withLock { $0.meetings.remove(atOffsets: indices) }
        return .none

      case .destination(.presented(.alert(.confirmDeletion))):
        return .send(.delegate(.deleteStandup))

      case .destination(.presented(.alert(.continueWithoutRecording))):
        return .send(.delegate(.startMeeting))

      case .destination:
        return .none

      case .doneEditingButtonTapped:
        guard case let .edit(form)? = state.destination else { return .none }
        let edited = form.standupToSave
        state.destination = nil
        state.$standup.withLock { $0 = edited }
        return .none

      case .editButtonTapped:
        state.destination = .edit(StandupForm.State(standup: state.standup))
        return .none

      case .startMeetingButtonTapped:
        switch authorizationStatus() {
        case .notDetermined, .authorized:
          return .send(.delegate(.startMeeting))
        case .denied:
          state.destination = .alert(.speechRecognitionDenied)
          return .none
        case .restricted:
          state.destination = .alert(.speechRecognitionRestricted)
          return .none
        }
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }
}

extension AlertState where Action == StandupDetail.Destination.Alert {
  public static let deleteStandup = Self {
    TextState("Delete?")
  } actions: {
    ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Yes") }
    ButtonState(role: .cancel) { TextState("Nevermind") }
  } message: {
    TextState("Are you sure you want to delete this standup?")
  }

  public static let speechRecognitionDenied = Self {
    TextState("Speech recognition denied")
  } actions: {
    ButtonState(action: .continueWithoutRecording) { TextState("Continue without recording") }
    ButtonState(role: .cancel) { TextState("Cancel") }
  } message: {
    TextState(
      """
      You denied access to speech recognition. This app needs access to transcribe your \
      meetings; you can still type notes during the meeting.
      """
    )
  }

  public static let speechRecognitionRestricted = Self {
    TextState("Speech recognition unavailable")
  } actions: {
    ButtonState(action: .continueWithoutRecording) { TextState("Continue without recording") }
    ButtonState(role: .cancel) { TextState("Cancel") }
  } message: {
    TextState(
      """
      Speech recognition is not available on this device, so the meeting will not be \
      transcribed. You can type notes during the meeting instead.
      """
    )
  }
}
