/// A reducer made of one feature per enum case, synthesized by `@Reducer` on an enum.
///
/// ```swift
/// @Reducer
/// enum Destination {
///   case add(StandupForm)
///   case alert(AlertState<Alert>)
/// }
/// ```
///
/// Its `State` and `Action` have a case per feature; `body` runs the feature of the current case.
/// `store.case` switches over a store of its state with a child store per case.
///
/// `Body` is the type of the static `body`, as in TCA, so that a case can hold another enum
/// reducer's body: `case nested(Nested.Body = Nested.body)`.
public protocol CaseReducer<State, Action>: Reducer
where State: CaseReducerState, State.StateReducer == Self {
  associatedtype CaseBody: Reducer<State, Action>
  associatedtype CaseScope

  /// One `Scope` per case that holds a feature.
  @ReducerBuilder<State, Action>
  static var body: CaseBody { get }

  /// The current case, with a child store for a feature case.
  @MainActor
  static func scope(_ store: Store<State, Action>) -> CaseScope
}

extension CaseReducer {
  /// The static `body`: an enum reducer has no instance state of its own.
  public var body: CaseBody { Self.body }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    Self.body.reduce(into: &state, action: action)
  }
}

/// The static `body` `@Reducer` synthesizes for an enum, built once per type and kept (see
/// `_ReducerBodyStorage`): it is one `Scope` per case running `Feature()`, the same every time.
/// Bodies whose cases give their own reducer (`case feature(Feature = Feature(…))`) are built on
/// every read instead, since that expression could read dependencies.
public func _cachedCaseBody<R: CaseReducer, Body>(
  of reducer: R.Type,
  @ReducerBuilder<R.State, R.Action> build: () -> Body
) -> Body {
  _ReducerBodyStorage.boxKept(forType: reducer, build).pointer.pointee
}

/// The state of a ``CaseReducer``.
public protocol CaseReducerState {
  associatedtype StateReducer: CaseReducer where StateReducer.State == Self
}

extension Store where State: CaseReducerState, State.StateReducer.Action == Action {
  /// The current case of the state, with a store for the feature in it.
  ///
  /// ```swift
  /// switch store.case {
  /// case let .edit(editStore): render(EditView(store: editStore))
  /// case let .alert(alert): render(alert)
  /// }
  /// ```
  public var `case`: State.StateReducer.CaseScope {
    State.StateReducer.scope(self)
  }
}

extension Reducer {
  /// Runs the synthesized reducer of an `@Reducer enum` on optional enum state; no trailing
  /// closure needed.
  ///
  /// ```swift
  /// .ifLet(\.destination, action: \.destination)
  /// ```
  public func ifLet<ChildState: CaseReducerState, ChildAction>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, ChildState.StateReducer.CaseBody>
  where ChildState.StateReducer.Action == ChildAction, Action: CasePathable {
    ifLet(
      toChildState, action: toChildAction,
      then: { ChildState.StateReducer.body },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}
