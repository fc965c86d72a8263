/// What a `Store` runs on: the root runtime, or a view of it through scoping.
///
/// A scoped core owns nothing. It reads its slice of the root's state through a key path and sends
/// by embedding its action and handing it to its parent core, so every store of a tree shares one
/// runtime (`RootCore`).
@MainActor
@usableFromInline
protocol Core<State, Action>: AnyObject {
  associatedtype State
  associatedtype Action

  var state: State { get }

  /// Reduces `action` and starts its effects; returns a task for them, if any were started.
  func send(_ action: Action) -> Task<Void, Never>?

  /// Whether the state this core reads still exists (false once an optional parent went `nil`).
  var isValid: Bool { get }

  /// Calls `refresh` after every `send` that reduced actions, until it returns `false`.
  func afterEachSend(_ refresh: @escaping @MainActor () -> Bool)

  /// The root's list of cores holding a copy of their slice, dropped before the next send.
  var keptStates: KeptStates { get }

  /// The state read from the root, past any kept slice.
  var freshState: State { get }

  /// Reads the root state's identity, if this core's state is reached from the root only through
  /// key paths over `@ObservableState` structs whose every property reports its changes; `nil`
  /// otherwise. A store on such a core watches its path (see ``PathWatch``).
  var rootStateIDIfWatchable: (@MainActor () -> ObservableStateID?)? { get }
}

/// A core that keeps a copy of its slice of the state until the next send (see `KeptStates`).
@MainActor
@usableFromInline
protocol KeepingState: AnyObject {
  func dropKeptState()
}

/// The cores that kept a copy of their slice of the state since the last send.
///
/// Before a send reduces, each drops its copy, so that the root's state is the only holder of its
/// storage when the reducer mutates it in place (a kept copy would make that mutation copy the
/// storage). A core joins when it keeps a copy and leaves when it drops it, so a send pays only for
/// the slices read since the last one, one call each (a callback per core, registered for good,
/// cost a closure call and a weak load per core on every send).
@MainActor
@usableFromInline
final class KeptStates {
  // `@exclusivity(unchecked)`: only touched on the main actor, by `keep` and `dropAll`, whose
  // accesses are short and never overlap (dropping a slice never reaches `keep`), so the
  // dynamic exclusivity check every send would pay can never fire.
  @exclusivity(unchecked) private var cores: [any KeepingState] = []
  /// Whether any core kept a copy; a flag the inlined `send` of a root core tests without a call.
  @exclusivity(unchecked) @usableFromInline private(set) var isEmpty = true

  nonisolated init() {}

  @usableFromInline
  func keep(_ core: any KeepingState) {
    cores.append(core)
    isEmpty = false
  }

  /// Has every core drop its copy. The cores are held only until then: a core whose store went
  /// away lives at most until the next send.
  @usableFromInline
  func dropAll() {
    // Dropping a slice only releases a copy of state, which never reaches a store, so the list
    // cannot change while it is walked; emptied after the walk, its buffer is unique again and
    // kept for the next send instead of being reallocated.
    for core in cores {
      core.dropKeptState()
    }
    cores.removeAll(keepingCapacity: true)
    isEmpty = true
  }
}

/// A core that reads a slice of its parent's state.
///
/// It keeps the slice it last read until the next send: reading a deep store's state again (a
/// view reads it many times per render, and a read store's identity is checked after each send)
/// costs one read of its parent's kept slice instead of a walk from the root. The kept slice is
/// dropped before the next send reduces (see `KeptStates`).
@usableFromInline
final class ScopedCore<Base: Core, State, Action>: Core, KeepingState {
  let base: Base
  let toState: (Base.State) -> State
  let fromAction: (Action) -> Base.Action
  @usableFromInline let keptStates: KeptStates
  @usableFromInline let rootStateIDIfWatchable: (@MainActor () -> ObservableStateID?)?
  // `@exclusivity(unchecked)`: only `state` and `dropKeptState` touch it, on the main actor, by
  // short reads and writes that never overlap (reading the parent's state cannot reach this
  // core), so the dynamic check a deep read would pay at every level can never fire.
  @exclusivity(unchecked) private var keptState: State?

