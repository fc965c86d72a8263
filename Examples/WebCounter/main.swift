import ComposableArchitecture
import ComposableWeb
import Foundation

/// The smallest live page: a counter with a number fact, served to the browser.
@Reducer
struct Counter {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var fact: String?
  }
  enum Action {
    case decrementButtonTapped
    case factButtonTapped
    case factResponse(String)
    case incrementButtonTapped
  }
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .decrementButtonTapped:
        state.count -= 1
        state.fact = nil
        return .none
      case .factButtonTapped:
        state.fact = "Thinking about \(state.count)…"
        return .run { [count = state.count] send in
          try await clock.sleep(for: .milliseconds(300))
          await send(.factResponse("\(count) is \(count.isMultiple(of: 2) ? "even" : "odd")."))
        }
      case let .factResponse(fact):
        state.fact = fact
        return .none
      case .incrementButtonTapped:
        state.count += 1
        state.fact = nil
        return .none
      }
    }
  }
}

@MainActor
func counterView(_ store: StoreOf<Counter>) -> Node {
  main(.class("counter")) {
    h1("Counter")
    p(.class("count"), .attribute("aria-live", "polite")) { "\(store.count)" }
    div(.class("buttons")) {
      button("−", .ariaLabel("Decrement")) { store.send(.decrementButtonTapped) }
      button("+", .ariaLabel("Increment")) { store.send(.incrementButtonTapped) }
      button("Number fact") { store.send(.factButtonTapped) }
    }
    if let fact = store.fact {
      p(.class("fact")) { fact }
    }
  }
}

let arguments = CommandLine.arguments
let port = arguments.firstIndex(of: "--port").flatMap { Int(arguments[$0 + 1]) } ?? 8080
let host = arguments.firstIndex(of: "--host").map { arguments[$0 + 1] } ?? "127.0.0.1"
let app = WebApp(
  title: "Counter", host: host, port: port,
  stylesheet: """
    .counter { text-align: center; }
    .count { font-size: 4rem; font-weight: 700; margin: 1rem 0; }
    .buttons { display: flex; gap: .75rem; justify-content: center; flex-wrap: wrap; }
    """
) {
  let store = Store(initialState: Counter.State()) { Counter() }
  return { counterView(store) }
}
do {
  try await app.run()
} catch {
  FileHandle.standardError.write(Data("web-counter: \(error)\n".utf8))
  exit(2)
}
