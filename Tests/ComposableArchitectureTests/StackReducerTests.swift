import ComposableArchitecture
import Testing

/// A screen that counts seconds while it is on the stack, and can pop itself.
@Reducer
private struct Screen {
  @ObservableState
  struct State: Equatable {
    var name: String
    var seconds = 0
  }
  enum Action: Equatable { case onAppear, tick, backTapped }
  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        }
      case .tick:
        state.seconds += 1
        return .none
      case .backTapped:
        return .run { _ in await dismiss() }
      }
    }
  }
}

@Reducer
private struct Settings {
  @ObservableState
  struct State: Equatable { var isOn = false }
  enum Action: Equatable { case toggled }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.isOn.toggle()
      return .none
    }
  }
}

@Reducer
private struct App {
  @ObservableState
  struct State: Equatable {
    var path = StackState<Path.State>()
    @Presents var destination: Destination.State?
  }
  enum Action: Equatable {
    case path(StackActionOf<Path>)
    case destination(PresentationAction<Destination.Action>)
    case open(String)
    case popToRoot
    case settingsTapped
  }

  @Reducer(state: .equatable, action: .equatable)
  enum Path {
    case screen(Screen)
  }

  @Reducer(state: .equatable, action: .equatable)
  enum Destination {
    case settings(Settings)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .open(name):
        state.path.append(.screen(Screen.State(name: name)))
        return .none
      case .popToRoot:
        state.path.removeAll()
        return .none
      case .settingsTapped:
        state.destination = .settings(Settings.State())
        return .none
      case .path, .destination:
        return .none
      }
    }
    .forEach(\.path, action: \.path)
    .ifLet(\.$destination, action: \.destination)
  }
}

