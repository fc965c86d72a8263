import ComposableArchitecture
import Testing

/// A timer feature: the story most TCA tests tell.
private struct Timer: Reducer {
  struct State: Equatable {
    var isRunning = false
    var secondsElapsed = 0
  }
  @CasePathable
  enum Action: Equatable {
    case startTapped, stopTapped, tick
    case loadTapped, loaded(String)
  }
  enum CancelID { case timer }
  @Dependency(\.continuousClock) var clock
  @Dependency(\.loadGreeting) var loadGreeting

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startTapped:
      state.isRunning = true
      return .run { send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
      }
      .cancellable(id: CancelID.timer)
    case .stopTapped:
      state.isRunning = false
      return .cancel(id: CancelID.timer)
    case .tick:
      state.secondsElapsed += 1
      return .none
    case .loadTapped:
      return .run { send in await send(.loaded(await loadGreeting())) }
    case .loaded:
      return .none
    }
  }
}

private enum LoadGreetingKey: DependencyKey {
  static let liveValue: @Sendable () async -> String = { "live" }
  static let testValue: @Sendable () async -> String = { "test" }
}

extension DependencyValues {
  fileprivate var loadGreeting: @Sendable () async -> String {
    get { self[LoadGreetingKey.self] }
    set { self[LoadGreetingKey.self] = newValue }
  }
}

@MainActor
struct TestStoreTests {
  @Test func theTimerStory() async {
    let clock = TestClock()
    let store = TestStore(initialState: Timer.State()) {
      Timer()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startTapped) { $0.isRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.secondsElapsed = 1 }
    await clock.advance(by: .seconds(1))
    await store.receive(\.tick) { $0.secondsElapsed = 2 }
    await store.send(\.stopTapped) { $0.isRunning = false }
    #expect(store.state == Timer.State(isRunning: false, secondsElapsed: 2))
  }

  @Test func dependenciesCanBeOverriddenPerTestAndMidTest() async {
    let store = TestStore(initialState: Timer.State()) { Timer() }
    await store.send(.loadTapped)
    await store.receive(\.loaded, "test")

    store.dependencies.loadGreeting = { "overridden" }
    await store.send(.loadTapped)
    await store.receive(.loaded("overridden"))

    await store.withDependencies {
      $0.loadGreeting = { "scoped" }
    } operation: {
      await store.send(.loadTapped)
      await store.receive({ $0 == .loaded("scoped") })
    }
    await store.send(.loadTapped)
    await store.receive(.loaded("overridden"))
  }

  @Test func taskFinishAndStoreFinish() async {
    let store = TestStore(initialState: Timer.State()) { Timer() }
    let task = await store.send(.loadTapped)
    await store.receive(\.loaded)
    await task.finish()
    #expect(task.isCancelled == false)
    await store.finish()
  }

