import OrderedCollections

extension Reducer {
  /// Runs the features of a navigation stack, each for the actions addressed to its id.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in … }
  ///     .forEach(\.path, action: \.path) {
  ///       Path.body
  ///     }
  /// }
  /// ```
  ///
  /// Elements run before the parent. Popping an element (the front end's `.popFrom(id:)`, the
  /// parent removing it, or the element calling `@Dependency(\.dismiss)`) cancels every effect of
  /// it and of the elements above it. An action for an id not on the stack is reported as an
  /// issue.
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _StackReducer<Self, Destination>
  where
    DestinationState == Destination.State, DestinationAction == Destination.Action,
    Action: CasePathable
  {
    _StackReducer(
      parent: self,
      destination: destination(),
      toStackState: toStackState,
      toStackAction: AnyCasePath(resolving: toStackAction),
      location: OperatorLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Runs a stack of an `@Reducer enum` of screens; no trailing closure needed.
  ///
  /// ```swift
  /// .forEach(\.path, action: \.path)
  /// ```
  public func forEach<DestinationState: CaseReducerState, DestinationAction>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _StackReducer<Self, DestinationState.StateReducer.CaseBody>
  where DestinationState.StateReducer.Action == DestinationAction, Action: CasePathable {
    forEach(
      toStackState, action: toStackAction,
      destination: { DestinationState.StateReducer.body },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

public struct _StackReducer<Parent: Reducer, Destination: Reducer>: Reducer {
  let parent: Parent
  let destination: Destination
  let toStackState: WritableKeyPath<Parent.State, StackState<Destination.State>>
  let toStackAction: AnyCasePath<Parent.Action, StackAction<Destination.State, Destination.Action>>
  let location: OperatorLocation
  let childDependencies = ChildDependencies<StackElementID>()

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    // Read before the reducers run: a parent that replaces the whole stack (`state.path =
    // StackState()`, or `removeAll()`, which does the same) replaces what it had mounted too.
    let mounted = state[keyPath: toStackState].mountedIDs
    let destinationEffects: Effect<Parent.Action>
    let parentEffects: Effect<Parent.Action>

    switch toStackAction.extract(from: action) {
    case let .element(id, destinationAction)?:
      if state[keyPath: toStackState][id: id] != nil {
        let toStackAction = toStackAction
        destinationEffects = modifyInPlace(&state, at: toStackState) { stack in
          destination.reduceAsChild(
            into: &stack[id: id]!, action: destinationAction,
            key: id, navigationID: { navigationID(for: id) }, dependencies: childDependencies
          )
        }
        .map { toStackAction.embed(.element(id: id, action: $0)) }
      } else {
        report(RuntimeIssue.stackActionForMissingElement(id: id, action: action, location: location))
        destinationEffects = .none
      }
      parentEffects = parent.reduce(into: &state, action: action)

    case let .popFrom(id)?:
      destinationEffects = .none
      parentEffects = parent.reduce(into: &state, action: action)
      if state[keyPath: toStackState][id: id] != nil {
        state[keyPath: toStackState].pop(from: id)
      } else {
        report(RuntimeIssue.stackActionForMissingElement(id: id, action: action, location: location))
      }

    case let .push(id, element)?:
      destinationEffects = .none
      if state[keyPath: toStackState].ids.contains(id) {
        report(RuntimeIssue.pushWithExistingID(id: id, action: action, location: location))
      } else {
        @Dependency(\.stackElementID) var nextID
        @Dependency(\.context) var context
        // In tests ids are deterministic, so a push with an id the stack has not reached yet is
        // a mistake in the test (TCA reports it too); the element is pushed all the same.
        if context == .test, id > nextID.peek() {
          report(RuntimeIssue.pushWithUnexpectedID(id: id, expected: nextID.peek(), action: action, location: location))
        }
        state[keyPath: toStackState].elementsByID[id] = element
        nextID.skip(past: id)
      }
      parentEffects = parent.reduce(into: &state, action: action)

    case nil:
      destinationEffects = .none
      parentEffects = parent.reduce(into: &state, action: action)
    }

    return .merge(destinationEffects, parentEffects, updateMountedElements(in: &state, from: mounted))
  }

  /// Cancels the effects of elements no longer on the stack (`mounted`: those set up before the
  /// action) and sets up dismissal for pushed ones (and, on the first action, for elements the
  /// stack started with).
  private func updateMountedElements(
    in state: inout Parent.State, from mounted: OrderedSet<StackElementID>
  ) -> Effect<Parent.Action> {
    let ids = state[keyPath: toStackState].ids
    guard !areSameIDs(mounted, ids) else { return .none }

    let parentPath = NavigationIDPath.current
    var effects: [Effect<Parent.Action>] = []
    for id in mounted.subtracting(ids) {
      effects.append(.cancelAll(under: parentPath.appending(navigationID(for: id))))
    }
    for id in ids.subtracting(mounted) {
      guard let element = state[keyPath: toStackState][id: id], !isEphemeral(element) else { continue }
      effects.append(
        dismissalEffect(
          for: parentPath.appending(navigationID(for: id)),
          sending: toStackAction.embed(.popFrom(id: id))
        )
      )
    }
    state[keyPath: toStackState].mountedIDs = ids
    return .merge(effects)
  }

  private func navigationID(for id: StackElementID) -> NavigationID {
    NavigationID(
      slot: AnyHashableSendable(UncheckedHashable(toStackState)),
      identity: AnyHashableSendable(id),
      isPresentation: true
    )
  }

  private func report(_ message: String) {
    reportIssue(
      message, fileID: location.fileID, filePath: location.filePath, line: location.line,
      column: location.column
    )
  }
}
