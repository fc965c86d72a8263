import ComposableArchitecture
import ComposableTerminal
import Foundation

// A counter in the terminal: ↑/+ increments, ↓/- decrements, q quits. Given a file path, it
// writes the count there before it exits (on q, Ctrl-C, SIGTERM or SIGHUP).

@Reducer
struct Counter {
  @ObservableState
  struct State: Equatable { var count = 0 }
  enum Action { case incrementTapped, decrementTapped }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementTapped: state.count += 1
      case .decrementTapped: state.count -= 1
      }
      return .none
    }
  }
}

TerminalApp.requireTerminal()
let store = Store(initialState: Counter.State()) { Counter() }

await TerminalApp.run(beforeExit: {
  if let path = CommandLine.arguments.dropFirst().first {
    try? "\(store.count)\n".write(toFile: path, atomically: true, encoding: .utf8)
  }
}) { buffer in
  let (header, body) = buffer.area.splitTop(1)
  let (content, footer) = body.splitBottom(1)
  buffer.render(Header(title: "Counter"), in: header)
  buffer.render(Label("Count: \(store.count)", alignment: .center), in: content.row(content.height / 2))
  buffer.render(Footer([KeyHint("↑", "increment"), KeyHint("↓", "decrement"), KeyHint("q", "quit")]), in: footer)
} handleKey: { key in
  switch key {
  case .up, .character("+"): store.send(.incrementTapped)
  case .down, .character("-"): store.send(.decrementTapped)
  case .character("q"): return .quit
  default: return .ignored
  }
  return .handled
}
