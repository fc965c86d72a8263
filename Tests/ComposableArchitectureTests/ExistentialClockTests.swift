import ComposableArchitecture
import Foundation
import Testing

// The README's recipe, in a file that imports Foundation: the time operators with the
// `any Clock<Duration>` that `@Dependency(\.continuousClock)` gives.

/// The state and actions of a search whose requests are debounced and whose taps are throttled;
/// `ClockSearch` times them with a clock, `QueueSearch` (SchedulerTimeTests) with a scheduler.
enum TimedSearch {
  @ObservableState
  struct State: Equatable {
    var query = ""
    var searches: [String] = []
    var taps = 0
  }

  @CasePathable
  enum Action: Equatable {
    case queryChanged(String)
    case search(String)
    case tapped
    case tapDelivered
  }

  enum CancelID { case search, tap }
}

@Reducer
struct ClockSearch {
  typealias State = TimedSearch.State
  typealias Action = TimedSearch.Action
  typealias CancelID = TimedSearch.CancelID

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .queryChanged(query):
        state.query = query
        return .send(.search(query)).debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
      case let .search(query):
        state.searches.append(query)
        return .none
      case .tapped:
        return .send(.tapDelivered).throttle(id: CancelID.tap, for: .seconds(1), clock: clock, latest: true)
      case .tapDelivered:
        state.taps += 1
        return .none
      }
    }
  }
}

@MainActor
@Suite struct ExistentialClockTests {
  @Test func debounceWithTheDependencyClock() async {
    let clock = TestClock()
    let store = TestStore(initialState: ClockSearch.State()) { ClockSearch() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.queryChanged("s")) { $0.query = "s" }
    await clock.advance(by: .milliseconds(100))
    await store.send(.queryChanged("sw")) { $0.query = "sw" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.search("sw")) { $0.searches = ["sw"] }
  }

  @Test func throttleWithTheDependencyClock() async {
    let clock = TestClock()
    let store = TestStore(initialState: ClockSearch.State()) { ClockSearch() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.tapped)
    await store.receive(.tapDelivered) { $0.taps = 1 }
    await store.send(.tapped)
    await store.send(.tapped)
    await clock.advance(by: .seconds(1))
    await store.receive(.tapDelivered) { $0.taps = 2 }
  }
}
