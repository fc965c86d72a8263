import ComposableArchitecture
import ComposableRecording
import Foundation
import StandupsCore
import Testing

/// A Standups session recorded with `.recording(to:)`: add a standup, record a meeting with the
/// timer, delete the standup. It replays to the same state, and the test generated from it is
/// `GeneratedStandupsSessionTests.swift`, which this target compiles and runs.
@MainActor
struct SessionRecordingTests {
  let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  let options = GeneratedTestOptions(
    feature: "AppFeature", imports: ["import StandupsCore"],
    dependencies: ["$0.speechClient.authorizationStatus = { .denied }"],
    suiteName: "GeneratedStandupsSessionTests", testName: "addRecordAndDelete",
    source: "Fixtures/standups-session.jsonl"
  )

  /// Runs the session in a store that records it to `url`; returns the final state.
  func recordSession(to url: URL) async throws -> AppFeature.State {
    let clock = TestClock()
    let store = Store(initialState: AppFeature.State()) {
      AppFeature().recording(to: url)
    } withDependencies: {
      $0.continuousClock = clock
      $0.date.now = Date(timeIntervalSince1970: 1_800_000_000)
      $0.speechClient.authorizationStatus = { .denied }
      $0.uuid = .incrementing
    }
    store.send(.standupsList(.addButtonTapped))
    store.send(.standupsList(.destination(.presented(.add(.binding(.set(\.standup.title, "Engineering")))))))
    store.send(.standupsList(.confirmAddButtonTapped))
    let id = try #require(store.standupsList.standups.first?.id)
    store.send(.standupsList(.standupTapped(id)))
    let detail = try #require(store.path.ids.last)
    store.send(.path(.element(id: detail, action: .detail(.startMeetingButtonTapped))))
    store.send(.path(.element(id: detail, action: .detail(.destination(.presented(.alert(.continueWithoutRecording)))))))
    let record = try #require(store.path.ids.last)
    let task = store.send(.path(.element(id: record, action: .record(.onTask))))
    // Three ticks, however long the timer's task takes to start on a busy machine.
    for _ in 0..<100 {
      guard case let .record(meeting) = store.path[id: record], meeting.secondsElapsed < 3 else { break }
      await Task.megaYield()
      await clock.advance(by: .seconds(1))
    }
    store.send(.path(.element(id: record, action: .record(.endMeetingButtonTapped))))
    store.send(.path(.element(id: record, action: .record(.alert(.presented(.confirmSave))))))
    await task.finish()
    store.send(.path(.element(id: detail, action: .detail(.deleteButtonTapped))))
    store.send(.path(.element(id: detail, action: .detail(.destination(.presented(.alert(.confirmDeletion)))))))
    return store.state
  }

  @Test func aRecordedSessionReplaysToTheSameState() async throws {
    let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("standups-\(UUID()).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let final = try await recordSession(to: url)
    #expect(final.standupsList.standups.isEmpty)
    let recording = try Recording(contentsOf: url)
    #expect(recording.steps.filter { $0.source == .receive }.count >= 5)  // ticks and delegates
    // Dependencies the recording does not hold (the speech client) come from where it replays.
    let states = try withDependencies {
      $0.speechClient.authorizationStatus = { .denied }
    } operation: {
      try replay(recording, through: AppFeature())
    }
    #expect(states.last == final)
    // Half way: the meeting was saved before the standup was deleted.
    let saved = try #require(states.first { $0.path.count == 1 && $0.standupsList.standups.first?.meetings.count == 1 })
    #expect(saved.standupsList.standups.first?.title == "Engineering")
  }

  @Test func theGeneratedTestIsTheOneThisTargetRuns() throws {
    let recording = try Recording(contentsOf: folder.appendingPathComponent("Fixtures/standups-session.jsonl"))
    let generated = try withDependencies {
      $0.speechClient.authorizationStatus = { .denied }
    } operation: {
      try generateTest(from: recording, for: AppFeature(), options: options)
    }
    let checkedIn = try String(contentsOf: folder.appendingPathComponent("GeneratedStandupsSessionTests.swift"), encoding: .utf8)
    if generated != checkedIn {
      try generated.write(toFile: NSTemporaryDirectory() + "GeneratedStandupsSessionTests.swift", atomically: true, encoding: .utf8)
    }
    #expect(generated == checkedIn, "written to \(NSTemporaryDirectory())GeneratedStandupsSessionTests.swift")
    // The timer's ticks are received a second apart on the test clock.
    #expect(generated.components(separatedBy: "await clock.advance(by: .milliseconds(1000))").count - 1 == 3)
    #expect(generated.contains("$0.path = try recorded("))
  }
}
