import Foundation

extension Reducer {
  /// Runs a child reducer on optional child state while it is non-`nil`.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in
  ///     switch action {
  ///     case .addTapped:
  ///       state.editor = Editor.State()
  ///       return .none
  ///     …
  ///     }
  ///   }
  ///   .ifLet(\.editor, action: \.editor) {
  ///     Editor()
  ///   }
  /// }
  /// ```
  ///
  /// The child runs before the parent, so it sees its action while its state still exists. When
  /// the parent sets the state to `nil`, or replaces it with a different child (another `id`, or
  /// another `@ObservableState` value), every effect the old child started is cancelled. A child
  /// action that arrives while the state is `nil` is reported as an issue naming this call.
  @inlinable
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, Wrapped>
  where WrappedState == Wrapped.State, WrappedAction == Wrapped.Action {
    _IfLetReducer(
      parent: self,
      child: wrapped(),
      toChildState: toWrappedState,
      toChildAction: AnyCasePath(resolving: toWrappedAction),
      location: OperatorLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

public struct _IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let toChildState: WritableKeyPath<Parent.State, Child.State?>
  @usableFromInline let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  @usableFromInline let location: OperatorLocation

  @usableFromInline
  init(
    parent: Parent,
    child: Child,
    toChildState: WritableKeyPath<Parent.State, Child.State?>,
    toChildAction: AnyCasePath<Parent.Action, Child.Action>,
    location: OperatorLocation
  ) {
    self.parent = parent
    self.child = child
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.location = location
  }

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let childEffects = reduceChild(into: &state, action: action)
    let childBefore = state[keyPath: toChildState].map(childNavigationID)
    let parentEffects = parent.reduce(into: &state, action: action)
    let childAfter = state[keyPath: toChildState].map(childNavigationID)
    return .merge(
      childEffects,
      parentEffects,
      tearDown(childBefore: childBefore, childAfter: childAfter)
    )
  }

  func reduceChild(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    guard let childState = state[keyPath: toChildState] else {
      reportIssue(
        RuntimeIssue.ifLetActionForNilState(action: action, location: location),
        fileID: location.fileID, filePath: location.filePath, line: location.line,
        column: location.column
      )
      return .none
    }
    let navigationID = childNavigationID(childState)
    // Alerts and dialogs are gone once any of their buttons is tapped, as in TCA.
    defer { if Child.State.self is any _EphemeralState.Type { state[keyPath: toChildState] = nil } }
    return modifyInPlace(&state, at: toChildState) { childState in
      child.reduceAsChild(into: &childState!, action: childAction, navigationID: navigationID)
    }
    .map(toChildAction.embed)
  }

  func childNavigationID(_ childState: Child.State) -> NavigationID {
    NavigationID(value: childState, slot: UncheckedHashable(toChildState))
  }
}

extension Reducer {
  /// Runs `reduce(into:action:)` behind a call that is not inlined, for the operators and stores
  /// that run a reducer on state they reach in place (a store's state, an element of an
  /// `IdentifiedArray` through its accessor).
  ///
  /// In here the state is an `inout` parameter, which Swift knows no other code touches while the
  /// reducer runs. Inlined into its caller, the state is memory Swift cannot prove exclusive, and
  /// every observable field the reducer changes copies the whole state to hand it to the
  /// observation registrar (two copies of the state, each retaining its references, per field).
  @inlinable @inline(never)
  func reduceInPlace(into state: inout State, action: Action) -> Effect<Action> {
    reduce(into: &state, action: action)
  }

  /// The same, with `dependencies` in force: a task-local push, for a store whose dependencies
  /// are not those in force where it is sent, and for the operators off a store's thread.
  /// Nonisolated, as reducers are, so that the closure handed to the push is not checked at run
  /// time for being on the main actor; it returns `Void` so that the push is specialized and
  /// inlined.
  @inlinable
  func reduceInPlace(
    into state: inout State, action: Action, dependencies: DependencyValues
  ) -> Effect<Action> {
    var effect = Effect<Action>.none
    DependencyValues.$_current.withValue(dependencies) {
      effect = reduceInPlace(into: &state, action: action)
    }
    return effect
  }

