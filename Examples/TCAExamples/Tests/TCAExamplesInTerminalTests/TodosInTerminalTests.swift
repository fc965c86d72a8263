import Foundation
import Testing
import TerminalTestSupport

/// TCA's Todos, its views unchanged, run in a real terminal (`Todos --terminal` in a tmux pane)
/// and used with the keys a person would press.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct TodosInTerminalTests {
  @Test func addEditCompleteFilterClearAndDelete() async throws {
    let session = try TmuxSession(width: 80, height: 24)
    let run = try RecordedRun(name: "tca-todos-terminal")
    try run.start(builtProduct("Todos").path, "--terminal", in: session)
    let first = try session.waitFor("Add Todo")
    #expect(first.contains("Todos"))
    #expect(first.contains("‹ All ›"))

    // Two todos, each typed into its row's field: a new one goes on top.
    try session.focus("Add Todo")
    try session.send("Enter")
    try session.waitFor("□ Untitled Todo")
    try session.focus("Untitled Todo")
    try session.send("Buy milk", literal: true)
    try session.waitFor("□ Buy milk")
    try session.focus("Add Todo")
    try session.send("Enter")
    try session.waitFor("□ Untitled Todo")
    try session.focus("Untitled Todo")
    try session.send("Walk the dog", literal: true)
    let two = try session.waitFor("□ Walk the dog")
    #expect(Self.rows(two) == ["□ Walk the dog", "□ Buy milk"])

    // Completed, the top todo is checked at once and sorted below the open one a second later
    // (the app's own delay, on its real clock).
    try session.send("BTab")
    try session.waitUntil("its check box focused") { TmuxSession.focusedName(on: $0) == "square" }
    try session.send("Enter")
    try session.waitFor("☑ Walk the dog")
    let sorted = try session.waitUntil("the completed todo sorted last") {
      Self.rows($0) == ["□ Buy milk", "☑ Walk the dog"]
    }
    #expect(!sorted.contains("Untitled Todo"))

    // The filter.
    try session.focus("Filter")
    try session.send("Right")
    try session.waitUntil("the open todos only") { $0.contains("‹ Active ›") && Self.rows($0) == ["□ Buy milk"] }
    try session.send("Right")
    try session.waitUntil("the completed todos only") {
      $0.contains("‹ Completed ›") && Self.rows($0) == ["☑ Walk the dog"]
    }
    try session.send("Left")
    try session.send("Left")
    try session.waitUntil("every todo") { $0.contains("‹ All ›") && Self.rows($0).count == 2 }

    // Clear Completed, then delete the last one in edit mode.
    try session.focus("Clear Completed")
    try session.send("Enter")
    try session.waitUntil("the completed todo cleared") { Self.rows($0) == ["□ Buy milk"] }
    try session.focus("Edit")
    try session.send("Enter")
    try session.waitFor("⊖")
    try session.focus("Delete")
    try session.send("Enter")
    let empty = try session.waitUntil("the todo deleted") { Self.rows($0).isEmpty }
    #expect(empty.contains("Done"))

    try session.send("q")
    let ending = try run.ending(in: session)
    #expect(ending.exitStatus == 0)
    #expect(ending.isRestored)
  }

  /// The todos' rows on a screen, top to bottom: a check box and the todo's text.
  static func rows(_ screen: String) -> [String] {
    screen.components(separatedBy: "\n").compactMap { line in
      let text = line.trimmingCharacters(in: .whitespaces)
      guard text.hasPrefix("□ ") || text.hasPrefix("☑ ") else { return nil }
      // Edit mode's delete button sits at the row's end.
      return text.replacingOccurrences(of: "⊖", with: "").trimmingCharacters(in: .whitespaces)
    }
  }
}
