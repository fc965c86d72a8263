import ComposableArchitecture
import ComposableWeb
import Testing

@Reducer
private struct Item {
  @ObservableState
  struct State: Equatable { var number: Int }
  enum Action: Equatable { case nextTapped }
  var body: some ReducerOf<Self> { EmptyReducer() }
}

@Reducer
private struct Catalog {
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
private let routes = StackRoutes<Item.State>(
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
private func catalogPage(_ path: String) -> (WebPage, StoreOf<Catalog>)? {
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

@MainActor
struct NavigationTests {
  @Test func pushingAScreenPushesItsAddressAndBackPopsIt() async throws {
    let (page, store) = try #require(catalogPage("/"))
    let client = WebTestClient(page: page)
    #expect(client.location == "/")

    await client.click("Item 1")
    await client.click("Next")
    #expect(client.history == ["/", "/items/1", "/items/1/2"])
    #expect(client.contains("Item 2"))
    // The address travels with the patches of the same render.
    #expect(client.messages.last?.hasSuffix(#"["u","/items/1/2",0]]"#) == true)

    await client.back()
    #expect(store.path.map(\.number) == [1])
    #expect(client.location == "/items/1")
    #expect(client.contains("Item 1"))
    await client.back()
    #expect(store.path.isEmpty)
    #expect(client.texts(role: "heading") == ["Catalog"])
  }

  @Test func forwardPushesTheScreensAgain() async throws {
    let (page, store) = try #require(catalogPage("/"))
    let client = WebTestClient(page: page)
    await client.sendRaw(#"{"u":"/items/4/5"}"#)
    #expect(store.path.map(\.number) == [4, 5])
    #expect(client.location == "/items/4/5")
    #expect(client.contains("Item 5"))
    // Going "back" to a sibling screen pops what differs and pushes the rest.
    await client.sendRaw(#"{"u":"/items/4/6"}"#)
    #expect(store.path.map(\.number) == [4, 6])
  }

  @Test func anAddressTheStoreCannotReachIsPutBack() async throws {
    let (page, store) = try #require(catalogPage("/items/3"))
    let client = WebTestClient(page: page)
    #expect(client.contains("Item 3"))
    await client.sendRaw(#"{"u":"/items/42"}"#)
    #expect(store.path.map(\.number) == [3])
    #expect(client.location == "/items/3")
    #expect(client.messages.last == #"[["u","/items/3",1]]"#)
  }

  @Test func aDeepLinkOpensItsScreenAndAnUnknownOneIsNothing() async throws {
    let (page, _) = try #require(catalogPage("/items/2/3"))
    let client = WebTestClient(page: page)
    #expect(client.texts(role: "heading") == ["Item 3"])
    #expect(client.location == "/items/2/3")
    #expect(catalogPage("/items/0") == nil)
    #expect(catalogPage("/nowhere") == nil)
  }

  @Test func aPageWithOneAddressIgnoresNavigation() async {
    let client = WebTestClient { h1("One") }
    await client.sendRaw(#"{"u":"/elsewhere"}"#)
    #expect(client.log == ["dropped a navigation to /elsewhere: this page has one address"])
  }
}
