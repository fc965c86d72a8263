@testable import ComposableArchitecture
import Testing

/// A feature with enough structure (a child, a collection, synchronous effects) that the order in
/// which the store reduces actions matters.
@Reducer
private struct Model {
  @ObservableState
  struct State: Equatable {
    var total = 0
    var child = Leaf.State()
    var leaves: IdentifiedArrayOf<Leaf.State> = []
  }
  enum Action: Equatable {
    case add(Int)
    case double
    case child(Leaf.Action)
    case leaves(IdentifiedActionOf<Leaf>)
    case appendLeaf(Int)
    case removeLeaf(Int)
    case echo(Int)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Leaf() }
    Reduce { state, action in
      switch action {
      case let .add(value):
        state.total += value
        return .none
      case .double:
        state.total *= 2
        return .send(.add(1))
      case let .appendLeaf(id):
        guard state.leaves[id: id] == nil else { return .none }
        state.leaves.append(Leaf.State(id: id))
        return .none
      case let .removeLeaf(id):
        state.leaves.remove(id: id)
        return .none
      case let .echo(value):
        return .concatenate(.send(.add(value)), .send(.child(.bump)))
      case .child, .leaves:
        return .none
      }
    }
    .forEach(\.leaves, action: \.leaves) { Leaf() }
  }
}

@Reducer
private struct Leaf {
  @ObservableState
  struct State: Equatable, Identifiable {
    var id = 0
    var value = 0
  }
  enum Action: Equatable { case bump }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.value += 1
    return .none
  }
}

/// A small deterministic generator, so a failing sequence can be replayed from its seed.
private struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

@MainActor
struct ReliabilityTests {
  /// Model-based: random action sequences through a `Store` end in exactly the state a direct
  /// fold of the reducer gives (feeding `.send` effects back in order, as the store promises).
  @Test(arguments: 0..<50)
  func storeMatchesADirectFoldOfTheReducer(seed: UInt64) {
    var generator = SplitMix64(state: seed)
    var actions: [Model.Action] = []
    var ids: [Int] = []
    for _ in 0..<200 {
      switch Int.random(in: 0..<7, using: &generator) {
      case 0: actions.append(.add(Int.random(in: -5...5, using: &generator)))
      case 1: actions.append(.double)
      case 2: actions.append(.child(.bump))
      case 3:
        let id = Int.random(in: 0..<10, using: &generator)
        ids.append(id)
        actions.append(.appendLeaf(id))
      case 4: actions.append(.removeLeaf(Int.random(in: 0..<10, using: &generator)))
      case 5:
        // Only address leaves that exist, as a front end would.
        if let id = ids.randomElement(using: &generator) {
          actions.append(.leaves(.element(id: id, action: .bump)))
        }
      default: actions.append(.echo(Int.random(in: 0...3, using: &generator)))
      }
    }

    let store = Store(initialState: Model.State()) { Model() }
    var folded = Model.State()
    for action in actions {
      if case let .leaves(.element(id, _)) = action, folded.leaves[id: id] == nil { continue }
      store.send(action)
      var queue = [action]
      while !queue.isEmpty {
        let next = queue.removeFirst()
        let effect = Model().reduce(into: &folded, action: next)
        queue.append(contentsOf: synchronousActions(of: effect))
      }
    }
    #expect(store.state == folded)
  }

  @Test func releasedScopedStoresAndDismissedChildrenAreDeallocated() throws {
    let store = Store(initialState: Model.State(leaves: [Leaf.State(id: 1)])) { Model() }
    weak var child: StoreOf<Leaf>?
    weak var leaf: StoreOf<Leaf>?
    do {
      let scoped = store.scope(state: \.child, action: \.child)
      child = scoped
      let leafStore = try #require(store.scope(state: \.leaves, action: \.leaves).first)
      leaf = leafStore
      #expect(child != nil && leaf != nil)
    }
    // Scoped stores are cached by their parent while it lives...
    #expect(child != nil)
    // ...and an element's store goes away once its element is removed and the parent re-scopes.
    store.send(.removeLeaf(1))
    _ = store.scope(state: \.leaves, action: \.leaves).count
    #expect(leaf == nil)
    weak var root: StoreOf<Model>?
    do {
      let temporary = Store(initialState: Model.State()) { Model() }
      root = temporary
      _ = temporary.scope(state: \.child, action: \.child)
    }
    #expect(root == nil)
  }

  @Test func sendingFromAFinishedEffectIsReported() async {
    final class Escaped: @unchecked Sendable {  // Only touched on the main actor in this test.
      var send: Send<Int>?
    }
    let escaped = Escaped()
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { state, action in
        state += action
        return action == 0 ? .run { send in escaped.send = send } : .none
      }
    }
    await store.send(0).finish()
    withKnownIssue {
      escaped.send?(5)
    } matching: { issue in
      message(of: issue).hasPrefix("An effect's 'send' was called after the effect had finished")
    }
    #expect(store.state == 0)
  }
}

/// The actions a synchronous effect feeds back, in the order the store reduces them.
private func synchronousActions<Action>(of effect: Effect<Action>) -> [Action] {
  switch effect.operation {
  case .none, .run, .cancel: return []
  case let .send(action): return [action.value]
  case let .merge(effects), let .concatenate(effects): return effects.flatMap(synchronousActions)
  case let .cancellable(_, _, effect): return synchronousActions(of: effect)
  }
}
