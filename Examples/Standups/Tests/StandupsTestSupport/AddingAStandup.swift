import ComposableWebTestSupport
import TerminalTestSupport

// The steps a person takes to add a standup, in each front end, for the end-to-end tests.

extension TmuxSession {
  /// On Standups' list in the terminal: presses `a`, types `title` (and `attendee` into the first
  /// attendee field), saves with Ctrl-S and waits for the new row.
  public func addStandup(_ title: String, attendee: String? = nil) throws {
    try send("a", literal: true)
    try waitFor("New standup")
    try send(title, literal: true)
    if let attendee {
      // Title, length, theme, then the first attendee.
      for _ in 0..<3 { try send("Tab") }
      try send(attendee, literal: true)
      try waitFor(attendee)
    }
    try send("C-s")
    try waitFor("● \(title)")
  }
}

extension Browser {
  /// On Standups' list in the browser: opens the new-standup sheet, types `title` and
  /// `attendees` (a field added for each after the first, which takes the focus), and presses Add
  /// unless `pressingAdd` is false (to look at the sheet first).
  public func addStandup(_ title: String, attendees: [String] = [], pressingAdd: Bool = true) async throws {
    try await click("button.primary")  // New standup
    _ = try await element("[role=dialog]")
    try await type(title, into: "[role=dialog] input[type=text]")
    for (index, attendee) in attendees.enumerated() {
      if index > 0 {
        try await click(".attendees > button")
        _ = try await waitFor("return String(document.querySelectorAll('.attendee').length)", toBe: "\(index + 1)")
        _ = try await waitFor("return document.activeElement.closest('.attendee') ? 'yes' : 'no'", toBe: "yes")
      }
      try await type(attendee, into: index == 0 ? ".attendee input" : ".attendee:nth-of-type(\(index + 1)) input")
    }
    if pressingAdd {
      try await click(".sheet-buttons button.primary")  // Add
    }
  }
}
