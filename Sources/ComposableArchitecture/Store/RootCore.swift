import ComposableToolSupport
import ConcurrencyExtras
import Dependencies
import IssueReporting

/// The runtime of a store tree: it owns the state, runs the reducer one action at a time, and
/// starts and tracks the effects.
///
/// The loop: `send` appends the action to a buffer. If the loop is already draining (the action
/// came from a synchronous effect, or from code reacting to a state change), that is all. Otherwise
/// it drains the buffer: reduce in place, then start the returned effect. `.send` effects append to
/// the same buffer, so they are reduced before `send` returns; asynchronous effects become tasks on
/// the main actor that feed actions back through `send`.
///
/// `send` and `reduce` are inlinable so that a root store created in a feature's module runs a
/// loop specialized for that feature (see `Store.init(initialState:reducer:withDependencies:)`):
/// generic code here pays for every copy of state and action through metadata.
@MainActor
@usableFromInline
final class RootCore<Root: Reducer>: Core {
  @usableFromInline let registry: CancellationRegistry
  // `@exclusivity(unchecked)` below: these are touched on every send, only on the main actor, and
  // only by short reads and writes of this file that never overlap (no `inout` access to them
  // is held across a call), so the dynamic exclusivity check (`swift_beginAccess`, a sizeable
  // share of a send) can never fire.
  @exclusivity(unchecked) @usableFromInline var storedDependencies: DependencyValues
  /// The dependencies in force where the store was made, if they are exactly what its reducer
  /// sees (no `withDependencies:` argument, no reducer that prepares its own, made outside any
  /// store's reducer or effect): a send made where they are still in force runs the reducer
  /// without pushing the store's dependencies (see `reduce`).
  @usableFromInline let ambientDependencies: DependencyValues
  @exclusivity(unchecked) @usableFromInline var reducesInAmbientDependencies: Bool
  /// `DependencyValues.$_current`, kept here: reading the static costs a lazy-initialization
  /// check on every send.
  @usableFromInline let dependenciesInForce = DependencyValues.$_current
  /// Whether `ambientDependencies` are the task-local's default value (the store was made where
  /// no `withDependencies` was in force), so that a send where none is in force needs no
  /// comparison.
  @usableFromInline let ambientDependenciesAreTheDefault: Bool

  @exclusivity(unchecked) private var bufferedActions: [Root.Action] = []
  /// Whether `bufferedActions` is non-empty; a plain flag is cheaper to test on every send than
  /// the generic array.
  @exclusivity(unchecked) @usableFromInline var hasBufferedActions = false
  @exclusivity(unchecked) @usableFromInline var isSending = false
  private var effectTasks: [UInt64: Task<Void, Never>] = [:]
  /// The action whose reduction started each running effect (the test store names it).
  private var effectOrigins: [UInt64: Root.Action] = [:]
  private var nextEffectID: UInt64 = 0

  /// Run after each send (see `refresh()`), after the root store's observation.
  @usableFromInline let refreshers = Hooks()
  /// The root store's observation, made with the core and checked first after each send, without
  /// a callback (the first store made on the core takes it: see `takeRootObservation()`).
  @usableFromInline let rootObservation = StoreObservation()
  /// Whether a store took `rootObservation`.
  private var rootObservationIsTaken = false
  /// The identity of a state: for observable state, a closure specialized for the feature where
  /// the root store is made (see `Store.init(initialState:reducer:withDependencies:)`).
  @usableFromInline let stateIDOf: (RootCore) -> ObservableStateID?
  /// The scoped cores holding a copy of their slice, which they drop before each send reduces.
  @usableFromInline let keptStates = KeptStates()
  @exclusivity(unchecked) @usableFromInline var isRefreshing = false
  @exclusivity(unchecked) private var needsRefresh = false

  /// The body storages of the reducers made with this store's reducer, let go of with it.
  private let bodies: _ReducerBodyStorages?

