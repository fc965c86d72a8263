import ComposableArchitecture
import Testing

/// A feature that dismisses itself, and whose effects keep going unless cancelled.
struct SelfDismissingEditor: Reducer {
  struct State: Equatable { var saved = 0 }
  enum Action: Equatable {
    case closeTapped
    case saveTapped
    case saved
    case listeningEnded
    case listeningFailed
    case listenUntilFailure
    case startAutosave
    case startListening
  }
  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss
  @Dependency(\.listener) var listener

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .closeTapped:
      return .run { _ in await dismiss() }
    case .saveTapped:
      return .send(.saved)
    case .saved:
      state.saved += 1
      return .none
    case .startListening:
      // Listens until the listener stops while a timer ticks; the timer runs until the effect is
      // cancelled.
      return .run { send in
        async let listening: Void = {
          _ = try? await listener()
          await send(.listeningEnded)
        }()
        for await _ in clock.timer(interval: .seconds(1)) { await send(.saved) }
        await listening
      }
    case .listeningEnded, .listeningFailed:
      return .none
    case .listenUntilFailure:
      return .run { _ in
        try await listener()
      } catch: { _, send in
        await send(.listeningFailed)
      }
    case .startAutosave:
      // Ignores cancellation of its sleep, so only a cancelled `send` keeps it from saving.
      return .run { send in
        try? await clock.sleep(for: .seconds(5))
        await send(.saved)
      }
    }
  }
}

private enum ListenerKey: DependencyKey {
  static let liveValue: @Sendable () async throws -> Void = {}
}

extension DependencyValues {
  var listener: @Sendable () async throws -> Void {
    get { self[ListenerKey.self] }
    set { self[ListenerKey.self] = newValue }
  }
}

@Reducer
private struct Inner {
  @ObservableState
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case increment }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

@Reducer
private struct Outer {
  @ObservableState
  struct State: Equatable { var child: Inner.State? }
  enum Action: Equatable {
    case child(Inner.Action)
    case noop
  }
  var body: some ReducerOf<Self> {
    EmptyReducer()
      .ifLet(\.child, action: \.child) { Inner() }
  }
}

/// A parent that presents a recorder whose effect runs until the recorder goes away.
struct EditorHost: Reducer {
  struct State: Equatable { var recording: SelfDismissingEditor.State? }
  @CasePathable
  enum Action: Equatable {
    case recording(SelfDismissingEditor.Action)
    case startTapped
    case stopTapped
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .recording(.listeningEnded):
        state.recording = nil
        return .none
      case .recording: return .none
      case .startTapped:
        state.recording = SelfDismissingEditor.State()
        return .send(.recording(.startListening))
      case .stopTapped:
        state.recording = nil
        return .none
      }
    }
    .ifLet(\.recording, action: \.recording) { SelfDismissingEditor() }
  }
}

@MainActor
struct TestStoreBehaviourTests {
  @Test func receivedActionsStayQueuedAfterTheMustHandleFailure() async {
    let store = TestStore(initialState: SelfDismissingEditor.State()) { SelfDismissingEditor() }
    await store.send(.saveTapped)
    await withKnownIssue {
      await store.send(.saveTapped)
    } matching: { issue in
      let text = message(of: issue)
      // The unreceived action, and the state change it made that this send did not expect.
      return text.hasPrefix("1 received action was not asserted before sending SelfDismissingEditor.Action.saveTapped:")
        || text.hasPrefix("State after sending SelfDismissingEditor.Action.saveTapped does not match the expectation:")
    }
    // Both `.saved` actions are still there to receive, each with the state it produced.
    await store.receive(.saved)
    await store.receive(.saved) { $0.saved = 2 }
  }

  @Test func skipInFlightEffectsStopsWaitingForThemButTheirActionsStillArrive() async {
    let clock = TestClock()
    let store = TestStore(initialState: SelfDismissingEditor.State()) { SelfDismissingEditor() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startAutosave)
    await store.skipInFlightEffects()
    // Not waited for any more: `finish()` returns at once.
    await store.finish()
    // Not cancelled either, as in TCA: what it sends later is received.
    await clock.advance(by: .seconds(5))
    await store.receive(.saved) { $0.saved = 1 }
  }

