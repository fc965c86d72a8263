import ComposableArchitecture
import Testing

/// A child's long-running effects are cancelled at once however its state goes: the parent
/// removing a stack element itself (`removeAll()`, `removeLast()`, a new `StackState()`), before
/// or after the child ran, a sheet the parent nils out, and a destination whose case or identity
/// changes. Each `TestStore` here fails with "still running" if an effect outlived its state.
@Reducer
private struct Ticker {
  @ObservableState
  struct State: Equatable, Identifiable {
    var id = 0
    var ticks = 0
  }
  enum Action: Equatable { case startTapped, tick, closeTapped }
  @Dependency(\.continuousClock) var clock

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
        return .none
      }
    }
  }
}

@Reducer
private struct StackParent {
  @ObservableState
  struct State: Equatable {
    var path = StackState<Ticker.State>()
  }
  enum Action: Equatable {
    case path(StackActionOf<Ticker>)
    case popToRootTapped
    case backTapped
    case resetTapped
    /// Handled by a reducer that runs before the stack's elements.
    case clearFirstTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .clearFirstTapped = action { state.path.removeAll() }
      return .none
    }
    Reduce { state, action in
      switch action {
      case .path(.element(_, .closeTapped)):
        state.path.removeAll()
      case .popToRootTapped:
        state.path.removeAll()
      case .backTapped:
        state.path.removeLast()
      case .resetTapped:
        state.path = StackState()
      case .path, .clearFirstTapped:
        break
      }
      return .none
    }
    .forEach(\.path, action: \.path) { Ticker() }
  }
}

@Reducer
private struct SheetParent {
  @Reducer
  enum Destination {
    case ticker(Ticker)
    case other(Ticker)
  }
  @ObservableState
  struct State: Equatable {
    @Presents var sheet: Ticker.State?
    @Presents var destination: Destination.State?
  }
  enum Action: Equatable {
    case sheet(PresentationAction<Ticker.Action>)
    case destination(PresentationAction<Destination.Action>)
    case closeSheetTapped
    case switchCaseTapped
    case replaceTickerTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .closeSheetTapped:
        state.sheet = nil
      case .switchCaseTapped:
        state.destination = .other(Ticker.State(id: 2))
      case .replaceTickerTapped:
        state.destination = .ticker(Ticker.State(id: 3))
      case .sheet, .destination:
        break
      }
      return .none
    }
    .ifLet(\.$sheet, action: \.sheet) { Ticker() }
    .ifLet(\.$destination, action: \.destination)
  }
}

extension SheetParent.Destination.State: Equatable {}
extension SheetParent.Destination.Action: Equatable {}

