import ComposableArchitecture
import Foundation
import StandupsCore
import Testing

@MainActor
@Suite struct RecordMeetingTests {
  /// Two attendees, two minutes: a minute each.
  let standup = Standup(
    id: Standup.ID(UUID(0)),
    attendees: [Attendee(id: Attendee.ID(UUID(1)), name: "Blob"), Attendee(id: Attendee.ID(UUID(2)), name: "Blob Jr")],
    duration: .seconds(120),
    title: "Engineering"
  )

  @Test func timerMovesBetweenSpeakersAndSavesWhenTimeRunsOut() async {
    let clock = TestClock()
    let dismissed = LockIsolated(false)
    let shared = Shared(value: standup)
    let store = TestStore(initialState: RecordMeeting.State(standup: shared)) {
      RecordMeeting()
    } withDependencies: {
      $0.continuousClock = clock
      $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
      $0.dismiss = DismissEffect { dismissed.setValue(true) }
      $0.speechClient.authorizationStatus = { .denied }
      $0.uuid = .incrementing
    }
    let task = await store.send(.onTask)
    for second in 1...59 {
      await clock.advance(by: .seconds(1))
      await store.receive(\.timerTick) { $0.secondsElapsed = second }
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.timerTick) {
      $0.secondsElapsed = 60
      $0.speakerIndex = 1
    }
    await clock.advance(by: .seconds(59))
    for second in 61...119 {
      await store.receive(\.timerTick) { $0.secondsElapsed = second }
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.timerTick) {
      $0.secondsElapsed = 120
      $0.$standup.withLock {
        $0.meetings.insert(
          Meeting(id: Meeting.ID(UUID(0)), date: Date(timeIntervalSince1970: 1_234_567_890), transcript: ""),
          at: 0
        )
      }
    }
    #expect(dismissed.value)
    await task.cancel()
  }

  @Test func endingEarlyAndSaving() async {
    let dismissed = LockIsolated(false)
    let store = TestStore(initialState: RecordMeeting.State(notes: "Ship it", standup: Shared(value: standup))) {
      RecordMeeting()
    } withDependencies: {
      $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
      $0.dismiss = DismissEffect { dismissed.setValue(true) }
      $0.uuid = .incrementing
    }
    await store.send(.endMeetingButtonTapped) {
      $0.alert = .endMeeting(isDiscardable: true)
    }
    await store.send(\.alert.confirmSave) {
      $0.alert = nil
      $0.$standup.withLock {
        $0.meetings.insert(
          Meeting(id: Meeting.ID(UUID(0)), date: Date(timeIntervalSince1970: 1_234_567_890), transcript: "Ship it"),
          at: 0
        )
      }
    }
    #expect(dismissed.value)
  }

  @Test func endingEarlyAndDiscarding() async {
    let dismissed = LockIsolated(false)
    let store = TestStore(initialState: RecordMeeting.State(standup: Shared(value: standup))) {
      RecordMeeting()
    } withDependencies: {
      $0.dismiss = DismissEffect { dismissed.setValue(true) }
    }
    await store.send(.endMeetingButtonTapped) {
      $0.alert = .endMeeting(isDiscardable: true)
    }
    await store.send(\.alert.confirmDiscard) {
      $0.alert = nil
    }
    #expect(dismissed.value)
    #expect(store.state.standup.meetings.isEmpty)
  }

  @Test func resumingTheMeeting() async {
    let store = TestStore(initialState: RecordMeeting.State(standup: Shared(value: standup))) {
      RecordMeeting()
    }
    await store.send(.endMeetingButtonTapped) {
      $0.alert = .endMeeting(isDiscardable: true)
    }
    await store.send(.alert(.dismiss)) {
      $0.alert = nil
    }
  }

  @Test func quittingMidMeetingKeepsWhatWasTyped() async {
    let store = TestStore(
      initialState: RecordMeeting.State(notes: "Ship it", secondsElapsed: 42, standup: Shared(value: standup))
    ) {
      RecordMeeting()
    } withDependencies: {
      $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
      $0.uuid = .incrementing
    }
    await store.send(.quitWhileRecording) {
      $0.$standup.withLock {
        $0.meetings.insert(
          Meeting(id: Meeting.ID(UUID(0)), date: Date(timeIntervalSince1970: 1_234_567_890), transcript: "Ship it"),
          at: 0
        )
      }
    }
  }

  @Test func quittingBeforeTheMeetingStartedSavesNothing() async {
    let store = TestStore(initialState: RecordMeeting.State(standup: Shared(value: standup))) {
      RecordMeeting()
    }
    await store.send(.quitWhileRecording)
  }

  @Test func nextSpeakerAndTheLastSpeakerAsksToEnd() async {
    let store = TestStore(initialState: RecordMeeting.State(standup: Shared(value: standup))) {
      RecordMeeting()
    }
    await store.send(.nextButtonTapped) {
      $0.speakerIndex = 1
      $0.secondsElapsed = 60
    }
    await store.send(.nextButtonTapped) {
      $0.alert = .endMeeting(isDiscardable: false)
    }
  }

  @Test func transcriptFromSpeechAndNotes() async {
    let clock = TestClock()
    let dismissed = LockIsolated(false)
    let (stream, continuation) = AsyncThrowingStream<String, any Error>.makeStream()
    let store = TestStore(initialState: RecordMeeting.State(standup: Shared(value: standup))) {
      RecordMeeting()
    } withDependencies: {
      $0.continuousClock = clock
      $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
      $0.dismiss = DismissEffect { dismissed.setValue(true) }
      $0.speechClient.authorizationStatus = { .authorized }
      $0.speechClient.startTask = { stream }
      $0.uuid = .incrementing
    }
    let task = await store.send(.onTask)
    continuation.yield("I completed the project")
    await store.receive(\.speechResult) { $0.transcript = "I completed the project" }
    await store.send(.binding(.set(\.notes, "Follow up with Blob"))) { $0.notes = "Follow up with Blob" }
    await store.send(.endMeetingButtonTapped) { $0.alert = .endMeeting(isDiscardable: true) }
    await store.send(\.alert.confirmSave) {
      $0.alert = nil
      $0.$standup.withLock {
        $0.meetings.insert(
          Meeting(
            id: Meeting.ID(UUID(0)), date: Date(timeIntervalSince1970: 1_234_567_890),
            transcript: "I completed the project\n\nFollow up with Blob"
          ),
          at: 0
        )
      }
    }
    #expect(dismissed.value)
    continuation.finish()
    await task.cancel()
  }
}
