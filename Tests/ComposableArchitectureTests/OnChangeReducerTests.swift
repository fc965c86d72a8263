import ComposableArchitecture
import Testing

private struct Search: Reducer {
  struct State: Equatable {
    var query = ""
    var other = 0
    var changes: [String] = []
  }
  @CasePathable
  enum Action: Equatable { case setQuery(String), bumpOther }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .setQuery(query): state.query = query
      case .bumpOther: state.other += 1
      }
      return .none
    }
    .onChange(of: \.query) { oldValue, newValue in
      Reduce { state, _ in
        state.changes.append("\(oldValue)→\(newValue)")
        return .none
      }
    }
  }
}

@MainActor
struct OnChangeReducerTests {
  @Test func runsOnlyWhenTheValueChanged() {
    let store = Store(initialState: Search.State()) { Search() }
    store.send(.setQuery("a"))
    store.send(.bumpOther)
    store.send(.setQuery("a"))
    store.send(.setQuery("ab"))
    #expect(store.changes == ["→a", "a→ab"])
  }

  @Test func customDuplicateCheck() {
    var state = Search.State()
    let reducer = Reduce<Search.State, Search.Action> { state, action in
      if case let .setQuery(query) = action { state.query = query }
      return .none
    }
    .onChange(of: \.query, removeDuplicates: { $0.lowercased() == $1.lowercased() }) { _, new in
      Reduce { state, _ in
        state.changes.append(new)
        return .none
      }
    }
    _ = reducer.reduce(into: &state, action: .setQuery("Swift"))
    _ = reducer.reduce(into: &state, action: .setQuery("SWIFT"))
    _ = reducer.reduce(into: &state, action: .setQuery("Linux"))
    #expect(state.changes == ["Swift", "Linux"])
  }
}
