import ComposableArchitecture
import Foundation
import Testing
import XCTest

// Features written the way TCA features were before case key paths: no macros, enums that are not
// `@CasePathable`, operators given `/Action.child` case paths. The reducers and tests that use the
// deprecated spellings are marked deprecated themselves, as a code base that still uses them would
// be, so that the test target builds without warnings.

private struct LegacyCounter: Reducer {
  struct State: Equatable, Identifiable {
    var id = 0
    var count = 0
  }
  enum Action: Equatable {
    case decrementTapped
    case delayedIncrementTapped
    case dismissTapped
    case incrementTapped
    case incremented
  }
  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .decrementTapped:
      state.count -= 1
      return .none
    case .delayedIncrementTapped:
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.incremented)
      }
    case .dismissTapped:
      return .run { _ in await dismiss() }
    case .incrementTapped, .incremented:
      state.count += 1
      return .none
    }
  }
}

private enum LegacyAlert: Equatable {
  case confirmTapped
}

@available(*, deprecated)
private struct LegacyParent: Reducer {
  struct State: Equatable {
    var alert: AlertState<LegacyAlert>?
    @PresentationState var confirmation: ConfirmationDialogState<LegacyAlert>?
    var counter = LegacyCounter.State()
    var optional: LegacyCounter.State?
    var path = StackState<LegacyCounter.State>()
    var rows: IdentifiedArrayOf<LegacyCounter.State> = []
    @PresentationState var sheet: LegacyCounter.State?
    var confirmed = 0
  }
  enum Action: Equatable {
    case alert(LegacyAlert)
    case confirmation(PresentationAction<LegacyAlert>)
    case counter(LegacyCounter.Action)
    case optional(LegacyCounter.Action)
    case path(StackAction<LegacyCounter.State, LegacyCounter.Action>)
    case row(id: Int, action: LegacyCounter.Action)
    case sheet(PresentationAction<LegacyCounter.Action>)
    case removeRowTapped(id: Int)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: /Action.counter) {
      LegacyCounter()
    }
    Reduce { state, action in
      switch action {
      case .alert(.confirmTapped), .confirmation(.presented(.confirmTapped)):
        state.confirmed += 1
        return .none
      case let .removeRowTapped(id):
        state.rows.remove(id: id)
        return .none
      case .confirmation, .counter, .optional, .path, .row, .sheet:
        return .none
      }
    }
    .ifLet(\.optional, action: /Action.optional) {
      LegacyCounter()
    }
    .forEach(\.rows, action: /Action.row(id:action:)) {
      LegacyCounter()
    }
    .forEach(\.path, action: /Action.path) {
      LegacyCounter()
    }
    .ifLet(\.$sheet, action: /Action.sheet) {
      LegacyCounter()
    }
    .ifLet(\.alert, action: /Action.alert)
    .ifLet(\.$confirmation, action: /Action.confirmation)
  }
}

@available(*, deprecated)
private struct LegacyApp: Reducer {
  enum State: Equatable {
    case loggedIn(LegacyCounter.State)
    case loggedOut(LegacyCounter.State)
  }
  enum Action: Equatable {
    case loggedIn(LegacyCounter.Action)
    case loggedOut(LegacyCounter.Action)
    case logOutTapped
  }

  var body: some ReducerOf<Self> {
    Scope(state: /State.loggedOut, action: /Action.loggedOut) {
      LegacyCounter()
    }
    Reduce { state, action in
      if case .logOutTapped = action {
        state = .loggedOut(LegacyCounter.State())
      }
      return .none
    }
    .ifCaseLet(/State.loggedIn, action: /Action.loggedIn) {
      LegacyCounter()
    }
  }
}

@MainActor
final class CasePathSpellingsXCTests: XCTestCase {
  @available(*, deprecated)
  func testScopeWithCasePath() async {
    let clock = TestClock()
    let store = TestStore(initialState: LegacyParent.State()) {
      LegacyParent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.counter(.incrementTapped)) { $0.counter.count = 1 }
    await store.send(.counter(.delayedIncrementTapped))
    await clock.advance(by: .seconds(1))
    await store.receive(/LegacyParent.Action.counter) { $0.counter.count = 2 }
  }

