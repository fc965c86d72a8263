import ComposableArchitecture
import Testing

private struct Toggle: Reducer {
  struct State: Equatable { var isOn = false }
  @CasePathable
  enum Action: Equatable { case toggled }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.isOn.toggle()
    return .none
  }
}

private struct Settings: Reducer {
  struct State: Equatable {
    var wifi = Toggle.State()
    var log: [String] = []
  }
  @CasePathable
  enum Action: Equatable { case wifi(Toggle.Action) }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.log.append("parent saw isOn == \(state.wifi.isOn)")
      return .none
    }
    Scope(state: \.wifi, action: \.wifi) { Toggle() }
    Reduce { state, _ in
      state.log.append("parent saw isOn == \(state.wifi.isOn)")
      return .none
    }
  }
}

@CasePathable
private enum Screen: Equatable {
  case loggedOut
  case loggedIn(Toggle.State)
}

private struct App: Reducer {
  typealias State = Screen
  @CasePathable
  enum Action: Equatable { case loggedIn(Toggle.Action) }
  var body: some ReducerOf<Self> {
    Scope(state: \.loggedIn, action: \.loggedIn) { Toggle() }
  }
}

@MainActor
struct ScopeTests {
  @Test func childRunsWhereItIsPlacedInTheBody() {
    let store = Store(initialState: Settings.State()) { Settings() }
    store.send(.wifi(.toggled))
    #expect(store.wifi.isOn)
    #expect(store.log == ["parent saw isOn == false", "parent saw isOn == true"])
  }

  @Test func unlabeledSpellingScopesTheSameWay() {
    let reducer = Scope(\Settings.State.wifi, action: \Settings.Action.Cases.wifi) { Toggle() }
    var state = Settings.State()
    _ = reducer.reduce(into: &state, action: .wifi(.toggled))
    #expect(state.wifi.isOn)
  }

  @Test func enumCaseScopeRunsInTheCase() {
    let store = Store(initialState: Screen.loggedIn(Toggle.State())) { App() }
    store.send(.loggedIn(.toggled))
    #expect(store.state == .loggedIn(Toggle.State(isOn: true)))
  }

  @Test func enumCaseScopeReportsActionsInAnotherCase() {
    let store = Store(initialState: Screen.loggedOut) { App() }
    withKnownIssue {
      store.send(.loggedIn(.toggled))
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("A 'Scope' at ComposableArchitectureTests/ScopeTests.swift:45")
        && text.contains("while state was in another case")
        && text.contains("App.Action.loggedIn(.toggled)")
        && text.contains("Screen.loggedOut")
        && issue.sourceLocation?.line == 45
    }
    #expect(store.state == .loggedOut)
  }
}