  /// `watchesPath`: `toState` applies a key path (a closure could read anything), so the store
  /// may watch the path to its state when every state on the way reports its changes.
  @usableFromInline
  init(
    base: Base, toState: @escaping (Base.State) -> State,
    fromAction: @escaping (Action) -> Base.Action,
    watchesPath: Bool = false
  ) {
    self.base = base
    self.toState = toState
    self.fromAction = fromAction
    self.keptStates = base.keptStates
    self.rootStateIDIfWatchable = watchesPath && observesEveryProperty(Base.State.self)
      ? base.rootStateIDIfWatchable
      : nil
  }

  @usableFromInline var freshState: State {
    toState(base.freshState)
  }

  @usableFromInline var state: State {
    if let keptState { return keptState }
    let state = toState(base.state)
    keptState = state
    keptStates.keep(self)
    return state
  }

  @usableFromInline func dropKeptState() {
    keptState = nil
  }

  @usableFromInline func send(_ action: Action) -> Task<Void, Never>? {
    base.send(fromAction(action))
  }

  @usableFromInline var isValid: Bool {
    base.isValid
  }

  @usableFromInline func afterEachSend(_ refresh: @escaping @MainActor () -> Bool) {
    base.afterEachSend(refresh)
  }
}

/// A core that reads optional state of its parent, and remembers the last non-`nil` value so that a
/// store of a dismissed feature can still be read.
final class IfLetCore<Base: Core, State, Action>: Core, KeepingState {
  let base: Base
  let toState: (Base.State) -> State?
  let fromAction: (Action) -> Base.Action
  let location: OperatorLocation
  // `@exclusivity(unchecked)`: only `read`, `state`, `isValid` and `dropKeptState` touch these, on
  // the main actor, by short reads and writes that never overlap (reading the parent's state
  // cannot reach this core).
  @exclusivity(unchecked) private var lastState: State
  /// Whether `lastState` and `hasState` were read since the last send: a store reads its state
  /// and its validity several times after each send (its own refresh, this core's, the view), and
  /// reading an element of a collection costs a lookup by id each time.
  @exclusivity(unchecked) private var isKept = false
  @exclusivity(unchecked) private var hasState = true

  init(
    base: Base,
    initialState: State,
    toState: @escaping (Base.State) -> State?,
    fromAction: @escaping (Action) -> Base.Action,
    location: OperatorLocation
  ) {
    self.base = base
    self.lastState = initialState
    self.toState = toState
    self.fromAction = fromAction
    self.location = location
    // Remember the latest state after every change, so a dismissed feature shows what it showed
    // last even if nobody read it in between.
    base.afterEachSend { [weak self] in
      guard let self else { return false }
      return self.isValid
    }
  }

  /// Reads the state from the parent once per send: the value it had when it was last there,
  /// and whether it is there now.
  private func read() {
    guard !isKept else { return }
    if base.isValid, let state = toState(base.state) {
      lastState = state
      hasState = true
    } else {
      hasState = false
    }
    isKept = true
    base.keptStates.keep(self)
  }

  var state: State {
    read()
    return lastState
  }

  func dropKeptState() {
    isKept = false
  }

  var keptStates: KeptStates { base.keptStates }

  var freshState: State {
    guard base.isValid, let state = toState(base.freshState) else { return lastState }
    return state
  }

  /// Optional state is not watched: its store reads it after every send.
  var rootStateIDIfWatchable: (@MainActor () -> ObservableStateID?)? { nil }

  func send(_ action: Action) -> Task<Void, Never>? {
    guard isValid else {
      reportIssue(
        RuntimeIssue.sendToDismissedStore(action: action, fileID: location.fileID, line: location.line),
        fileID: location.fileID, filePath: location.filePath, line: location.line,
        column: location.column
      )
      return nil
    }
    return base.send(fromAction(action))
  }

  var isValid: Bool {
    read()
    return hasState
  }

  func afterEachSend(_ refresh: @escaping @MainActor () -> Bool) {
    base.afterEachSend(refresh)
  }
}
