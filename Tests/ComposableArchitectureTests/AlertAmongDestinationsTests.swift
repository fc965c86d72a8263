import ComposableArchitecture
import Testing

// TCA's `PresentationReducerTests` shape: a destination enum with an `.alert` case and a `.child`
// case, presented through `ifLet(\.$destination …)`. While the alert is up, an action of the
// child's case is another case's action: the `Scope` reports it, and the alert stays presented
// with the state unchanged. Only the alert's own actions and `.dismiss` end it.

@Reducer
private struct Tally {
  @ObservableState
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case decrementButtonTapped }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count -= 1
      return .none
    }
  }
}

@Reducer
private struct Owner {
  @ObservableState
  struct State: Equatable {
    @Presents var destination: Destination.State?
    var isDeleted = false
  }
  enum Action: Equatable {
    case destination(PresentationAction<Destination.Action>)
    case presentAlert
  }
  @Reducer(state: .equatable, action: .equatable)
  enum Destination {
    case alert(AlertState<Alert>)
    case child(Tally)
    enum Alert: Equatable { case deleteButtonTapped }
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .destination(.presented(.alert(.deleteButtonTapped))):
        state.isDeleted = true
        return .none
      case .destination:
        return .none
      case .presentAlert:
        state.destination = .alert(
          AlertState {
            TextState("Uh oh!")
          } actions: {
            ButtonState(role: .destructive, action: .deleteButtonTapped) { TextState("Delete") }
          }
        )
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }
}

@MainActor
@Suite struct AlertAmongDestinationsTests {
  fileprivate static let alert = AlertState<Owner.Destination.Alert> {
    TextState("Uh oh!")
  } actions: {
    ButtonState(role: .destructive, action: .deleteButtonTapped) { TextState("Delete") }
  }

  @Test func anotherCasesActionLeavesTheAlertPresented() async {
    let store = TestStore(initialState: Owner.State()) { Owner() }
    await store.send(.presentAlert) {
      $0.destination = .alert(Self.alert)
    }
    await withKnownIssue {
      // No state change: the alert is still there.
      await store.send(.destination(.presented(.child(.decrementButtonTapped))))
    } matching: { issue in
      issue.description.contains("received a child action while state was in another case")
    }
    #expect(store.state.destination == .alert(Self.alert))
    // Its own button ends it.
    await store.send(.destination(.presented(.alert(.deleteButtonTapped)))) {
      $0.destination = nil
      $0.isDeleted = true
    }
  }

  @Test func dismissEndsTheAlert() async {
    let store = TestStore(initialState: Owner.State()) { Owner() }
    await store.send(.presentAlert) {
      $0.destination = .alert(Self.alert)
    }
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
  }

  @Test func aChildCasesOwnActionsDoNotDismissIt() async {
    let store = TestStore(initialState: Owner.State(destination: .child(Tally.State()))) { Owner() }
    await store.send(.destination(.presented(.child(.decrementButtonTapped)))) {
      $0.destination = .child(Tally.State(count: -1))
    }
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
  }
}
