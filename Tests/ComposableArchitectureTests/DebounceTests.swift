import ComposableArchitecture
import Testing

private struct Search: Reducer {
  struct State: Equatable { var searches: [String] = [] }
  @CasePathable
  enum Action: Equatable { case queryChanged(String), searched(String) }
  enum CancelID { case search }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .queryChanged(query):
      return .run { send in await send(.searched(query)) }
        .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
    case let .searched(query):
      state.searches.append(query)
      return .none
    }
  }
}

@MainActor
struct DebounceTests {
  @Test func onlyTheLastOfABurstRuns() async {
    await serially {
      let clock = TestClock()
      let store = Store(initialState: Search.State()) { Search() } withDependencies: {
        $0.continuousClock = clock
      }
      store.send(.queryChanged("s"))
      await settle()
      await clock.advance(by: .milliseconds(200))
      store.send(.queryChanged("sw"))
      await settle()
      await clock.advance(by: .milliseconds(299))
      #expect(store.searches == [])

      await clock.advance(by: .milliseconds(1))
      #expect(store.searches == ["sw"])

      store.send(.queryChanged("swift"))
      await settle()
      await clock.advance(by: .milliseconds(300))
      #expect(store.searches == ["sw", "swift"])
    }
  }

  @Test func immediateClockRunsAtOnce() async {
    let store = Store(initialState: Search.State()) { Search() } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    await store.send(.queryChanged("now")).finish()
    #expect(store.searches == ["now"])
  }
}
