import ComposableArchitecture
import Foundation

/// Transcribes what is said during a meeting. On Linux there is no speech recognizer: the live
/// client says recognition is restricted, and the record screen takes typed notes instead.
public struct SpeechClient: Sendable {
  public enum AuthorizationStatus: Codable, Equatable, Sendable {
    case notDetermined, denied, restricted, authorized
  }

  public var authorizationStatus: @Sendable () -> AuthorizationStatus
  public var requestAuthorization: @Sendable () async -> AuthorizationStatus
  /// The transcript so far, each time it grows.
  public var startTask: @Sendable () async -> AsyncThrowingStream<String, any Error>

  public init(
    authorizationStatus: @escaping @Sendable () -> AuthorizationStatus,
    requestAuthorization: @escaping @Sendable () async -> AuthorizationStatus,
    startTask: @escaping @Sendable () async -> AsyncThrowingStream<String, any Error>
  ) {
    self.authorizationStatus = authorizationStatus
    self.requestAuthorization = requestAuthorization
    self.startTask = startTask
  }
}

extension SpeechClient: DependencyKey {
  public static let liveValue = SpeechClient(
    authorizationStatus: { .restricted },
    requestAuthorization: { .restricted },
    startTask: { AsyncThrowingStream { $0.finish() } }
  )

  /// "Transcribes" a canned text, a few words at a time, as a recognizer would.
  public static let previewValue = SpeechClient(
    authorizationStatus: { .authorized },
    requestAuthorization: { .authorized },
    startTask: {
      AsyncThrowingStream { continuation in
        let task = Task {
          let words = """
            Blob started the meeting by going over what the team shipped yesterday, then Blob Jr \
            talked about the bug in the release build and how to reproduce it.
            """.split(separator: " ")
          var transcript = ""
          for word in words {
            try await Task.sleep(for: .milliseconds(400))
            transcript += (transcript.isEmpty ? "" : " ") + word
            continuation.yield(transcript)
          }
          continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
      }
    }
  )

  public static let testValue = SpeechClient(
    authorizationStatus: unimplemented("SpeechClient.authorizationStatus", placeholder: .denied),
    requestAuthorization: unimplemented("SpeechClient.requestAuthorization", placeholder: .denied),
    startTask: unimplemented(
      "SpeechClient.startTask", placeholder: AsyncThrowingStream { $0.finish() }
    )
  )
}

extension DependencyValues {
  public var speechClient: SpeechClient {
    get { self[SpeechClient.self] }
    set { self[SpeechClient.self] = newValue }
  }
}
