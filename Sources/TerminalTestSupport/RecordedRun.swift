import Foundation

/// A program run in a tmux pane by a script that records what a test checks afterwards, in a
/// folder of its own: the terminal settings before and after (`stty -g`), the program's pid, and
/// its exit status, printed as `exit=N` and followed by `done`. The folder is removed when the
/// run is let go (at the end of the test that made it).
///
/// A script rather than an interactive command line: an interactive shell would stop the line when
/// its child dies of a signal, before it prints the exit status.
public final class RecordedRun: Sendable {
  /// Where the script and its records live; also a scratch folder for the test.
  public let folder: URL

  public init(name: String) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }

  /// Starts `program` with `arguments` (already quoted for the shell) in `session`.
  public func start(_ program: String, _ arguments: String = "", in session: TmuxSession) throws {
    let dir = folder.path
    let script = """
      stty -g > \(dir)/before
      sh -c 'echo $$ > \(dir)/pid; exec "$0" "$@"' \(program) \(arguments)
      echo "exit=$?"
      stty -g > \(dir)/after
      echo done
      """
    try script.write(to: folder.appendingPathComponent("run.sh"), atomically: true, encoding: .utf8)
    try session.type("clear; bash \(dir)/run.sh")
  }

  /// A file in the folder, without surrounding whitespace.
  public func file(_ name: String) throws -> String {
    try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Sends `signal` (`TERM`, `INT`, `SEGV` …) to the program.
  public func kill(_ signal: String) throws {
    _ = try TmuxSession.run(["kill", "-\(signal)", file("pid")])
  }

  /// Waits for the program to end, and reads how it left the terminal.
  public func ending(in session: TmuxSession) throws -> Ending {
    let screen = try session.waitFor("done")
    return Ending(
      screen: screen,
      exitStatus: screen.split(separator: "\n").lazy.compactMap { line in
        line.hasPrefix("exit=") ? Int(line.dropFirst(5)) : nil
      }.first,
      isOnAlternateScreen: try session.display("#{alternate_on}") == "1",
      isCursorShown: try session.display("#{cursor_flag}") == "1",
      settingsRestored: try file("before") == file("after")
    )
  }

  /// How a program left its terminal.
  public struct Ending {
    /// The shell's screen after the program.
    public let screen: String
    public let exitStatus: Int?
    public let isOnAlternateScreen: Bool
    public let isCursorShown: Bool
    /// Whether `stty -g` reads the same after the program as before it.
    public let settingsRestored: Bool

    /// The terminal is as it was: the shell's screen, the cursor shown, the same settings.
    public var isRestored: Bool { !isOnAlternateScreen && isCursorShown && settingsRestored }
  }
}
