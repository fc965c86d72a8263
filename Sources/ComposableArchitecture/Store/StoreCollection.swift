import OrderedCollections

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
    // Read the elements through this store, so that an observer tracks this store's property
    // (and the store's own identity).
    let elements = self.state[keyPath: state]
    let elementsStore = childStore(state, action: action)
    elementsStore.forgetChildrenWithoutState()
    return _StoreCollection(ids: elements.ids, elements: elements.elements) { id, element in
      elementsStore.scope(state: \.[id: id], action: \.[id: id], fallback: element)
    }
  }

  /// The element stores of a collection; the same as `scope(state:action:)`, spelled as TCA
  /// 1.2x writes it: `for rowStore in store.scope(\.rows, action: \.rows) { … }`.
  public func scope<ElementID: Hashable & Sendable, ElementState, ElementAction>(
    _ state: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action: CaseKeyPath<Action, IdentifiedAction<ElementID, ElementAction>>
  ) -> _StoreCollection<ElementID, ElementState, ElementAction> where Action: CasePathable {
    scope(state: state, action: action)
  }

  /// The element stores of a navigation stack; the same as `scope(state:action:)`.
  public func scope<ElementState, ElementAction>(
    _ state: KeyPath<State, StackState<ElementState>>,
    action: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>
  ) -> _StoreCollection<StackElementID, ElementState, ElementAction> where Action: CasePathable {
    scope(state: state, action: action)
  }

  /// The stores of the elements of a navigation stack, bottom to top, each the same instance for
  /// as long as its element is on the stack.
  ///
  /// ```swift
  /// for elementStore in store.scope(state: \.path, action: \.path) {
  ///   switch elementStore.case { … }
  /// }
  /// ```
  public func scope<ElementState, ElementAction>(
    state: KeyPath<State, StackState<ElementState>>,
    action: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>
  ) -> _StoreCollection<StackElementID, ElementState, ElementAction> where Action: CasePathable {
    let stack = self.state[keyPath: state]
    let stackStore = childStore(state, action: action)
    stackStore.forgetChildrenWithoutState()
    return _StoreCollection(ids: stack.ids, elements: Array(stack)) { id, element in
      stackStore.scope(state: \.[id: id], action: \.[id: id], fallback: element)
    }
  }
}

/// The element stores of a collection or stack scope.
@MainActor
public struct _StoreCollection<ID: Hashable & Sendable, State, Action>: RandomAccessCollection {
  /// The ids of the elements, in order.
  public let ids: OrderedSet<ID>
  private let elements: [State]
  private let makeStore: @MainActor (ID, State) -> Store<State, Action>

  init(
    ids: OrderedSet<ID>,
    elements: [State],
    makeStore: @escaping @MainActor (ID, State) -> Store<State, Action>
  ) {
    self.ids = ids
    self.elements = elements
    self.makeStore = makeStore
  }

  public nonisolated var startIndex: Int { 0 }

  public nonisolated var endIndex: Int {
    MainActor.assumeIsolated { elements.count }
  }

  /// The store of the element at `position`. If the element was removed since the collection
  /// was read, the store shows its last state and reports sends as an issue.
  public nonisolated subscript(position: Int) -> Store<State, Action> {
    MainActor.assumeIsolated {
      makeStore(ids[position], elements[position])
    }
  }

  /// The store of the element with `id`, if it is in the collection.
  public subscript(id id: ID) -> Store<State, Action>? {
    ids.firstIndex(of: id).map { self[$0] }
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
    let location = OperatorLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    if let store = untrackedScope(state: toChildState, action: toChildAction, location: location) {
      return store
    }
    func open(_ core: some Core<State, Action>) -> Store<ChildState, ChildAction> {
      Store<ChildState, ChildAction>(
        core: IfLetCore(
          base: core,
          initialState: fallback,
          toState: toChildState,
          fromAction: AnyCasePath(resolving: toChildAction).embed,
          location: location
        )
      )
    }
    return open(core)
  }
}
