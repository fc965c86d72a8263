extension Reducer {
  /// Runs a child reducer while the parent's enum state is in one case.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in … }
  ///     .ifCaseLet(\.loggedIn, action: \.loggedIn) {
  ///       LoggedIn()
  ///     }
  /// }
  /// ```
  ///
  /// The child runs before the parent. When the parent moves state to another case (or to a new
  /// value of the same case with another identity), the child's effects are cancelled. A child
  /// action arriving in another case is reported as an issue naming this call.
  @inlinable
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ toCaseState: CaseKeyPath<State, CaseState>,
    action toCaseAction: CaseKeyPath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then case: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfCaseLetReducer<Self, Case>
  where
    CaseState == Case.State, CaseAction == Case.Action,
    State: CasePathable, Action: CasePathable
  {
    _IfCaseLetReducer(
      parent: self,
      child: `case`(),
      toChildState: AnyCasePath(resolving: toCaseState),
      toChildAction: AnyCasePath(resolving: toCaseAction),
      slot: UncheckedHashable(toCaseState),
      location: OperatorLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

public struct _IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: Parent
  let child: Child
  let toChildState: AnyCasePath<Parent.State, Child.State>
  let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  let slot: UncheckedHashable
  let location: OperatorLocation

  @usableFromInline
  init(
    parent: Parent,
    child: Child,
    toChildState: AnyCasePath<Parent.State, Child.State>,
    toChildAction: AnyCasePath<Parent.Action, Child.Action>,
    slot: UncheckedHashable,
    location: OperatorLocation
  ) {
    self.slot = slot
    self.parent = parent
    self.child = child
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.location = location
  }

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let childEffects = reduceChild(into: &state, action: action)
    let childBefore = toChildState.extract(from: state).map(childNavigationID)
    let parentEffects = parent.reduce(into: &state, action: action)
    let childAfter = toChildState.extract(from: state).map(childNavigationID)
    return .merge(
      childEffects,
      parentEffects,
      tearDown(childBefore: childBefore, childAfter: childAfter)
    )
  }

  func reduceChild(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    guard var childState = toChildState.extract(from: state) else {
      reportIssue(
        RuntimeIssue.ifCaseLetActionForOtherCase(action: action, state: state, location: location),
        fileID: location.fileID, filePath: location.filePath, line: location.line,
        column: location.column
      )
      return .none
    }
    let navigationID = childNavigationID(childState)
    defer { state = toChildState.embed(childState) }
    return child
      .reduceAsChild(into: &childState, action: childAction, navigationID: navigationID)
      .map(toChildAction.embed)
  }

  func childNavigationID(_ childState: Child.State) -> NavigationID {
    NavigationID(value: childState, slot: slot)
  }
}
