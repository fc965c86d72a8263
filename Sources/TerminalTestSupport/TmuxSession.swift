import Foundation

/// A program running in a real pseudo-terminal, driven the way a person would drive it: a private
/// tmux server (its own socket, so it never touches the user's tmux) with one pane of a fixed size,
/// keys sent with `send-keys`, the screen read with `capture-pane`.
///
/// Waiting is for the program, never a fixed sleep: `waitFor` polls the screen until the text
/// appears or the deadline passes.
public final class TmuxSession {
  public let socket: String
  public let width: Int
  public let height: Int

  /// Whether tmux can be run here.
  public static var isAvailable: Bool {
    (try? run(["tmux", "-V"]).status) == 0
  }

  /// Starts `bash` (no profile) in a pane of `width`×`height` with `environment` set. Throws
  /// ``TmuxError/missing`` when tmux is not installed: the tests that need it fail (never skip),
  /// naming `./test`, which installs it.
  public init(width: Int = 80, height: Int = 24, environment: [String: String] = [:]) throws {
    guard Self.isAvailable else { throw TmuxError.missing }
    self.socket = "cta-test-\(getpid())-\(UUID().uuidString.prefix(8))"
    self.width = width
    self.height = height
    var command = ["tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)"]
    for (name, value) in environment.sorted(by: { $0.key < $1.key }) {
      command += ["-e", "\(name)=\(value)"]
    }
    command += ["env", "TERM=xterm-256color", "PS1=$ ", "bash", "--norc", "--noprofile"]
    let result = try Self.run(command)
    guard result.status == 0 else { throw TmuxError.failed(command, result.output) }
    _ = try tmux(["set-option", "-g", "status", "off"])
  }

  deinit {
    _ = try? tmux(["kill-server"])
  }

  /// Types a shell command line and presses Enter.
  public func type(_ line: String) throws {
    _ = try tmux(["send-keys", "-t", "0", "-l", line])
    _ = try tmux(["send-keys", "-t", "0", "Enter"])
  }

  /// Sends keys by tmux's names (`Up`, `Enter`, `Escape`, `C-c`, `BTab`) or literal text with
  /// `literal: true`.
  public func send(_ keys: String..., literal: Bool = false) throws {
    _ = try tmux(["send-keys", "-t", "0"] + (literal ? ["-l"] : []) + keys)
  }

  /// The visible screen, one line per row, trailing spaces removed.
  public func screen() throws -> String {
    try tmux(["capture-pane", "-p", "-t", "0"])
  }

  /// The visible screen with its attributes and colours as escape sequences (what changes when
  /// only a highlight moves).
  public func styledScreen() throws -> String {
    try tmux(["capture-pane", "-p", "-e", "-t", "0"])
  }

  /// A tmux format for the pane (`#{alternate_on}`, `#{cursor_flag}`, `#{pane_tty}`).
  public func display(_ format: String) throws -> String {
    try tmux(["display-message", "-p", "-t", "0", format]).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Waits until the screen contains `text`; returns the screen. Throws with the last screen when
  /// it does not appear within `timeout` seconds.
  @discardableResult
  public func waitFor(_ text: String, timeout: Double = 20) throws -> String {
    try waitUntil(timeout: timeout, "\"\(text)\" on screen") { $0.contains(text) }
  }

  /// Waits until `condition` holds for the screen; returns the screen.
  @discardableResult
  public func waitUntil(
    timeout: Double = 20, _ description: String, _ condition: (String) -> Bool
  ) throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    var last = ""
    while Date() < deadline {
      last = try screen()
      if condition(last) { return last }
      usleep(20_000)
    }
    throw TmuxError.timedOut(description, screen: last)
  }

  @discardableResult
  func tmux(_ arguments: [String]) throws -> String {
    let result = try Self.run(["tmux", "-L", socket] + arguments)
    guard result.status == 0 else { throw TmuxError.failed(arguments, result.output) }
    return result.output
  }

  /// Runs a command (found on PATH) and returns its exit status and output. Output goes through
  /// a file, not a pipe: the tmux server that `new-session` starts keeps the descriptors it was
  /// given, so a pipe would never reach its end. Spawned and reaped directly (`posix_spawn`,
  /// `waitpid`), not with `Process`, whose exit monitoring missed tmux clients' exits here.
  public static func run(_ command: [String]) throws -> (status: Int32, output: String) {
    let outputPath = FileManager.default.temporaryDirectory
      .appendingPathComponent("cta-run-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: outputPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let arguments = ["/usr/bin/env"] + command
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    // A program started from a Dispatch worker thread (where async tests run) would inherit its
    // signal mask, which blocks SIGTERM, SIGINT and SIGHUP: the tmux server that `new-session`
    // starts would then never end (`kill-server` is a SIGTERM to itself), and the programs under
    // test would run with signals blocked, as no user runs them. Start from a clean mask, with
    // every signal at its default.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var everySignal = sigset_t()
    sigfillset(&everySignal)
    sigdelset(&everySignal, SIGKILL)
    sigdelset(&everySignal, SIGSTOP)
    posix_spawnattr_setsigdefault(&attributes, &everySignal)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, &argv, environ)
    guard spawned == 0 else { throw TmuxError.failed(command, "posix_spawn failed: \(spawned)") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    // Exit status, or 128 + the signal that ended it, as a shell reports it.
    let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return (exitStatus, output)
  }
}

public enum TmuxError: Error, CustomStringConvertible {
  case failed([String], String)
  case timedOut(String, screen: String)
  /// tmux is not installed.
  case missing

  public var description: String {
    switch self {
    case .missing:
      return "tmux is missing: run the tests with ./test, which installs it (or apt-get install tmux)"
    case let .failed(command, output):
      return "tmux \(command.joined(separator: " ")) failed: \(output)"
    case let .timedOut(what, screen):
      return "timed out waiting for \(what); the screen was:\n\(screen)"
    }
  }
}

/// Where the package's built executables are: beside the test bundle that is running.
public func builtProduct(_ name: String, file: StaticString = #filePath) -> URL {
  let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  let beside = bundle.appendingPathComponent(name)
  if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
  // Fall back to the package's default build folder.
  var root = URL(fileURLWithPath: "\(file)")
  while root.path != "/" && !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
    root.deleteLastPathComponent()
  }
  return root.appendingPathComponent(".build/debug/\(name)")
}
