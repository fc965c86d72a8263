import ComposableArchitecture
import Foundation
import Testing

@Reducer
private struct Counter {
  @ObservableState
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case incrementTapped }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

@Reducer
private struct Toggle {
  struct State: Equatable { var isOn = false }
  enum Action: Equatable { case toggled }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.isOn.toggle()
    return .none
  }
}

@Reducer(state: .equatable, action: .equatable)
private enum Destination {
  case counter(Counter)
  case toggle(Toggle)
  @ReducerCaseIgnored
  case note(String)
  case empty
}

@Reducer
private struct Screen {
  @ObservableState
  struct State: Equatable {
    var destination: Destination.State?
  }
  enum Action: Equatable {
    case destination(Destination.Action)
    case showCounter
    case showNote(String)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .showCounter:
        state.destination = .counter(Counter.State())
      case let .showNote(note):
        state.destination = .note(note)
      case .destination:
        break
      }
      return .none
    }
    .ifLet(\.destination, action: \.destination)
  }
}

/// A feature with nothing in it yet: `@Reducer` gives it an empty `State`, `Action` and body.
@Reducer
private struct Placeholder {}

/// `State` and `Action` but no body: the body is empty.
@Reducer
private struct Label {
  struct State: Equatable { var text = "" }
  enum Action: Equatable { case tapped }
}

/// A stored body is left as it is.
@Reducer
private struct Stored {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case incrementTapped }
  let body = Reduce<State, Action> { state, _ in
    state.count += 1
    return .none
  }
}

/// A counter whose state can be saved.
@Reducer
private struct Tally {
  struct State: Codable, Hashable, Sendable { var count = 0 }
  enum Action: Equatable, Hashable, Sendable { case incrementTapped }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

@Reducer(state: .codable, .equatable, .hashable, .sendable, action: .equatable, .hashable, .sendable)
private enum Saved {
  case placeholder(Placeholder)
  #if os(Linux) || os(macOS) || os(Windows)
    case tally(Tally)
  #else
    case other(Tally)
  #endif
  @ReducerCaseIgnored
  case note(String)
}

@Reducer
private enum Route {
  case counter(Counter)
  case settings(Settings)

  @Reducer
  enum Settings {
    case toggle(Toggle)
  }
}

/// A reducer over plain types, named in `body`: the macro synthesizes no `State` or `Action`.
@Reducer
private struct Tilt {
  var body: some Reducer<Int, Bool> {
    Reduce { state, up in
      state += up ? 1 : -1
      return .none
    }
  }
}

/// A counter that counts in steps, for a case with a default value.
@Reducer
private struct Stepper {
  let step: Int
  @ObservableState
  struct State: Equatable { var value = 0 }
  enum Action: Equatable { case up }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.value += step
      return .none
    }
  }
}

@Reducer
private enum Defaults {
  // The default value is the reducer the case runs; another enum reducer's body works too.
  case byTwo(Stepper = Stepper(step: 2))
}

@MainActor
struct ReducerMacroTests {
  @Test func aStructReducerOverTypesItNamesInBody() {
    var state = 0
    _ = Tilt().reduce(into: &state, action: true)
    _ = Tilt().reduce(into: &state, action: true)
    _ = Tilt().reduce(into: &state, action: false)
    #expect(state == 1)
  }

  @Test func enumCasesWithDefaultValuesRunThem() {
    let store = Store(initialState: Defaults.State.byTwo(Stepper.State())) { Defaults.body }
    store.send(.byTwo(.up))
    #expect(store.state.byTwo?.value == 2)

  }

  @Test func structReducersWithBodyOrReduce() {
    let counter = Store(initialState: Counter.State()) { Counter() }
    counter.send(.incrementTapped)
    #expect(counter.count == 1)

    let toggle = Store(initialState: Toggle.State()) { Toggle() }
    toggle.send(.toggled)
    #expect(toggle.isOn)
  }

  @Test func actionsAreCasePathable() {
    let path: CaseKeyPath<Screen.Action, Counter.Action> = \.destination.counter
    #expect(path(.incrementTapped) == .destination(.counter(.incrementTapped)))
  }

  @Test func enumReducerRunsTheFeatureOfTheCurrentCase() {
    let store = Store(initialState: Screen.State()) { Screen() }
    store.send(.showCounter)
    store.send(.destination(.counter(.incrementTapped)))
    #expect(store.destination == .counter(Counter.State(count: 1)))
    #expect(store.destination?.counter?.count == 1)
  }

  @Test func switchingOverAStoreOfEnumState() throws {
    let store = Store(initialState: Screen.State()) { Screen() }
    store.send(.showCounter)
    let destination = try #require(store.scope(state: \.destination, action: \.destination))
    guard case let .counter(counterStore) = destination.case else {
      Issue.record("Expected the counter case")
      return
    }
    counterStore.send(.incrementTapped)
    #expect(counterStore.count == 1)

    store.send(.showNote("Hello"))
    let noteDestination = try #require(store.scope(state: \.destination, action: \.destination))
    guard case let .note(note) = noteDestination.case else {
      Issue.record("Expected the note case")
      return
    }
    #expect(note == "Hello")
  }

  @Test func requestedConformancesAreSynthesized() {
    func requiresEquatable(_: some Equatable) {}
    requiresEquatable(Destination.State.empty)
    requiresEquatable(Destination.Action.toggle(.toggled))
  }

  @Test func structsMissingStateActionOrBodyGetEmptyOnes() {
    let placeholder = Store(initialState: Placeholder.State()) { Placeholder() }
    #expect(placeholder.state == Placeholder.State())
    let label = Store(initialState: Label.State(text: "Hi")) { Label() }
    label.send(.tapped)
    #expect(label.text == "Hi")
  }

  @Test func aStoredBodyIsUsedAsItIs() {
    let store = Store(initialState: Stored.State()) { Stored() }
    store.send(.incrementTapped)
    #expect(store.count == 1)
  }

  @Test func enumStateWithCodableAndIfConfigCases() throws {
    let state = Saved.State.tally(Tally.State(count: 3))
    #expect(Set([state, state]).count == 1)
    let data = try JSONEncoder().encode(Saved.State.note("Hello"))
    #expect(try JSONDecoder().decode(Saved.State.self, from: data) == .note("Hello"))

    let store = Store(initialState: state) { Saved.body }
    store.send(.tally(.incrementTapped))
    #expect(store.state == .tally(Tally.State(count: 4)))
  }

  @Test func aNestedEnumReducerRunsThroughItsBody() {
    let store = Store(initialState: Route.State.settings(.toggle(Toggle.State()))) { Route.body }
    store.send(.settings(.toggle(.toggled)))
    #expect(store.state.settings?.toggle == Toggle.State(isOn: true))
  }
}
