@testable import ComposableArchitecture
import Testing

private struct Counter: Reducer {
  struct State: Equatable {
    var count = 0
    var log: [String] = []
  }
  @CasePathable
  enum Action: Equatable {
    case incrementTapped
    case chain(Int)
    case logged(String)
    case startLongLiving
    case startTwoSteps
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementTapped:
      state.count += 1
      return .none
    case let .chain(remaining):
      state.log.append("chain \(remaining)")
      return remaining > 0 ? .send(.chain(remaining - 1)) : .none
    case let .logged(entry):
      state.log.append(entry)
      return .none
    case .startLongLiving:
      return .run { _ in
        try await Task.never()
      }
    case .startTwoSteps:
      return .run { send in
        await send(.logged("step 1"))
        await send(.startTwoStepsFollowUp)
      }
    }
  }
}

extension Counter.Action {
  fileprivate static var startTwoStepsFollowUp: Self { .chain(1) }
}

private struct Parent: Reducer {
  struct State: Equatable {
    var child = Counter.State()
    var optionalChild: Counter.State?
  }
  @CasePathable
  enum Action: Equatable {
    case child(Counter.Action)
    case optionalChild(Counter.Action)
    case presentTapped
    case dismissTapped
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Counter() }
    Reduce { state, action in
      switch action {
      case .presentTapped:
        state.optionalChild = Counter.State()
      case .dismissTapped:
        state.optionalChild = nil
      case .child, .optionalChild:
        break
      }
      return .none
    }
    .ifLet(\.optionalChild, action: \.optionalChild) { Counter() }
  }
}

/// A counter that contains itself, for chains of scoped stores.
private struct Chain: Reducer {
  struct State: Equatable {
    var count = 0
    var children: [State] = []

    static func nested(depth: Int) -> Self {
      depth == 0 ? Self() : Self(children: [nested(depth: depth - 1)])
    }
  }
  @CasePathable
  indirect enum Action: Equatable {
    case incrementTapped
    case child(Action)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .incrementTapped = action {
        state.count += 1
      }
      return .none
    }
    Scope(state: \.children[0], action: \.child) {
      Chain()
    }
  }
}

@MainActor
struct StoreTests {
  @Test func sendReducesAndReadsState() {
    let store = Store(initialState: Counter.State()) { Counter() }
    store.send(.incrementTapped)
    store.send(.incrementTapped)
    #expect(store.count == 2)
    #expect(store.state.count == 2)
    #expect(store.withState(\.count) == 2)
  }

  @Test func synchronousEffectsAreBufferedAndReducedInOrder() {
    let store = Store(initialState: Counter.State()) { Counter() }
    store.send(.chain(3))
    #expect(store.log == ["chain 3", "chain 2", "chain 1", "chain 0"])
  }

