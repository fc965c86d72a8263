import ComposableArchitecture
import ComposableWeb
import Testing

@Reducer
private struct Counter {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var name = ""
  }
  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case decrementButtonTapped
    case incrementButtonTapped
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding:
        return .none
      case .decrementButtonTapped:
        state.count -= 1
        return .none
      case .incrementButtonTapped:
        state.count += 1
        return .none
      }
    }
  }
}

@MainActor
private func counterView(_ store: StoreOf<Counter>) -> Node {
  main {
    h1("Count: \(store.count)")
    button("−", .ariaLabel("Decrement")) { store.send(.decrementButtonTapped) }
    button("+", .ariaLabel("Increment")) { store.send(.incrementButtonTapped) }
    label(.for("name")) { "Name" }
    input(.id("name"), .type("text"), .value(store.name), .on(.input) { store.name = $0 })
  }
}

@MainActor
struct LiveViewTests {
  @Test func clicksSendActionsAndOnlyTheChangedTextTravels() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    let client = WebTestClient { counterView(store) }
    #expect(client.text.hasPrefix("Count: 0"))

    await client.click("Increment")
    await client.click("Increment")
    #expect(store.count == 2)
    #expect(client.text.hasPrefix("Count: 2"))
    // One message per event, each only the heading's new text.
    #expect(client.messages == [#"[["t",[0,0],"Count: 1"]]"#, #"[["t",[0,0],"Count: 2"]]"#])
  }

  /// The patches an event causes are sent before `receive` returns, not on a later turn of the
  /// main actor: one hop less between a click and the page changing.
  @Test func anEventsPatchLeavesBeforeReceiveReturns() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    var messages: [String] = []
    let live = LiveView(view: { counterView(store) }, send: { messages.append($0) })
    let increment = live.rendered.handlers.keys.sorted().filter { $0.hasSuffix("/click") }[1]

    live.receive(#"{"h":"\#(increment)"}"#)
    #expect(messages == [#"[["t",[0,0],"Count: 1"]]"#])

    // The run scheduled by the change finds nothing left to do: no second message.
    for _ in 0..<10 { await Task.yield() }
    #expect(messages.count == 1)
    live.stop()
  }

  @Test func typingSetsTheBoundField() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    let client = WebTestClient { counterView(store) }
    await client.type("Blob", into: "Name")
    #expect(store.name == "Blob")
    #expect(client.html.contains(#"value="Blob""#))
  }

  @Test func forgedMalformedAndOversizedMessagesAreDroppedAndLogged() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    let client = WebTestClient { counterView(store) }
    await client.sendRaw(#"{"h":"0.99/click"}"#)
    await client.sendRaw("not json")
    await client.sendRaw(#"{"h":""# + String(repeating: "x", count: 70_000) + #""}"#)
    #expect(store.count == 0)
    #expect(client.messages.isEmpty)
    #expect(client.log.count == 3)
    #expect(client.log[0].contains("which this page does not show"))
    #expect(client.log[1].contains("not an event"))
    #expect(client.log[2].contains("the limit is 65536"))
    // The page still works.
    await client.click("Increment")
    #expect(store.count == 1)
  }

  @Test func aChangeTheViewDidNotReadSendsNothing() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    let client = WebTestClient {
      h1("Count: \(store.count)")
    }
    store.name = "unread"
    await client.settle()
    #expect(client.messages.isEmpty)
    store.send(.incrementButtonTapped)
    await client.settle()
    #expect(client.messages == [#"[["t",[0],"Count: 1"]]"#])
  }
}
