import ComposableArchitecture
import ComposableWeb
import ComposableWebTestSupport
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Reducer
struct Tally {
  @ObservableState
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case incrementButtonTapped }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

@MainActor
func tallyView(_ store: StoreOf<Tally>) -> Node {
  main {
    h1("Count: \(store.count)")
    button("+", .ariaLabel("Increment")) { store.send(.incrementButtonTapped) }
  }
}

/// The tally as a one-page app on a free port, a store per tab: set its limits, then start it.
func tallyApp(title: String = "Tally") -> WebApp {
  WebApp(title: title, port: 0) {
    let store = Store(initialState: Tally.State()) { Tally() }
    return { tallyView(store) }
  }
}

/// A figure of a `/metrics` answer (Prometheus text), by its name and labels as written there.
func figure(_ name: String, in metrics: String) -> Double? {
  let line = metrics.split(separator: "\n").first { $0.hasPrefix(name + " ") }
  return line.flatMap { Double($0.split(separator: " ").last ?? "") }
}

/// A server on a free loopback port, for one test, which ends it with ``stop()``.
struct RunningApp {
  let url: String
  let task: Task<Void, any Error>

  /// The tally, at `/`.
  static func start() async throws -> RunningApp {
    try await start(tallyApp(title: "Tally <test>"))
  }

  static func start(_ app: WebApp) async throws -> RunningApp {
    let (started, continuation) = AsyncStream<String>.makeStream()
    let task = Task { try await app.run(onStart: { continuation.yield($0) }) }
    var iterator = started.makeAsyncIterator()
    guard let url = await iterator.next() else { throw CancellationError() }
    return RunningApp(url: url, task: task)
  }

  var port: String { String(url.split(separator: ":")[2].dropLast()) }

  /// Stops the server the way a test can: by cancelling the task that runs it, which shuts it
  /// down as SIGTERM does (sockets closed with 1001, stores let go); returns once `run` has.
  func stop() async throws {
    task.cancel()
    try await task.value
  }

  func page(_ path: String = "") async throws -> (html: String, response: HTTPURLResponse) {
    let (data, response) = try await URLSession.shared.data(from: URL(string: url + path)!)
    return (String(decoding: data, as: UTF8.self), response as! HTTPURLResponse)
  }
}

func firstMatch(_ pattern: String, in text: String) -> String? {
  guard let range = text.range(of: pattern, options: .regularExpression) else { return nil }
  // The last quoted value of the match.
  let parts = text[range].split(separator: "\"", omittingEmptySubsequences: false)
  return parts.count >= 3 ? String(parts[parts.count - 2]) : nil
}

@Reducer
struct Item {
  @ObservableState
  struct State: Equatable { var number: Int }
  enum Action: Equatable { case nextTapped }
  var body: some ReducerOf<Self> { EmptyReducer() }
}

@Reducer
struct Catalog {
  @ObservableState
  struct State: Equatable {
    var path = StackState<Item.State>()
  }
  enum Action: Equatable {
    case open(Int)
    case path(StackActionOf<Item>)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .open(number):
        state.path.append(Item.State(number: number))
        return .none
      case let .path(.element(id, .nextTapped)):
        state.path.append(Item.State(number: state.path[id: id]!.number + 1))
        return .none
      case .path:
        return .none
      }
    }
    .forEach(\.path, action: \.path) { Item() }
  }
}

/// `/`, `/items/3`, `/items/3/4`: every screen of the stack in the address. Only items 1 to 9
/// exist.
@MainActor
let routes = StackRoutes<Item.State>(
  path: { stack in "/" + (stack.isEmpty ? "" : "items/" + stack.map { String($0.number) }.joined(separator: "/")) },
  elements: { path in
    let parts = path.split(separator: "/").map(String.init)
    guard let first = parts.first else { return [] }
    guard first == "items", parts.count > 1 else { return nil }
    let numbers = parts.dropFirst().compactMap { Int($0) }
    guard numbers.count == parts.count - 1, numbers.allSatisfy((1...9).contains) else { return nil }
    return numbers.map { Item.State(number: $0) }
  }
)

@MainActor
func catalogPage(_ path: String) -> (WebPage, StoreOf<Catalog>)? {
  guard let stack = routes.elements(path) else { return nil }
  let store = Store(initialState: Catalog.State(path: StackState(stack))) { Catalog() }
  let page = WebPage.stack(store, state: \.path, action: \.path, routes: routes) {
    main {
      if let last = store.path.last {
        h1("Item \(last.number)")
        button("Next") { store.send(.path(.element(id: store.path.ids.last!, action: .nextTapped))) }
      } else {
        h1("Catalog")
        link("Item 1", href: "/items/1") { store.send(.open(1)) }
      }
    }
  }
  return (page, store)
}

/// A name field with a greeting that follows it, a button that changes the field from the
/// server, and a delete button with an alert.
@Reducer
struct Profile {
  @ObservableState
  struct State: Equatable {
    @Presents var alert: AlertState<Action.Alert>?
    var name = ""
    var isDeleted = false
  }
  enum Action: BindableAction, Equatable {
    case alert(PresentationAction<Alert>)
    case binding(BindingAction<State>)
    case deleteButtonTapped
    case shoutButtonTapped
    enum Alert: Equatable { case confirmDeletion }
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .alert(.presented(.confirmDeletion)):
        state.isDeleted = true
        return .none
      case .alert, .binding:
        return .none
      case .deleteButtonTapped:
        state.alert = AlertState {
          TextState("Delete?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
          ButtonState(role: .cancel) { TextState("Cancel") }
        }
        return .none
      case .shoutButtonTapped:
        state.name = state.name.uppercased()
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }
}

@MainActor
func profileView(_ store: StoreOf<Profile>) -> Node {
  main {
    h1("Profile")
    textField("Name", text: store.name, .id("name")) { store.name = $0 }
    p(.id("greeting")) { "Hello, \(store.name)!" }
    p(.id("status")) { store.isDeleted ? "Deleted" : "Here" }
    button("Shout", .id("shout")) { store.send(.shoutButtonTapped) }
    button("Delete", .id("delete")) { store.send(.deleteButtonTapped) }
    if let alert = store.alert {
      alertDialog(alert) { store.send(.alert($0)) }
    }
  }
}
