import ComposableArchitecture
import Testing

// Shapes real apps give `@Reducer`: a reducer nested in a feature whose body is written in the
// enclosing feature's `State` and `Action`; an `@Reducer enum` with a hand-written body.

@Reducer
private struct Outer {
  @ObservableState
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case tapped, reset }

  var body: some ReducerOf<Self> {
    Logic()
    Reset()
  }

  /// Declares no `State` or `Action`: its body's are the enclosing feature's.
  @Reducer
  struct Logic {
    var body: some Reducer<State, Action> {
      Reduce { state, action in
        if action == .tapped { state.count += 1 }
        return .none
      }
    }
  }

  @Reducer
  struct Reset {
    var body: some ReducerOf<Outer> {
      Reduce { state, action in
        if action == .reset { state.count = 0 }
        return .none
      }
    }
  }
}

@Reducer
private struct Leaf {
  @ObservableState
  struct State: Equatable { var value = 0 }
  enum Action: Equatable { case bump }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.value += 1
      return .none
    }
  }
}

@Reducer
private enum Pair {
  case first(Leaf)
  case second(Leaf)

  static var body: some ReducerOf<Self> {
    Scope(state: \.first, action: \.first) { Leaf() }
    Scope(state: \.second, action: \.second) { Leaf() }
  }
}

extension Pair.State: Equatable {}
extension Pair.Action: Equatable {}

@MainActor
@Suite struct MacroShapesTests {
  @Test func aNestedReducerRunsInTheEnclosingFeaturesDomain() async {
    let store = TestStore(initialState: Outer.State()) { Outer() }
    await store.send(.tapped) { $0.count = 1 }
    await store.send(.tapped) { $0.count = 2 }
    await store.send(.reset) { $0.count = 0 }
  }

  @Test func anEnumReducerWithAHandWrittenBodyScopesEachCase() async {
    let store = TestStore(initialState: Pair.State.first(Leaf.State())) { Pair.body }
    await store.send(\.first.bump) { $0 = .first(Leaf.State(value: 1)) }
  }
}

// Shapes that must compile (TCA's own macro tests have them): members filled in around what a
// reducer declares, and many enum reducers side by side in one feature.
private enum FillInRequirements {
  @Reducer struct Nothing {}
  @Reducer struct OnlyState {
    struct State {}
  }
  @Reducer struct OnlyAction {
    enum Action {}
  }
  @Reducer struct StoredLetBody {
    let body = EmptyReducer<Int, Int>()
  }
  @Reducer struct StateAlias {
    typealias State = Int
  }
}

private enum ManyEnumReducers {
  @Reducer struct Screen {}
  enum Choice: Equatable { case yes, no }

  @Reducer enum One {
    case screen1(Screen)
  }
  @Reducer enum Two {
    case screen1(Screen)
    case screen2(Screen)
  }
  @Reducer enum Four {
    case screen1(Screen)
    case screen2(Screen)
    case screen3(Screen)
    case screen4(Screen)
  }
  @Reducer enum AlertOnly {
    case alert(AlertState<Never>)
  }
  @Reducer enum Empty {}
  /// Declares its own `Action`, whose alert case the synthesized body leaves alone.
  @Reducer enum WithOwnAction {
    case screen(Screen)
    case alert(AlertState<Choice>)

    @CasePathable
    enum Action {
      case screen(Screen.Action)
      case alert(Choice)
    }
  }
}

extension ManyEnumReducers.WithOwnAction.State: Equatable {}

extension MacroShapesTests {
  @Test func aStoredLetBodyTakesItsTypesFromTheBody() async {
    let store = TestStore(initialState: 1) { FillInRequirements.StoredLetBody() }
    await store.send(2)
    #expect(store.state == 1)
  }

  @Test func manyEnumReducersSideBySide() async {
    let store = TestStore(initialState: ManyEnumReducers.WithOwnAction.State.alert(AlertState { TextState("Sure?") })) {
      ManyEnumReducers.WithOwnAction.body
    }
    await store.send(.alert(.yes))
    #expect(ManyEnumReducers.Four.State.screen3(ManyEnumReducers.Screen.State()).screen3 != nil)
  }
}

// TCA's nested enum feature: an `@Reducer enum` whose case holds another `@Reducer enum`'s body
// type, presented by a parent and reached through both enums.
private enum NestedEnumFeature {
  @Reducer enum Inner {
    case leaf(Leaf)
  }

  @Reducer enum Outer {
    case inner(Inner.Body = Inner.body)
  }

  @Reducer struct Parent {
    @ObservableState struct State: Equatable {
      @Presents var destination: Outer.State?
    }
    enum Action {
      case destination(PresentationAction<Outer.Action>)
      case present
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .present = action {
          state.destination = .inner(.leaf(Leaf.State()))
        }
        return .none
      }
      .ifLet(\.$destination, action: \.destination)
    }
  }
}

extension NestedEnumFeature.Inner.State: Equatable {}
extension NestedEnumFeature.Outer.State: Equatable {}

@MainActor
@Suite struct NestedEnumFeatureTests {
  @Test func aCaseHoldingAnotherEnumReducersBodyRunsItsLeaf() async {
    let store = TestStore(initialState: NestedEnumFeature.Parent.State()) {
      NestedEnumFeature.Parent()
    }
    await store.send(.present) { $0.destination = .inner(.leaf(Leaf.State())) }
    await store.send(\.destination.inner.leaf.bump) {
      $0.destination = .inner(.leaf(Leaf.State(value: 1)))
    }
    await store.send(\.destination.dismiss) { $0.destination = nil }
  }
}
