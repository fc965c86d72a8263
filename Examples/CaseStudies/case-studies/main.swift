import CaseStudiesCore
import CaseStudiesWeb
import ComposableTerminal
import ComposableWeb
import Foundation

// `swift run case-studies`: a menu of the case studies, each a small feature running in the
// terminal. Enter opens one, Esc goes back, q on the menu (or Ctrl-C anywhere) quits.
// `swift run case-studies --web [--port N] [--host H]` serves the same features to the browser.

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = """
  USAGE: case-studies [--web [--port <port>] [--host <host>]]

  Opens a menu of TCA case studies in the terminal: counters with fact prompts (TCA and plain
  @Observable side by side), recursive rows, an ifCaseLet login flow, dependencies three ways,
  a higher-order analytics reducer, and presentation (a sheet, an alert, a dialog).

  OPTIONS:
    --web          Serve the case studies to the browser instead (http://127.0.0.1:8080/).
    --port <port>  With --web: the port to listen on (0 picks a free one; default 8080).
    --host <host>  With --web: the address to listen on (default 127.0.0.1).
  """

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("case-studies: \(message)\n\n\(usage)\n".utf8))
  exit(2)
}

if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
  print(usage)
  exit(0)
}

var web = false
var port = 8080
var host = "127.0.0.1"
var remaining = arguments[...]
while let argument = remaining.popFirst() {
  switch argument {
  case "--web": web = true
  case "--port":
    guard let value = remaining.popFirst().flatMap(Int.init), (0...65535).contains(value) else {
      fail("--port needs a number from 0 to 65535.")
    }
    port = value
  case "--host":
    guard let value = remaining.popFirst() else { fail("--host needs an address.") }
    host = value
  default: fail("unknown argument \(argument.debugDescription).")
  }
}
if !web, port != 8080 || host != "127.0.0.1" { fail("--port and --host go with --web.") }

if web {
  do {
    try await caseStudiesWebApp(host: host, port: port).run()
  } catch {
    FileHandle.standardError.write(Data("case-studies: \(error)\n".utf8))
    exit(2)
  }
} else {
  TerminalApp.requireTerminal()
  let menu = Menu()
  await TerminalApp.run { buffer in
    menu.render(into: &buffer)
  } handleKey: { key in
    menu.handle(key)
  }
}
