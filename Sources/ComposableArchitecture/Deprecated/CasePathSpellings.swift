import CasePaths

// The `AnyCasePath` (`/Action.child`) spellings of the reducer operators, deprecated in TCA and
// here, still used by every feature written before case key paths and by features whose enums
// are not `@CasePathable` (local types cannot take macros). Each forwards to the same operator as
// its case key path spelling, so the two behave the same.

extension Scope {
  /// Scopes to a property of the parent's state, for actions reached through an `AnyCasePath`:
  /// `Scope(state: \.settings, action: /Action.settings) { Settings() }`.
  @available(*, deprecated, message: "Use a case key path ('action: \\.child'), instead.")
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      toChildState: .keyPath(InPlacePath(toChildState)), toChildAction: .casePath(toChildAction), child: child()
    )
  }

  /// Scopes to one case of the parent's enum state through `AnyCasePath`s:
  /// `Scope(state: /State.loggedIn, action: /Action.loggedIn) { LoggedIn() }`.
  @available(*, deprecated, message: "Use case key paths ('state: \\.child, action: \\.child'), instead.")
  public init<ChildState, ChildAction>(
    state toChildState: AnyCasePath<ParentState, ChildState>,
    action toChildAction: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      toChildState: .casePath(
        toChildState, fileID: fileID, filePath: filePath, line: line, column: column
      ),
      toChildAction: .casePath(toChildAction),
      child: child()
    )
  }
}

extension Reducer {
  /// `ifLet` for optional child state, with the child's actions reached through an `AnyCasePath`.
  @available(*, deprecated, message: "Use a case key path ('action: \\.child'), instead.")
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: AnyCasePath<Action, WrappedAction>,
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
      toChildAction: toWrappedAction,
      location: OperatorLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// `ifLet` for optional alert or dialog state, with its actions reached through an
  /// `AnyCasePath`.
  @available(*, deprecated, message: "Use a case key path ('action: \\.alert'), instead.")
  public func ifLet<WrappedState: _EphemeralState, WrappedAction>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: AnyCasePath<Action, WrappedAction>,
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

