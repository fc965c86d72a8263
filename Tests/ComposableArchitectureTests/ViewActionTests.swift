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

@Reducer
struct ProfileForm {
  @ObservableState
  struct State: Equatable { var name = ""; var saves = 0 }
  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case saveTapped
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      if case .saveTapped = action { state.saves += 1 }
      return .none
    }
  }
}

@Reducer
struct ViewProfileForm {
  @ObservableState
  struct State: Equatable { var name = ""; var isNameValid = false }
  enum Action: ViewAction, Equatable {
    case view(View)
    enum View: BindableAction, Equatable { case binding(BindingAction<State>) }
  }
  var body: some ReducerOf<Self> {
    BindingReducer(action: \.view)
    Reduce { state, action in
      // The key path's root is this feature's state, though the binding lives in `View`.
      if case .view(.binding(\.name)) = action {
        state.isNameValid = !state.name.isEmpty
      }
      return .none
    }
  }
}

@MainActor
@Suite struct StoreBindingTests {
  @Test func writingAFieldSendsItsBindingAction() async {
    let store = Store(initialState: ProfileForm.State()) { ProfileForm() }
    store.name = "Blob"
    #expect(store.name == "Blob")
    store.send(.saveTapped)
    #expect(store.saves == 1)
  }

  @Test func writingAFieldSendsTheViewsBindingAction() async {
    let store = Store(initialState: ViewProfileForm.State()) { ViewProfileForm() }
    store.name = "Blob"
    #expect(store.name == "Blob")
    #expect(store.isNameValid)
  }
}
