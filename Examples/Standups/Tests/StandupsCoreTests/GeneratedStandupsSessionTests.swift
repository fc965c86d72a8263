// Generated from Fixtures/standups-session.jsonl (17 actions of StandupsCore.AppFeature).
// Each `send` is an action the front end sent, each `receive` one an effect sent; the clock,
// UUIDs, dates and random numbers are the ones the session saw. Edit freely.

import ComposableArchitecture
import Foundation
import Testing
import StandupsCore

@MainActor
struct GeneratedStandupsSessionTests {
  @Test func addRecordAndDelete() async throws {
    let clock = TestClock()
    let initialState = try recorded(#"{"_$observationRegistrar":{},"_path":{"elements":[],"ids":[]},"_standupsList":{"_$observationRegistrar":{},"_destination":null,"standups":[]}}"#, as: AppFeature.State.self)
    let store = TestStore(initialState: initialState) {
      AppFeature()
    } withDependencies: {
      $0.continuousClock = clock
      $0.uuid = .recorded([UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, UUID(uuidString: "00000000-0000-0000-0000-000000000002")!])
      $0.date = .recorded([Date(timeIntervalSince1970: 1800000000.0)])
      $0.withRandomNumberGenerator = .recorded([])
      $0.speechClient.authorizationStatus = { .denied }
    }

    try await store.send(recorded(#"{"standupsList":{"_0":{"addButtonTapped":{}}}}"#, as: AppFeature.Action.self)) {
      $0.standupsList = try recorded(#"{"_$observationRegistrar":{},"_destination":{"add":{"_0":{"_$observationRegistrar":{},"_focus":{"title":{}},"_standup":{"attendees":[{"id":"00000000-0000-0000-0000-000000000001","name":""}],"duration":300,"id":"00000000-0000-0000-0000-000000000000","meetings":[],"theme":"bubblegum","title":""}}}},"standups":[]}"#)
    }
    try await store.send(recorded(#"{"standupsList":{"_0":{"destination":{"_0":{"presented":{"_0":{"add":{"_0":{"binding":{"_0":{"field":"standup.title","value":"Engineering"}}}}}}}}}}}"#, as: AppFeature.Action.self)) {
      $0.standupsList = try recorded(#"{"_$observationRegistrar":{},"_destination":{"add":{"_0":{"_$observationRegistrar":{},"_focus":{"title":{}},"_standup":{"attendees":[{"id":"00000000-0000-0000-0000-000000000001","name":""}],"duration":300,"id":"00000000-0000-0000-0000-000000000000","meetings":[],"theme":"bubblegum","title":"Engineering"}}}},"standups":[]}"#)
    }
    try await store.send(recorded(#"{"standupsList":{"_0":{"confirmAddButtonTapped":{}}}}"#, as: AppFeature.Action.self)) {
      $0.standupsList = try recorded(#"{"_$observationRegistrar":{},"_destination":null,"standups":[{"attendees":[{"id":"00000000-0000-0000-0000-000000000001","name":""}],"duration":300,"id":"00000000-0000-0000-0000-000000000000","meetings":[],"theme":"bubblegum","title":"Engineering"}]}"#)
    }
    try await store.send(recorded(#"{"standupsList":{"_0":{"standupTapped":{"_0":"00000000-0000-0000-0000-000000000000"}}}}"#, as: AppFeature.Action.self)) {
      $0.path = try recorded(#"{"elements":[{"detail":{"_0":{"_$observationRegistrar":{},"_destination":null,"standup":{"attendees":[{"id":"00000000-0000-0000-0000-000000000001","name":""}],"duration":300,"id":"00000000-0000-0000-0000-000000000000","meetings":[],"theme":"bubblegum","title":"Engineering"}}}}],"ids":[0]}"#)
    }
    try await store.send(recorded(#"{"path":{"_0":{"element":{"action":{"detail":{"_0":{"startMeetingButtonTapped":{}}}},"id":0}}}}"#, as: AppFeature.Action.self)) {
      $0.path = try recorded(#"{"elements":[{"detail":{"_0":{"_$observationRegistrar":{},"_destination":{"alert":{"_0":{"buttons":[{"action":{"continueWithoutRecording":{}},"label":"Continue without recording"},{"label":"Cancel","role":{"cancel":{}}}],"message":"You denied access to speech recognition. This app needs access to transcribe your meetings; you can still type notes during the meeting.","title":"Speech recognition denied"}}},"standup":{"attendees":[{"id":"00000000-0000-0000-0000-000000000001","name":""}],"duration":300,"id":"00000000-0000-0000-0000-000000000000","meetings":[],"theme":"bubblegum","title":"Engineering"}}}}],"ids":[0]}"#)
    }
    try await store.send(recorded(#"{"path":{"_0":{"element":{"action":{"detail":{"_0":{"destination":{"_0":{"presented":{"_0":{"alert":{"_0":{"continueWithoutRecording":{}}}}}}}}}},"id":0}}}}"#, as: AppFeature.Action.self)) {
      $0.path = try recorded(#"{"elements":[{"detail":{"_0":{"_$observationRegistrar":{},"_destination":null,"standup":{"attendees":[{"id":"00000000-0000-0000-0000-000000000001","name":""}],"duration":300,"id":"00000000-0000-0000-0000-000000000000","meetings":[],"theme":"bubblegum","title":"Engineering"}}}}],"ids":[0]}"#)
    }
    try await store.receive(recorded(#"{"path":{"_0":{"element":{"action":{"detail":{"_0":{"delegate":{"_0":{"startMeeting":{}}}}}},"id":0}}}}"#, as: AppFeature.Action.self)) {
      $0.path = try recorded(#"{"elements":[{"detail":{"_0":{"_$observationRegistrar":{},"_destination":null,"standup":{"attendees":[{"id":"00000000-0000-0000-0000-000000000001","name":""}],"duration":300,"id":"00000000-0000-0000-0000-000000000000","meetings":[],"theme":"bubblegum","title":"Engineering"}}}},{"record":{"_0":{"_$observationRegistrar":{},"_alert":null,"_notes":"","_secondsElapsed":0,"_speakerIndex":0,"_transcript":"","standup":{"attendees":[{"id":"00000000-0000-0000-0000-000000000001","name":""}],"duration":300,"id":"00000000-0000-0000-0000-000000000000","meetings":[],"theme":"bubblegum","title":"Engineering"}}}}],"ids":[0,1]}"#)
    }
    try await store.send(recorded(#"{"path":{"_0":{"element":{"action":{"record":{"_0":{"onTask":{}}}},"id":1}}}}"#, as: AppFeature.Action.self))
    await clock.advance(by: .milliseconds(1000))
    try await store.receive(recorded(#"{"path":{"_0":{"element":{"action":{"record":{"_0":{"timerTick":{}}}},"id":1}}}}"#, as: AppFeature.Action.self)) {
      $0.path = try recorded(#"{"elements":[{"detail":{"_0":{"_$observationRegistrar":{},"_destination":null,"standup":{"attendees":[{"id":"00000000-0000-0000-0000-000000000001","name":""}],"duration":300,"id":"00000000-0000-0000-0000-000000000000","meetings":[],"theme":"bubblegum","title":"Engineering"}}}},{"record":{"_0":{"_$observationRegistrar":{},"_alert":null,"_notes":"","_secondsElapsed":1,"_speakerIndex":0,"_transcript":"","standup":{"attendees":[{"id":"00000000-0000-0000-0000-000000000001","name":""}],"duration":300,"id":"00000000-0000-0000-0000-000000000000","meetings":[],"theme":"bubblegum","title":"Engineering"}}}}],"ids":[0,1]}"#)
    }
    await clock.advance(by: .milliseconds(1000))
    try await store.receive(recorded(#"{"path":{"_0":{"element":{"action":{"record":{"_0":{"timerTick":{}}}},"id":1}}}}"#, as: AppFeature.Action.self)) {
      $0.path = try recorded(#"{"elements":[{"detail":{"_0":{"_$observationRegistrar":{},"_destination":null,"standup":{"attendees":[{"id":"00000000-0000-0000-0000-000000000001","name":""}],"duration":300,"id":"00000000-0000-0000-0000-000000000000","meetings":[],"theme":"bubblegum","title":"Engineering"}}}},{"record":{"_0":{"_$observationRegistrar":{},"_alert":null,"_notes":"","_secondsElapsed":2,"_speakerIndex":0,"_transcript":"","standup":{"attendees":[{"id":"00000000-0000-0000-0000-000000000001","name":""}],"duration":300,"id":"00000000-0000-0000-0000-000000000000","meetings":[],"theme":"bubblegum","title":"Engineering"}}}}],"ids":[0,1]}"#)
    }
    await clock.advance(by: .milliseconds(1000))
    try await store.receive(recorded(#"{"path":{"_0":{"element":{"action":{"record":{"_0":{"timerTick":{}}}},"id":1}}}}"#, as: AppFeature.Action.self)) {
      $0.path = try recorded(#"{"elements":[{"detail":{"_0":{"_$observationRegistrar":{},"_destination":null,"standup":{"attendees":[{"id":"00000000-0000-0000-0000-000000000001","name":""}],"duration":300,"id":"00000000-0000-0000-0000-000000000000","meetings":[],"theme":"bubblegum","title":"Engineering"}}}},{"record":{"_0":{"_$observationRegistrar":{},"_alert":null,"_notes":"","_secondsElapsed":3,"_speakerIndex":0,"_transcript":"","standup":{"attendees":[{"id":"00000000-0000-0000-0000-000000000001","name":""}],"duration":300,"id":"00000000-0000-0000-0000-000000000000","meetings":[],"theme":"bubblegum","title":"Engineering"}}}}],"ids":[0,1]}"#)
    }
    try await store.send(recorded(#"{"path":{"_0":{"element":{"action":{"record":{"_0":{"endMeetingButtonTapped":{}}}},"id":1}}}}"#, as: AppFeature.Action.self)) {
      $0.path = try recorded(#"{"elements":[{"detail":{"_0":{"_$observationRegistrar":{},"_destination":null,"standup":{"attendees":[{"id":"00000000-0000-0000-0000-000000000001","name":""}],"duration":300,"id":"00000000-0000-0000-0000-000000000000","meetings":[],"theme":"bubblegum","title":"Engineering"}}}},{"record":{"_0":{"_$observationRegistrar":{},"_alert":{"buttons":[{"action":{"confirmSave":{}},"label":"Save and end"},{"action":{"confirmDiscard":{}},"label":"Discard","role":{"destructive":{}}},{"label":"Resume","role":{"cancel":{}}}],"message":"You are ending the meeting early. What would you like to do?","title":"End meeting?"},"_notes":"","_secondsElapsed":3,"_speakerIndex":0,"_transcript":"","standup":{"attendees":[{"id":"00000000-0000-0000-0000-000000000001","name":""}],"duration":300,"id":"00000000-0000-0000-0000-000000000000","meetings":[],"theme":"bubblegum","title":"Engineering"}}}}],"ids":[0,1]}"#)
    }
    try await store.send(recorded(#"{"path":{"_0":{"element":{"action":{"record":{"_0":{"alert":{"_0":{"presented":{"_0":{"confirmSave":{}}}}}}}},"id":1}}}}"#, as: AppFeature.Action.self)) {
      $0.path = try recorded(#"{"elements":[{"detail":{"_0":{"_$observationRegistrar":{},"_destination":null,"standup":{"attendees":[{"id":"00000000-0000-0000-0000-000000000001","name":""}],"duration":300,"id":"00000000-0000-0000-0000-000000000000","meetings":[{"date":821692800,"id":"00000000-0000-0000-0000-000000000002","transcript":""}],"theme":"bubblegum","title":"Engineering"}}}},{"record":{"_0":{"_$observationRegistrar":{},"_alert":null,"_notes":"","_secondsElapsed":3,"_speakerIndex":0,"_transcript":"","standup":{"attendees":[{"id":"00000000-0000-0000-0000-000000000001","name":""}],"duration":300,"id":"00000000-0000-0000-0000-000000000000","meetings":[{"date":821692800,"id":"00000000-0000-0000-0000-000000000002","transcript":""}],"theme":"bubblegum","title":"Engineering"}}}}],"ids":[0,1]}"#)
      $0.standupsList = try recorded(#"{"_$observationRegistrar":{},"_destination":null,"standups":[{"attendees":[{"id":"00000000-0000-0000-0000-000000000001","name":""}],"duration":300,"id":"00000000-0000-0000-0000-000000000000","meetings":[{"date":821692800,"id":"00000000-0000-0000-0000-000000000002","transcript":""}],"theme":"bubblegum","title":"Engineering"}]}"#)
    }
    try await store.receive(recorded(#"{"path":{"_0":{"popFrom":{"id":1}}}}"#, as: AppFeature.Action.self)) {
      $0.path = try recorded(#"{"elements":[{"detail":{"_0":{"_$observationRegistrar":{},"_destination":null,"standup":{"attendees":[{"id":"00000000-0000-0000-0000-000000000001","name":""}],"duration":300,"id":"00000000-0000-0000-0000-000000000000","meetings":[{"date":821692800,"id":"00000000-0000-0000-0000-000000000002","transcript":""}],"theme":"bubblegum","title":"Engineering"}}}}],"ids":[0]}"#)
    }
    try await store.send(recorded(#"{"path":{"_0":{"element":{"action":{"detail":{"_0":{"deleteButtonTapped":{}}}},"id":0}}}}"#, as: AppFeature.Action.self)) {
      $0.path = try recorded(#"{"elements":[{"detail":{"_0":{"_$observationRegistrar":{},"_destination":{"alert":{"_0":{"buttons":[{"action":{"confirmDeletion":{}},"label":"Yes","role":{"destructive":{}}},{"label":"Nevermind","role":{"cancel":{}}}],"message":"Are you sure you want to delete this standup?","title":"Delete?"}}},"standup":{"attendees":[{"id":"00000000-0000-0000-0000-000000000001","name":""}],"duration":300,"id":"00000000-0000-0000-0000-000000000000","meetings":[{"date":821692800,"id":"00000000-0000-0000-0000-000000000002","transcript":""}],"theme":"bubblegum","title":"Engineering"}}}}],"ids":[0]}"#)
    }
    try await store.send(recorded(#"{"path":{"_0":{"element":{"action":{"detail":{"_0":{"destination":{"_0":{"presented":{"_0":{"alert":{"_0":{"confirmDeletion":{}}}}}}}}}},"id":0}}}}"#, as: AppFeature.Action.self)) {
      $0.path = try recorded(#"{"elements":[{"detail":{"_0":{"_$observationRegistrar":{},"_destination":null,"standup":{"attendees":[{"id":"00000000-0000-0000-0000-000000000001","name":""}],"duration":300,"id":"00000000-0000-0000-0000-000000000000","meetings":[{"date":821692800,"id":"00000000-0000-0000-0000-000000000002","transcript":""}],"theme":"bubblegum","title":"Engineering"}}}}],"ids":[0]}"#)
    }
    try await store.receive(recorded(#"{"path":{"_0":{"element":{"action":{"detail":{"_0":{"delegate":{"_0":{"deleteStandup":{}}}}}},"id":0}}}}"#, as: AppFeature.Action.self)) {
      $0.path = try recorded(#"{"elements":[],"ids":[]}"#)
      $0.standupsList = try recorded(#"{"_$observationRegistrar":{},"_destination":null,"standups":[]}"#)
    }
    // The session ended here; effects still running then are not part of it.
    await store.skipInFlightEffects(strict: false)
  }
}

/// A value decoded from the JSON the recording holds.
private func recorded<T: Decodable>(_ json: String, as type: T.Type = T.self) throws -> T {
  try JSONDecoder().decode(T.self, from: Data(json.utf8))
}

/// Hands out recorded values in order; running out is a test failure.
private final class RecordedValues<Value: Sendable>: @unchecked Sendable {
  // `@unchecked Sendable`: the lock guards `values` and `index`.
  private let lock = NSLock()
  private let values: [Value]
  private var index = 0
  private let name: String
  init(_ values: [Value], name: String) {
    self.values = values
    self.name = name
  }
  func next() -> Value? {
    lock.lock()
    defer { lock.unlock() }
    guard index < values.count else {
      Issue.record("The feature read more values from \(name) than the session did (\(values.count))")
      return nil
    }
    defer { index += 1 }
    return values[index]
  }
}

private extension UUIDGenerator {
  static func recorded(_ uuids: [UUID]) -> Self {
    let values = RecordedValues(uuids, name: "uuid")
    return Self { values.next() ?? UUID() }
  }
}

private extension DateGenerator {
  static func recorded(_ dates: [Date]) -> Self {
    let values = RecordedValues(dates, name: "date")
    return Self { values.next() ?? Date() }
  }
}

private extension WithRandomNumberGenerator {
  static func recorded(_ numbers: [UInt64]) -> Self {
    struct Generator: RandomNumberGenerator, Sendable {
      let values: RecordedValues<UInt64>
      mutating func next() -> UInt64 { values.next() ?? 0 }
    }
    return Self(Generator(values: RecordedValues(numbers, name: "withRandomNumberGenerator")))
  }
}
