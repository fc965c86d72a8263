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

/// A stored property: each value keeps its own body.
@Reducer
private struct Kept {
  @ObservableState
  struct State: Equatable { var built = Built.State() }
  enum Action: Equatable { case built(Built.Action) }
  let name = "kept"
  var body: some ReducerOf<Self> {
    Scope(state: \.built, action: \.built) { Built() }
  }
}

/// No stored property: every value is the same, so the type keeps one body.
@Reducer
private struct Stateless {
  @ObservableState
  struct State: Equatable { var built = Built.State() }
  enum Action: Equatable { case built(Built.Action) }
  var body: some ReducerOf<Self> {
    Scope(state: \.built, action: \.built) { Built() }
  }
}

private enum LabelKey: DependencyKey {
  static let liveValue = "default"
  static let testValue = "default"
}

extension DependencyValues {
  fileprivate var label: String {
    get { self[LabelKey.self] }
    set { self[LabelKey.self] = newValue }
  }
}

/// A dependency whose test value is made when first read, then taken from the process's cache of
/// resolved values, where `prepareDependencies` puts an app's values too.
private final class Made: Sendable {}

private enum MadeKey: DependencyKey {
  static var liveValue: Made { Made() }
  static var testValue: Made { Made() }
}

extension DependencyValues {
  fileprivate var made: Made {
    get { self[MadeKey.self] }
    set { self[MadeKey.self] = newValue }
  }
}

/// Reads a dependency through a property, which captures the dependencies in force when the value
/// is made (as an analytics or logging operator made in a `body` does).
@Reducer
private struct Labelled {
  @ObservableState
  struct State: Equatable {
    var label = ""
    var made: ObjectIdentifier?
  }
  enum Action: Equatable { case read }
  @Dependency(\.label) var label
  @Dependency(\.made) var made
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.label = label
    state.made = ObjectIdentifier(made)
    return .none
  }
}

/// No stored property, so the type keeps its body; the `Labelled` in it is made once.
@Reducer
private struct LabelledParent {
  @ObservableState
  struct State: Equatable { var labelled = Labelled.State() }
  enum Action: Equatable { case labelled(Labelled.Action) }
  var body: some ReducerOf<Self> {
    Scope(state: \.labelled, action: \.labelled) { Labelled() }
  }
}

/// A stored property, so each value keeps its own body; made in `LabelledGrandparent`'s body,
/// which its type keeps, so this body is kept for good too.
@Reducer
private struct LabelledMiddle {
  @ObservableState
  struct State: Equatable { var labelled = Labelled.State() }
  enum Action: Equatable { case labelled(Labelled.Action) }
  let name: String
  var body: some ReducerOf<Self> {
    Scope(state: \.labelled, action: \.labelled) { Labelled() }
  }
}

@Reducer
private struct LabelledGrandparent {
  @ObservableState
  struct State: Equatable { var middle = LabelledMiddle.State() }
  enum Action: Equatable { case middle(LabelledMiddle.Action) }
  var body: some ReducerOf<Self> {
    Scope(state: \.middle, action: \.middle) { LabelledMiddle(name: "middle") }
  }
}

@Reducer
private enum LabelledScreen {
  case labelled(Labelled)
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

  @Test func aReducerWithNoStoredPropertyBuildsItsBodyOnceForTheType() {
    builds.setValue(0)
    // Outside any store, a new value for every action, as `Child().reduce(into:action:)` in a
    // `Reduce` makes them; then two stores.
    var state = Stateless.State()
    for _ in 0..<3 { _ = Stateless().reduce(into: &state, action: .built(.tap)) }
    let first = Store(initialState: Stateless.State()) { Stateless() }
    let second = Store(initialState: Stateless.State()) { Stateless() }
    for _ in 0..<3 {
      first.send(.built(.tap))
      second.send(.built(.tap))
    }
    #expect(builds.value == 1)
    #expect(state.built.count == 3)
    #expect(first.built.count == 3)
    #expect(second.built.count == 3)
  }

  @Test func aBodyKeptForTheTypeReadsTheDependenciesOfEachStore() {
    // The first store to run the body sets the label; a later store that sets nothing must not
    // see it.
    let first = Store(initialState: LabelledParent.State()) {
      LabelledParent()
    } withDependencies: {
      $0.label = "first"
    }
    first.send(.labelled(.read))
    let second = Store(initialState: LabelledParent.State()) { LabelledParent() }
    second.send(.labelled(.read))
    let third = withDependencies {
      $0.label = "third"
    } operation: {
      Store(initialState: LabelledParent.State()) { LabelledParent() }
    }
    third.send(.labelled(.read))
    #expect(first.labelled.label == "first")
    #expect(second.labelled.label == "default")
    #expect(third.labelled.label == "third")
  }

  @Test func aBodyKeptWithATypesBodyReadsTheDependenciesOfEachStore() {
    let first = Store(initialState: LabelledGrandparent.State()) {
      LabelledGrandparent()
    } withDependencies: {
      $0.label = "first"
    }
    first.send(.middle(.labelled(.read)))
    let second = Store(initialState: LabelledGrandparent.State()) { LabelledGrandparent() }
    second.send(.middle(.labelled(.read)))
    #expect(first.middle.labelled.label == "first")
    #expect(second.middle.labelled.label == "default")
  }

  @Test func aBodyKeptForTheTypeReadsTheProcesssCachedValues() {
    // A value resolved once is the same everywhere after (as a prepared client is): the body,
    // built with no dependencies, keeps the process's cache.
    @Dependency(\.made) var made
    let expected = ObjectIdentifier(made)
    let store = Store(initialState: LabelledParent.State()) { LabelledParent() }
    store.send(.labelled(.read))
    #expect(store.labelled.made == expected)
  }

  @Test func anEnumReducersKeptBodyReadsTheDependenciesOfEachStore() {
    let first = Store(initialState: LabelledScreen.State.labelled(Labelled.State())) {
      LabelledScreen.body
    } withDependencies: {
      $0.label = "first"
    }
    first.send(.labelled(.read))
    let second = Store(initialState: LabelledScreen.State.labelled(Labelled.State())) {
      LabelledScreen.body
    }
    second.send(.labelled(.read))
    #expect(first.withState { $0[case: \.labelled]?.label } == "first")
    #expect(second.withState { $0[case: \.labelled]?.label } == "default")
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
