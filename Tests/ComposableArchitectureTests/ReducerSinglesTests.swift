import ComposableArchitecture
import Testing

// Single shapes from TCA's own tests and apps: chained dependency overrides fuse into one
// reducer (the one closest to the reducer wins), `ifLet(\.self, action: \.self)`, a `body` that
// is a stored `let`, and `if #available` inside a reducer builder.

private enum MyValue: DependencyKey {
  static let liveValue = 0
  static let testValue = 0
}

extension DependencyValues {
  fileprivate var myValue: Int {
    get { self[MyValue.self] }
    set { self[MyValue.self] = newValue }
  }
}

@Reducer
private struct Reader {
  struct State: Equatable { var value = 0 }
  enum Action { case tap }
  @Dependency(\.myValue) var myValue
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.value = myValue
      return .none
    }
  }
}

@Reducer
private struct Counter {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case increment }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

/// A reducer whose `body` is a stored property.
private struct StoredBody: Reducer {
  typealias State = Counter.State
  typealias Action = Counter.Action
  let body = Reduce<Counter.State, Counter.Action> { state, _ in
    state.count += 10
    return .none
  }
}

@Reducer
private struct Availability {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case tap }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
    if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
      Reduce { state, _ in
        state.count *= 10
        return .none
      }
    }
  }
}

@MainActor
@Suite struct ReducerSinglesTests {
  @Test func chainedOverridesFuseIntoOneReducer() {
    let written: _DependencyKeyWritingReducer<Reader> = Reader()
      .dependency(\.myValue, 42)
      .dependency(\.myValue, 1729)
      .dependency(\.myValue, 1)
    let transformed: _DependencyKeyWritingReducer<Reader> = Reader()
      .transformDependency(\.myValue) { $0 = 42 }
      .transformDependency(\.myValue) { $0 = 1729 }
    #expect((written as Any) is _DependencyKeyWritingReducer<Reader>)
    #expect((transformed as Any) is _DependencyKeyWritingReducer<Reader>)
  }

  @Test func theOverrideClosestToTheReducerWins() async {
    let written = TestStore(initialState: Reader.State()) {
      Reader().dependency(\.myValue, 42).dependency(\.myValue, 1729)
    }
    await written.send(.tap) { $0.value = 42 }
    let transformed = TestStore(initialState: Reader.State()) {
      Reader().transformDependency(\.myValue) { $0 = 42 }.transformDependency(\.myValue) { $0 = 1729 }
    }
    await transformed.send(.tap) { $0.value = 42 }
    let mixed = TestStore(initialState: Reader.State()) {
      Reader().dependency(\.myValue, 7).transformDependency(\.myValue) { $0 += 100 }
    }
    await mixed.send(.tap) { $0.value = 7 }
    let nested = TestStore(initialState: Reader.State()) {
      CombineReducers { Reader().transformDependency(\.myValue) { $0 = 42 } }
        .transformDependency(\.myValue) { $0 = 1729 }
    }
    await nested.send(.tap) { $0.value = 42 }
  }

  @Test func ifLetSelfRunsTheChildOnOptionalStateOfItsOwnActions() async {
    let store = TestStore(initialState: Counter.State?.some(Counter.State())) {
      EmptyReducer<Counter.State?, Counter.Action>()
        .ifLet(\.self, action: \.self) { Counter() }
    }
    await store.send(.increment) { $0?.count = 1 }
  }

  @Test func ifLetSelfTakesActionsThatAreNotAnEnum() async {
    // TCA's `IfLetReducerTests.testNilChild`: the action is `Void`, which has no case paths but
    // `\.self`; an action while the state is nil is reported at the `ifLet`.
    let store = TestStore(initialState: Int?.none) {
      EmptyReducer<Int?, Void>()
        .ifLet(\.self, action: \.self) {}
    }
    await withKnownIssue {
      await store.send(())
    } matching: { issue in
      issue.description.contains(
        "received a child action while its child state was nil, so the action was dropped"
      )
    }
    let present = TestStore(initialState: Int?.some(1)) {
      EmptyReducer<Int?, Void>()
        .ifLet(\.self, action: \.self) {
          Reduce { state, _ in
            state += 1
            return .none
          }
        }
    }
    await present.send(()) { $0 = 2 }
  }

  @Test func aBodyStoredInALetRuns() async {
    let store = TestStore(initialState: Counter.State()) { StoredBody() }
    await store.send(.increment) { $0.count = 10 }
  }

  @Test func ifAvailableInsideAReducerBuilder() async {
    let store = TestStore(initialState: Availability.State()) { Availability() }
    await store.send(.tap) { $0.count = 10 }
  }
}
