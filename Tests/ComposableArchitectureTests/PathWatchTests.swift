import ComposableArchitecture
import ConcurrencyExtras
import Observation
import Testing

/// A counter that contains itself, so that a store of it can be scoped several levels deep; its
/// `first` child is read through a property that counts its reads.
@Reducer
private struct Tree {
  @ObservableState
  struct State: Equatable {
    static let firstReads = LockIsolated(0)
    var count = 0
    var children: [State] = []
    var first: State {
      Self.firstReads.withValue { $0 += 1 }
      return children[0]
    }

    static func deep(_ depth: Int, count: Int = 0) -> State {
      depth == 0 ? State(count: count) : State(children: [deep(depth - 1, count: count)])
    }
  }
  @CasePathable
  indirect enum Action {
    case increment
    case replaceFirstChild
    case replaceAll
    case child(Action)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
      case .replaceFirstChild:
        // A child with a new identity and the same values.
        state.children[0] = .deep(1, count: 5)
      case .replaceAll:
        state = .deep(3, count: 7)
      case .child:
        break
      }
      return .none
    }
    Scope(state: \.children[0], action: \.child) { Tree() }
  }
}

/// A parent holding its child inside a plain `Equatable` struct, and another behind a property
/// that observation ignores.
@Reducer
private struct Wrapping {
  struct Wrapper: Equatable {
    var child = Tree.State()
  }
  @ObservableState
  struct State: Equatable {
    var wrapper = Wrapper()
  }
  @ObservableState
  struct HiddenState: Equatable {
    @ObservationStateIgnored var hidden = Tree.State()
  }
  @CasePathable
  enum Action {
    case rewrap
    case child(Tree.Action)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .rewrap = action {
        // Equal to the old wrapper (state equality ignores identity), but a new child.
        state.wrapper = Wrapper(child: Tree.State(count: state.wrapper.child.count))
      }
      return .none
    }
    Scope(state: \.wrapper.child, action: \.child) { Tree() }
  }
}

@Reducer
private struct Hiding {
  typealias State = Wrapping.HiddenState
  @CasePathable
  enum Action {
    case replaceHidden
    case child(Tree.Action)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .replaceHidden = action {
        state.hidden = Tree.State(count: state.hidden.count)
      }
      return .none
    }
    Scope(state: \.hidden, action: \.child) { Tree() }
  }
}

/// A store scoped through observable states that report every change watches the way to its
/// state instead of reading it after every send (see `PathWatch`); what it must still hear.
/// A parent whose child lives inside an object: replacing it does not go through the parent's
/// properties.
@Reducer
private struct Boxing {
  final class Box: Equatable {
    var child = Tree.State()
    static func == (lhs: Box, rhs: Box) -> Bool { lhs === rhs }
  }
  @ObservableState
  struct State: Equatable {
    var box = Box()
  }
  @CasePathable
  enum Action {
    case replaceBoxed
    case child(Tree.Action)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .replaceBoxed = action {
        state.box.child = Tree.State(count: state.box.child.count)
      }
      return .none
    }
  }
}

@MainActor
struct PathWatchTests {
  /// The leaf of a chain of three scoped stores, and the chain's root.
  private func chain() -> (root: StoreOf<Tree>, leaf: StoreOf<Tree>) {
    let root = Store(initialState: Tree.State.deep(3)) { Tree() }
    let leaf = root
      .scope(state: \.first, action: \.child)
      .scope(state: \.first, action: \.child)
      .scope(state: \.first, action: \.child)
    return (root, leaf)
  }

  @Test func anEditInPlaceReadsNothingOnTheWay() {
    let (_, leaf) = chain()
    let observers = Notifications()
    observers.track { _ = leaf.state }
    let reads = Tree.State.firstReads.value
    for _ in 0..<5 { leaf.send(.increment) }
    #expect(Tree.State.firstReads.value == reads)
    #expect(observers.count == 0)
    #expect(leaf.count == 5)
  }

  @Test func aChildReplacedOnTheWayIsHeard() {
    let (root, leaf) = chain()
    let middle = root.scope(state: \.first, action: \.child)
    let observers = Notifications()
    observers.track { _ = leaf.state }
    middle.send(.replaceFirstChild)
    #expect(observers.count == 1)
    #expect(leaf.count == 5)

    // Watching starts again from the new state: its edits reach new observers, in place.
    let later = Notifications()
    later.track { _ = leaf.count }
    leaf.send(.increment)
    #expect(later.count == 1)
    #expect(leaf.count == 6)
  }

  @Test func theRootReplacedIsHeard() {
    let (root, leaf) = chain()
    let observers = Notifications()
    observers.track { _ = leaf.state }
    root.send(.replaceAll)
    #expect(observers.count == 1)
    #expect(leaf.count == 7)

    // The store stopped watching (the new root's properties were never watched) and compares its
    // state after every send: a child replaced later is heard too.
    let later = Notifications()
    later.track { _ = leaf.state }
    let reads = Tree.State.firstReads.value
    root.scope(state: \.first, action: \.child).send(.replaceFirstChild)
    #expect(later.count == 1)
    #expect(leaf.count == 5)
    #expect(Tree.State.firstReads.value > reads)
  }

  @Test func anEqualValueWithANewChildIsHeard() {
    let store = Store(initialState: Wrapping.State()) { Wrapping() }
    let child = store.scope(state: \.wrapper.child, action: \.child)
    child.send(.increment)
    let observers = Notifications()
    observers.track { _ = child.state }
    store.send(.rewrap)
    #expect(observers.count == 1)

    let later = Notifications()
    later.track { _ = child.count }
    child.send(.increment)
    #expect(later.count == 1)
    #expect(child.count == 2)
  }

  @Test func aChildInsideAnObjectIsReadAfterEverySend() {
    let store = Store(initialState: Boxing.State()) { Boxing() }
    let child = store.scope(state: \.box.child, action: \.child)
    let observers = Notifications()
    observers.track { _ = child.state }
    store.send(.replaceBoxed)
    #expect(observers.count == 1)
  }

  @Test func aChildBehindAnIgnoredPropertyIsReadAfterEverySend() {
    let store = Store(initialState: Hiding.State()) { Hiding() }
    let child = store.scope(state: \.hidden, action: \.child)
    let observers = Notifications()
    observers.track { _ = child.state }
    store.send(.replaceHidden)
    #expect(observers.count == 1)
  }
}
