import Foundation
import Testing
import TerminalTestSupport

/// TCA's SyncUps, its views and features unchanged, run in a real terminal (`SyncUps --terminal`
/// in a tmux pane) and used with the keys a person would press, its sync-ups kept in a real file
/// (`sync-ups.json` in the documents folder, here `$XDG_DATA_HOME`).
@Suite(.serialized, .timeLimit(.minutes(5)))
struct SyncUpsInTerminalTests {
  @Test func addMeetEditReopenAndDelete() async throws {
    let documents = FileManager.default.temporaryDirectory.appendingPathComponent("tca-sync-ups-\(UUID())")
    try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: documents) }
    let file = documents.appendingPathComponent("sync-ups.json")
    let session = try TmuxSession(width: 80, height: 24, environment: ["XDG_DATA_HOME": documents.path])
    let run = try RecordedRun(name: "tca-sync-ups-terminal")
    try run.start(builtProduct("SyncUps").path, "--terminal", in: session)
    try session.waitFor("Daily Sync-ups")
    #expect(try session.status().hasPrefix(" plus — "))

    // The add sheet: the title has the focus; a new attendee's field takes it.
    try session.send("Enter")
    try session.waitFor("New sync-up")
    #expect(try session.status().hasPrefix(" Title — "))
    try session.send("Engineering", literal: true)
    try session.focus("Name")
    try session.send("Blob", literal: true)
    try session.focus("New attendee")
    try session.send("Enter")
    try session.waitUntil("the new attendee's field focused") { TmuxSession.focusedName(on: $0) == "Name" }
    try session.send("Blob Jr", literal: true)
    try session.waitFor("Blob Jr")
    try session.focus("Length")
    for _ in 0..<5 { try session.send("Right") }
    try session.waitFor("10 min")
    try session.focus("Add")
    try session.send("Enter")
    let list = try session.waitUntil("the sheet closed") { !$0.contains("┌") && $0.contains("Engineering") }
    #expect(list.contains("10 min"))
    try waitUntil("the sync-up written to \(file.path)") { Self.contents(of: file).contains("Blob Jr") }

    // A meeting: speech recognition is denied here (SyncUps' Linux speech client), so the alert
    // offers to go on without it. The timer runs on the app's real clock.
    try session.pressUntilFocused { $0.hasPrefix("Engineering") }
    try session.send("Enter")
    try session.waitFor("‹ Daily Sync-ups")
    try session.focus("Start Meeting")
    try session.send("Enter")
    try session.waitFor("Speech recognition denied")
    try session.focus("Continue without recording")
    try session.send("Enter")
    try session.waitFor("Blob")
    try session.waitFor("is speaking")
    try session.waitFor("2 secs")
    #expect(try session.screen().contains("Speaker 1 of 2"))
    try session.focus("forward.fill")
    try session.send("Enter")
    try session.waitFor("No more speakers.")
    try session.focus("End meeting")
    try session.send("Enter")
    try session.waitFor("End meeting?")
    try session.focus("Save and end")
    try session.send("Enter")
    try session.waitFor("PAST MEETINGS")

    // The past meeting (its row is its date), and back.
    try session.pressUntilFocused { $0.first?.isNumber == true }
    try session.send("Enter")
    let meeting = try session.waitFor("TRANSCRIPT")
    #expect(meeting.contains("ATTENDEES"))
    #expect(meeting.contains("Blob Jr"))
    try session.send("Escape")
    try session.waitFor("PAST MEETINGS")

    // Edit: the title has the focus.
    try session.focus("Edit")
    try session.send("Enter")
    try session.waitUntil("the title focused") { $0.contains("SYNC-UP INFO") && TmuxSession.focusedName(on: $0) == "Title" }
    try session.send("End")
    try session.send(" team", literal: true)
    try session.focus("Done")
    try session.send("Enter")
    try session.waitUntil("the detail edited") { !$0.contains("┌") && $0.contains("Engineering team") }
    try waitUntil("the new title written") { Self.contents(of: file).contains("Engineering team") }

    // Quit, and start again: the sync-up and its meeting are read back from the file.
    try session.send("q")
    #expect(try run.ending(in: session).exitStatus == 0)
    let again = try RecordedRun(name: "tca-sync-ups-terminal-again")
    try again.start(builtProduct("SyncUps").path, "--terminal", in: session)
    try session.waitFor("Engineering team")
    try session.pressUntilFocused { $0.hasPrefix("Engineering team") }
    try session.send("Enter")
    try session.waitFor("PAST MEETINGS")

    // Delete, after the alert.
    try session.focus("Delete")
    try session.send("Enter")
    try session.waitFor("Are you sure")
    try session.focus("Yes")
    try session.send("Enter")
    let empty = try session.waitUntil("the list empty") { $0.contains("Daily Sync-ups") && !$0.contains("Engineering") }
    #expect(!empty.contains("‹"))
    try waitUntil("the deletion written") { !Self.contents(of: file).contains("Engineering") }

    try session.send("q")
    let ending = try again.ending(in: session)
    #expect(ending.exitStatus == 0)
    #expect(ending.isRestored)
  }

  static func contents(of file: URL) -> String {
    (try? String(contentsOf: file, encoding: .utf8)) ?? ""
  }
}

/// Waits (up to 10 seconds) until `condition` holds, checking every 50 ms.
func waitUntil(_ description: String, _ condition: () -> Bool) throws {
  let deadline = Date().addingTimeInterval(10)
  while !condition() {
    guard Date() < deadline else { throw TimedOut(description: "timed out waiting for \(description)") }
    usleep(50_000)
  }
}

struct TimedOut: Error, CustomStringConvertible {
  let description: String
}
