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

  @Test func skipInFlightEffectsCancelsThem() async {
    let clock = TestClock()
    let store = TestStore(initialState: SelfDismissingEditor.State()) { SelfDismissingEditor() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startAutosave)
    await store.skipInFlightEffects()
    await clock.advance(by: .seconds(5))
    // Had the effect not been cancelled, `.saved` would arrive and fail the test at its end as an
    // unreceived action.
    await store.finish()
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