  // The two stored properties whose size depends on the feature come last: the offsets of those
  // above them are then known where `send` is specialized, instead of read from the class's
  // metadata on every access (about 30 instructions of a root send, counted with callgrind).

  /// The state, in place. `@exclusivity(unchecked)`: a send holds it `inout` while its reducer
  /// runs, and a checked stored property of a class pays a dynamic exclusivity check for that (a
  /// thread-local lookup and an insertion into the access set), and again for the identity read
  /// after it. Nothing else can touch it meanwhile but code the reducer itself calls out to on the
  /// main thread (a dependency holding the store, an observer that reads the store as it is told
  /// of a change): such a read sees the state as the reducer has left it so far, in debug and
  /// release builds alike.
  @exclusivity(unchecked) @usableFromInline var state: Root.State
  @usableFromInline let reducer: Root

  /// `dependenciesAreAmbient`: `dependencies` are those in force where the store is being made,
  /// unchanged.
  @usableFromInline
  init(
    initialState: Root.State, reducer: Root, dependencies: DependencyValues,
    dependenciesAreAmbient: Bool = false, bodies: _ReducerBodyStorages? = nil,
    stateID: ((RootCore) -> ObservableStateID?)? = nil
  ) {
    if let stateID {
      self.stateIDOf = stateID
    } else {
      let identity = StateIdentity<Root.State>()
      self.stateIDOf = { identity.id($0.state) }
    }
    self.state = initialState
    self.reducer = reducer
    self.bodies = bodies
    let registry = CancellationRegistry()
    self.registry = registry
    self.storedDependencies = Self.rooted(dependencies, registry: registry)
    self.ambientDependencies = dependencies
    self.ambientDependenciesAreTheDefault =
      boundTaskLocalValue(DependencyValues.$_current) == nil
      && haveSameBytes(DependencyValues._current, dependencies)
    // Inside another store's reducer or effect, the ambient dependencies carry that store's
    // registry or a navigation path: this store's reducer must not see them.
    self.reducesInAmbientDependencies = dependenciesAreAmbient
      && !dependencies.carriesCancellationRegistry && dependencies.navigationIDPath.path.isEmpty
      && !(reducer is any RootDependenciesPreparing)
    prepareDependencies()
  }

  deinit {
    for task in effectTasks.values {
      task.cancel()
    }
    // A kept body that uses its reducer holds it (and its storage): break those cycles.
    bodies?.release()
  }

  /// The dependencies reducers and effects of this store see; always with the store's own
  /// cancellation registry and an empty navigation path, whatever a caller assigns.
  var dependencies: DependencyValues {
    get { storedDependencies }
    set {
      storedDependencies = Self.rooted(newValue, registry: registry)
      reducesInAmbientDependencies = false
      prepareDependencies()
    }
  }

  /// Lets a reducer that changes the dependencies it reduces with (a recording) change the
  /// store's, once, instead of pushing its own on every action.
  private func prepareDependencies() {
    if let reducer = reducer as? any RootDependenciesPreparing {
      reducer.prepareAsRoot(initialState: state, dependencies: &storedDependencies)
    }
  }

  private static func rooted(
    _ dependencies: DependencyValues, registry: CancellationRegistry
  ) -> DependencyValues {
    var dependencies = dependencies
    dependencies.cancellationRegistry = registry
    dependencies.navigationIDPath = NavigationIDPath()
    return dependencies
  }

  /// A running effect and the action whose reduction started it.
  struct RunningEffect {
    let task: Task<Void, Never>
    let action: Root.Action
  }

  /// The effects still running, oldest first, not counting presentation plumbing or cancelled
  /// effects.
  var runningEffects: [RunningEffect] {
    effectTasks.keys.sorted().compactMap { id in
      // A cancelled effect can no longer feed actions back (its sends are dropped), even if it
      // has not wound down yet: it is not running, as in TCA.
      guard let task = effectTasks[id], !task.isCancelled, let action = effectOrigins[id] else {
        return nil
      }
      return RunningEffect(task: task, action: action)
    }
  }

