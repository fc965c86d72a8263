@_spi(Reflection) import CasePaths

extension Reducer {
  /// Runs a presented feature (a sheet, a drill-down, a popover) while its state is non-`nil`.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in … }
  ///     .ifLet(\.$destination, action: \.destination) {
  ///       Destination.body
  ///     }
  /// }
  /// ```
  ///
  /// The feature runs before the parent. It goes away when the parent sets the state to `nil`,
  /// when the front end sends `.dismiss`, or when the feature calls `@Dependency(\.dismiss)`;
  /// every way cancels all of its effects. A feature presented again starts afresh.
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, Destination>
  where
    DestinationState == Destination.State, DestinationAction == Destination.Action,
    Action: CasePathable
  {
    _PresentationReducer(
      parent: self,
      destination: destination(),
      toPresentationState: toPresentationState,
      toPresentationAction: AnyCasePath(resolving: toPresentationAction),
      location: OperatorLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Presents an `@Reducer enum` of destinations; no trailing closure needed.
  ///
  /// ```swift
  /// .ifLet(\.$destination, action: \.destination)
  /// ```
  public func ifLet<DestinationState: CaseReducerState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, DestinationState.StateReducer.CaseBody>
  where DestinationState.StateReducer.Action == DestinationAction, Action: CasePathable {
    ifLet(
      toPresentationState, action: toPresentationAction,
      destination: { DestinationState.StateReducer.body },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Presents an alert or a confirmation dialog: no reducer, and any button dismisses it.
  ///
  /// ```swift
  /// .ifLet(\.$alert, action: \.alert)
  /// ```
  public func ifLet<DestinationState: _EphemeralState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, EmptyReducer<DestinationState, DestinationAction>>
  where Action: CasePathable {
    ifLet(
      toPresentationState, action: toPresentationAction,
      destination: { EmptyReducer() },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

public struct _PresentationReducer<Parent: Reducer, Destination: Reducer>: Reducer {
  let parent: Parent
  let destination: Destination
  let toPresentationState: WritableKeyPath<Parent.State, PresentationState<Destination.State>>
  let toPresentationAction: AnyCasePath<Parent.Action, PresentationAction<Destination.Action>>
  let location: OperatorLocation

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let initial = state[keyPath: toPresentationState]
    let destinationEffects: Effect<Parent.Action>
    let parentEffects: Effect<Parent.Action>

    switch (initial.wrappedValue, toPresentationAction.extract(from: action)) {
    case let (.some(presented), .some(.dismiss)):
      destinationEffects = .none
      parentEffects = parent.reduce(into: &state, action: action)
      if isStill(presented, in: state) {
        state[keyPath: toPresentationState].wrappedValue = nil
      }

    case let (.some(presented), .some(.presented(destinationAction))):
      let toPresentationAction = toPresentationAction
      let navigationID = navigationID(for: presented)
      destinationEffects = modifyInPlace(&state, at: toPresentationState) { presentation in
        destination.reduceAsChild(
          into: &presentation.wrappedValue!, action: destinationAction, navigationID: navigationID
        )
      }
      .map { toPresentationAction.embed(.presented($0)) }
      parentEffects = parent.reduce(into: &state, action: action)
      // An alert or dialog ends with one of its own actions; another case's action (sent while
      // the alert is up) leaves it presented.
      if let ephemeral = ephemeralType(of: presented), ephemeral.canSend(destinationAction),
        isStill(presented, in: state)
      {
        state[keyPath: toPresentationState].wrappedValue = nil
      }

    case (.none, .some):
      reportIssue(
        RuntimeIssue.presentationActionWithoutState(action: action, location: location),
        fileID: location.fileID, filePath: location.filePath, line: location.line,
        column: location.column
      )
      destinationEffects = .none
      parentEffects = parent.reduce(into: &state, action: action)

    case (_, .none):
      destinationEffects = .none
      parentEffects = parent.reduce(into: &state, action: action)
    }

    return .merge(destinationEffects, parentEffects, updatePresentation(in: &state, from: initial))
  }

  /// Tears down the feature that went away and sets up the one that appeared (including one that
  /// was already presented when the store was created).
  private func updatePresentation(
    in state: inout Parent.State, from initial: PresentationState<Destination.State>
  ) -> Effect<Parent.Action> {
    let parentPath = NavigationIDPath.current
    let current = state[keyPath: toPresentationState].wrappedValue
    let currentPath = current.map { parentPath.appending(navigationID(for: $0)) }
    let previousPath = initial.presentedID
    guard currentPath != previousPath else { return .none }

    let tearDown: Effect<Parent.Action> = previousPath.map { .cancelAll(under: $0) } ?? .none
    state[keyPath: toPresentationState].presentedID = currentPath
    guard let current, let currentPath, !isEphemeral(current) else { return tearDown }
    return .merge(
      tearDown,
      dismissalEffect(for: currentPath, sending: toPresentationAction.embed(.dismiss))
    )
  }

  private func navigationID(for state: Destination.State) -> NavigationID {
    NavigationID(value: state, slot: UncheckedHashable(toPresentationState), isPresentation: true)
  }

  /// Whether the parent left the presented feature in place (same identity).
  private func isStill(_ presented: Destination.State, in state: Parent.State) -> Bool {
    state[keyPath: toPresentationState].wrappedValue.map(navigationID(for:))
      == navigationID(for: presented)
  }
}

/// Whether a presented state is an alert or a dialog, directly or as the case of an enum.
func isEphemeral<State>(_ state: State) -> Bool {
  ephemeralType(of: state) != nil
}

/// The alert or dialog type a presented state is, directly or as the current case of an enum.
func ephemeralType<State>(of state: State) -> (any _EphemeralState.Type)? {
  if let type = State.self as? any _EphemeralState.Type { return type }
  guard EnumMetadata(State.self) != nil, let payload = EnumMetadata.project(state) else {
    return nil
  }
  return type(of: payload) as? any _EphemeralState.Type
}
