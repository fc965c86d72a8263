import Foundation
import TerminalTestSupport
import Testing

/// The terminal-counter example run in a real pseudo-terminal (tmux): raw mode while it runs,
/// frames on the alternate screen, and the terminal exactly as it was after every way out.
@Suite(.serialized)
struct PseudoTerminalTests {
  let counter = builtProduct("terminal-counter").path
  let run: RecordedRun
  var folder: URL { run.folder }

  init() throws {
    run = try RecordedRun(name: "cta-pty")
  }

  /// Starts the counter, saving its count to `count` in the run's folder.
  func start() throws -> TmuxSession {
    let session = try TmuxSession(width: 60, height: 12)
    try run.start(counter, "\(folder.path)/count", in: session)
    try session.waitFor("Count: 0")
    return session
  }

  func file(_ name: String) throws -> String {
    try run.file(name)
  }

  /// Checks the terminal is back to how it was (the shell's screen, the cursor shown, the same stty
  /// settings) and the exit status.
  func expectRestored(_ session: TmuxSession, exitStatus: Int) throws {
    let ending = try run.ending(in: session)
    #expect(ending.exitStatus == exitStatus)
    #expect(!ending.screen.contains("Count:"))  // the program's frames were on the alternate screen
    #expect(ending.isRestored)
  }

  @Test func rawModeRenderingAndQuit() throws {
    let session = try start()
    #expect(try session.display("#{alternate_on}") == "1")
    #expect(try session.display("#{cursor_flag}") == "0")
    let settings = try TmuxSession.run(["stty", "-a", "-F", session.display("#{pane_tty}")]).output
    for flag in ["-icanon", "-echo", "-isig", "-ixon"] {
      #expect(settings.contains(flag), "\(flag) in \(settings)")
    }
    try session.send("Up")
    try session.send("Up")
    try session.send("+", literal: true)
    let screen = try session.waitFor("Count: 3")
    #expect(screen.contains("↑ increment · ↓ decrement · q quit"))
    try session.send("Down")
    try session.waitFor("Count: 2")
    try session.send("q", literal: true)
    try expectRestored(session, exitStatus: 0)
    #expect(try file("count") == "2")
  }

  @Test func ctrlCQuitsAndSaves() throws {
    let session = try start()
    try session.send("Up")
    try session.waitFor("Count: 1")
    try session.send("C-c")
    try expectRestored(session, exitStatus: 0)
    #expect(try file("count") == "1")
  }

  @Test(arguments: [("TERM", 15), ("HUP", 1), ("INT", 2)])
  func terminatingSignalsSaveRestoreAndDieOfTheSignal(signal: String, number: Int) throws {
    let session = try start()
    try session.send("Up")
    try session.waitFor("Count: 1")
    try run.kill(signal)
    try expectRestored(session, exitStatus: 128 + number)
    #expect(try file("count") == "1")
  }

  @Test(arguments: [("SEGV", 11), ("ABRT", 6), ("BUS", 7), ("ILL", 4), ("FPE", 8)])
  func crashSignalsRestoreAndReRaise(signal: String, number: Int) throws {
    let session = try start()
    try run.kill(signal)
    try expectRestored(session, exitStatus: 128 + number)
  }

  @Test func refusesToRunWithoutATerminal() throws {
    // Spawned and reaped directly, not with `Process`, whose exit monitoring can miss a short
    // child's exit on Linux. Its only output is the one-line error (stdout and stderr together).
    let result = try TmuxSession.run([counter, folder.appendingPathComponent("count").path])
    #expect(result.status == 2)
    #expect(result.output.contains("terminal-counter needs a terminal"))
    #expect(result.output.contains("--help"))
    #expect(result.output.split(separator: "\n").count == 1)
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("count").path))
  }
}
