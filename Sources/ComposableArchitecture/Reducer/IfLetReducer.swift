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
  where WrappedState == Wrapped.State, WrappedAction == Wrapped.Action, Action: CasePathable {
    _IfLetReducer(
      parent: self,
      child: wrapped(),
      toChildState: toWrappedState,
      toChildAction: AnyCasePath(toWrappedAction),
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
  /// Runs this reducer as a child identified by `navigationID`: its cancellation ids are scoped to
  /// the child and all of its effects can be cancelled when the child goes away.
  @usableFromInline
  func reduceAsChild(
    into state: inout State, action: Action, navigationID: NavigationID
  ) -> Effect<Action> {
    // The task-local is read and pushed directly rather than through `@Dependency` and
    // `withDependencies`: this runs for every action a child receives, and the property wrapper
    // merges dictionaries on each read (see SPEC 12 and the README's performance notes).
    var dependencies = DependencyValues._current
    let childPath = dependencies.navigationIDPath.appending(navigationID)
    dependencies.navigationIDPath = childPath
    var effect = Effect<Action>.none
    DependencyValues.$_current.withValue(dependencies) {
      effect = reduce(into: &state, action: action)
    }
    return effect.cancellable(navigationIDPath: childPath)
  }

  /// Cancels the effects of a child that was replaced or removed while the parent ran.
  func tearDown(childBefore: NavigationID?, childAfter: NavigationID?) -> Effect<Action> {
    guard let childBefore, childBefore != childAfter else { return .none }
    let parentPath = DependencyValues._current.navigationIDPath
    return .cancelAll(under: parentPath.appending(childBefore))
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
  ) -> _IfLetReducer<Self, EmptyReducer<WrappedState, WrappedAction>> where Action: CasePathable {
    ifLet(
      toWrappedState, action: toWrappedAction, then: { EmptyReducer() },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}
