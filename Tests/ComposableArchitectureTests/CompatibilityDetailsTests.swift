import ComposableArchitecture
import Testing

// Smaller TCA behaviours real code bases rely on.

@Reducer
struct CompatibilityRow {
  struct State: Equatable, Identifiable {
    let id: Int
    var count = 0
    @BindingState var title = ""
  }
  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case increment
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      if case .increment = action { state.count += 1 }
      return .none
    }
  }
}

@MainActor
struct CompatibilityDetailsTests {
  @Test func ifLetOverAnOptionalRootState() {
    // A feature whose whole state is optional runs its reducer only while there is one.
    let store = Store(initialState: CompatibilityRow.State?.some(CompatibilityRow.State(id: 1))) {
      EmptyReducer<CompatibilityRow.State?, CompatibilityRow.Action>()
        .ifLet(\.self, action: \.self) { CompatibilityRow() }
    }
    store.send(.increment)
    #expect(store.state?.count == 1)
  }

  @Test func aBindingActionMatchesABindingStateFieldThroughItsCasePath() {
    let action = CompatibilityRow.Action.binding(.set(\.$title, "Hi"))
    let title: String? = action[case: \.binding.$title]
    #expect(title == "Hi")
    let other = CompatibilityRow.Action.binding(.set(\.count, 3))
    let noTitle: String? = other[case: \.binding.$title]
    #expect(noTitle == nil)
  }

  @available(*, deprecated, message: "Tests the deprecated closure scope TCA still ships.")
  @Test func closureScopingReadsTheStateOnlyWhenAsked() {
    let store = Store(initialState: IdentifiedArrayOf<CompatibilityRow.State>(uniqueElements: [CompatibilityRow.State(id: 1)])) {
      EmptyReducer<IdentifiedArrayOf<CompatibilityRow.State>, IdentifiedActionOf<CompatibilityRow>>()
        .forEach(\.self, action: \.self) { CompatibilityRow() }
    }
    var reads = 0
    let first = store.scope(
      state: { rows -> CompatibilityRow.State in
        reads += 1
        return rows[id: 1] ?? CompatibilityRow.State(id: 1)
      },
      action: { .element(id: 1, action: $0) }
    )
    #expect(reads == 0)
    first.send(.increment)
    #expect(first.state.count == 1)
    #expect(reads == 1)
    // Over the identified collection itself, with its element actions.
    let rows = store.scope(state: { $0 }, action: { $0 })
    rows.send(.element(id: 1, action: .increment))
    #expect(rows.state[id: 1]?.count == 2)
  }
}
