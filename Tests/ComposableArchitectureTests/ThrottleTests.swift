import ComposableArchitecture
import Testing

private struct Scroller: Reducer {
  struct State: Equatable { var loaded: [Int] = [] }
  @CasePathable
  enum Action: Equatable { case scrolled(Int), loaded(Int) }
  enum CancelID { case paging }
  let latest: Bool
  /// Throttles through the overload that takes `any Clock<Duration>` as it is, picked by its type
  /// (a call site resolves to it depending on what else is in scope: it did once Foundation was).
  var onTheExistentialClock = false
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .scrolled(page) where onTheExistentialClock:
      let throttle: (Effect<Action>) -> (CancelID, Duration, any Clock<Duration>, Bool) -> Effect<Action> =
        Effect<Action>.throttle(id:for:clock:latest:)
      return throttle(.send(.loaded(page)))(.paging, .seconds(1), clock, latest)
    case let .scrolled(page):
      return .send(.loaded(page))
        .throttle(id: CancelID.paging, for: .seconds(1), clock: clock, latest: latest)
    case let .loaded(page):
      state.loaded.append(page)
      return .none
    }
  }
}

@MainActor
struct ThrottleTests {
  private func scroll(
    latest: Bool, dependencies: StoreDependencies, onTheExistentialClock: Bool = false
  ) async -> [[Int]] {
    let clock = TestClock()
    var snapshots: [[Int]] = []
    let scroller = Scroller(latest: latest, onTheExistentialClock: onTheExistentialClock)
    await dependencies.scope(clock) {
      let store = dependencies == .pushed
        ? Store(initialState: Scroller.State()) { scroller } withDependencies: {
          $0.continuousClock = clock
        }
        : Store(initialState: Scroller.State()) { scroller }
      await scroll(store, clock: clock, into: &snapshots)
    }
    return snapshots
  }

  private func scroll(
    _ store: StoreOf<Scroller>, clock: TestClock<Duration>, into snapshots: inout [[Int]]
  ) async {
    store.send(.scrolled(1))
    await settle()
    snapshots.append(store.loaded)  // the first goes through at once

    await clock.advance(by: .milliseconds(100))
    store.send(.scrolled(2))
    await settle()
    await clock.advance(by: .milliseconds(400))
    store.send(.scrolled(3))
    await settle()
    snapshots.append(store.loaded)  // nothing more within the interval

    await clock.advance(by: .milliseconds(500))
    snapshots.append(store.loaded)  // one held-back action when the interval ends

    await clock.advance(by: .seconds(2))
    store.send(.scrolled(4))
    await settle()
    snapshots.append(store.loaded)  // after a quiet interval, at once again
  }

  @Test(arguments: StoreDependencies.allCases)
  func latestDeliversTheLastHeldBackAction(dependencies: StoreDependencies) async {
    await serially {
      #expect(await scroll(latest: true, dependencies: dependencies) == [[1], [1], [1, 3], [1, 3, 4]])
    }
  }

  @Test(arguments: StoreDependencies.allCases)
  func notLatestDeliversTheFirstHeldBackAction(dependencies: StoreDependencies) async {
    await serially {
      #expect(await scroll(latest: false, dependencies: dependencies) == [[1], [1], [1, 2], [1, 2, 4]])
    }
  }

  /// Each throttled effect once wrapped the clock in an `AnyClock` of its own, which counts from
  /// when it is made: the last delivery one effect recorded was read in the next one's frame, and
  /// neither the held-back action nor the next one after a quiet interval went out.
  @Test(arguments: StoreDependencies.allCases)
  func throttlingOnTheExistentialClockDeliversAsOnAConcreteOne(
    dependencies: StoreDependencies
  ) async {
    await serially {
      #expect(
        await scroll(latest: true, dependencies: dependencies, onTheExistentialClock: true)
          == [[1], [1], [1, 3], [1, 3, 4]]
      )
      #expect(
        await scroll(latest: false, dependencies: dependencies, onTheExistentialClock: true)
          == [[1], [1], [1, 2], [1, 2, 4]]
      )
    }
  }
}
