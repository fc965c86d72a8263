import Dependencies
import Foundation

/// Runs a feature: holds its state, reduces the actions sent to it and runs their effects.
///
/// ```swift
/// let store = Store(initialState: Counter.State()) {
///   Counter()
/// } withDependencies: {
///   $0.continuousClock = ContinuousClock()
/// }
/// store.send(.incrementTapped)
/// print(store.count)  // 1
/// ```
///
/// Scope a store to hand a child feature its part of the state:
/// `store.scope(state: \.settings, action: \.settings)`. All stores of a tree share the root's
/// runtime, and effects live as long as the root store does.
@MainActor
@dynamicMemberLookup
public final class Store<State, Action> {
  @usableFromInline let core: any Core<State, Action>
  /// Sends to `core`; for a root store, a closure specialized for the feature's reducer, and for a
  /// store scoped with key paths, one specialized for the child (see `scope(_:action:)`).
  @usableFromInline let sendToCore: @MainActor (Action) -> Task<Void, Never>?
  /// The identity of `core`'s state; for a root store, a closure specialized for its feature.
  private let stateID: @MainActor () -> ObservableStateID?
  private var children: [ScopeID: AnyObject] = [:]
  /// For a store scoped to a collection or a stack: its element stores by id (an
  /// `ElementStores`), found without making the element's key paths again.
  var elementStores: AnyObject?
  private let observation: StoreObservation
  /// A root store's list of the scoped cores that kept a slice since the last send; emptied when
  /// the store goes away (see `deinit`). Nil for a scoped store.
  private let rootKeptStates: KeptStates?

  /// A store on a scoped core; `send` sends to it (by default, through the core).
  @usableFromInline
  convenience init(
    core: some Core<State, Action>,
    send: (@MainActor (Action) -> Task<Void, Never>?)? = nil
  ) {
    let identity = StateIdentity<State>()
    // State that is not observable has no identity to read, so it is not read at all: a
    // closure-scoped store computes its state only when someone asks for it, as in TCA.
    let isObservable = identity.isObservable
    let pathWatch = isObservable
      ? core.rootStateIDIfWatchable.map { rootStateID in
        PathWatch(rootStateID: rootStateID, freshStateID: { identity.id(core.freshState) })
      }
      : nil
    self.init(
      core: core,
      send: send ?? { core.send($0) },
      stateID: { isObservable ? identity.id(core.state) : nil },
      isRoot: false,
      pathWatch: pathWatch
    )
  }

  /// A store on `core`. `send` sends to the core and `stateID` reads the identity of its state;
  /// they are closures so that a root store gets versions specialized for its feature (see
  /// `root(_:reducer:dependencies:)`). `isRoot`: this store made `core` (its `stateID` then
  /// holds the core `unowned(unsafe)`, see the root initializers). `pathWatch`: see
  /// ``PathWatch``.
  @usableFromInline
  init(
    core: some Core<State, Action>,
    send: @escaping @MainActor (Action) -> Task<Void, Never>?,
    stateID: @escaping @MainActor () -> ObservableStateID?,
    isRoot: Bool,
    pathWatch: PathWatch? = nil
  ) {
    self.core = core
    self.sendToCore = send
    self.stateID = stateID
    self.rootKeptStates = isRoot ? core.keptStates : nil
    if isRoot, let observation = (core as? any RootObserving)?.takeRootObservation() {
      // A root store's observation is the core's: the core refreshes it first after each send,
      // directly rather than through the list of callbacks (a closure call, its context's
      // reference counting and the walk).
      self.observation = observation
    } else {
      let observation = StoreObservation(pathWatch: pathWatch)
      self.observation = observation
      // A scoped store's refresher is on its root's list only while someone read the store's
      // state since they were last told (see `StoreObservation.enlist`): a store nobody reads,
      // such as the parent of a screen, costs a send nothing. The store's closures hold its core,
      // whose root holds the refresher: the refresher holds the store weakly and is dropped when
      // the store goes away.
      observation.enlist = { [weak self] in
        self?.core.afterEachSend { [weak self] in
          guard let self else { return false }
          return self.observation.refreshWhileArmed(stateID: self.stateID)
        }
      }
    }
  }

