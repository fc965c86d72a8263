@testable import ComposableArchitecture
import Testing

private struct Session: Reducer {
  struct State: Equatable { var name: String; var pings = 0 }
  @CasePathable
  enum Action: Equatable { case startPinging, ping }
  @Dependency(\.continuousClock) var clock
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startPinging:
      return .run { send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.ping) }
      }
    case .ping:
      state.pings += 1
      return .none
    }
  }
}

private struct App: Reducer {
  @CasePathable
  enum State: Equatable {
    case loggedOut
    case loggedIn(Session.State)
  }
  @CasePathable
  enum Action: Equatable {
    case loggedIn(Session.Action)
    case logOut
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .logOut = action { state = .loggedOut }
      return .none
    }
    .ifCaseLet(\.loggedIn, action: \.loggedIn) {
      Session()
    }
  }
}

@MainActor
struct IfCaseLetReducerTests {
  @Test func childRunsInItsCase() {
    let store = Store(initialState: App.State.loggedIn(Session.State(name: "blob"))) { App() }
    store.send(.loggedIn(.ping))
    #expect(store.state == .loggedIn(Session.State(name: "blob", pings: 1)))
  }

  @Test func leavingTheCaseCancelsTheChildsEffects() async {
    await serially {
      let clock = TestClock()
      let store = Store(initialState: App.State.loggedIn(Session.State(name: "blob"))) {
        App()
      } withDependencies: {
        $0.continuousClock = clock
      }
      let pinging = store.send(.loggedIn(.startPinging))
      await settle()
      await clock.advance(by: .seconds(1))
      #expect(store.state == .loggedIn(Session.State(name: "blob", pings: 1)))

      store.send(.logOut)
      await pinging.finish()
      #expect((store.core as? RootCore<App>)?.runningEffectCount == 0)
      #expect(store.state == .loggedOut)
    }
  }

  @Test func actionInAnotherCaseIsReportedAtTheIfCaseLet() {
    let store = Store(initialState: App.State.loggedOut) { App() }
    withKnownIssue {
      store.send(.loggedIn(.ping))
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("An 'ifCaseLet' at ComposableArchitectureTests/IfCaseLetReducerTests.swift:38")
        && text.contains("while state was in another case")
        && text.contains("App.Action.loggedIn(.ping)")
        && text.contains("App.State.loggedOut")
    }
    #expect(store.state == .loggedOut)
  }
}