  /// Leaves the running effects running but no longer counts them as running (a test store's
  /// `skipInFlightEffects()`); they are still cancelled when the store goes away.
  func stopTrackingRunningEffects() {
    effectOrigins.removeAll()
  }

  /// Cancels every running effect.
  func cancelAllEffects() {
    for task in effectTasks.values {
      task.cancel()
    }
  }

  @usableFromInline
  var isValid: Bool { true }

  @usableFromInline
  var freshState: Root.State { state }

  @usableFromInline
  var rootStateIDIfWatchable: (@MainActor () -> ObservableStateID?)? {
    let identity = StateIdentity<Root.State>()
    guard identity.isObservable else { return nil }
    return { [unowned self] in identity.id(self.state) }
  }

  @usableFromInline
  func afterEachSend(_ refresh: @escaping @MainActor () -> Bool) {
    refreshers.add(refresh)
  }

  /// The number of effects that are still running, not counting the presentation plumbing that
  /// waits for `dismiss()` (see `dismissalEffect`).
  var runningEffectCount: Int { effectOrigins.count }

  @inlinable
  func send(_ action: Root.Action) -> Task<Void, Never>? {
    guard !isSending else {
      buffer(action)
      return nil
    }
    isSending = true
    if !keptStates.isEmpty {
      keptStates.dropAll()
    }
    var tasks: EffectTasks?
    defer {
      isSending = false
      // A store read while the action was reduced (a child store checking that its state is
      // there before it sends) kept what it read then: the refresh reads the state as it is now.
      if !keptStates.isEmpty {
        keptStates.dropAll()
      }
      refresh()
    }
    reduce(action, tasks: &tasks)
    if hasBufferedActions {
      drainBuffer(tasks: &tasks)
    }
    return tasks?.whenAllFinished()
  }

  /// Reduces the actions fed back synchronously (`.send`, re-entrant sends), in order.
  @usableFromInline
  func drainBuffer(tasks: inout EffectTasks?) {
    // Buffered actions come from `.send` effects (or from code reacting to a change while a send
    // is reduced): a recording marks them received.
    ActionSource.effectDepth += 1
    defer { ActionSource.effectDepth -= 1 }
    var index = 0
    while index < bufferedActions.count {
      let action = bufferedActions[index]
      index += 1
      if !keptStates.isEmpty {
        keptStates.dropAll()
      }
      reduce(action, tasks: &tasks)
    }
    bufferedActions.removeAll(keepingCapacity: true)
    hasBufferedActions = false
  }

  /// Queues an action to be reduced by the `send` that is draining the buffer.
  @usableFromInline
  func buffer(_ action: Root.Action) {
    bufferedActions.append(action)
    hasBufferedActions = true
  }

  /// Lets stores and cores catch up with the new state, each once per send, in registration order.
  ///
  /// Most sends need nothing: nobody read the root store since its observers were last told (see
  /// `StoreObservation.isArmed`), or its state kept its identity, and no scoped store is left to
  /// refresh. That is checked here, inlined into the feature's `send`, with pure reads.
  @inlinable
  func refresh() {
    if !isRefreshing, refreshers.isEmpty,
      !rootObservation.isArmed || rootObservation.isCurrent(stateIDOf(self))
    {
      return
    }
    refreshAll()
  }

  /// The whole refresh: the root store's observation, then the refreshers.
  ///
  /// A refresher may notify observers that send again (which asks for another pass instead of
  /// refreshing re-entrantly) or that create stores (whose refreshers join this pass).
  @usableFromInline
  func refreshAll() {
    guard !isRefreshing else {
      needsRefresh = true
      return
    }
    isRefreshing = true
    defer { isRefreshing = false }
    repeat {
      needsRefresh = false
      if rootObservation.isArmed {
        rootObservation.refresh(stateID: { stateIDOf(self) })
      }
      if !refreshers.isEmpty {
        refreshers.run()
      }
    } while needsRefresh
  }

