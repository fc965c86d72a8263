import ComposableArchitecture
import ComposableTerminal

// A counter in the terminal: ↑/+ increments, ↓/- decrements, q quits.

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

let store = Store(initialState: Counter.State()) { Counter() }

await TerminalApp.run { buffer in
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
