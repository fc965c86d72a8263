import ComposableArchitecture
import Testing

/// A feature that dismisses itself, and whose effects keep going unless cancelled.
private struct Editor: Reducer {
  struct State: Equatable { var saved = 0 }
  enum Action: Equatable {
    case closeTapped
    case saveTapped
    case saved
    case startAutosave
  }
  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .closeTapped:
      return .run { _ in await dismiss() }
    case .saveTapped:
      return .send(.saved)
    case .saved:
      state.saved += 1
      return .none
    case .startAutosave:
      // Ignores cancellation of its sleep, so only a cancelled `send` keeps it from saving.
      return .run { send in
        try? await clock.sleep(for: .seconds(5))
        await send(.saved)
      }
    }
  }
}

@MainActor
struct TestStoreBehaviourTests {
  @Test func receivedActionsStayQueuedAfterTheMustHandleFailure() async {
    let store = TestStore(initialState: Editor.State()) { Editor() }
    await store.send(.saveTapped)
    await withKnownIssue {
      await store.send(.saveTapped)
    } matching: { issue in
      let text = message(of: issue)
      // The unreceived action, and the state change it made that this send did not expect.
      return text.hasPrefix("1 received action was not asserted before sending Editor.Action.saveTapped:")
        || text.hasPrefix("State after sending Editor.Action.saveTapped does not match the expectation:")
    }
    // Both `.saved` actions are still there to receive, each with the state it produced.
    await store.receive(.saved)
    await store.receive(.saved) { $0.saved = 2 }
  }

  @Test func skipInFlightEffectsCancelsThem() async {
    let clock = TestClock()
    let store = TestStore(initialState: Editor.State()) { Editor() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startAutosave)
    await store.skipInFlightEffects()
    await clock.run()
    // Had the effect not been cancelled, `.saved` would arrive and fail the test at its end as an
    // unreceived action.
    await store.finish()
  }

  @Test func aRootFeatureThatDismissesItselfDismissesTheTestStore() async {
    let clock = TestClock()
    let store = TestStore(initialState: Editor.State()) { Editor() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startAutosave)
    await store.send(.closeTapped)
    // The autosave was cancelled: nothing arrives, and nothing is left running.
    await clock.run()
    await withKnownIssue {
      await store.send(.saveTapped)
    } matching: { issue in
      let text = message(of: issue)
      return text.hasPrefix("Can't send an action to a test store whose feature dismissed itself:")
        && text.contains("Editor.Action.saveTapped")
    }
    #expect(store.state == Editor.State())
  }

  @Test func dismissingOutsideATestStoreIsStillAnIssue() async {
    let store = Store(initialState: Editor.State()) { Editor() }
    await withKnownIssue {
      await store.send(.closeTapped).finish()
    } matching: { issue in
      message(of: issue).contains("dismiss")
    }
  }
}
