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
    case keyPath(WritableKeyPath<ParentState, Child.State>)
    case casePath(
      AnyCasePath<ParentState, Child.State>,
      fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
    )
  }

  @usableFromInline let toChildState: StatePath
  // The case key path itself, not an `AnyCasePath` made from it: a `Scope` is rebuilt every time
  // its parent's `body` is evaluated, and making an `AnyCasePath` allocates its closures.
  @usableFromInline let toChildAction: CaseKeyPath<ParentAction, Child.Action>
  @usableFromInline let child: Child

  /// Scopes to a property of the parent's state.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action, ParentAction: CasePathable {
    self.toChildState = .keyPath(toChildState)
    self.toChildAction = toChildAction
    self.child = child()
  }

  /// Scopes to a property of the parent's state; the same as `Scope(state:action:)`.
  @inlinable
  public init<ChildState, ChildAction>(
    _ toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
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
    self.toChildState = .casePath(
      AnyCasePath(toChildState), fileID: fileID, filePath: filePath, line: line, column: column
    )
    self.toChildAction = toChildAction
    self.child = child()
  }

  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    let toChildAction = Case(toChildAction)
    guard let childAction = toChildAction._extract(from: action) else { return .none }
    switch toChildState {
    case let .keyPath(toChildState):
      let effect = modifyInPlace(&state, at: toChildState) { childState in
        child.reduce(into: &childState, action: childAction)
      }
      return effect.isNone ? .none : effect.map { toChildAction._embed($0) as! ParentAction }

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
    toChildAction: Case<Child.Action>,
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
    return effect.map { toChildAction._embed($0) as! ParentAction }
  }
}
