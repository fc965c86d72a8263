@testable import ComposableArchitecture
import Testing

private struct Ticker: Reducer {
  struct State: Equatable { var ticks = 0 }
  @CasePathable
  enum Action: Equatable {
    case start, startReplacing, stop, tick
    case startAndStopAtOnce
    case startTaskCancellation, stopTaskCancellation
    case startMany(Int), stopMany(Int)
  }
  enum CancelID: Hashable { case timer, row(Int) }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return timer.cancellable(id: CancelID.timer)
    case .startReplacing:
      return timer.cancellable(id: CancelID.timer, cancelInFlight: true)
    case .stop:
      return .cancel(id: CancelID.timer)
    case .tick:
      state.ticks += 1
      return .none
    case .startAndStopAtOnce:
      return .merge(timer.cancellable(id: CancelID.timer), .send(.stop))
    case .startTaskCancellation:
      return .run { [clock] send in
        await withTaskCancellation(id: CancelID.timer) {
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        }
      }
    case .stopTaskCancellation:
      return .run { _ in Task.cancel(id: CancelID.timer) }
    case let .startMany(count):
      return .merge((0..<count).map { .run { _ in try await Task.never() }.cancellable(id: CancelID.row($0)) })
    case let .stopMany(count):
      return .cancel(ids: (0..<count).map { CancelID.row($0) })
    }
  }

  var timer: Effect<Action> {
    .run { [clock] send in
      for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
    }
  }
}

/// How a test's store gets its clock: pushed (a `withDependencies:` argument, so every send pushes
/// the store's dependencies) or ambient (made and sent inside one `withDependencies` scope, so
/// sends run the reducer without pushing them; see `RootCore.reduce`). Cancellation must work
/// the same in both.
enum StoreDependencies: CaseIterable, Sendable {
  case pushed, ambient

  /// Runs `body` where an ambient store made by `makeStore` sees `clock`.
  @MainActor
  func scope(
    _ clock: TestClock<Duration>, _ body: @MainActor () async throws -> Void
  ) async rethrows {
    switch self {
    case .pushed:
      try await body()
    case .ambient:
      try await withDependencies { $0.continuousClock = clock } operation: { try await body() }
    }
  }
}

@MainActor
struct CancellationTests {
  private func makeStore(
    _ clock: TestClock<Duration>, _ dependencies: StoreDependencies = .pushed
  ) -> StoreOf<Ticker> {
    switch dependencies {
    case .pushed:
      return Store(initialState: Ticker.State()) { Ticker() } withDependencies: {
        $0.continuousClock = clock
      }
    case .ambient:
      let store = Store(initialState: Ticker.State()) { Ticker() }
      #expect((store.core as? RootCore<Ticker>)?.reducesInAmbientDependencies == true)
      return store
    }
  }

  @Test(arguments: StoreDependencies.allCases)
  func cancelStopsACancellableEffect(dependencies: StoreDependencies) async {
    await serially {
      let clock = TestClock()
      await dependencies.scope(clock) {
        let store = makeStore(clock, dependencies)
        let timer = store.send(.start)
        await settle()
        await clock.advance(by: .seconds(2))
        store.send(.stop)
        await timer.finish()
        await clock.advance(by: .seconds(2))
        #expect(store.ticks == 2)
      }
    }
  }

  @Test(arguments: StoreDependencies.allCases)
  func cancelInFlightReplacesTheRunningEffect(dependencies: StoreDependencies) async {
    await serially {
      let clock = TestClock()
      await dependencies.scope(clock) {
        let store = makeStore(clock, dependencies)
        let first = store.send(.startReplacing)
        await settle()
        store.send(.startReplacing)
        await first.finish()
        #expect(first.isCancelled == false)
        await settle()
        await clock.advance(by: .seconds(1))
        #expect(store.ticks == 1)
        store.send(.stop)
        await settle()
        #expect((store.core as? RootCore<Ticker>)?.runningEffectCount == 0)
      }
    }
  }

  @Test func cancelInTheSameActionReachesAnEffectThatHasNotStartedYet() async {
    await serially {
      let clock = TestClock()
      let store = makeStore(clock)
      await store.send(.startAndStopAtOnce).finish()
      await clock.advance(by: .seconds(3))
      #expect(store.ticks == 0)
    }
  }

