import ComposableArchitecture
import ComposableRecording
import Foundation
import Testing

/// `generateTest(from:for:options:)` on a recorded session of `RecordedNotes`: the file it writes
/// is `GeneratedNotesSessionTests.swift`, which this target compiles and runs with the rest.
@MainActor
struct TestGenerationTests {
  let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  let options = GeneratedTestOptions(
    feature: "RecordedNotes", suiteName: "GeneratedNotesSessionTests", testName: "notesSession",
    source: "Fixtures/notes-session.jsonl"
  )

  @Test func theGeneratedTestIsTheOneThisTargetRuns() throws {
    let recording = try Recording(contentsOf: fixtures.appendingPathComponent("Fixtures/notes-session.jsonl"))
    let generated = try generateTest(from: recording, for: RecordedNotes(), options: options)
    let checkedIn = try String(
      contentsOf: fixtures.appendingPathComponent("GeneratedNotesSessionTests.swift"), encoding: .utf8
    )
    if generated != checkedIn {
      try generated.write(toFile: NSTemporaryDirectory() + "GeneratedNotesSessionTests.swift", atomically: true, encoding: .utf8)
    }
    #expect(generated == checkedIn, "written to \(NSTemporaryDirectory())GeneratedNotesSessionTests.swift")
    // Sends for what the front end sent, receives for what effects sent, literals where they can.
    #expect(generated.components(separatedBy: "try await store.send(").count - 1 == 8)
    #expect(generated.components(separatedBy: "try await store.receive(").count - 1 == 2)
    #expect(generated.contains(#"$0.dice = "#))
    #expect(generated.contains(#"$0.uuid = .recorded([UUID(uuidString: "00000000-0000-0000-0000-000000000000")!"#))
  }

  @Test func aFeatureThatChangedCannotBeGeneratedFrom() throws {
    let recording = try Recording(contentsOf: fixtures.appendingPathComponent("Fixtures/notes-session.jsonl"))
    let changed = Reduce<RecordedNotes.State, RecordedNotes.Action> { state, action in
      let effect = RecordedNotes().reduce(into: &state, action: action)
      if case .addTapped = action { state.notes[id: state.notes.ids.last!]?.text += "!" }
      return effect
    }
    #expect {
      try generateTest(from: recording, for: changed, options: options)
    } throws: { error in
      let error = try #require(error as? RecordingError)
      return error.line == 2 && error.problem.contains(#"+       text: "Buy milk!""#)
    }
  }
}