  /// Reduces one action in place, with the store's dependencies, and starts its effect.
  ///
  /// Where the store's own dependencies are in force already (the same storage as where it was
  /// made), they are not pushed again: the reducer sees the same values, and the store's
  /// cancellation registry, the only thing those dependencies lack, is found through
  /// `ReducingStore` (effects made now take it with them). Pushing a task-local costs more than a
  /// trivial reducer.
  ///
  /// The navigation path of the reducer running is kept out of the dependencies the same way: the
  /// store sets the root path around its reduce, and operators set their children's below it.
  @inlinable
  func reduce(_ action: Root.Action, tasks: inout EffectTasks?) {
    let effect: Effect<Root.Action>
    if reducesInAmbientDependencies, areInForce(ambientDependencies) {
      effect = ReducingStore.reducing(registry: Unmanaged.passUnretained(registry)) {
        reducer.reduceInPlace(into: &state, action: action)
      }
    } else {
      effect = ReducingStore.reducing(registry: nil) {
        reducer.reduceInPlace(into: &state, action: action, dependencies: storedDependencies)
      }
    }
    if effect.isNone { return }
    start(effect, startedBy: action, into: &tasks)
  }

  /// Whether `dependencies` are the ones in force here (the same storage).
  @inlinable
  nonisolated func areInForce(_ dependencies: DependencyValues) -> Bool {
    // Compared where the task-local keeps them: `get()` would copy them (two retains and two
    // releases, about as much as the rest of the check).
    guard let inForce = boundTaskLocalValue(dependenciesInForce) else {
      return ambientDependenciesAreTheDefault
    }
    return withUnsafeBytes(of: dependencies) { dependencies in
      haveSameBytes(UnsafeRawPointer(inForce), dependencies.baseAddress!, count: dependencies.count)
    }
  }

  /// Starts the effect of reducing `action`.
  @usableFromInline
  func start(_ effect: Effect<Root.Action>, startedBy action: Root.Action, into tasks: inout EffectTasks?) {
    start(effect, startedBy: action, cancellableUnder: [], into: &tasks)
  }

  /// Starts an effect: synchronous parts now, asynchronous parts as tasks marked with `keys`.
  private func start(
    _ effect: Effect<Root.Action>,
    startedBy action: Root.Action,
    cancellableUnder keys: [CancelKey],
    into tasks: inout EffectTasks?
  ) {
    switch effect.operation {
    case .none:
      return

    case let .send(sentAction):
      buffer(sentAction.value)

    case let .run(priority, operation):
      spawn(priority: priority, startedBy: action, cancellableUnder: keys, into: &tasks, operation: operation)

    case let .merge(effects):
      for effect in effects {
        start(effect, startedBy: action, cancellableUnder: keys, into: &tasks)
      }

    case let .concatenate(effects):
      // Deliver the leading synchronous effects now; the rest waits for its turn in one task.
      let firstAsync = effects.firstIndex { !$0.isSynchronous } ?? effects.endIndex
      for effect in effects[..<firstAsync] {
        start(effect, startedBy: action, cancellableUnder: keys, into: &tasks)
      }
      guard firstAsync < effects.endIndex else { return }
      let rest = Effect(operation: .concatenate(Array(effects[firstAsync...])))
      let registry = registry
      spawn(priority: nil, startedBy: action, cancellableUnder: keys, into: &tasks) { send in
        await rest.run(send: send, registry: registry)
      }

    case let .cancel(target):
      registry.cancel(target)

    case let .cancellable(key, cancelInFlight, effect):
      if cancelInFlight {
        registry.cancel(.keys([key]))
      }
      start(effect, startedBy: action, cancellableUnder: keys + [key], into: &tasks)
    }
  }

