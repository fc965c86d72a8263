import ComposableArchitecture
import Observation

// MARK: - The counter, three ways

/// The feature under test: a counter.
@Reducer
struct Counter {
  @ObservableState
  struct State: Equatable, Identifiable {
    var id = 0
    var count = 0
  }
  enum Action { case incrementTapped }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementTapped:
      state.count += 1
      return .none
    }
  }
}

/// The vanilla alternative: the same counter as a plain `@Observable` class whose method does the
/// same mutation. Its observation registrar does the same bookkeeping a store's state does.
@Observable
@MainActor
final class CounterModel {
  var count = 0
  func incrementTapped() {
    count += 1
  }
}

// MARK: - Nesting, for scoped sends

/// A counter that contains itself: a store of it can be scoped any number of levels deep.
///
/// Its key paths are created once, as static properties; `NestedInline` is the same feature with
/// them written inline in `body`, as features usually are. Swift builds a key path with arguments
/// each time its literal is evaluated (every case key path is one: `\.child` goes through
/// `Case`'s dynamic-member subscript), about 17 000 instructions per literal on Linux. The
/// `inline-vs-static-keypaths` ratio checks that the library spares features that cost: the
/// `@Reducer` macro keeps a built `body` when nothing it reads can change, so the literals are
/// evaluated once per reducer value in a store, and once per type for a struct with no stored
/// property like these (reduced directly here, outside any store), rather than once per action.
@Reducer
struct Nested {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var children: [State] = []
  }
  @CasePathable
  indirect enum Action {
    case incrementTapped
    case child(Action)
  }

  static let childState: WritableKeyPath<State, State> & Sendable = \.children[0]
  static let childAction: CaseKeyPath<Action, Action> & Sendable = \.child

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .incrementTapped = action {
        state.count += 1
      }
      return .none
    }
    Scope(state: Self.childState, action: Self.childAction) {
      Nested()
    }
  }

  static func state(depth: Int) -> State {
    depth == 0 ? State() : State(children: [state(depth: depth - 1)])
  }
}

/// The same feature with its key paths written inline in `body`, as features usually are.
@Reducer
struct NestedInline {
  typealias State = Nested.State
  typealias Action = Nested.Action

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .incrementTapped = action {
        state.count += 1
      }
      return .none
    }
    Scope(state: \.children[0], action: \.child) {
      NestedInline()
    }
  }
}

// MARK: - Rows

@Reducer
struct Rows {
  @ObservableState
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Counter.State>
  }
  enum Action {
    case rows(IdentifiedActionOf<Counter>)
  }
  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.rows, action: \.rows) { Counter() }
  }

  static func state(count: Int) -> State {
    State(rows: IdentifiedArray(uniqueElements: (0..<count).map { Counter.State(id: $0) }))
  }
}

// MARK: - Effects

@Reducer
struct Effects {
  struct State: Equatable {}
  enum Action { case start(Int), stop(Int) }
  struct ID: Hashable, Sendable { let value: Int }
  let running: LockIsolated<Int>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .start(count):
      let running = running
      return .merge(
        (0..<count).map { index in
          .run { _ in
            running.withValue { $0 += 1 }
            defer { running.withValue { $0 -= 1 } }
            try await Task.never()
          }
          .cancellable(id: ID(value: index))
        }
      )
    case let .stop(count):
      return .cancel(ids: (0..<count).map { ID(value: $0) })
    }
  }
}

// MARK: - An enum state holding plain values

/// An `@ObservableState` enum whose case holds a plain (hashable, not observable) array: a root
/// store reads the state's identity after every send, whatever the action did.
@Reducer
struct Loaded {
  struct Item: Hashable {
    var id: Int
    var title: String
  }
  @ObservableState
  enum State: Equatable {
    case loading
    case loaded([Item])
  }
  enum Action { case tick }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .none
  }

  static func state(count: Int) -> State {
    .loaded((0..<count).map { Item(id: $0, title: "Item \($0)") })
  }
}
