import ComposableArchitecture
import Foundation

/// A meeting in progress: a timer that moves from speaker to speaker, a transcript from speech
/// recognition (where there is one) and typed notes; saved when time runs out or when ended.
@Reducer
public struct RecordMeeting: Sendable {
  @ObservableState
  public struct State: Codable, Equatable {
    @Presents public var alert: AlertState<Action.Alert>?
    public var notes = ""
    public var secondsElapsed = 0
    public var speakerIndex = 0
    @Shared public var standup: Standup
    public var transcript = ""

    public init(
      alert: AlertState<Action.Alert>? = nil, notes: String = "", secondsElapsed: Int = 0,
      speakerIndex: Int = 0, standup: Shared<Standup>, transcript: String = ""
    ) {
      self.alert = alert
      self.notes = notes
      self.secondsElapsed = secondsElapsed
      self.speakerIndex = speakerIndex
      self._standup = standup
      self.transcript = transcript
    }

    public var durationRemaining: Duration {
      standup.duration - .seconds(secondsElapsed)
    }

    /// Seconds each speaker has.
    public var secondsPerAttendee: Int {
      Int(standup.durationPerAttendee.components.seconds)
    }

    /// What the meeting's transcript will be: what speech recognition heard, then the notes.
    public var meetingTranscript: String {
      [transcript, notes].filter { !$0.isEmpty }.joined(separator: "\n\n")
    }
  }

  public enum Action: BindableAction, Codable, Equatable {
    case alert(PresentationAction<Alert>)
    case binding(BindingAction<State>)
    case endMeetingButtonTapped
    case nextButtonTapped
    case onTask
    /// The app is quitting in the middle of the meeting: keep what was said and typed so far.
    case quitWhileRecording
    case timerTick
    case speechFailure
    case speechResult(String)

    @CasePathable
    public enum Alert: Codable, Equatable, Sendable {
      case confirmDiscard
      case confirmSave
    }
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.date.now) var now
  @Dependency(\.dismiss) var dismiss
  @Dependency(\.speechClient) var speechClient
  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .alert(.presented(.confirmDiscard)):
        return .run { _ in await dismiss() }

      case .alert(.presented(.confirmSave)):
        return meetingFinished(&state)

      case .alert, .binding:
        return .none

      case .endMeetingButtonTapped:
        state.alert = .endMeeting(isDiscardable: true)
        return .none

      case .nextButtonTapped:
        guard state.speakerIndex < state.standup.attendees.count - 1 else {
          state.alert = .endMeeting(isDiscardable: false)
          return .none
        }
        state.speakerIndex += 1
        state.secondsElapsed = state.speakerIndex * state.secondsPerAttendee
        return .none

      case .onTask:
        return .run { send in
          await withTaskGroup(of: Void.self) { group in
            if speechClient.authorizationStatus() == .notDetermined {
              _ = await speechClient.requestAuthorization()
            }
            if speechClient.authorizationStatus() == .authorized {
              group.addTask {
                do {
                  for try await transcript in await speechClient.startTask() {
                    await send(.speechResult(transcript))
                  }
                } catch {
                  await send(.speechFailure)
                }
              }
            }
            group.addTask {
              for await _ in clock.timer(interval: .seconds(1)) {
                await send(.timerTick)
              }
            }
          }
        }

      case .quitWhileRecording:
        guard state.secondsElapsed > 0 || !state.meetingTranscript.isEmpty else { return .none }
        saveMeeting(&state)
        return .none

      case .timerTick:
        // The timer stops while an alert asks what to do.
        guard state.alert == nil else { return .none }
        state.secondsElapsed += 1
        let secondsPerAttendee = max(1, state.secondsPerAttendee)
        if state.secondsElapsed.isMultiple(of: secondsPerAttendee) {
          if state.secondsElapsed >= Int(state.standup.duration.components.seconds) {
            return meetingFinished(&state)
          }
          state.speakerIndex = min(state.speakerIndex + 1, state.standup.attendees.count - 1)
        }
        return .none

      case .speechFailure:
        if !state.transcript.isEmpty { state.transcript += " ❌" }
        state.alert = .speechRecognizerFailed
        return .none

      case let .speechResult(transcript):
        state.transcript = transcript
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }

  private func meetingFinished(_ state: inout State) -> Effect<Action> {
    saveMeeting(&state)
    return .run { _ in await dismiss() }
  }

  /// Adds the meeting, with its transcript, to the standup's past meetings.
  private func saveMeeting(_ state: inout State) {
    let meeting = Meeting(id: Meeting.ID(uuid()), date: now, transcript: state.meetingTranscript)
    state.$standup.withLock { $0.meetings.insert(meeting, at: 0) }
  }
}

extension AlertState where Action == RecordMeeting.Action.Alert {
  public static func endMeeting(isDiscardable: Bool) -> Self {
    Self {
      TextState("End meeting?")
    } actions: {
      ButtonState(action: .confirmSave) { TextState("Save and end") }
      if isDiscardable {
        ButtonState(role: .destructive, action: .confirmDiscard) { TextState("Discard") }
      }
      ButtonState(role: .cancel) { TextState("Resume") }
    } message: {
      TextState("You are ending the meeting early. What would you like to do?")
    }
  }

  public static let speechRecognizerFailed = Self {
    TextState("Speech recognition failure")
  } actions: {
    ButtonState(role: .cancel) { TextState("Continue meeting") }
    ButtonState(role: .destructive, action: .confirmDiscard) { TextState("Discard meeting") }
  } message: {
    TextState(
      """
      The speech recognizer failed. The meeting goes on, and your notes are kept, but the \
      transcript stops here.
      """
    )
  }
}
