import ComposableArchitecture
import Testing

// Many `@Reducer enum`s in one file, nested in one type, with the child reducer in the same file:
// Swift 6.3 crashed compiling this (signal 11) while the synthesized `State` and `Action` carried
// a nested `@CasePathable`. This file compiling is half the test.

@Reducer
private struct Tally {
  @ObservableState
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case increment }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

private enum Screens {
  @Reducer enum First { case tally(Tally) }
  @Reducer enum Second { case tally(Tally) }
  @Reducer enum Third { case tally(Tally) }
  @Reducer enum Fourth { case tally(Tally) }
  @Reducer enum Fifth { case tally(Tally) }
  @Reducer(state: .equatable)
  enum Sixth {
    case tally(Tally)
    case other(Tally)
    case alert(AlertState<Never>)
  }
}

@Reducer
private struct Host {
  @ObservableState
  struct State: Equatable {
    @Presents var destination: Screens.Sixth.State?
  }
  enum Action {
    case destination(PresentationAction<Screens.Sixth.Action>)
    case show
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .show = action { state.destination = .other(Tally.State()) }
      return .none
    }
    .ifLet(\.$destination, action: \.destination)
  }
}

@MainActor
struct ManyEnumReducersTests {
  @Test func everyEnumReducerInTheFileRunsItsChild() async {
    let store = TestStore(initialState: Host.State()) { Host() }
    await store.send(.show) {
      $0.destination = .other(Tally.State())
    }
    await store.send(\.destination.other.increment) {
      $0.destination?.modify(\.other) { $0.count = 1 }
    }

    var fifth = Screens.Fifth.State.tally(Tally.State())
    _ = Screens.Fifth.body.reduce(into: &fifth, action: .tally(.increment))
    #expect(fifth.tally?.count == 1)
  }

  @Test func synthesizedStateAndActionAreCasePathableAsWithTheMacro() {
    #expect(Array(Screens.Sixth.State.allCasePaths).count == 3)
    #expect(Array(Screens.Sixth.Action.allCasePaths).count == 3)
    let state = Screens.Sixth.State.alert(AlertState { TextState("Hi") })
    #expect(state.is(\.alert))
    #expect(state.tally == nil)
    #expect(Screens.First.Action.allCasePaths[.tally(.increment)] == \Screens.First.Action.Cases.tally)
  }
}
