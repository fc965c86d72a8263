import ComposableWebTestSupport
import Foundation
import Testing
import TerminalTestSupport

/// Standups' SwiftUI views, unchanged, run in a real terminal (`standups-swiftui --terminal` in a
/// tmux pane): every screen driven with the keys a person would press, the same steps as in the
/// browser; and beside the browser on one database, a change made in either shows in the other.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct StandupsTerminalSwiftUITests {
  @Test func everyScreenWithTheKeyboard() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let session = try TmuxSession(width: 80, height: 24, environment: ["COLORTERM": "truecolor"])
    let run = try RecordedRun(name: "standups-swiftui-terminal")
    try run.start(builtProduct("standups-swiftui").path, "--terminal --database \(folder.path("s.sqlite"))", in: session)
    try session.waitFor("No standups yet")
    #expect(try session.status().hasPrefix(" New standup — "))

    // The sheet: the title has the focus; a new attendee's field takes it.
    try session.send("Enter")
    try session.waitFor("STANDUP INFO")
    #expect(try session.status().hasPrefix(" Title — "))
    try session.send("Engineering", literal: true)
    try session.waitFor("Engineering")
    try session.focus("Name")
    try session.send("Blob", literal: true)
    try session.waitFor("Blob")
    try session.focus("New attendee")
    try session.send("Enter")
    try session.waitUntil("the new attendee's field focused") { TmuxSession.status(of: $0).hasPrefix(" Name — ") }
    try session.send("Blob Jr", literal: true)
    try session.waitFor("Blob Jr")
    try session.focus("Add")
    try session.send("Enter")
    let list = try session.waitFor("2 attendees")
    #expect(list.contains("Engineering"))
    #expect(!list.contains("STANDUP INFO"))

    // The detail, and the edit sheet: a new title, 10 minutes, the navy theme.
    try session.openEditSheet(of: "Engineering 2 attendees 5 min", appendingToTitle: " team")
    try session.waitFor("Engineering team")
    try session.focus("Length")
    for _ in 0..<5 { try session.send("Right") }
    try session.waitFor("10 min")
    try session.focus("Theme")
    try session.pressUntil("Right", shows: "‹ Navy ›")
    try session.focus("Done")
    try session.send("Enter")
    let detail = try session.waitUntil("the detail edited") { !$0.contains("┌") && $0.contains("Engineering team") && $0.contains("Navy") }
    #expect(detail.contains("10 min"))

    // A meeting: speech recognition is not available here, so the alert offers to go on without
    // it. The timer runs on the app's real clock.
    try session.focus("Start Meeting")
    try session.send("Enter")
    try session.waitFor("Speech recognition unavailable")
    try session.focus("Continue without recording")
    try session.send("Enter")
    try session.waitFor("is speaking")
    try session.waitFor("0:01")
    try session.waitFor("0:02")
    #expect(try session.screen().contains("Speaker 1 of 2"))
    try session.focus("Next speaker")
    try session.send("Enter")
    try session.waitFor("Last speaker")
    try session.focus("Notes")
    try session.send("Shipped the release", literal: true)
    try session.waitFor("Shipped the release")
    try session.focus("End meeting")
    try session.send("Enter")
    try session.waitFor("End meeting?")
    try session.focus("Save and end")
    try session.send("Enter")
    try session.waitFor("PAST MEETINGS")

    // The past meeting: its transcript is the notes typed during it.
    try session.pressUntilFocused { $0.contains("202") }
    try session.send("Enter")
    try session.waitFor("TRANSCRIPT")
    #expect(try session.screen().contains("Shipped the release"))
    try session.send("Escape")
    try session.waitFor("PAST MEETINGS")

    // Delete it, after the alert.
    try session.focus("Delete")
    try session.send("Enter")
    try session.waitFor("Are you sure")
    try session.focus("Yes")
    try session.send("Enter")
    try session.waitFor("No standups yet")

    // q leaves: status 0, the terminal as it was.
    try session.send("q")
    let ending = try run.ending(in: session)
    #expect(ending.exitStatus == 0)
    #expect(ending.isRestored)
    #expect(try standupRows(in: folder.path("s.sqlite")).isEmpty)
  }

  @Test func aChangeInTheTerminalShowsInTheBrowserAndBack() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let database = folder.path("standups.sqlite")
    let (web, url) = try launch(builtProduct("standups-swiftui"), ["--port", "0", "--database", database])
    defer { stop(web) }
    let session = try TmuxSession(width: 80, height: 24)
    let run = try RecordedRun(name: "standups-swiftui-both")
    try run.start(builtProduct("standups-swiftui").path, "--terminal --database \(database)", in: session)
    try session.waitFor("No standups yet")

    try await Browser.withSession { browser in
      try await browser.open(url)
      try await browser.waitUntilLive()
      // Added in the browser, it shows in the terminal…
      try await browser.press("New standup")
      _ = try await browser.element("[role=dialog] input")
      try await browser.type("Design", into: "[role=dialog] input[placeholder=Title]")
      try await browser.press("Add")
      _ = try await browser.waitFor("return document.querySelectorAll('.sui-row').length", toBe: "1")
      try session.waitFor("Design")

      // …and renamed in the terminal, it shows renamed in the browser.
      try session.openEditSheet(of: "Design 1 attendee 5 min", appendingToTitle: " review")
      try session.focus("Done")
      try session.send("Enter")
      try session.waitUntil("the sheet closed") { !$0.contains("┌") && $0.contains("Design review") }
      #expect(try await browser.waitFor("return document.querySelector('.sui-row').textContent.includes('Design review') ? 'yes' : 'no'", toBe: "yes") == "yes")
    }
    try session.send("q")
    #expect(try run.ending(in: session).exitStatus == 0)
  }
}

extension TmuxSession {
  /// From the list: opens the standup whose row is named `row`, then its edit sheet, whose title
  /// has the focus, and types `suffix` at the title's end.
  func openEditSheet(of row: String, appendingToTitle suffix: String) throws {
    try focus(row)
    try send("Enter")
    try waitFor("‹ Daily Standups")
    try focus("Edit")
    try send("Enter")
    try waitUntil("the title focused") {
      $0.contains("STANDUP INFO") && TmuxSession.status(of: $0).hasPrefix(" Title — ")
    }
    try send("End")
    try send(suffix, literal: true)
  }
}
