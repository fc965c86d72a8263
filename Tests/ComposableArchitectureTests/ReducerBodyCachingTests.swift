import ComposableArchitecture
import Foundation
import Testing

// `@Reducer` keeps a reducer's built `body` (see `_ReducerBodyStorage`) when building it again
// could not give another reducer, and builds it for every action otherwise, as TCA does. A kept
// body is let go of with its store.

/// Counts how many times a `body` was built: each build makes one `Built`.
private let builds = LockIsolated(0)

@Reducer
private struct Built {
  init() { builds.withValue { $0 += 1 } }
  @ObservableState
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case tap }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

@Reducer
private struct Kept {
  @ObservableState
  struct State: Equatable { var built = Built.State() }
  enum Action: Equatable { case built(Built.Action) }
  var body: some ReducerOf<Self> {
    Scope(state: \.built, action: \.built) { Built() }
  }
}

/// Reads a dependency in `Reduce`: that runs for every action, so the body is still kept.
@Reducer
private struct KeptWithDependency {
  @ObservableState
  struct State: Equatable { var built = Built.State(); var id: UUID? }
  enum Action: Equatable { case built(Built.Action) }
  @Dependency(\.uuid) var uuid
  var body: some ReducerOf<Self> {
    Scope(state: \.built, action: \.built) { Built() }
    Reduce { state, _ in
      state.id = uuid()
      return .none
    }
  }
}

/// A stored `var`: a copy changed after it was made must not share the body built before.
@Reducer
private struct RebuiltVar {
  @ObservableState
  struct State: Equatable { var built = Built.State() }
  enum Action: Equatable { case built(Built.Action) }
  var isEnabled = true
  var body: some ReducerOf<Self> {
    if isEnabled {
      Scope(state: \.built, action: \.built) { Built() }
    }
  }
}

/// Applies `.dependency` while building: TCA starts `.incrementing` from zero for every action.
@Reducer
private struct RebuiltDependencyModifier {
  @ObservableState
  struct State: Equatable { var built = Built.State(); var ids: [UUID] = [] }
  enum Action: Equatable { case built(Built.Action) }
  @Dependency(\.uuid) var uuid
  var body: some ReducerOf<Self> {
    Scope(state: \.built, action: \.built) { Built() }
    Reduce { state, _ in
      state.ids.append(uuid())
      return .none
    }
    .dependency(\.uuid, .incrementing)
  }
}

@Reducer
private enum Screen {
  case built(Built)
}

@MainActor
@Suite(.serialized)
struct ReducerBodyCachingTests {
  /// Sends `.tap` three times to a store of `reducer` (made in the store's closure, as features
  /// make theirs) and returns how many bodies were built.
  private func buildsForThreeActions<R: Reducer>(
    _ state: R.State, _ reducer: @autoclosure () -> R, _ tap: R.Action
  ) -> Int where R.State: ObservableState {
    let store = Store(initialState: state) { reducer() }
    builds.setValue(0)
    for _ in 0..<3 { store.send(tap) }
    return builds.value
  }

  @Test func aPureBodyIsBuiltOncePerReducerValue() {
    #expect(buildsForThreeActions(Kept.State(), Kept(), .built(.tap)) == 1)
  }

  @Test func readingDependenciesInsideReduceStillKeepsTheBody() {
    let built = withDependencies { $0.uuid = .incrementing } operation: {
      buildsForThreeActions(KeptWithDependency.State(), KeptWithDependency(), .built(.tap))
    }
    #expect(built == 1)
  }

  @Test func aReducerWithAStoredVarBuildsItsBodyForEveryAction() {
    #expect(buildsForThreeActions(RebuiltVar.State(), RebuiltVar(), .built(.tap)) == 3)
  }

  @Test func aCopyWithAChangedVarUsesItsOwnValue() {
    var reducer = RebuiltVar()
    let store = Store(initialState: RebuiltVar.State()) { reducer }
    store.send(.built(.tap))
    reducer.isEnabled = false
    let disabled = Store(initialState: RebuiltVar.State()) { reducer }
    disabled.send(.built(.tap))
    #expect(store.built.count == 1)
    #expect(disabled.built.count == 0)
  }

  @Test func aDependencyModifierInBodyStartsAgainForEveryAction() {
    let store = Store(initialState: RebuiltDependencyModifier.State()) {
      RebuiltDependencyModifier()
    }
    builds.setValue(0)
    for _ in 0..<3 { store.send(.built(.tap)) }
    #expect(builds.value == 3)
    #expect(store.ids == Array(repeating: UUID(0), count: 3))
  }

  @Test func anEnumReducersSynthesizedBodyIsBuiltOnce() {
    builds.setValue(0)
    for _ in 0..<3 { _ = Screen.body }
    #expect(builds.value == 1)
  }

  @Test func eachReducerValueKeepsItsOwnBody() {
    #expect(buildsForThreeActions(Kept.State(), Kept(), .built(.tap)) == 1)
    #expect(buildsForThreeActions(Kept.State(), Kept(), .built(.tap)) == 1)
  }
}