  /// Runs this reducer as a child identified by `navigationID`: its cancellation ids are scoped to
  /// the child and all of its effects can be cancelled when the child goes away.
  @usableFromInline
  func reduceAsChild(
    into state: inout State, action: Action, navigationID: NavigationID
  ) -> Effect<Action> {
    if let parentPath = ReducingStore.childNavigationPath {
      let path = parentPath.appending(navigationID)
      return reduceOnStoreThread(into: &state, action: action, path: path)
    }
    // Off a store's thread the task-local is read and pushed directly rather than through
    // `@Dependency` and `withDependencies`: the property wrapper merges dictionaries on each read
    // (see SPEC 12 and the README's performance notes).
    var dependencies = DependencyValues._current
    let childPath = dependencies.navigationIDPath.appending(navigationID)
    dependencies.navigationIDPath = childPath
    return reduceOffStoreThread(into: &state, action: action, dependencies: dependencies, path: childPath)
  }

  /// Runs this reducer as the child `key` of an operator whose children are told apart by a key
  /// of their own (a `forEach` element's id), with the path it ran with last time when nothing
  /// changed since (see `ChildDependencies`).
  @inlinable
  func reduceAsChild<Key>(
    into state: inout State,
    action: Action,
    key: Key,
    navigationID: () -> NavigationID,
    dependencies: ChildDependencies<Key>
  ) -> Effect<Action> {
    if let parentPath = ReducingStore.childNavigationPath {
      let path = dependencies.childPath(key, of: parentPath, navigationID: navigationID)
      return reduceOnStoreThread(into: &state, action: action, path: path)
    }
    let (childDependencies, childPath) = dependencies.child(
      key, of: DependencyValues._current, navigationID: navigationID
    )
    return reduceOffStoreThread(
      into: &state, action: action, dependencies: childDependencies, path: childPath
    )
  }

  /// Runs this reducer with `path` as the navigation path of the reducer running on the thread a
  /// store reduces on: the same as pushing it in the dependencies (reads of the path, cancellation ids and
  /// effects made now see it), without the push (see `ReducingStore`).
  @inlinable
  func reduceOnStoreThread(
    into state: inout State, action: Action, path: NavigationIDPath
  ) -> Effect<Action> {
    ReducingStore.with(.child(path)) {
      reduceInPlace(into: &state, action: action)
    }
    .cancellable(navigationIDPath: path)
  }

  /// Runs this reducer with `dependencies` pushed, whose navigation path is `path`: the child's
  /// run off a store's thread, where no store records the path.
  @inlinable
  func reduceOffStoreThread(
    into state: inout State, action: Action, dependencies: DependencyValues, path: NavigationIDPath
  ) -> Effect<Action> {
    reduceInPlace(into: &state, action: action, dependencies: dependencies)
      .cancellable(navigationIDPath: path)
  }
}

/// The navigation path, and off a store's thread the dependencies, that the last child an operator
/// ran (a `forEach` row, a stack element) ran with, kept so that the next action for the same
/// child, under the same parent, runs with them again.
///
/// Otherwise every child action appends to the parent's path (an allocation) and, off a store's
/// thread, copies the parent's dependencies and writes the path into the copy: a copy of the
/// storage of every dependency read so far and a dictionary write, about 3 000 instructions of a
/// row action on Linux, growing with the app's dependencies. The parent's path or dependencies are
/// the same when their bytes are (the same storage): kept here, that storage cannot change in
/// place, since it is not uniquely referenced. The child is told apart by its key, the element's
/// id, which compares in a few instructions where a `NavigationID` (a key path and a type-erased
/// id) costs more than the copy it would save.
@usableFromInline
final class ChildDependencies<Key: Hashable & Sendable>: @unchecked Sendable {
  // `@unchecked`: `last` is only read and written with `lock` held, and the `…OnStoreThread`
  // fields only by the thread a store reduces on, one store at a time (through `childPath`,
  // which operators call there only).
  // Inlinable (and so not behind `Locked`), so that a feature's module specializes it for its
  // element ids.
  @usableFromInline
  struct Entry {
    @usableFromInline let parent: DependencyValues
    @usableFromInline let key: Key
    @usableFromInline let child: DependencyValues
    @usableFromInline let path: NavigationIDPath

