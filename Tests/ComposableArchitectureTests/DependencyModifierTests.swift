@testable import ComposableArchitecture
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
    #if DEBUG
      await withKnownIssue {
        await store.send(.read) { $0.value = "live only" }
      } matching: { issue in
        message(of: issue).contains("has no test implementation")
      }
    #else
      // swift-dependencies reports a live value read in a test only in its debug builds (its
      // default `testValue` is `#if DEBUG`): built with `-c release`, the live value is used
      // quietly, here as in TCA.
      await store.send(.read) { $0.value = "live only" }
    #endif
  }
}

/// A counter of ticks whose ticking is cancellable by id.
@Reducer
private struct Ticker {
  @ObservableState
  struct State: Equatable { var ticks = 0 }
  enum Action: Equatable { case start, stop, tick }
  enum CancelID { case ticking }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        return .run { send in
          while !Task.isCancelled {
            await send(.tick)
            await Task.yield()
          }
        }
        .cancellable(id: CancelID.ticking)
      case .stop:
        return .cancel(id: CancelID.ticking)
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }
}

/// A store made where its dependencies are in force runs its reducer without pushing them again
/// (see `RootCore.reduce`); these tests pin that what reducers and effects see is what a pushed
/// store would give them, as in TCA: the store's dependencies from where it was made.
@MainActor
struct AmbientDependenciesTests {
  /// Greets from the reducer, then from an effect.
  private func greet(_ store: StoreOf<Greeter>) async {
    store.send(.greetNow)
    await store.send(.greetLater).finish()
  }

  @Test func aPlainStoreSeesTheDependenciesOfWhereItWasMade() async {
    let store = Store(initialState: Greeter.State()) { Greeter() }
    #expect((store.core as? RootCore<Greeter>)?.reducesInAmbientDependencies == true)
    await greet(store)
    #expect(store.withState(\.greetings) == ["test", "test"])
  }

  @Test func aStoreMadeInsideWithDependenciesKeepsThemWhenSentOutside() async {
    let store = withDependencies {
      $0.greeting = "around the creation"
    } operation: {
      Store(initialState: Greeter.State()) { Greeter() }
    }
    await greet(store)
    #expect(store.withState(\.greetings) == ["around the creation", "around the creation"])
  }

  @Test func aSendInsideWithDependenciesDoesNotChangeWhatTheStoreSees() async {
    let store = Store(initialState: Greeter.State()) { Greeter() }
    await withDependencies {
      $0.greeting = "around the send"
    } operation: {
      await greet(store)
    }
    #expect(store.withState(\.greetings) == ["test", "test"])
  }

  @Test func overridesAtCreationAndOnTheReducerWin() async {
    let store = Store(initialState: Greeter.State()) {
      Greeter().dependency(\.greeting, "on the reducer")
    }
    await greet(store)
    let overridden = Store(initialState: Greeter.State()) { Greeter() } withDependencies: {
      $0.greeting = "at creation"
    }
    #expect((overridden.core as? RootCore<Greeter>)?.reducesInAmbientDependencies == false)
    await greet(overridden)
    #expect(store.withState(\.greetings) == ["on the reducer", "on the reducer"])
    #expect(overridden.withState(\.greetings) == ["at creation", "at creation"])
  }

  @Test func twoStoresMadeOneInsideTheOthersEffectNeverCancelEachOther() async {
    let outer = Store(initialState: Ticker.State()) { Ticker() }
    let outerTicking = outer.send(.start)
    // Made and driven from inside the outer store's effect, as a feature that runs a store of
    // its own would.
    let inner = LockIsolated<Store<Ticker.State, Ticker.Action>?>(nil)
    let made = Store(initialState: Ticker.State()) {
      Reduce<Ticker.State, Ticker.Action> { _, action in
        guard action == .start else { return .none }
        return .run { @MainActor _ in
          let store = Store(initialState: Ticker.State()) { Ticker() }
          inner.setValue(store)
          store.send(.start)
        }
      }
    }
    await made.send(.start).finish()
    let innerStore = inner.value
    #expect(innerStore != nil)
    while (innerStore?.ticks ?? 0) < 3 || outer.ticks < 3 { await Task.yield() }
    innerStore?.send(.stop)
    let outerTicks = outer.ticks
    while outer.ticks < outerTicks + 3 { await Task.yield() }
    #expect(outer.ticks >= outerTicks + 3)
    #expect(innerStore?.send(.start).isCancelled == false)
    innerStore?.send(.stop)
    outer.send(.stop)
    await outerTicking.finish()
  }
}