  @available(*, deprecated)
  func testIfLetOptionalWithCasePathCancelsWhenNil() async {
    let clock = TestClock()
    let store = TestStore(initialState: LegacyParent.State(optional: LegacyCounter.State())) {
      LegacyParent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.optional(.incrementTapped)) { $0.optional?.count = 1 }
    await store.send(.optional(.delayedIncrementTapped))
    await clock.advance(by: .seconds(1))
    await store.receive(.optional(.incremented)) { $0.optional?.count = 2 }
  }

  @available(*, deprecated)
  func testForEachWithIDAndActionCasePath() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: LegacyParent.State(rows: [LegacyCounter.State(id: 1), LegacyCounter.State(id: 2)])
    ) {
      LegacyParent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.row(id: 2, action: .incrementTapped)) { $0.rows[id: 2]?.count = 1 }
    await store.send(.row(id: 1, action: .delayedIncrementTapped))
    await store.send(.row(id: 2, action: .delayedIncrementTapped))
    // Removing row 1 cancels its request; row 2's still arrives.
    await store.send(.removeRowTapped(id: 1)) { $0.rows.remove(id: 1) }
    await clock.advance(by: .seconds(1))
    await store.receive(.row(id: 2, action: .incremented)) { $0.rows[id: 2]?.count = 2 }
  }

  @available(*, deprecated)
  func testForEachStackWithCasePathPopCancels() async {
    let clock = TestClock()
    var path = StackState<LegacyCounter.State>()
    path.append(LegacyCounter.State())
    let store = TestStore(initialState: LegacyParent.State(path: path)) {
      LegacyParent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.path(.element(id: 0, action: .incrementTapped))) { $0.path[id: 0]?.count = 1 }
    await store.send(.path(.element(id: 0, action: .delayedIncrementTapped)))
    await store.send(.path(.push(id: 1, state: LegacyCounter.State(count: 5)))) {
      $0.path[id: 1] = LegacyCounter.State(count: 5)
    }
    await store.send(.path(.element(id: 1, action: .dismissTapped)))
    await store.receive(.path(.popFrom(id: 1))) { $0.path.pop(from: 1) }
    await store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
    await clock.advance(by: .seconds(5))
  }

  @available(*, deprecated)
  func testPresentationWithCasePathDismissesItself() async {
    let store = TestStore(initialState: LegacyParent.State(sheet: LegacyCounter.State())) {
      LegacyParent()
    }
    await store.send(.sheet(.presented(.incrementTapped))) { $0.sheet?.count = 1 }
    await store.send(.sheet(.presented(.dismissTapped)))
    await store.receive(.sheet(.dismiss)) { $0.sheet = nil }
  }

  @available(*, deprecated)
  func testAlertsWithCasePath() async {
    let alert = AlertState<LegacyAlert> {
      TextState("Sure?")
    } actions: {
      ButtonState(action: .confirmTapped) { TextState("Yes") }
    }
    let dialog = ConfirmationDialogState<LegacyAlert> {
      TextState("Sure?")
    } actions: {
      ButtonState(action: .confirmTapped) { TextState("Yes") }
    }
    let store = TestStore(initialState: LegacyParent.State(alert: alert, confirmation: dialog)) {
      LegacyParent()
    }
    await store.send(.alert(.confirmTapped)) {
      $0.alert = nil
      $0.confirmed = 1
    }
    await store.send(.confirmation(.presented(.confirmTapped))) {
      $0.confirmation = nil
      $0.confirmed = 2
    }
  }

  @available(*, deprecated)
  func testScopeAndIfCaseLetOnEnumStateWithCasePaths() async {
    let clock = TestClock()
    let store = TestStore(initialState: LegacyApp.State.loggedIn(LegacyCounter.State())) {
      LegacyApp()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.loggedIn(.incrementTapped)) { $0 = .loggedIn(LegacyCounter.State(count: 1)) }
    await store.send(.loggedIn(.delayedIncrementTapped))
    // Leaving the case cancels the logged-in child's effect.
    await store.send(.logOutTapped) { $0 = .loggedOut(LegacyCounter.State()) }
    await clock.advance(by: .seconds(5))
    await store.send(.loggedOut(.incrementTapped)) { $0 = .loggedOut(LegacyCounter.State(count: 1)) }
  }

  @available(*, deprecated)
  func testClosureScopedStore() async {
    let store = Store(initialState: LegacyParent.State()) { LegacyParent() }
    let counter = store.scope(state: { $0.counter }, action: { .counter($0) })
    counter.send(.incrementTapped)
    counter.send(.incrementTapped)
    XCTAssertEqual(counter.state.count, 2)
    XCTAssertEqual(store.state.counter.count, 2)
  }

  @available(*, deprecated)
  func testLocalTypesWithoutMacros() async {
    // Types local to a function cannot take macros: case paths are how they scope.
    struct Toggle: Reducer {
      struct State: Equatable { var isOn = false }
      enum Action: Equatable { case toggled }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        state.isOn.toggle()
        return .none
      }
    }
    struct Settings: Reducer {
      struct State: Equatable {
        var sound = Toggle.State()
        var vibration: Toggle.State?
      }
      enum Action: Equatable {
        case sound(Toggle.Action)
        case vibration(Toggle.Action)
      }
      var body: some ReducerOf<Self> {
        Scope(state: \.sound, action: /Action.sound) { Toggle() }
        EmptyReducer()
          .ifLet(\.vibration, action: /Action.vibration) { Toggle() }
      }
    }
    let store = TestStore(initialState: Settings.State(vibration: Toggle.State())) { Settings() }
    await store.send(.sound(.toggled)) { $0.sound.isOn = true }
    await store.send(.vibration(.toggled)) { $0.vibration?.isOn = true }
  }

  @available(*, deprecated)
  func testPresentationAndStackCaseSubscripts() {
    enum Destination: Equatable {
      case counter(LegacyCounter.State)
      case settings(String)
    }
    var presented = PresentationState<Destination>(wrappedValue: .counter(LegacyCounter.State()))
    XCTAssertEqual(presented[case: /Destination.counter]?.count, 0)
    XCTAssertNil(presented[case: /Destination.settings])
    presented[case: /Destination.counter]?.count += 1
    XCTAssertEqual(presented.wrappedValue, .counter(LegacyCounter.State(count: 1)))
    // Writing through another case is reported (see CaseSubscriptTests, which can expect it).

    var stack = StackState<Destination>()
    stack.append(.settings("a"))
    stack.append(.counter(LegacyCounter.State()))
    let (first, second) = (stack.ids[0], stack.ids[1])
    XCTAssertEqual(stack[id: first, case: /Destination.settings], "a")
    XCTAssertNil(stack[id: second, case: /Destination.settings])
    stack[id: second, case: /Destination.counter]?.count = 7
    XCTAssertEqual(stack[id: second], .counter(LegacyCounter.State(count: 7)))
  }
}

@MainActor
struct CasePathSpellingsTests {
  @available(*, deprecated)
  @Test func receiveWithACasePathThatDoesNotMatchFails() async {
    let store = TestStore(initialState: LegacyParent.State(sheet: LegacyCounter.State())) {
      LegacyParent()
    }
    await store.send(.sheet(.presented(.dismissTapped)))
    await withKnownIssue {
      await store.receive(/LegacyParent.Action.counter)
    } matching: { issue in
      let text = message(of: issue)
      return text.hasPrefix(
        "Received an action that does not match the case path AnyCasePath<LegacyParent.Action, LegacyCounter.Action>:"
      ) && text.contains(".sheet(.dismiss)")
    }
  }
}