  @Test func cancellingATaskStopsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Timer.State()) { Timer() } withDependencies: {
      $0.continuousClock = clock
    }
    let task = await store.send(.startTapped) { $0.isRunning = true }
    await task.cancel()
    await clock.advance(by: .seconds(5))
    #expect(task.isCancelled)
  }

  @Test func assertChecksCurrentState() async {
    let store = TestStore(initialState: Timer.State(secondsElapsed: 3)) { Timer() }
    store.assert { $0.secondsElapsed = 3 }
    withKnownIssue {
      store.assert { $0.secondsElapsed = 4 }
    } matching: { issue in
      message(of: issue).contains("secondsElapsed: 4")
    }
  }

  // MARK: - Failures

  @Test func stateMismatchShowsADiff() async {
    let store = TestStore(initialState: Timer.State()) { Timer() }
    await withKnownIssue {
      await store.send(.tick) { $0.secondsElapsed = 2 }
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("State after sending Timer.Action.tick does not match the expectation:")
        && text.contains("\u{2212}   secondsElapsed: 2")
        && text.contains("+   secondsElapsed: 1")
        && text.contains("(Expected: −, Actual: +)")
        && issue.sourceLocation?.fileName == "TestStoreTests.swift"
    }
  }

  @Test func unchangedStateWithAClosureFails() async {
    let store = TestStore(initialState: Timer.State()) { Timer() }
    await withKnownIssue {
      await store.send(.loaded("x")) { _ in }
    } matching: { issue in
      message(of: issue).hasPrefix("Expected state to change, but no change occurred.")
    }
  }

  @Test func sendingWithUnassertedReceivedActionsFails() async {
    let store = TestStore(initialState: Timer.State()) { Timer() }
    await store.send(.loadTapped)
    await Task.megaYield()
    await withKnownIssue {
      await store.send(.tick) { $0.secondsElapsed = 1 }
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("1 received action was not asserted before sending Timer.Action.tick")
        && text.contains("• Timer.Action.loaded(\"test\")")
    }
    // The action is still queued, as in TCA, with the state it produced (before the tick).
    await store.receive(.loaded("test")) { $0.secondsElapsed = 0 }
  }

  @Test func anActionThatNeverArrivesFails() async {
    let store = TestStore(initialState: Timer.State()) { Timer() }
    await withKnownIssue {
      await store.receive(.tick)
    } matching: { issue in
      message(of: issue).hasPrefix(
        "Expected to receive Timer.Action.tick, but no action was received and no effect is running."
      )
    }
  }

  @Test func anActionThatDoesNotArriveWithinTheTimeoutFails() async {
    let clock = TestClock()
    let store = TestStore(initialState: Timer.State()) { Timer() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startTapped) { $0.isRunning = true }
    await withKnownIssue {
      await store.receive(.tick, timeout: .milliseconds(50))
    } matching: { issue in
      let text = message(of: issue)
      return text.hasPrefix("Expected to receive Timer.Action.tick, but none arrived within 0.05 seconds.")
        && text.contains("advance the clock")
    }
    await store.send(.stopTapped) { $0.isRunning = false }
  }

  @Test func aDifferentReceivedActionShowsADiff() async {
    let store = TestStore(initialState: Timer.State()) { Timer() }
    await store.send(.loadTapped)
    await withKnownIssue {
      await store.receive(.loaded("other"))
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("Received an unexpected action:")
        && text.contains("\u{2212} Timer.Action.loaded(\"other\")")
        && text.contains("+ Timer.Action.loaded(\"test\")")
    }
  }

  @Test func unreceivedActionsAtTheEndFail() async {
    await withKnownIssue {
      let store = TestStore(initialState: Timer.State()) { Timer() }
      await store.send(.loadTapped)
      await Task.megaYield()
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("The store received 1 action that the test never asserted:")
        && text.contains("• Timer.Action.loaded(\"test\")")
    }
  }

  @Test func effectsStillRunningAtTheEndFailAtTheSendThatStartedThem() async {
    await withKnownIssue {
      let store = TestStore(initialState: Timer.State()) { Timer() } withDependencies: {
        $0.continuousClock = TestClock()
      }
      await store.send(.startTapped) { $0.isRunning = true }
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("An effect started by Timer.Action.startTapped (sent here) is still running at the end of the test.")
        && issue.sourceLocation?.line == 217
    }
  }

  @Test func finishFailsWhenEffectsKeepRunning() async {
    let store = TestStore(initialState: Timer.State()) { Timer() } withDependencies: {
      $0.continuousClock = TestClock()
    }
    await store.send(.startTapped) { $0.isRunning = true }
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(20))
    } matching: { issue in
      message(of: issue).hasPrefix("Expected effects to finish, but some are still running after 0.02 seconds.")
    }
    await store.skipInFlightEffects()
  }

  @Test func strictSkipsFailWhenThereIsNothingToSkip() async {
    let store = TestStore(initialState: Timer.State()) { Timer() }
    await withKnownIssue {
      await store.skipReceivedActions()
      await store.skipInFlightEffects()
    } matching: { issue in
      let text = message(of: issue)
      return text == "There were no received actions to skip. Remove the call, or pass 'strict: false'."
        || text == "There were no in-flight effects to skip. Remove the call, or pass 'strict: false'."
    }
    await store.skipReceivedActions(strict: false)
    await store.skipInFlightEffects(strict: false)
  }

  @Test func aReceivedActionThatDoesNotMatchThePredicateOrCaseFails() async {
    let store = TestStore(initialState: Timer.State()) { Timer() }
    await store.send(.loadTapped)
    await withKnownIssue {
      await store.receive({ $0 == .tick })
    } matching: { issue in
      let text = message(of: issue)
      return text.hasPrefix("Received an action that does not match the predicate:")
        && text.contains("Timer.Action.loaded(\"test\")")
    }
    await store.send(.loadTapped)
    await withKnownIssue {
      await store.receive(\.tick)
    } matching: { issue in
      message(of: issue).hasPrefix("Received an action that does not match")
    }
  }

  @Test func aThrowingAssertionFails() async {
    struct Oops: Error {}
    let store = TestStore(initialState: Timer.State()) { Timer() }
    await withKnownIssue {
      await store.send(.tick) { _ in throw Oops() }
    } matching: { issue in
      message(of: issue).hasPrefix("The state assertion closure threw an error:")
    }
  }

  @Test func aTaskThatDoesNotFinishInTimeFails() async {
    let store = TestStore(initialState: Timer.State()) { Timer() } withDependencies: {
      $0.continuousClock = TestClock()
    }
    let task = await store.send(.startTapped) { $0.isRunning = true }
    await withKnownIssue {
      await task.finish(timeout: .milliseconds(20))
    } matching: { issue in
      message(of: issue).hasPrefix("Expected effects to finish, but some are still running")
    }
    await task.cancel()
  }

  // MARK: - Non-exhaustive

  @Test func nonExhaustiveReceiveFailsWhenNoReceivedActionMatches() async {
    let store = TestStore(initialState: Timer.State()) { Timer() }
    store.exhaustivity = .off
    await store.send(.loadTapped)
    await Task.megaYield()
    await withKnownIssue {
      await store.receive(.tick)
    } matching: { issue in
      let text = message(of: issue)
      return text.hasPrefix("Expected to receive Timer.Action.tick, but none of the received actions matched:")
        && text.contains("• Timer.Action.loaded(\"test\")")
    }
  }

  @Test func nonExhaustiveChecksOnlyWhatTheTestStates() async {
    let clock = TestClock()
    let store = TestStore(initialState: Timer.State()) { Timer() } withDependencies: {
      $0.continuousClock = clock
    }
    store.exhaustivity = .off
    await store.send(.startTapped)  // isRunning changed, unasserted
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.secondsElapsed = 1 }
    await clock.advance(by: .seconds(2))
    await store.send(.stopTapped)  // two ticks received, unasserted: skipped
    #expect(store.state == Timer.State(isRunning: false, secondsElapsed: 3))
  }

  @Test func nonExhaustiveReceiveSkipsToTheFirstMatchingAction() async {
    let store = TestStore(initialState: Timer.State()) { Timer() }
    store.exhaustivity = .off
    await store.send(.loadTapped)
    await store.send(.tick)
    await store.send(.loadTapped)
    await store.receive(.loaded("test"))
    #expect(store.state.secondsElapsed == 1)
    // Leaves an effect running and a received action unasserted: nothing fails.
  }

  @Test func nonExhaustiveStillFailsOnAWrongAssertion() async {
    let store = TestStore(initialState: Timer.State()) { Timer() }
    store.exhaustivity = .off
    await withKnownIssue {
      await store.send(.tick) { $0.secondsElapsed = 5 }
    } matching: { issue in
      message(of: issue).contains("+   secondsElapsed: 1")
    }
  }

  @Test func showSkippedAssertionsReportsWarningsNotFailures() async {
    let clock = TestClock()
    await withKnownIssue {
      let store = TestStore(initialState: Timer.State()) { Timer() } withDependencies: {
        $0.continuousClock = clock
      }
      store.exhaustivity = .off(showSkippedAssertions: true)
      await store.send(.startTapped)
      await clock.advance(by: .seconds(2))
      await store.receive(.tick) { $0.secondsElapsed = 1 }
    } matching: { issue in
      issue.severity == .warning
        && (message(of: issue).hasPrefix("Skipped assertions of these state changes:")
          || message(of: issue).hasPrefix("Skipped assertions of 1 received action:")
          || message(of: issue).hasPrefix("An effect started by Timer.Action.startTapped"))
    }
  }

  @Test func withExhaustivityRestoresTheMode() async {
    let store = TestStore(initialState: Timer.State()) { Timer() }
    await store.withExhaustivity(.off) {
      #expect(store.exhaustivity == .off)
      await store.send(.tick)
    }
    #expect(store.exhaustivity == .on)
  }
}