  @Test func finishReportsReceivedActionsLeftUnasserted() async {
    let store = TestStore(initialState: SelfDismissingEditor.State()) { SelfDismissingEditor() }
    await store.send(.saveTapped)
    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("The store received 1 action that the test did not assert before 'finish()'")
        && text.contains("SelfDismissingEditor.Action.saved")
    }
    // Reported once: asserting it now leaves nothing for the end of the test.
    await store.receive(.saved) { $0.saved = 1 }
  }

  @Test func theStoresStateInsideTheExpectationIsTheStateBeforeTheAction() async {
    let store = TestStore(initialState: SelfDismissingEditor.State()) { SelfDismissingEditor() }
    await store.send(.saveTapped)
    await store.receive(.saved) {
      #expect(store.state.saved == 0)
      $0.saved = store.state.saved + 1
    }
    #expect(store.state.saved == 1)
  }

  @Test func aNonExhaustiveExpectationRunsOnTheActualStateOnly() async {
    let store = TestStore(initialState: SelfDismissingEditor.State()) { SelfDismissingEditor() }
    store.exhaustivity = .off
    await store.send(.saveTapped)
    await store.receive(.saved) {
      // Seen only with the state after the action: it would fail on the state before.
      #expect($0.saved == 1)
    }
  }

  @Test func skippedAssertionsRunTheExpectationOnThePreviousStateWithoutFailing() async {
    let store = TestStore(initialState: SelfDismissingEditor.State()) { SelfDismissingEditor() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.saveTapped)
    await store.receive(.saved) {
      // Fails on the previous state (0), where the store runs it only to show what was skipped;
      // that failure is expected, not the test's.
      #expect($0.saved == 1)
    }
  }

  @available(*, deprecated, message: "Tests CasePaths' deprecated XCTModify, which TCA tests use.")
  @Test func xctModifyOfAnUnchangedValueDoesNotFailANonExhaustiveStore() async {
    let store = TestStore(initialState: Outer.State(child: Inner.State())) { Outer() }
    store.exhaustivity = .off
    await store.send(.child(.increment)) {
      XCTModify(&$0.child) { $0.count = 1 }
    }
    store.exhaustivity = .on
    await store.send(.child(.increment)) {
      XCTModify(&$0.child) { $0.count = 2 }
    }
    await withKnownIssue {
      await store.send(.noop) {
        XCTModify(&$0.child) { _ in }
      }
    } matching: { issue in
      // CasePaths' own failure, and the store's: the closure changed nothing.
      message(of: issue).contains("\"Inner.State\" value to be modified but it was unchanged")
        || message(of: issue).hasPrefix("Expected state to change, but no change occurred.")
    }
  }

  @Test func aRootFeatureThatDismissesItselfDismissesTheTestStore() async {
    let clock = TestClock()
    let store = TestStore(initialState: SelfDismissingEditor.State()) { SelfDismissingEditor() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startAutosave)
    await store.send(.closeTapped)
    // The autosave was cancelled: nothing arrives, and nothing is left running.
    await clock.advance(by: .seconds(5))
    await withKnownIssue {
      await store.send(.saveTapped)
    } matching: { issue in
      let text = message(of: issue)
      return text.hasPrefix("Can't send an action to a test store whose feature dismissed itself:")
        && text.contains("SelfDismissingEditor.Action.saveTapped")
    }
    #expect(store.state == SelfDismissingEditor.State())
  }

  @Test func dismissingOutsideATestStoreIsStillAnIssue() async {
    let store = Store(initialState: SelfDismissingEditor.State()) { SelfDismissingEditor() }
    await withKnownIssue {
      await store.send(.closeTapped).finish()
    } matching: { issue in
      message(of: issue).contains("dismiss")
    }
  }

  @Test func anEffectThatSentItsLastActionIsNotStillRunningAfterItIsReceived() async {
    struct Stopped: Error {}
    let listening = AsyncThrowingStream.makeStream(of: Void.self)
    let store = TestStore(initialState: SelfDismissingEditor.State()) {
      SelfDismissingEditor()
    } withDependencies: {
      $0.listener = { for try await _ in listening.stream {} }
    }
    await store.send(.listenUntilFailure)
    listening.continuation.finish(throwing: Stopped())
    // The effect ends right after sending this: the test ends without waiting for it.
    await store.receive(.listeningFailed)
  }
}
