import ComposableArchitecture
import Testing

private struct Greeter: Reducer {
  struct State: Equatable { var greetings: [String] = [] }
  @CasePathable
  enum Action: Equatable { case greetNow, greetLater, greeted(String) }
  @Dependency(\.greeting) var greeting

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .greetNow:
      state.greetings.append(greeting)
      return .none
    case .greetLater:
      return .run { send in
        @Dependency(\.greeting) var greeting
        await send(.greeted(greeting))
      }
    case let .greeted(text):
      state.greetings.append(text)
      return .none
    }
  }
}

private enum GreetingKey: DependencyKey {
  static let liveValue = "live"
  static let testValue = "test"
}

extension DependencyValues {
  fileprivate var greeting: String {
    get { self[GreetingKey.self] }
    set { self[GreetingKey.self] = newValue }
  }
}

@MainActor
struct DependencyModifierTests {
  @Test func storeDependenciesReachReducersAndEffects() async {
    let store = Store(initialState: Greeter.State()) {
      Greeter()
    } withDependencies: {
      $0.greeting = "from the store"
    }
    store.send(.greetNow)
    await store.send(.greetLater).finish()
    #expect(store.greetings == ["from the store", "from the store"])
  }

  @Test func reducerOverrideReachesItsSubtreeAndItsEffects() async {
    let store = Store(initialState: Greeter.State()) {
      Greeter()
        .dependency(\.greeting, "from the reducer")
    } withDependencies: {
      $0.greeting = "from the store"
    }
    store.send(.greetNow)
    await store.send(.greetLater).finish()
    #expect(store.greetings == ["from the reducer", "from the reducer"])
  }

  @Test func transformDependencyChangesTheInheritedValue() async {
    let store = Store(initialState: Greeter.State()) {
      Greeter()
        .transformDependency(\.greeting) { $0 += " and the reducer" }
    } withDependencies: {
      $0.greeting = "the store"
    }
    await store.send(.greetLater).finish()
    #expect(store.greetings == ["the store and the reducer"])
  }

  @Test func stackedOverridesApplyTheInnermostLast() {
    let store = Store(initialState: Greeter.State()) {
      Greeter()
        .dependency(\.greeting, "inner")
        .dependency(\.greeting, "outer")
    }
    store.send(.greetNow)
    #expect(store.greetings == ["inner"])
  }
}

/// A dependency with only a live implementation.
private enum LiveOnlyKey: DependencyKey {
  static let liveValue = "live only"
}

extension DependencyValues {
  fileprivate var liveOnly: String {
    get { self[LiveOnlyKey.self] }
    set { self[LiveOnlyKey.self] = newValue }
  }
}

@Reducer
private struct UsesLiveOnly {
  struct State: Equatable { var value = "" }
  enum Action: Equatable { case read }
  @Dependency(\.liveOnly) var liveOnly
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.value = liveOnly
    return .none
  }
}

@MainActor
struct LiveDependencyInTestsTests {
  @Test func aLiveOnlyDependencyFailsTheTestWithSwiftDependenciesMessage() async {
    let store = TestStore(initialState: UsesLiveOnly.State()) { UsesLiveOnly() }
    await withKnownIssue {
      await store.send(.read) { $0.value = "live only" }
    } matching: { issue in
      message(of: issue).contains("has no test implementation")
    }
  }
}