@MainActor
struct StackReducerTests {
  @Test func threeDeepStackWithPushPopAndTeardown() async {
    let clock = TestClock()
    let store = TestStore(initialState: App.State()) { App() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.open("A")) { $0.path[id: 0] = .screen(Screen.State(name: "A")) }
    await store.send(.open("B")) { $0.path[id: 1] = .screen(Screen.State(name: "B")) }
    await store.send(.path(.push(id: 2, state: .screen(Screen.State(name: "C"))))) {
      $0.path[id: 2] = .screen(Screen.State(name: "C"))
    }
    #expect(store.state.path.ids == [0, 1, 2])

    await store.send(\.path[id: 1].screen.onAppear)
    await store.send(\.path[id: 2].screen.onAppear)
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 1].screen.tick) {
      $0.path[id: 1, case: \.screen]?.seconds = 1
    }
    await store.receive(\.path[id: 2].screen.tick) {
      $0.path[id: 2, case: \.screen]?.seconds = 1
    }

    // Popping from B pops B and C and stops both timers.
    await store.send(.path(.popFrom(id: 1))) {
      $0.path.pop(from: 1)
    }
    await clock.advance(by: .seconds(3))
    #expect(store.state.path.ids == [0])

    await store.send(.open("D")) { $0.path[id: 3] = .screen(Screen.State(name: "D")) }
    await store.send(.popToRoot) { $0.path = StackState() }
  }

  @Test func anElementPopsItselfWithDismiss() async {
    let store = TestStore(initialState: App.State()) { App() }
    await store.send(.open("A")) { $0.path[id: 0] = .screen(Screen.State(name: "A")) }
    await store.send(.open("B")) { $0.path[id: 1] = .screen(Screen.State(name: "B")) }
    await store.send(\.path[id: 1].screen.backTapped)
    await store.receive(\.path.popFrom, 1) { $0.path.pop(from: 1) }
  }

  @Test func deepLinkedStackAndSheetWork() async {
    let store = TestStore(
      initialState: App.State(
        path: StackState([.screen(Screen.State(name: "A")), .screen(Screen.State(name: "B"))]),
        destination: .settings(Settings.State())
      )
    ) {
      App()
    }
    await store.send(\.destination.settings.toggled) {
      $0.$destination[case: \.settings]?.isOn = true
    }
    await store.send(\.path[id: 1].screen.backTapped)
    await store.receive(\.path.popFrom, 1) { $0.path.pop(from: 1) }
  }

  @Test func stackStoresAreStablePerElement() throws {
    let store = Store(initialState: App.State()) { App() }
    store.send(.open("A"))
    store.send(.open("B"))
    let stores = store.scope(state: \.path, action: \.path)
    #expect(stores.count == 2)
    let second = try #require(stores[id: 1])
    #expect(second === store.scope(state: \.path, action: \.path)[id: 1])
    guard case let .screen(screenStore) = second.case else {
      Issue.record("Expected a screen")
      return
    }
    screenStore.send(.tick)
    #expect(screenStore.seconds == 1)
    #expect(store.path[id: 1, case: \.screen]?.seconds == 1)

    store.send(.path(.popFrom(id: 1)))
    #expect(screenStore.seconds == 1)  // keeps its last state
    withKnownIssue {
      screenStore.send(.tick)
    } matching: { issue in
      message(of: issue).contains("to a store whose state is gone")
    }
  }

  @Test func actionsForUnknownElementsAreReported() async {
    let store = Store(initialState: App.State()) { App() }
    withKnownIssue {
      store.send(.path(.element(id: 7, action: .screen(.tick))))
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("A 'forEach' at ComposableArchitectureTests/StackReducerTests.swift:")
        && text.contains("received an action for stack element #7 that is not in the stack")
    }
    withKnownIssue {
      store.send(.path(.popFrom(id: 9)))
    } matching: { issue in
      message(of: issue).contains("stack element #9 that is not in the stack")
    }
  }

  @Test func pushingAnExistingIDIsReported() async {
    let store = Store(initialState: App.State()) { App() }
    store.send(.open("A"))
    withKnownIssue {
      store.send(.path(.push(id: 0, state: .screen(Screen.State(name: "again")))))
    } matching: { issue in
      message(of: issue).contains("received a push with id #0, which is already on the stack")
    }
    #expect(store.path.count == 1)
  }

  @Test func stackStateIdsAreDeterministicInTests() {
    var stack = StackState<Int>([10, 20])
    stack.append(30)
    #expect(stack.ids == [0, 1, 2])
    stack.pop(to: 0)
    #expect(Array(stack) == [10])
  }

  @Test func pushingAnIDAboveTheNextOneIsReportedInTests() async {
    let store = Store(initialState: App.State()) { App() }
    withKnownIssue {
      store.send(.path(.push(id: 5, state: .screen(Screen.State(name: "far")))))
    } matching: { issue in
      message(of: issue).contains("received a push with id #5, but the next id of the stack is #0")
    }
    // Pushed all the same, and later ids come after it.
    #expect(store.path.ids == [5])
    store.send(.open("next"))
    #expect(store.path.ids == [5, 6])
  }

  @Test func aStackCaseSetToNilRemovesTheElement() {
    var stack = StackState<App.Path.State>([.screen(Screen.State(name: "A")), .screen(Screen.State(name: "B"))])
    stack[id: 1, case: \.screen] = nil
    #expect(stack.ids == [0])
    stack[id: 0, case: \.screen]?.seconds = 3
    #expect(stack[id: 0, case: \.screen]?.seconds == 3)
  }

  @Test func modifyingAStackElementThroughAnotherCaseIsReported() {
    var stack = StackState<Int?>([nil])
    withKnownIssue {
      stack[id: 0, case: \.some] = 1
    } matching: { issue in
      message(of: issue) == #"Can't modify unrelated case "none""#
    }
    #expect(stack[id: 0] == .some(nil))
  }

  @Test func theExpectationAppendsWithTheIdsTheReducerUsed() async {
    let store = TestStore(initialState: App.State()) { App() }
    await store.send(.open("A")) {
      $0.path.append(.screen(Screen.State(name: "A")))
    }
    await store.send(.open("B")) {
      // The generator is as it was before this action: the append gets #1, as the reducer's did.
      $0.path.append(.screen(Screen.State(name: "B")))
    }
    #expect(store.state.path.ids == [0, 1])
    await store.send(.popToRoot) {
      $0.path = StackState()
    }
  }
}
