import ComposableArchitecture
import Testing

/// A body whose `Reduce` uses the reducer itself (its `counter`): the kept body holds the reducer
/// that holds the body.
@Reducer
struct CountingReducer {
  @ObservableState
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case tap }
  let counter: LockIsolated<Int>
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      counter.withValue { $0 += 1 }
      state.count += 1
      return .none
    }
  }
}

/// No stored property: its body is kept once for the type. Its `Reduce` uses the reducer, so a
/// body kept in each value's own storage would hold that value for good.
@Reducer
struct StatelessCountingReducer {
  @ObservableState
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case tap }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      count(&state)
      return .none
    }
  }
  func count(_ state: inout State) { state.count += 1 }
}

@MainActor
struct ReducerBodyReleaseTests {
  @Test func aKeptBodyThatUsesItsReducerIsLetGoOfWithTheStore() {
    weak var weakCounter: LockIsolated<Int>?
    do {
      let counter = LockIsolated(0)
      weakCounter = counter
      let store = Store(initialState: CountingReducer.State()) { CountingReducer(counter: counter) }
      for _ in 0..<3 { store.send(.tap) }
      #expect(counter.value == 3)
      #expect(store.count == 3)
    }
    #expect(weakCounter == nil)
  }

  @Test func aReducerMadeOutsideAStoreKeepsNothing() {
    // Made during an action, as `Child().reduce(into:action:)` in a `Reduce` is: no store will
    // let go of it, so its body is built for every action instead of being kept in a cycle.
    weak var weakCounter: LockIsolated<Int>?
    do {
      let counter = LockIsolated(0)
      weakCounter = counter
      let reducer = CountingReducer(counter: counter)
      var state = CountingReducer.State()
      for _ in 0..<3 { _ = reducer.reduce(into: &state, action: .tap) }
      #expect(state.count == 3)
    }
    #expect(weakCounter == nil)
  }

  @Test func valuesOfAReducerWithNoStoredPropertyAreLetGoOf() {
    // The type keeps one body (which may hold the value it was built from); the values made
    // afterwards, one for every action here, share it and go away with their last use.
    var state = StatelessCountingReducer.State()
    _ = StatelessCountingReducer().reduce(into: &state, action: .tap)
    weak var weakStorage: _ReducerBodyStorage?
    do {
      let reducer = StatelessCountingReducer()
      weakStorage = reducer._$bodyStorage
      for _ in 0..<3 { _ = reducer.reduce(into: &state, action: .tap) }
      #expect(weakStorage != nil)
    }
    #expect(weakStorage == nil)
    #expect(state.count == 4)
  }
}
