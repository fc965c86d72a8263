import ComposableArchitecture
import Foundation
import Testing

// TCA spellings that existing features still use: TaskResult, BindableAction.set,
// StackElementIDGenerator.peek, signpost, withPerceptionTracking, EffectOf.

@Reducer
struct Toggles {
  @ObservableState
  struct State: Equatable {
    var isOn = false
    var fact: String?
    var failed = false
  }

  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case factResponse(TaskResult<String>)
    case fetchTapped(shouldFail: Bool)
    case turnOnTapped
  }

  struct Offline: Error, Equatable {}

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action -> EffectOf<Self> in
      switch action {
      case .binding:
        return .none
      case let .factResponse(.success(fact)):
        state.fact = fact
        return .none
      case .factResponse(.failure):
        state.failed = true
        return .none
      case let .fetchTapped(shouldFail):
        return .run { send in
          await send(.factResponse(TaskResult {
            if shouldFail { throw Offline() }
            return "42 is the answer."
          }))
        }
      case .turnOnTapped:
        return .send(.set(\.isOn, true))
      }
    }
    .signpost()
  }
}

@MainActor
@Suite struct CompatibilitySpellingsTests {
  @Test func bindableActionSet() async {
    let store = TestStore(initialState: Toggles.State()) { Toggles() }
    await store.send(.turnOnTapped)
    await store.receive(.binding(.set(\.isOn, true))) { $0.isOn = true }
  }

  @Test func taskResults() async {
    let store = TestStore(initialState: Toggles.State()) { Toggles() }
    await store.send(.fetchTapped(shouldFail: false))
    await store.receive(.factResponse(.success("42 is the answer."))) { $0.fact = "42 is the answer." }
    await store.send(.fetchTapped(shouldFail: true))
    await store.receive(.factResponse(.failure(Toggles.Offline()))) { $0.failed = true }
  }

  @Test func taskResultEquality() {
    struct Other: Error {}
    #expect(TaskResult<Int>.failure(Toggles.Offline()) == .failure(Toggles.Offline()))
    #expect(TaskResult<Int>.failure(Toggles.Offline()) != .failure(Other()))
    #expect(TaskResult<Int>.success(1) != .failure(Other()))
    #expect(throws: Toggles.Offline.self) { try TaskResult<Int>.failure(Toggles.Offline()).value }
  }

  @Test func peekingTheNextStackElementID() {
    @Dependency(\.stackElementID) var generator
    let next = generator.peek()
    #expect(generator.peek() == next)  // peeking takes nothing
    #expect(generator() == next)
    #expect(generator.peek() > next)
  }

  @Test func withPerceptionTrackingObserves() {
    let store = Store(initialState: Toggles.State()) { Toggles() }
    let changed = LockIsolated(false)
    withPerceptionTracking {
      _ = store.isOn
    } onChange: {
      changed.setValue(true)
    }
    store.send(.turnOnTapped)
    #expect(changed.value)
  }
}

@Reducer
struct Stamp {
  struct State: Equatable { var date: Date? }
  enum Action { case stampTapped }
  @Dependency(\.date.now) var now
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.date = now
      return .none
    }
  }
}

@MainActor
@Suite struct AssertionDependencyTests {
  @Test func assertionClosuresSeeTheStoresDependencies() async {
    let store = TestStore(initialState: Stamp.State()) { Stamp() } withDependencies: {
      $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
    }
    await store.send(.stampTapped) {
      @Dependency(\.date.now) var now
      $0.date = now
    }
  }
}
