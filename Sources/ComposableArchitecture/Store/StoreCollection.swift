extension Store {
  /// The stores of the elements of an `IdentifiedArray` run by `forEach`, one per element, each
  /// the same instance for as long as its element exists.
  ///
  /// ```swift
  /// for rowStore in store.scope(state: \.rows, action: \.rows) {
  ///   render(RowView(store: rowStore))
  /// }
  /// ```
  ///
  /// Reading the collection in an observation scope tracks the array, so adding, removing or
  /// reordering elements is observed, but editing one element is not: each element's store
  /// observes its own element.
  public func scope<ElementID: Hashable & Sendable, ElementState, ElementAction>(
    state: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action: CaseKeyPath<Action, IdentifiedAction<ElementID, ElementAction>>
  ) -> _StoreCollection<ElementID, ElementState, ElementAction> where Action: CasePathable {
    // Read the elements through this store, so that an observer tracks this store's array
    // property (and the store's own identity), not every send the elements' store sees.
    _StoreCollection(scope(state, action: action), elements: self.state[keyPath: state])
  }
}

/// The element stores of a collection scope; see ``Store/scope(state:action:)-collection``.
@MainActor
public struct _StoreCollection<ID: Hashable & Sendable, State, Action>: RandomAccessCollection {
  private let store: Store<IdentifiedArray<ID, State>, IdentifiedAction<ID, Action>>
  private let elements: IdentifiedArray<ID, State>

  init(
    _ store: Store<IdentifiedArray<ID, State>, IdentifiedAction<ID, Action>>,
    elements: IdentifiedArray<ID, State>
  ) {
    self.store = store
    self.elements = elements
  }

  public nonisolated var startIndex: Int { 0 }

  public nonisolated var endIndex: Int {
    MainActor.assumeIsolated { elements.count }
  }

  /// The store of the element at `position`. If the element was removed since the collection
  /// was read, the store shows its last state and reports sends as an issue.
  public nonisolated subscript(position: Int) -> Store<State, Action> {
    MainActor.assumeIsolated {
      let element = elements.elements[position]
      let id = elements.ids[position]
      return store.scope(
        state: \.[id: id], action: \.[id: id], fallback: element
      )
    }
  }
}

extension Store {
  /// An optional scope that, when the state is already gone, still returns a store showing
  /// `fallback` (and reporting sends).
  func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    fallback: ChildState,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Store<ChildState, ChildAction> where Action: CasePathable {
    if let store = scope(
      state: toChildState, action: toChildAction,
      fileID: fileID, filePath: filePath, line: line, column: column
    ) {
      return store
    }
    func open(_ core: some Core<State, Action>) -> Store<ChildState, ChildAction> {
      Store<ChildState, ChildAction>(
        core: IfLetCore(
          base: core,
          initialState: fallback,
          toState: toChildState,
          fromAction: AnyCasePath(toChildAction).embed,
          location: OperatorLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        )
      )
    }
    return open(core)
  }
}