    @usableFromInline
    init(parent: DependencyValues, key: Key, child: DependencyValues, path: NavigationIDPath) {
      self.parent = parent
      self.key = key
      self.child = child
      self.path = path
    }
  }

  @usableFromInline let lock = NSLock()
  @usableFromInline var last: Entry?
  // The last child run on a store's thread: kept in fields of their own and compared where they lie, since
  // copying an entry out to compare it costs a retain and a release of each path.
  @exclusivity(unchecked) @usableFromInline var lastKeyOnStoreThread: Key?
  /// Held so that its storage cannot be freed and reused by another path while it is compared by
  /// address (`lastParentBitsOnStoreThread`).
  @exclusivity(unchecked) @usableFromInline var lastParentOnStoreThread = NavigationIDPath()
  @exclusivity(unchecked) @usableFromInline var lastParentBitsOnStoreThread: UInt = 0
  @exclusivity(unchecked) @usableFromInline var lastPathOnStoreThread = NavigationIDPath()

  @usableFromInline
  init() {}

  /// The path of the child `key` (`navigationID`) below `parent`. On a store's thread only.
  @inlinable
  func childPath(
    _ key: Key, of parent: NavigationIDPath, navigationID: () -> NavigationID
  ) -> NavigationIDPath {
    let parentBits = parent.storageBits
    if parentBits == lastParentBitsOnStoreThread, lastKeyOnStoreThread == key {
      return lastPathOnStoreThread
    }
    let path = parent.appending(navigationID())
    lastKeyOnStoreThread = key
    lastParentOnStoreThread = parent
    lastParentBitsOnStoreThread = parentBits
    lastPathOnStoreThread = path
    return path
  }

  /// `parent` with the navigation path of the child `key` (`navigationID`) below it, and that path.
  @inlinable
  func child(
    _ key: Key, of parent: DependencyValues, navigationID: () -> NavigationID
  ) -> (DependencyValues, NavigationIDPath) {
    lock.lock()
    let last = self.last
    lock.unlock()
    if let last, last.key == key, haveSameBytes(last.parent, parent) {
      return (last.child, last.path)
    }
    return makeChild(key, of: parent, navigationID: navigationID())
  }

  @usableFromInline
  func makeChild(
    _ key: Key, of parent: DependencyValues, navigationID: NavigationID
  ) -> (DependencyValues, NavigationIDPath) {
    let path = parent.navigationIDPath.appending(navigationID)
    var child = parent
    child.navigationIDPath = path
    lock.lock()
    last = Entry(parent: parent, key: key, child: child, path: path)
    lock.unlock()
    return (child, path)
  }
}

extension Reducer {
  /// Cancels the effects of a child that was replaced or removed while the parent ran.
  func tearDown(childBefore: NavigationID?, childAfter: NavigationID?) -> Effect<Action> {
    guard let childBefore, childBefore != childAfter else { return .none }
    return .cancelAll(under: NavigationIDPath.current.appending(childBefore))
  }
}

/// Where an operator was applied, for runtime issues.
@usableFromInline
struct OperatorLocation: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  @usableFromInline
  init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }
}

extension OperatorLocation: CustomStringConvertible {
  @usableFromInline var description: String { "\(fileID):\(line):\(column)" }
}

extension Reducer {
  /// Runs optional alert or confirmation dialog state: no reducer, and any of its actions sets it
  /// to `nil` before the parent sees the action.
  ///
  /// ```swift
  /// .ifLet(\.alert, action: \.alert)
  /// ```
  @inlinable
  public func ifLet<WrappedState: _EphemeralState, WrappedAction>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, EmptyReducer<WrappedState, WrappedAction>> {
    ifLet(
      toWrappedState, action: toWrappedAction, then: { EmptyReducer() },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}
