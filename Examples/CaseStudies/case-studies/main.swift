import CaseStudiesCore
import ComposableTerminal
import Foundation

// `swift run case-studies`: a menu of the case studies, each a small feature running in the
// terminal. Enter opens one, Esc goes back, q on the menu (or Ctrl-C anywhere) quits.

if CommandLine.arguments.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" }) {
  print(
    """
    USAGE: case-studies

    Opens a menu of TCA case studies in the terminal: counters with fact prompts (TCA and plain
    @Observable side by side), recursive rows, an ifCaseLet login flow, dependencies three ways,
    a higher-order analytics reducer, and presentation (a sheet, an alert, a dialog).
    """
  )
  exit(0)
}

TerminalApp.requireTerminal()
let menu = Menu()
await TerminalApp.run { buffer in
  menu.render(into: &buffer)
} handleKey: { key in
  menu.handle(key)
}