  /// `ifLet` for a presented feature, with its actions reached through an `AnyCasePath`.
  @available(*, deprecated, message: "Use a case key path ('action: \\.destination'), instead.")
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: AnyCasePath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, Destination>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    _PresentationReducer(
      parent: self,
      destination: destination(),
      toPresentationState: toPresentationState,
      toPresentationAction: toPresentationAction,
      location: OperatorLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// `ifLet` for a presented alert or dialog, with its actions reached through an `AnyCasePath`.
  @available(*, deprecated, message: "Use a case key path ('action: \\.alert'), instead.")
  public func ifLet<DestinationState: _EphemeralState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: AnyCasePath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, EmptyReducer<DestinationState, DestinationAction>> {
    ifLet(
      toPresentationState, action: toPresentationAction, destination: { EmptyReducer() },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// `ifCaseLet` through `AnyCasePath`s: `.ifCaseLet(/State.loggedIn, action: /Action.loggedIn)`.
  @available(*, deprecated, message: "Use case key paths ('\\.child, action: \\.child'), instead.")
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ toCaseState: AnyCasePath<State, CaseState>,
    action toCaseAction: AnyCasePath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then case: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfCaseLetReducer<Self, Case>
  where CaseState == Case.State, CaseAction == Case.Action {
    let location = OperatorLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return _IfCaseLetReducer(
      parent: self,
      child: `case`(),
      toChildState: toCaseState,
      toChildAction: toCaseAction,
      // An `AnyCasePath` has no identity to tell two `ifCaseLet`s of one parent apart; the place
      // it was applied does.
      slot: UncheckedHashable(location.description),
      location: location
    )
  }

  /// `forEach` over an `IdentifiedArray` for element actions of the older
  /// `case row(id: Row.State.ID, action: Row.Action)` shape: `action: /Action.row(id:action:)`.
  @available(*, deprecated, message: "Use a case key path to an 'IdentifiedAction' ('action: \\.rows'), instead.")
  public func forEach<ElementState, ElementAction, ID: Hashable & Sendable, Element: Reducer>(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: AnyCasePath<Action, (ID, ElementAction)>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachReducer<Self, ID, Element>
  where ElementState == Element.State, ElementAction == Element.Action {
    _ForEachReducer(
      parent: self,
      element: element(),
      toElementsState: toElementsState,
      toElementAction: .casePath(
        AnyCasePath(
          embed: { identified in
            switch identified {
            case let .element(id, action): toElementAction.embed((id, action))
            }
          },
          extract: { action in
            toElementAction.extract(from: action).map { .element(id: $0.0, action: $0.1) }
          }
        )
      ),
      location: OperatorLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// `forEach` over a `StackState`, with the stack's actions reached through an `AnyCasePath`.
  @available(*, deprecated, message: "Use a case key path ('action: \\.path'), instead.")
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: AnyCasePath<Action, StackAction<DestinationState, DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _StackReducer<Self, Destination>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    _StackReducer(
      parent: self,
      destination: destination(),
      toStackState: toStackState,
      toStackAction: toStackAction,
      location: OperatorLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension PresentationState {
  /// The presented state in one case of an enum, through an `AnyCasePath`:
  /// `state.$destination[case: /Destination.State.edit]`. As the case key path spelling: nil
  /// dismisses; a change through a case the state is not in changes nothing and is reported here.
  @available(*, deprecated, message: "Use a case key path ('[case: \\.edit]'), instead.")
  public subscript<Case>(
    case path: AnyCasePath<State, Case>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Case? {
    _read { yield wrappedValue.flatMap(path.extract(from:)) }
    _modify {
      var value = wrappedValue.flatMap(path.extract(from:))
      let wasInCase = value != nil
      yield &value
      wrappedValue = caseModified(
        wrappedValue, wasInCase: wasInCase, to: value, embed: path.embed,
        location: OperatorLocation(fileID: fileID, filePath: filePath, line: line, column: column)
      )
    }
  }
}

extension StackState {
  /// The element with `id` if it is in the case at `path`, through an `AnyCasePath`:
  /// `state.path[id: 0, case: /Path.State.detail]`. As the case key path spelling: nil removes
  /// the element; a change through a case it is not in changes nothing and is reported here.
  @available(*, deprecated, message: "Use a case key path ('[id: id, case: \\.detail]'), instead.")
  public subscript<Case>(
    id id: StackElementID,
    case path: AnyCasePath<Element, Case>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Case? {
    _read { yield self[id: id].flatMap(path.extract(from:)) }
    _modify {
      var value = self[id: id].flatMap(path.extract(from:))
      let wasInCase = value != nil
      yield &value
      self[id: id] = caseModified(
        self[id: id], wasInCase: wasInCase, to: value, embed: path.embed,
        location: OperatorLocation(fileID: fileID, filePath: filePath, line: line, column: column)
      )
    }
  }
}

extension Store {
  /// A store for part of this store's state and actions, through closures:
  /// `store.scope(state: { $0.settings }, action: { .settings($0) })`.
  ///
  /// Unlike the key path spelling, the child store is not cached: each call makes a new one.
  @available(*, deprecated, message: "Pass 'state' a key path and 'action' a case key path ('store.scope(state: \\.child, action: \\.child)'), instead.")
  public func scope<ChildState, ChildAction>(
    state toChildState: @escaping (_ state: State) -> ChildState,
    action fromChildAction: @escaping (_ childAction: ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    func open(_ core: some Core<State, Action>) -> Store<ChildState, ChildAction> {
      Store<ChildState, ChildAction>(
        core: ScopedCore(base: core, toState: toChildState, fromAction: fromChildAction)
      )
    }
    return open(core)
  }
}

extension TestStore {
  /// Asserts that an effect fed back an action in the case reached by `actionCase` next:
  /// `await store.receive(/Action.response) { … }`.
  @available(*, deprecated, message: "Use a case key path ('store.receive(\\.response)'), instead.")
  public func receive<Value>(
    _ actionCase: AnyCasePath<Action, Value>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let description = "the case path \(actionCase.debugDescription)"
    await receiveAction(
      describedAs: { "an action matching \(description)" },
      matching: { actionCase.extract(from: $0) != nil },
      mismatch: { TestFailure.receivedActionDidNotMatch(description: description, received: $0) },
      timeout: timeout,
      assert: updateStateToExpectedResult,
      at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}
