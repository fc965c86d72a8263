import ComposableArchitecture
import Speech

// Linux stand-ins for SyncUps' two Apple-only clients: recognition is always denied, and
// opening the settings does nothing.
@DependencyClient
struct SpeechClient {
  var authorizationStatus: @Sendable () -> SFSpeechRecognizerAuthorizationStatus = { .denied }
  var requestAuthorization: @Sendable () async -> SFSpeechRecognizerAuthorizationStatus = {
    .denied
  }
  var startTask:
    @Sendable (_ request: UncheckedSendable<SFSpeechAudioBufferRecognitionRequest>) async ->
      AsyncThrowingStream<SpeechRecognitionResult, Error> = { _ in .finished() }
}

extension SpeechClient: DependencyKey {
  static var liveValue: SpeechClient {
    SpeechClient(
      authorizationStatus: { .denied },
      requestAuthorization: { .denied },
      startTask: { _ in .finished() }
    )
  }
  static let testValue = SpeechClient()

  static func fail(after duration: Duration) -> Self {
    Self(
      authorizationStatus: { .authorized },
      requestAuthorization: { .authorized },
      startTask: { _ in
        AsyncThrowingStream { continuation in
          Task {
            try await Task.sleep(for: duration)
            struct SpeechRecognitionFailed: Error {}
            continuation.finish(throwing: SpeechRecognitionFailed())
          }
        }
      }
    )
  }
}

extension DependencyValues {
  var speechClient: SpeechClient {
    get { self[SpeechClient.self] }
    set { self[SpeechClient.self] = newValue }
  }
  var openSettings: @Sendable () async -> Void {
    get { self[OpenSettingsKey.self] }
    set { self[OpenSettingsKey.self] = newValue }
  }
  private enum OpenSettingsKey: DependencyKey {
    static let liveValue: @Sendable () async -> Void = {}
  }
}

struct SpeechRecognitionResult: Equatable {
  var bestTranscription: Transcription
  var isFinal: Bool
}

struct Transcription: Equatable {
  var formattedString: String
}
