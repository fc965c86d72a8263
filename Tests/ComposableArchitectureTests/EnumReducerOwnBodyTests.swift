import ComposableArchitecture
import Testing

@Reducer
private struct Board {
  @ObservableState
  struct State: Equatable { var moves = 0 }
  enum Action: Equatable { case play }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.moves += 1
      return .none
    }
  }
}

@Reducer
private struct Login {
  @ObservableState
  struct State: Equatable { var isLoggedIn = false }
  enum Action: Equatable { case loggedIn }
  var body: some ReducerOf<Self> { EmptyReducer() }
}

/// Tic-tac-toe's root shape: an enum reducer with its own `body`, switching case on an action.
@Reducer(state: .equatable)
private enum Game {
  case login(Login)
  case board(Board)

  static var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .login(.loggedIn):
        state = .board(Board.State())
        return .none
      case .board:
        return .none
      }
    }
    .ifCaseLet(\.board, action: \.board) { Board() }
  }
}

@MainActor
struct EnumReducerOwnBodyTests {
  @Test func anEnumReducersOwnBodyIsKept() {
    let store = Store(initialState: Game.State.login(Login.State())) { Game.body }
    store.send(.login(.loggedIn))
    #expect(store.state == .board(Board.State()))
    store.send(.board(.play))
    #expect(store.state == .board(Board.State(moves: 1)))
  }

}