  deinit {
    // A scoped core that kept a slice of the state since the last send is held by the root
    // core's list and holds the root core (its `base`): a root store that goes away between a
    // read of a scoped store and the next send would leave that cycle alive for good, with the
    // root core's effects still running. Emptying the list lets the root core go, which cancels
    // them. On the main thread it is emptied at once; elsewhere (a store released off the main
    // thread, or on a main actor that runs on another thread, as Swift Testing's does on Linux)
    // on the main actor's next turn.
    guard let rootKeptStates else { return }
    if MainThread.isCurrent {
      MainActor.assumeIsolated { rootKeptStates.dropAll() }
    } else {
      Task { @MainActor in rootKeptStates.dropAll() }
    }
  }

  /// Creates the root store of a feature.
  ///
  /// The reducer and its effects see the dependencies in force here, changed by
  /// `prepareDependencies`.
  @inlinable
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    let core = Self.root(initialState, reducer: reducer, dependencies: prepareDependencies)
    let identity = StateIdentity<State>()
    // `unowned(unsafe)`: `stateID` is called only by this store, which holds the core, and by
    // the root refresher, which the core holds and runs; a strong reference would make the core
    // hold itself through its refresher.
    self.init(
      core: core,
      send: { core.send($0) },
      stateID: { [unowned(unsafe) core] in identity.id(core.state) },
      isRoot: true
    )
  }

  /// Creates the root store of a feature with observable state (the same as the initializer
  /// above; this one reads the state's identity after each send without a dynamic cast).
  @inlinable
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) where State: ObservableState {
    let core = Self.root(
      initialState, reducer: reducer, dependencies: prepareDependencies, stateID: { $0.stateID }
    )
    // `unowned(unsafe)`: see the initializer above.
    self.init(
      core: core,
      send: { core.send($0) },
      stateID: { [unowned(unsafe) core] in core.stateID },
      isRoot: true
    )
  }

  /// The runtime of a root store. Inlined into the feature's module with the initializers above,
  /// so that the closures they hand to `init(core:send:stateID:isRoot:)` run code specialized for
  /// `R` instead of generic code paying for every copy through metadata.
  @inlinable
  static func root<R: Reducer<State, Action>>(
    _ initialState: () -> R.State,
    reducer: () -> R,
    dependencies prepareDependencies: ((inout DependencyValues) -> Void)?,
    stateID: ((RootCore<R>) -> ObservableStateID?)? = nil
  ) -> RootCore<R> {
    let (initialState, (reducer, bodies), dependencies) = withDependencies(prepareDependencies ?? { _ in }) {
      @Dependency(\.self) var dependencies
      return (initialState(), _ReducerBodyStorages.collecting(reducer), dependencies)
    }
    return RootCore(
      initialState: initialState, reducer: reducer, dependencies: dependencies,
      dependenciesAreAmbient: prepareDependencies == nil, bodies: bodies, stateID: stateID
    )
  }

  /// The current state.
  public var state: State {
    observation.access(stateID: stateID)
    return core.state
  }

  /// Reads the current state.
  ///
  /// ```swift
  /// let count = store.withState(\.count)
  /// ```
  public func withState<R>(_ body: (_ state: State) -> R) -> R {
    body(state)
  }

  /// A property of the current state: `store.count`.
  ///
  /// With observable state, reading it in an observation scope tracks this property only.
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    state[keyPath: keyPath]
  }

  /// Sends an action: the reducer runs now, and the effects it returns start.
  ///
  /// Actions are reduced one at a time, in order. An action sent while another is being reduced
  /// (from `.send`, or from code reacting to a state change) is reduced after it, never re-entrantly.
  ///
  /// ```swift
  /// await store.send(.refreshPulled).finish()
  /// ```
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    StoreTask(rawValue: sendToCore(action))
  }

  /// A store for part of this store's state and actions.
  ///
  /// ```swift
  /// SettingsView(store: store.scope(\.settings, action: \.settings))
  /// ```
  ///
  /// Sending to the child sends the embedded action through this store. Scoping is cached:
  /// the same key paths return the same store.
  ///
  /// Inlinable, so that the child store's `send` is specialized for the child's action where the
  /// feature scopes: it embeds the action in the parent's and hands it to the parent store's
  /// `send`, without generic code paying for every copy through metadata (a store of a navigation
  /// stack's screen sends through every store below it).
  ///
  /// Disfavored, as `scope(state:action:)` is, so that scoping to optional state, a collection or
  /// a stack picks the overload that returns an optional store or the element stores.
  @_disfavoredOverload
  @inlinable
  public func scope<ChildState, ChildAction>(
    _ state: KeyPath<State, ChildState>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> where Action: CasePathable {
    childStore(state, action: action)
  }

  /// The store every non-optional scope returns (`scope(_:action:)`, `scope(state:action:)`, and
  /// the store under a collection's element stores).
  @inlinable
  func childStore<ChildState, ChildAction>(
    _ state: KeyPath<State, ChildState>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> where Action: CasePathable {
    cachedChild(ScopeID(state: state, action: action)) {
      let embed = CaseAccess.resolving(action)
      let parentSend = sendToCore
      // Made out here, where the only generic parameters are the store's and the child's, which
      // the feature's module knows (the parent core's type, opened below, it does not).
      let send: @MainActor (ChildAction) -> Task<Void, Never>? = { parentSend(embed.embed($0)) }
      @MainActor func open(_ core: some Core<State, Action>) -> Store<ChildState, ChildAction> {
        Store<ChildState, ChildAction>(
          core: ScopedCore(
            base: core, toState: { $0[keyPath: state] }, fromAction: embed.embed, watchesPath: true
          ),
          send: send
        )
      }
      return open(core)
    }
  }

  /// A store for part of this store's state and actions; the same as `scope(_:action:)`.
  ///
  /// Disfavored so that scoping to optional state picks the overload that returns an optional
  /// store.
  @_disfavoredOverload
  @inlinable
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> where Action: CasePathable {
    childStore(state, action: action)
  }

  /// A store for optional child state, or `nil` while the state is `nil`.
  ///
  /// ```swift
  /// if let editorStore = store.scope(\.editor, action: \.editor) {
  ///   render(EditorView(store: editorStore))
  /// }
  /// ```
  ///
  /// The store is the same instance for as long as the child stays presented. Once the state goes
  /// `nil`, the store keeps its last state, and sending to it is reported as an issue. (TCA 1.2x
  /// spells it this way; `scope(state:action:)` is the same.)
  public func scope<ChildState, ChildAction>(
    _ state: KeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, ChildAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Store<ChildState, ChildAction>? where Action: CasePathable {
    scope(state: state, action: action, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// A store for optional child state, or `nil` while the state is `nil`; the same as
  /// `scope(_:action:)` on an optional.
  ///
  /// ```swift
  /// if let editorStore = store.scope(state: \.editor, action: \.editor) {
  ///   render(EditorView(store: editorStore))
  /// }
  /// ```
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, ChildAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Store<ChildState, ChildAction>? where Action: CasePathable {
    // A view that scoped here is told when the child appears or goes: the state's identity
    // changes (another enum case, a new presented value), which this store's observation hears.
    observation.access(stateID: stateID)
    return untrackedScope(
      state: state, action: action, location: OperatorLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// A store for presented child state, or `nil` while it is `nil`, with an action path to the
  /// child's presentation actions (`\.destination.edit`, a `PresentationAction` as in TCA): the
  /// store sends the child's actions as `.presented`.
  ///
  /// ```swift
  /// if let formStore = store.scope(state: \.destination?.edit, action: \.destination.edit) { … }
  /// ```
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, PresentationAction<ChildAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Store<ChildState, ChildAction>? where Action: CasePathable {
    scope(
      state: state, action: action.appending(path: \.presented),
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// The same, spelled without `state:`.
  public func scope<ChildState, ChildAction>(
    _ state: KeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, PresentationAction<ChildAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Store<ChildState, ChildAction>? where Action: CasePathable {
    scope(state: state, action: action, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The optional scope without registering an observation of this store (for the element
  /// stores of a collection, whose observers track the collection instead).
  func untrackedScope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, ChildAction>,
    location: OperatorLocation
  ) -> Store<ChildState, ChildAction>? where Action: CasePathable {
    let id = ScopeID(state: state, action: action)
    guard let childState = core.state[keyPath: state] else {
      children[id] = nil
      return nil
    }
    return cachedChild(id) {
      @MainActor func open(_ core: some Core<State, Action>) -> Store<ChildState, ChildAction> {
        let embed = AnyCasePath(resolving: action).embed
        return Store<ChildState, ChildAction>(
          core: IfLetCore(
            base: core, initialState: childState, toState: { $0[keyPath: state] }, fromAction: embed,
            location: location
          )
        )
      }
      return open(self.core)
    }
  }

  /// Forgets cached child stores whose state is gone (removed elements, dismissed features), so
  /// they can be deallocated.
  func forgetChildrenWithoutState() {
    guard !children.isEmpty else { return }
    children = children.filter { ($0.value as? any _StoreLiveness)?.hasState ?? true }
  }

  @usableFromInline
  func cachedChild<ChildState, ChildAction>(
    _ id: ScopeID, make: () -> Store<ChildState, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    if let child = children[id] as? Store<ChildState, ChildAction> {
      return child
    }
    let child = make()
    children[id] = child
    return child
  }
}

/// Lets a parent tell whether a cached child store still has state.
protocol _StoreLiveness: AnyObject {
  @MainActor var hasState: Bool { get }
}

extension Store: _StoreLiveness {
  var hasState: Bool { core.isValid }

  /// Whether the store's state is still there (false once its feature is dismissed or removed):
  /// for the SwiftUI integration (`ComposableSwiftUI`), whose bindings then write nothing.
  @_spi(SwiftUIIntegration) public var _hasState: Bool { hasState }
}

// MARK: Closure scopes

extension Store {
  /// A store for optional child state reached with closures, or nil while the state is nil: what
  /// the deprecated view layer (`IfLetStore`, `CaseLet`) scopes with.
  ///
  /// Closures cannot be compared, so the store is cached under `site`, the place in the code that
  /// scopes (one `IfLetStore` or `CaseLet`), with the child's types: the same site gets the same
  /// store for as long as its state is there. Reading it in an observation scope tracks this
  /// store's state, as `scope(state:action:)` on an optional does.
  @_spi(SwiftUIIntegration)
  public func _scope<ChildState, ChildAction>(
    site: String,
    state toChildState: @escaping (_ state: State) -> ChildState?,
    action fromChildAction: @escaping (_ childAction: ChildAction) -> Action,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) -> Store<ChildState, ChildAction>? {
    observation.access(stateID: stateID)
    let id = ScopeID(state: \ChildState.self, action: \ChildAction.self, site: site)
    guard let childState = toChildState(core.state) else {
      children[id] = nil
      return nil
    }
    let location = OperatorLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return cachedChild(id) {
      @MainActor func open(_ core: some Core<State, Action>) -> Store<ChildState, ChildAction> {
        Store<ChildState, ChildAction>(
          core: IfLetCore(
            base: core, initialState: childState, toState: toChildState, fromAction: fromChildAction,
            location: location
          )
        )
      }
      return open(self.core)
    }
  }
}

/// A store of a reducer's state and action: `StoreOf<Feature>`.
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>

/// What a child store is cached under: the state and action paths it was scoped with.
@usableFromInline
struct ScopeID: Hashable {
  let state: AnyKeyPath
  let action: AnyKeyPath
  /// Where a scope made with closures was written (the deprecated view layer's `IfLetStore` and
  /// `CaseLet`), since closures cannot be compared; empty for key path scopes.
  let site: String

  @usableFromInline
  init(state: AnyKeyPath, action: AnyKeyPath, site: String = "") {
    self.state = state
    self.action = action
    self.site = site
  }
}

// A store is a reference: two are equal when they are the same store, and its identity is its
// object identity, as in TCA (a `ForEach` over scoped stores, `sheet(item:)` with a store).
extension Store: Equatable {
  public static nonisolated func == (lhs: Store, rhs: Store) -> Bool {
    lhs === rhs
  }
}

extension Store: Hashable {
  public nonisolated func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

extension Store: Identifiable {}
