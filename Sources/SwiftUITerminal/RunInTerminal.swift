import ComposableTerminal
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import SwiftUICore

/// Whether a program's arguments and environment ask for the terminal: `--terminal`, or
/// `SWIFTUI_RENDERER=terminal`.
public func terminalIsRequested(arguments: [String], environment: [String: String]) -> Bool {
  arguments.dropFirst().contains("--terminal") || environment["SWIFTUI_RENDERER"] == "terminal"
}

/// Runs `app`'s first window full-screen in the terminal (see ``TerminalWindow`` for the keys)
/// until `q` or Ctrl-C, then closes the window (its `onDisappear` handlers run, its tasks are
/// cancelled), puts the terminal back and exits with status 0. The main thread runs the main run
/// loop meanwhile, as on Apple's platforms, so that a `Timer` scheduled on it fires. Without a
/// terminal (standard input or output not a TTY) it says so and exits with status 2.
///
/// What the app prints meanwhile (`_printChanges()`, `print`) and writes to standard error (the
/// issues it reports) would land in the middle of the screen: it goes to a log file instead,
/// named on standard error once the terminal is back.
@MainActor
public func runInTerminal<A: App>(_ app: A.Type) -> Never {
  TerminalApp.requireTerminal()
  let log = OutputLog(name: "\(A.self)")
  let instance = AppInstance(A.self)
  let root = instance.windows.first?.makeRoot() ?? AnyView(EmptyView())
  let window = TerminalWindow(root: root, app: instance)
  Task { @MainActor in
    await TerminalApp.run(
      beforeExit: { window.close() },
      tracks: { window.observeChanges() },
      reportingMouse: true,
      output: log.terminal,
      render: { window.draw(into: &$0) },
      handleKey: { window.handle($0) }
    )
    log.end()
    exit(0)
  }
  while true { RunLoop.main.run() }
}

/// Standard output and standard error sent to a file while the terminal shows the app (the
/// terminal kept on a descriptor of its own), and put back after.
struct OutputLog {
  let path: String
  /// The terminal: standard output as it was.
  let terminal: Int32
  private let savedError: Int32

  /// Sends standard output and error to `$TMPDIR/NAME-PID.log`; when it cannot be opened,
  /// nothing changes.
  init(name: String) {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(getpid()).log").path
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard file >= 0 else {
      terminal = STDOUT_FILENO
      savedError = -1
      return
    }
    // (`fflush(nil)`: every C stream, `print`'s buffer among them, written before the switch.)
    fflush(nil)
    terminal = dup(STDOUT_FILENO)
    savedError = dup(STDERR_FILENO)
    dup2(file, STDOUT_FILENO)
    dup2(file, STDERR_FILENO)
    close(file)
  }

  /// Puts standard output and error back, and names the log if anything was written to it
  /// (else removes it).
  func end() {
    guard savedError >= 0 else { return }
    fflush(nil)
    dup2(terminal, STDOUT_FILENO)
    dup2(savedError, STDERR_FILENO)
    close(terminal)
    close(savedError)
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    if size > 0 {
      FileHandle.standardError.write(Data("What the app printed while it ran is in \(path)\n".utf8))
    } else {
      try? FileManager.default.removeItem(atPath: path)
    }
  }
}
