// Apple's Speech framework brings Foundation with it.
@_exported import Foundation

// The names of Apple's Speech framework that TCA's SyncUps mentions, so that its files build on
// Linux. No recognizer exists here: the live speech client (OnLinux/Dependencies.swift) says
// recognition is denied, and the app offers to go on without it, as on a device where it was.
// swift-custom-dump sees this module (`canImport(Speech)`) and names the task hint and state.
public enum SFSpeechRecognizerAuthorizationStatus: Int, Sendable {
  case notDetermined, denied, restricted, authorized
}
public enum SFSpeechRecognitionTaskHint: Int, Sendable { case unspecified, dictation, search, confirmation }
public enum SFSpeechRecognitionTaskState: Int, Sendable { case starting, running, finishing, canceling, completed }
public final class SFSpeechAudioBufferRecognitionRequest {
  public init() {}
}
