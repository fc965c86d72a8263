import Foundation
import TerminalTestSupport
import Testing

/// The built `case-studies` program in a real terminal (tmux): the menu opens each study, the
/// studies answer their keys (with the live clock and the live fact client), and q quits cleanly.
// A time limit: a test that hangs (a server or a browser that stops answering) fails with its
// name instead of holding the whole run until CI gives up. Generous: browser tests queue.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct EndToEndTests {
  let program = builtProduct("case-studies").path

  @Test func menuCountersLoginAndPresentation() throws {
    let session = try TmuxSession(width: 90, height: 26)
    try session.type("clear; \(program); echo \"exit=$?\"")
    try session.waitFor("Counters (plain @Observable)")

    // Counters: add two, count the second up to 3, fetch its fact (worked out locally).
    try session.send("Enter")
    try session.waitFor("No counters")
    try session.send("a", "a", "+", "+", "+", literal: true)
    try session.waitFor("Total: 3")
    try session.send("f", literal: true)
    try session.waitFor("3 is a prime number.")
    try session.send("Enter")
    try session.waitUntil("the prompt dismissed") { !$0.contains("prime") }
    try session.send("Escape")

    // Log in: the logged-in timer ticks with the real clock.
    try session.send("Down", "Down", "Down", "Enter")
    try session.waitFor("User name")
    try session.send("blob", literal: true)
    try session.send("Enter")
    try session.waitFor("Logged in for 1 s.")
    try session.send("o", literal: true)
    try session.waitFor("User name")
    try session.send("Escape")

    // Presentation: delete an item through its alert.
    try session.send("Down", "Down", "Down", "Enter")
    try session.waitFor("Keyboard")
    try session.send("d", literal: true)
    try session.waitFor("Delete Keyboard?")
    try session.send("Enter")
    try session.waitUntil("Keyboard deleted") { !$0.contains("Keyboard") && $0.contains("Mouse") }
    try session.send("Escape")

    try session.waitFor("Recursive rows")
    try session.send("q", literal: true)
    #expect(try session.waitFor("exit=").contains("exit=0"))
  }
}
