@testable import ComposableArchitecture
import Testing

/// A presented child with a timer, which can also close itself.
@Reducer
private struct Timer {
  @ObservableState
  struct State: Equatable { var ticks = 0 }
  enum Action: Equatable { case startTapped, tick, closeTapped }
  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .startTapped:
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        }
      case .tick:
        state.ticks += 1
        return .none
      case .closeTapped:
        return .run { _ in await dismiss() }
      }
    }
  }
}

@Reducer
private struct Parent {
  @ObservableState
  struct State: Equatable {
    @Presents var destination: Destination.State?
    @Presents var alert: AlertState<Alert>?
    var deleted = false
  }
  enum Action: Equatable {
    case destination(PresentationAction<Destination.Action>)
    case alert(PresentationAction<Alert>)
    case showTimer
    case showOtherTimer
    case hideTimer
    case deleteTapped
  }
  @CasePathable
  enum Alert: Equatable { case confirmDeletion }

  @Reducer(state: .equatable, action: .equatable)
  enum Destination {
    case timer(Timer)
    case otherTimer(Timer)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .showTimer:
        state.destination = .timer(Timer.State())
        return .none
      case .showOtherTimer:
        state.destination = .otherTimer(Timer.State())
        return .none
      case .hideTimer:
        state.destination = nil
        return .none
      case .deleteTapped:
        state.alert = AlertState {
          TextState("Delete?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Yes") }
          ButtonState(role: .cancel) { TextState("Nevermind") }
        }
        return .none
      case .alert(.presented(.confirmDeletion)):
        state.deleted = true
        return .none
      case .alert, .destination:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
    .ifLet(\.$alert, action: \.alert)
  }
}

@MainActor
struct PresentationReducerTests {
  private func makeStore(
    _ state: Parent.State = Parent.State(), clock: TestClock<Duration> = TestClock()
  ) -> TestStoreOf<Parent> {
    TestStore(initialState: state) { Parent() } withDependencies: { $0.continuousClock = clock }
  }

