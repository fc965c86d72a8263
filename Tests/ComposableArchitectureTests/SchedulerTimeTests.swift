import ComposableArchitecture
import Foundation
import Testing

// The time operators as TCA spells them with `@Dependency(\.mainQueue)`, driven by
// `DispatchQueue.test` in tests.

@Reducer
struct QueueSearch {
  typealias State = TimedSearch.State
  typealias Action = TimedSearch.Action
  typealias CancelID = TimedSearch.CancelID

  @Dependency(\.mainQueue) var mainQueue

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .queryChanged(query):
        state.query = query
        return .send(.search(query))
          .debounce(id: CancelID.search, for: .milliseconds(300), scheduler: mainQueue)
      case let .search(query):
        state.searches.append(query)
        return .none
      case .tapped:
        return .send(.tapDelivered)
          .throttle(id: CancelID.tap, for: .seconds(1), scheduler: mainQueue, latest: true)
      case .tapDelivered:
        state.taps += 1
        return .none
      }
    }
  }
}

@MainActor
@Suite struct SchedulerTimeTests {
  @Test func debounceOnATestScheduler() async {
    let mainQueue = DispatchQueue.test
    let store = TestStore(initialState: QueueSearch.State()) { QueueSearch() } withDependencies: {
      $0.mainQueue = mainQueue.eraseToAnyScheduler()
    }
    await store.send(.queryChanged("s")) { $0.query = "s" }
    await mainQueue.advance(by: .milliseconds(100))
    await store.send(.queryChanged("sw")) { $0.query = "sw" }
    await mainQueue.advance(by: .milliseconds(299))
    await mainQueue.advance(by: .milliseconds(1))
    await store.receive(.search("sw")) { $0.searches = ["sw"] }
  }

  @Test func throttleOnATestScheduler() async {
    let mainQueue = DispatchQueue.test
    let store = TestStore(initialState: QueueSearch.State()) { QueueSearch() } withDependencies: {
      $0.mainQueue = mainQueue.eraseToAnyScheduler()
    }
    await store.send(.tapped)
    await store.receive(.tapDelivered) { $0.taps = 1 }
    await store.send(.tapped)
    await store.send(.tapped)
    await mainQueue.advance(by: .seconds(1))
    await store.receive(.tapDelivered) { $0.taps = 2 }
  }

  @Test func immediateScheduler() async {
    let store = TestStore(initialState: QueueSearch.State()) { QueueSearch() } withDependencies: {
      $0.mainQueue = .immediate
    }
    await store.send(.queryChanged("x")) { $0.query = "x" }
    await store.receive(.search("x")) { $0.searches = ["x"] }
  }
}