  @Test(arguments: StoreDependencies.allCases)
  func taskCancelReachesWithTaskCancellation(dependencies: StoreDependencies) async {
    await serially {
      let clock = TestClock()
      await dependencies.scope(clock) {
        let store = makeStore(clock, dependencies)
        let timer = store.send(.startTaskCancellation)
        await settle()
        await clock.advance(by: .seconds(1))
        #expect(store.ticks == 1)
        await store.send(.stopTaskCancellation).finish()
        await timer.finish()
        await clock.advance(by: .seconds(1))
        #expect(store.ticks == 1)
      }
    }
  }

  @Test(arguments: StoreDependencies.allCases)
  func storesDoNotCancelEachOthersEffects(dependencies: StoreDependencies) async {
    await serially {
      let clock = TestClock()
      await dependencies.scope(clock) {
        let first = makeStore(clock, dependencies)
        let second = makeStore(clock, dependencies)
        first.send(.start)
        second.send(.start)
        await settle()
        second.send(.stop)
        await settle()
        await clock.advance(by: .seconds(1))
        #expect(first.ticks == 1)
        #expect(second.ticks == 0)
        first.send(.stop)
      }
    }
  }

  @Test(arguments: StoreDependencies.allCases)
  func tenThousandEffectsStartAndCancelWithoutLeaks(dependencies: StoreDependencies) async throws {
    try await serially {
      let clock = TestClock()
      try await dependencies.scope(clock) {
        let store = makeStore(clock, dependencies)
        let core = try #require(store.core as? RootCore<Ticker>)
        let started = store.send(.startMany(10_000))
        #expect(core.runningEffectCount == 10_000)
        #expect(core.registry.count == 10_000)
        store.send(.stopMany(10_000))
        await started.finish()
        #expect(core.runningEffectCount == 0)
        #expect(core.registry.count == 0)
      }
    }
  }

  @Test func withTaskCancellationReturnsTheOperationsValueOutsideAStore() async throws {
    let value = await withTaskCancellation(id: "plain") { 42 }
    #expect(value == 42)
    struct Failure: Error {}
    await #expect(throws: Failure.self) {
      try await withTaskCancellation(id: "plain") { () async throws -> Int in throw Failure() }
    }
  }
}

/// A child that starts a timer marked with the same id its parent cancels.
@Reducer
private struct Clock {
  @ObservableState
  struct State: Equatable { var ticks = 0 }
  enum Action: Equatable { case start, tick }
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        return .run { [clock] send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        }
        .cancellable(id: SharedCancelID.timer)
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }
}

private enum SharedCancelID: Hashable { case timer }

@Reducer
private struct ClockHost {
  @ObservableState
  struct State: Equatable {
    @Presents var sheet: Clock.State?
    var path = StackState<Clock.State>()
  }
  enum Action: Equatable {
    case sheet(PresentationAction<Clock.Action>)
    case path(StackAction<Clock.State, Clock.Action>)
    case stopAll
  }
  var body: some ReducerOf<Self> {
    Reduce { _, action in
      switch action {
      case .stopAll:
        return .cancel(id: SharedCancelID.timer)
      case .sheet, .path:
        return .none
      }
    }
    .ifLet(\.$sheet, action: \.sheet) { Clock() }
    .forEach(\.path, action: \.path) { Clock() }
  }
}

@MainActor
struct CancellationReachesChildrenTests {
  @Test func aParentsCancelReachesTheSameIdInAPresentedChildAndInStackElements() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: ClockHost.State(sheet: Clock.State(), path: StackState([Clock.State()]))
    ) {
      ClockHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.sheet(.presented(.start)))
    await store.send(.path(.element(id: 0, action: .start)))
    await clock.advance(by: .seconds(1))
    await store.receive(.sheet(.presented(.tick))) { $0.sheet?.ticks = 1 }
    await store.receive(.path(.element(id: 0, action: .tick))) { $0.path[id: 0]?.ticks = 1 }

    await store.send(.stopAll)
    await clock.advance(by: .seconds(5))
    // Nothing more arrives, and no effect is left running when the test ends.
  }
}