  @Test func dismissingCancelsTheChildsTimer() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.showTimer) { $0.destination = .timer(Timer.State()) }
    await store.send(\.destination.timer.startTapped)
    await clock.advance(by: .seconds(1))
    await store.receive(\.destination.timer.tick) { $0.$destination[case: \.timer]?.ticks = 1 }

    await store.send(.destination(.dismiss)) { $0.destination = nil }
    await clock.advance(by: .seconds(5))
    // No further ticks: had the timer survived, the test would fail on unreceived actions.
  }

  @Test func settingStateToNilCancelsTheChildsTimer() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.showTimer) { $0.destination = .timer(Timer.State()) }
    await store.send(.destination(.presented(.timer(.startTapped))))
    await store.send(.hideTimer) { $0.destination = nil }
    await clock.advance(by: .seconds(5))
  }

  @Test func childDismissesItself() async {
    let store = makeStore()
    await store.send(.showTimer) { $0.destination = .timer(Timer.State()) }
    await store.send(\.destination.timer.closeTapped)
    await store.receive(\.destination.dismiss) { $0.destination = nil }
  }

  @Test func aRepresentedChildStartsAfresh() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.showTimer) { $0.destination = .timer(Timer.State()) }
    await store.send(\.destination.timer.startTapped)
    await store.send(.hideTimer) { $0.destination = nil }
    await store.send(.showTimer) { $0.destination = .timer(Timer.State()) }
    await clock.advance(by: .seconds(2))
    await store.send(\.destination.timer.closeTapped)
    await store.receive(\.destination.dismiss) { $0.destination = nil }
  }

  @Test func switchingTheDestinationToAnotherCaseCancelsTheOldCasesEffects() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.showTimer) { $0.destination = .timer(Timer.State()) }
    await store.send(\.destination.timer.startTapped)
    await store.send(.showOtherTimer) { $0.destination = .otherTimer(Timer.State()) }
    // The first timer was cancelled with its case: no tick arrives, and nothing is left running.
    await clock.advance(by: .seconds(2))
    await store.send(.hideTimer) { $0.destination = nil }
  }

  @Test func storesScopeThroughThePresentedCase() throws {
    let store = Store(initialState: Parent.State()) { Parent() }
    #expect(store.scope(state: \.destination?.timer, action: \.destination.timer) == nil)
    store.send(.showTimer)
    let timer = try #require(store.scope(state: \.destination?.timer, action: \.destination.timer))
    timer.send(.tick)
    #expect(store.destination?.timer?.ticks == 1)
    let presented = try #require(
      store.scope(state: \.destination?.timer, action: \.destination.presented.timer)
    )
    #expect(presented.ticks == 1)
  }

  @Test func anyAlertButtonDismissesTheAlert() async {
    let store = makeStore()
    await store.send(.deleteTapped) {
      $0.alert = AlertState {
        TextState("Delete?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Yes") }
        ButtonState(role: .cancel) { TextState("Nevermind") }
      }
    }
    await store.send(\.alert.confirmDeletion) {
      $0.alert = nil
      $0.deleted = true
    }
  }

  @Test func deepLinkedPresentationCanDismissItself() async {
    let store = makeStore(Parent.State(destination: .timer(Timer.State(ticks: 3))))
    await store.send(\.destination.timer.closeTapped)
    await store.receive(\.destination.dismiss) { $0.destination = nil }
  }

  @Test func aPlainStoreMadeWhereItIsSentDismissesThroughItsOwnRegistry() async {
    // A store made and sent where the same dependencies are in force reduces without pushing
    // them (see `RootCore.reduce`): the child's `dismiss()`, run in an effect, still reaches the
    // store's registry and its parent.
    let store = Store(initialState: Parent.State(destination: .timer(Timer.State(ticks: 3)))) {
      Parent()
    }
    #expect((store.core as? RootCore<Parent>)?.reducesInAmbientDependencies == true)
    await store.send(.destination(.presented(.timer(.closeTapped)))).finish()
    while store.destination != nil { await Task.yield() }
    #expect(store.destination == nil)
  }

  @Test func isPresentedTellsAFeatureWhetherItWasPresented() async {
    @Dependency(\.isPresented) var isPresented
    #expect(!isPresented)
    let reported = LockIsolated<[Bool]>([])
    let reducer = Reduce<Int, Bool> { _, _ in
      @Dependency(\.isPresented) var isPresented
      reported.withValue { $0.append(isPresented) }
      return .none
    }
    let host = Store(initialState: HostState()) {
      Reduce<HostState, HostAction> { _, _ in .none }
        .ifLet(\.$child, action: \.child) { reducer }
    }
    host.send(.child(.presented(true)))
    #expect(reported.value == [true])
  }

  @Test func actionsForANilDestinationAreReported() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.destination(.presented(.timer(.tick))))
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("An 'ifLet' at ComposableArchitectureTests/PresentationReducerTests.swift:")
        && text.contains("received a presentation action while nothing was presented")
        && text.contains("Parent.Action.destination(")
    }
  }

  @Test func dismissOutsideAPresentationIsReported() async {
    let store = Store(initialState: Timer.State()) { Timer() }
    await withKnownIssue {
      await store.send(.closeTapped).finish()
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("'dismiss()' was called at ComposableArchitectureTests/PresentationReducerTests.swift:")
        && text.contains("but the feature is not presented")
    }
  }

  @Test func aPresentedCaseSetToNilDismisses() async {
    let store = makeStore()
    await store.send(.showTimer) {
      $0.destination = .timer(Timer.State())
    }
    await store.send(.hideTimer) {
      $0.$destination[case: \.timer] = nil
    }
  }

  @Test func modifyingAnUnrelatedPresentedCaseIsReported() {
    var state = Parent.State()
    withKnownIssue {
      state.$destination[case: \.timer]?.ticks = 1
    } matching: { issue in
      message(of: issue) == "Can't modify unrelated case"
    }
    #expect(state.destination == nil)
  }

  @Test func anOptionalStoreScopesThroughPresents() {
    let store = Store(initialState: Parent.State()) { Parent() }
    #expect(store.scope(state: \.destination, action: \.destination.presented) == nil)
    store.send(.showTimer)
    let destination = store.scope(state: \.destination, action: \.destination.presented)
    #expect(destination?.state == .timer(Timer.State()))
  }

  @Test func alertStateIsRenderableByAnyFrontEnd() {
    let alert = AlertState<Parent.Alert> {
      TextState("Delete “Daily”?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Yes") }
      ButtonState(role: .cancel) { TextState("Nevermind") }
    } message: {
      TextState("This cannot be undone.")
    }
    #expect(String(state: alert.title) == "Delete “Daily”?")
    #expect(alert.message.map { String(state: $0) } == "This cannot be undone.")
    #expect(alert.buttons.map { String(state: $0.label) } == ["Yes", "Nevermind"])
    #expect(alert.buttons.map(\.role) == [.destructive, .cancel])
    #expect(alert.buttons.map(\.action.action) == [.confirmDeletion, nil])

    let dialog = ConfirmationDialogState<Parent.Alert>(titleVisibility: .visible) {
      TextState("Share")
    } actions: {
      ButtonState(role: .cancel) { TextState("Cancel") }
    }
    #expect(String(state: dialog.title) == "Share")
    #expect(dialog == dialog)
  }
}

@ObservableState
private struct HostState: Equatable {
  @Presents var child: Int?
  init() { self.child = 0 }
}

@CasePathable
private enum HostAction: Equatable {
  case child(PresentationAction<Bool>)
}