  @Test func finishWaitsForEffectsAndTheEffectsOfTheActionsTheyFedBack() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    await store.send(.startTwoSteps).finish()
    #expect(store.log == ["step 1", "chain 1", "chain 0"])
  }

  @Test func storeTaskCancelCancelsItsEffects() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    let task = store.send(.startLongLiving)
    #expect(!task.isCancelled)
    task.cancel()
    await task.finish()
    #expect(task.isCancelled)
  }

  @Test func anActionWithoutEffectsReturnsAFinishedTask() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    let task = store.send(.incrementTapped)
    await task.finish()
    #expect(task.rawValue == nil)
  }

  @Test func releasingTheStoreCancelsItsEffects() async {
    let wasCancelled = LockIsolated(false)
    weak var weakCore: RootCore<Reduce<Int, Bool>>?
    var task: StoreTask?
    do {
      let store = Store(initialState: 0) {
        Reduce<Int, Bool> { _, _ in
          .run { _ in
            do {
              try await Task.never()
            } catch {
              wasCancelled.setValue(true)
            }
          }
        }
      }
      weakCore = store.core as? RootCore<Reduce<Int, Bool>>
      task = store.send(true)
      #expect(weakCore?.runningEffectCount == 1)
    }
    #expect(weakCore == nil)
    await task?.finish()
    #expect(wasCancelled.value)
  }

  @Test func releasingTheStoreAfterAScopedStoreWasReadCancelsItsEffects() async {
    // Between a read of a scoped store and the next send, the root runtime keeps the scoped
    // core's slice (and so the core): the store going away must still end the runtime.
    let wasCancelled = LockIsolated(false)
    weak var weakCore: RootCore<Reduce<Parent.State, Parent.Action>>?
    weak var weakStore: Store<Parent.State, Parent.Action>?
    var task: StoreTask?
    do {
      let store = Store(initialState: Parent.State()) {
        Reduce<Parent.State, Parent.Action> { _, _ in
          .run { _ in
            do {
              try await Task.never()
            } catch {
              wasCancelled.setValue(true)
            }
          }
        }
      }
      weakStore = store
      weakCore = store.core as? RootCore<Reduce<Parent.State, Parent.Action>>
      task = store.send(.presentTapped)
      #expect(store.scope(state: \.child, action: \.child).count == 0)
      #expect(weakCore?.runningEffectCount == 1)
    }
    #expect(weakStore == nil)
    // Off the main thread (Swift Testing's main actor here) the runtime is let go on the main
    // actor's next turn.
    await Task.yield()
    #expect(weakCore == nil)
    await task?.finish()
    #expect(wasCancelled.value)
  }

  @Test func scopedStoresShareTheRootRuntime() {
    let store = Store(initialState: Parent.State()) { Parent() }
    let child = store.scope(state: \.child, action: \.child)
    child.send(.incrementTapped)
    #expect(child.count == 1)
    #expect(store.child.count == 1)
  }

  @Test func aScopedStoreReadsEveryChangeAndHoldsNoCopyWhileTheReducerMutates() {
    let store = Store(
      initialState: {
        var state = Parent.State()
        state.child.log.reserveCapacity(16)
        return state
      }()
    ) {
      Parent()
    }
    let child = store.scope(state: \.child, action: \.child)
    func logStorage() -> UnsafeRawPointer? {
      store.withState { $0.child.log.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
    }
    let storage = logStorage()
    #expect(storage != nil)

    // The child keeps the slice it read until the next send...
    #expect(child.log == [])
    child.send(.logged("a"))
    // ...and drops it before the reducer runs: the append happened in place, not on a copy.
    #expect(logStorage() == storage)
    #expect(child.log == ["a"])
    store.send(.child(.logged("b")))
    #expect(child.log == ["a", "b"])
    #expect(logStorage() == storage)
  }

  @Test func aChainOfScopedStoresReadsTheStateOfTheLatestSend() {
    let store = Store(initialState: Chain.State.nested(depth: 3)) { Chain() }
    let first = store.scope(state: \.children[0], action: \.child)
    let second = first.scope(state: \.children[0], action: \.child)
    let third = second.scope(state: \.children[0], action: \.child)
    #expect([first.count, second.count, third.count] == [0, 0, 0] as [Int])
    third.send(.incrementTapped)
    #expect([first.count, second.count, third.count] == [0, 0, 1] as [Int])
    first.send(.incrementTapped)
    #expect([first.count, second.count, third.count] == [1, 0, 1] as [Int])
    store.send(.child(.child(.incrementTapped)))
    #expect([first.count, second.count, third.count] == [1, 1, 1] as [Int])
    #expect(store.withState { $0.children[0].children[0].children[0].count } == 1)
  }

  @Test func scopingIsCached() {
    let store = Store(initialState: Parent.State()) { Parent() }
    let first = store.scope(\.child, action: \.child)
    let second = store.scope(state: \.child, action: \.child)
    #expect(first === second)
  }

  @Test func optionalScopeIsNilWhileStateIsNil() {
    let store = Store(initialState: Parent.State()) { Parent() }
    #expect(store.scope(state: \.optionalChild, action: \.optionalChild) == nil)
    store.send(.presentTapped)
    let child = store.scope(state: \.optionalChild, action: \.optionalChild)
    #expect(child != nil)
    #expect(store.scope(state: \.optionalChild, action: \.optionalChild) === child)
    child?.send(.incrementTapped)
    #expect(store.optionalChild?.count == 1)
  }

  @Test func aDismissedStoreKeepsItsLastStateAndReportsSends() throws {
    let store = Store(initialState: Parent.State()) { Parent() }
    store.send(.presentTapped)
    let child = try #require(store.scope(state: \.optionalChild, action: \.optionalChild))
    child.send(.incrementTapped)
    store.send(.dismissTapped)

    #expect(child.count == 1)
    withKnownIssue {
      child.send(.incrementTapped)
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("An action was sent at ComposableArchitectureTests/StoreTests.swift:")
        && text.contains("to a store whose state is gone")
        && text.contains("Counter.Action.incrementTapped")
    }
    #expect(child.count == 1)
    #expect(store.scope(state: \.optionalChild, action: \.optionalChild) == nil)
  }

  @Test func reEntrantSendsAreReducedAfterTheCurrentAction() {
    final class StoreBox { weak var store: Store<[String], String>? }
    let box = StoreBox()
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        if action == "outer" {
          box.store?.send("re-entrant")
        }
        state.append(action)
        return .none
      }
    }
    box.store = store
    store.send("outer")
    #expect(store.state == ["outer", "re-entrant"])
  }
}
