import ComposableArchitecture
import Testing

@Reducer
struct ViewActionCounter {
  @ObservableState
  struct State: Equatable { var count = 0 }
  enum Action: ViewAction, Equatable {
    case view(View)
    case delegate(Delegate)
    enum View: Equatable { case incrementButtonTapped }
    enum Delegate: Equatable { case changed(Int) }
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .view(.incrementButtonTapped):
        state.count += 1
        return .send(.delegate(.changed(state.count)))
      case .delegate:
        return .none
      }
    }
  }
}

@MainActor
@ViewAction(for: ViewActionCounter.self)
struct ViewActionCounterScreen {
  let store: StoreOf<ViewActionCounter>

  func press() { send(.incrementButtonTapped) }
}

@MainActor
@Suite struct ViewActionTests {
  @Test func sendingViewActionsFromAScreen() {
    let screen = ViewActionCounterScreen(store: Store(initialState: ViewActionCounter.State()) { ViewActionCounter() })
    screen.press()
    screen.send(.incrementButtonTapped, animation: .default)
    #expect(screen.store.count == 2)
  }

  @Test func viewActionsInATestStore() async {
    let store = TestStore(initialState: ViewActionCounter.State()) { ViewActionCounter() }
    await store.send(.view(.incrementButtonTapped)) { $0.count = 1 }
    await store.receive(.delegate(.changed(1)))
  }
}
