/// Runs a child reducer on a part of the parent's state, for the child's actions.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Scope(state: \.settings, action: \.settings) {
///     Settings()
///   }
///   Reduce { state, action in … }
/// }
/// ```
///
/// With a case key path to an enum case of state, the child runs only while state is in that case;
/// a child action arriving in another case is reported as an issue.
///
/// `Scope` is inlinable: the feature's module compiles it for its own state and action types, so a
/// deep chain of scopes runs without generic metadata lookups.
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  @usableFromInline
  enum StatePath {
    case keyPath(InPlacePath<ParentState, Child.State>)
    case casePath(
      AnyCasePath<ParentState, Child.State>,
      fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
    )
  }

  @usableFromInline let toChildState: StatePath
  @usableFromInline let toChildAction: CaseAccess<ParentAction, Child.Action>
  @usableFromInline let child: Child

  @usableFromInline
  init(toChildState: StatePath, toChildAction: CaseAccess<ParentAction, Child.Action>, child: Child) {
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.child = child
  }

  /// Scopes to a property of the parent's state.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action, ParentAction: CasePathable {
    self.init(
      toChildState: .keyPath(InPlacePath(toChildState)), toChildAction: .resolving(toChildAction), child: child()
    )
  }

  /// Scopes to a property of the parent's state; the same as `Scope(state:action:)`, spelled as
  /// TCA's main branch writes it: `Scope(\.counter, action: \.counter) { Counter() }`.
  @inlinable
  public init<ChildState, ChildAction>(
    _ toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> _ child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action, ParentAction: CasePathable {
    self.init(state: toChildState, action: toChildAction, child: child)
  }

  /// Scopes to one case of the parent's enum state.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: CaseKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  )
  where
    ChildState == Child.State, ChildAction == Child.Action,
    ParentState: CasePathable, ParentAction: CasePathable
  {
    self.init(
      toChildState: .casePath(
        AnyCasePath(resolving: toChildState), fileID: fileID, filePath: filePath, line: line, column: column
      ),
      toChildAction: .resolving(toChildAction),
      child: child()
    )
  }

  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    let toChildAction = toChildAction
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    switch toChildState {
    case let .keyPath(toChildState):
      let effect = toChildState.modify(&state) { childState in
        child.reduce(into: &childState, action: childAction)
      }
      return effect.isNone ? .none : effect.map { toChildAction.embed($0) }

    case let .casePath(toChildState, fileID, filePath, line, column):
      return reduceCase(
        into: &state, action: action, childAction: childAction, toChildAction: toChildAction,
        at: toChildState,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
    }
  }

  /// The enum-state branch of `reduce(into:action:)`, out of line: it reports issues.
  @usableFromInline
  func reduceCase(
    into state: inout ParentState,
    action: ParentAction,
    childAction: Child.Action,
    toChildAction: CaseAccess<ParentAction, Child.Action>,
    at toChildState: AnyCasePath<ParentState, Child.State>,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> Effect<ParentAction> {
    guard var childState = toChildState.extract(from: state) else {
      reportIssue(
        RuntimeIssue.scopeCaseMismatch(action: action, state: state, fileID: fileID, line: line),
        fileID: fileID, filePath: filePath, line: line, column: column
      )
      return .none
    }
    let effect = child.reduce(into: &childState, action: childAction)
    state = toChildState.embed(childState)
    return effect.map { toChildAction.embed($0) }
  }
}
