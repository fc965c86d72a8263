import ComposableArchitecture
import XCTest

private struct Counter: Reducer {
  struct State: Equatable { var count = 0 }
  @CasePathable
  enum Action: Equatable { case incrementTapped, delayedIncrementTapped, incremented }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementTapped, .incremented:
      state.count += 1
      return .none
    case .delayedIncrementTapped:
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.incremented)
      }
    }
  }
}

/// The test store works from XCTest test cases too.
@MainActor
final class TestStoreXCTests: XCTestCase {
  func testIncrementNowAndLater() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.incrementTapped) { $0.count = 1 }
    await store.send(.delayedIncrementTapped)
    await clock.advance(by: .seconds(1))
    await store.receive(\.incremented) { $0.count = 2 }
    XCTAssertEqual(store.state.count, 2)
  }

  /// Skipped assertions are information, not failures, in XCTest too.
  func testShowSkippedAssertionsDoesNotFail() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.incrementTapped)
    await store.send(.incrementTapped) { $0.count = 2 }
    XCTAssertEqual(store.state.count, 2)
  }
}