  private func spawn(
    priority: TaskPriority?,
    startedBy action: Root.Action,
    cancellableUnder keys: [CancelKey],
    into tasks: inout EffectTasks?,
    operation: @escaping @Sendable (Send<Root.Action>) async -> Void
  ) {
    let group = tasks ?? EffectTasks()
    tasks = group
    nextEffectID += 1
    let effectID = nextEffectID
    let isFinished = LockIsolated(false)
    let send = Send<Root.Action> { [weak self] effectAction in
      guard !isFinished.value else {
        reportIssue(RuntimeIssue.sendAfterEffectFinished(action: effectAction))
        return
      }
      ActionSource.effectDepth += 1
      defer { ActionSource.effectDepth -= 1 }
      guard let task = self?.send(effectAction) else { return }
      group.append(task)
    }
    let token = LockIsolated<UInt64?>(nil)
    let registry = registry
    let task = Task(priority: priority) { @MainActor [weak self] in
      await operation(send)
      isFinished.setValue(true)
      if let token = token.value {
        registry.remove(token, keys: keys)
      }
      self?.effectTasks[effectID] = nil
      self?.effectOrigins[effectID] = nil
    }
    if !keys.isEmpty {
      token.setValue(registry.insert({ task.cancel() }, keys: keys))
    }
    group.append(task)
    effectTasks[effectID] = task
    if !keys.contains(where: \.isPresentationLifetime) {
      effectOrigins[effectID] = action
    }
  }
}

/// A core that refreshes its root store's observation itself after each send.
@MainActor
protocol RootObserving: AnyObject {
  /// The observation the core refreshes, for the first store that asks; nil after.
  func takeRootObservation() -> StoreObservation?
}

extension RootCore: RootObserving {
  func takeRootObservation() -> StoreObservation? {
    guard !rootObservationIsTaken else { return nil }
    rootObservationIsTaken = true
    return rootObservation
  }
}

extension RootCore: StateReplacing {
  /// Puts `newState` in place of the state, as time travel does: running effects are cancelled
  /// (their actions were meant for the state they started from), and every store of the tree tells
  /// its observers to read again.
  func replaceState(with newState: Root.State) {
    cancelAllEffects()
    // Scoped cores drop the slices they kept of the old state, as before a send.
    keptStates.dropAll()
    state = newState
    StoreObservation.isReplacingState = true
    defer { StoreObservation.isReplacingState = false }
    refreshAll()
  }
}

/// A core whose whole state can be replaced: a root store's.
@MainActor
protocol StateReplacing<State>: AnyObject {
  associatedtype State
  func replaceState(with newState: State)
}

extension RootCore where Root.State: ObservableState {
  /// The identity of the state, read in place: a root store reads it after every send.
  @inlinable
  var stateID: ObservableStateID {
    state._$id
  }
}

/// Callbacks a core runs around each send, in the order they were added. A callback that returns
/// `false` is dropped; a callback may add callbacks while it runs, and those run in the same pass.
@MainActor
@usableFromInline
final class Hooks {
  // `@exclusivity(unchecked)`: only touched on the main actor, by `add` and `run`, whose accesses
  // are short and never overlap (no `inout` access is held while a callback runs), so the
  // dynamic exclusivity check it would pay after every send can never fire.
  @exclusivity(unchecked) @usableFromInline var hooks: [(@MainActor () -> Bool)?] = []

  nonisolated init() {}

  @inlinable var isEmpty: Bool { hooks.isEmpty }

  func add(_ hook: @escaping @MainActor () -> Bool) {
    hooks.append(hook)
  }

  func run() {
    var removed = false
    var index = 0
    while index < hooks.count {
      if let hook = hooks[index], !hook() {
        hooks[index] = nil
        removed = true
      }
      index += 1
    }
    if removed {
      hooks.removeAll { $0 == nil }
    }
  }
}
