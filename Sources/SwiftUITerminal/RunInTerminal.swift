import ComposableTerminal
import Foundation
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
@MainActor
public func runInTerminal<A: App>(_ app: A.Type) -> Never {
  TerminalApp.requireTerminal()
  let instance = AppInstance(A.self)
  let root = instance.windows.first?.makeRoot() ?? AnyView(EmptyView())
  let window = TerminalWindow(root: root, app: instance)
  Task { @MainActor in
    await TerminalApp.run(
      beforeExit: { window.close() },
      tracks: { window.observeChanges() },
      reportingMouse: true,
      render: { window.draw(into: &$0) },
      handleKey: { window.handle($0) }
    )
    exit(0)
  }
  while true { RunLoop.main.run() }
}