@MainActor
@Suite struct EffectsDieWithTheirStateTests {
  fileprivate func stackStore(
    _ clock: TestClock<Duration>
  ) async -> TestStoreOf<StackParent> {
    let store = TestStore(initialState: StackParent.State(path: StackState([Ticker.State(), Ticker.State(id: 1)]))) {
      StackParent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(\.path[id: 0].startTapped)
    await store.send(\.path[id: 1].startTapped)
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 0].tick) { $0.path[id: 0]?.ticks = 1 }
    await store.receive(\.path[id: 1].tick) { $0.path[id: 1]?.ticks = 1 }
    return store
  }

  @Test func anElementThatTheParentRemovesWithRemoveAllStopsTicking() async {
    let clock = TestClock()
    let store = await stackStore(clock)
    await store.send(\.path[id: 1].closeTapped) { $0.path.removeAll() }
    await clock.advance(by: .seconds(5))
  }

  @Test func removeAllInTheParentsOwnActionStopsEveryElement() async {
    let clock = TestClock()
    let store = await stackStore(clock)
    await store.send(.popToRootTapped) { $0.path.removeAll() }
    await clock.advance(by: .seconds(5))
  }

  @Test func removeLastStopsOnlyTheLastElement() async {
    let clock = TestClock()
    let store = await stackStore(clock)
    await store.send(.backTapped) { _ = $0.path.removeLast() }
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 0].tick) { $0.path[id: 0]?.ticks = 2 }
    await store.send(.backTapped) { _ = $0.path.removeLast() }
    await clock.advance(by: .seconds(5))
  }

  @Test func aNewStackStateStopsEveryElement() async {
    let clock = TestClock()
    let store = await stackStore(clock)
    await store.send(.resetTapped) { $0.path = StackState() }
    await clock.advance(by: .seconds(5))
  }

  @Test func aReducerBeforeTheElementsClearingTheStackStopsThem() async {
    let clock = TestClock()
    let store = await stackStore(clock)
    await store.send(.clearFirstTapped) { $0.path.removeAll() }
    await clock.advance(by: .seconds(5))
  }

  @Test func aSheetTheParentNilsOutStopsTicking() async {
    let clock = TestClock()
    let store = TestStore(initialState: SheetParent.State(sheet: Ticker.State())) {
      SheetParent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(\.sheet.startTapped)
    await clock.advance(by: .seconds(1))
    await store.receive(\.sheet.tick) { $0.sheet?.ticks = 1 }
    await store.send(.closeSheetTapped) { $0.sheet = nil }
    await clock.advance(by: .seconds(5))
  }

  @Test func aDestinationWhoseCaseChangesStopsTheOldCasesEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: SheetParent.State(destination: .ticker(Ticker.State(id: 1)))) {
      SheetParent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(\.destination.ticker.startTapped)
    await clock.advance(by: .seconds(1))
    await store.receive(\.destination.ticker.tick) { $0.destination = .ticker(Ticker.State(id: 1, ticks: 1)) }
    await store.send(.switchCaseTapped) { $0.destination = .other(Ticker.State(id: 2)) }
    await clock.advance(by: .seconds(5))
  }

  @Test func aDestinationWhoseIdentityChangesUnderTheSameCaseStopsTheOldEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: SheetParent.State(destination: .ticker(Ticker.State(id: 1)))) {
      SheetParent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(\.destination.ticker.startTapped)
    await clock.advance(by: .seconds(1))
    await store.receive(\.destination.ticker.tick) { $0.destination = .ticker(Ticker.State(id: 1, ticks: 1)) }
    await store.send(.replaceTickerTapped) { $0.destination = .ticker(Ticker.State(id: 3)) }
    await clock.advance(by: .seconds(5))
    // The new ticker is live and starts from nothing.
    await store.send(\.destination.ticker.startTapped)
    await clock.advance(by: .seconds(1))
    await store.receive(\.destination.ticker.tick) { $0.destination = .ticker(Ticker.State(id: 3, ticks: 1)) }
    await store.send(\.destination.dismiss) { $0.destination = nil }
  }

  @Test func aChildThatTakesANewIDInAPlainEnumDestinationStopsItsOldEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: PlainDestinationParent.State()) {
      PlainDestinationParent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentTapped) { $0.destination = .counter(RenamingCounter.State(id: 1)) }
    await store.send(.destination(.presented(.counter(.tapped)))) {
      $0.destination = .counter(RenamingCounter.State(id: 1, count: 1))
    }
    // The child gives itself a new id: it is another child, and the first one's answer never
    // comes (the test store would fail on an unasserted `.answered`).
    await store.send(.destination(.presented(.counter(.takeNewID)))) {
      $0.destination = .counter(RenamingCounter.State(id: 2))
    }
    await clock.advance(by: .seconds(5))
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }
}

/// A plain (not observable) identifiable child in a plain enum destination, as TCA's
/// `testPresentation_DestinationEnum_IdentityChange` has it: its identity is its case and its `id`.
private struct RenamingCounter: Reducer {
  struct State: Equatable, Identifiable {
    var id: Int
    var count = 0
  }
  enum Action: Equatable { case answered, takeNewID, tapped }
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .answered:
        state.count = 999
        return .none
      case .takeNewID:
        state = State(id: state.id + 1)
        return .none
      case .tapped:
        state.count += 1
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.answered)
        }
      }
    }
  }
}

private struct PlainDestinationParent: Reducer {
  struct State: Equatable {
    @PresentationState var destination: Destination.State?
  }
  @CasePathable enum Action: Equatable {
    case destination(PresentationAction<Destination.Action>)
    case presentTapped
  }
  struct Destination: Reducer {
    @CasePathable enum State: Equatable { case counter(RenamingCounter.State) }
    @CasePathable enum Action: Equatable { case counter(RenamingCounter.Action) }
    var body: some ReducerOf<Self> {
      Scope(state: \.counter, action: \.counter) { RenamingCounter() }
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .destination:
        return .none
      case .presentTapped:
        state.destination = .counter(RenamingCounter.State(id: 1))
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination) { Destination() }
  }
}
