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
    let stores = elementsStore.elementStores(ElementID.self, ElementState.self, ElementAction.self, keeping: elements.ids)
    return _StoreCollection(ids: elements.ids, elements: elements.elements) { id, element in
      stores.store(id) { elementsStore.elementStore(state: { $0[id: id] }, action: \.[id: id], element: element) }
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
    let stores = stackStore.elementStores(StackElementID.self, ElementState.self, ElementAction.self, keeping: stack.ids)
    return _StoreCollection(ids: stack.ids, elements: Array(stack)) { id, element in
      stores.store(id) { stackStore.elementStore(state: { $0[id: id] }, action: \.[id: id], element: element) }
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

/// A collection or stack store's element stores by id: a view that walks a thousand rows finds
/// each row's store with one lookup, where scoping it again would make two key paths holding the
/// id and hash them. A store is kept while its element is in the collection (one without state,
/// made for an element already gone, is not kept).
@MainActor
final class ElementStores<ID: Hashable, State, Action> {
  private var byID: [ID: Store<State, Action>] = [:]

  /// The store of the element `id`, made with `make` the first time.
  func store(_ id: ID, make: () -> Store<State, Action>) -> Store<State, Action> {
    if let store = byID[id] { return store }
    let store = make()
    if store.hasState { byID[id] = store }
    return store
  }

  /// Forgets the stores of elements no longer among `ids`.
  func keep(_ ids: OrderedSet<ID>) {
    guard !byID.keys.allSatisfy(ids.contains) else { return }
    byID = byID.filter { ids.contains($0.key) }
  }
}

extension Store {
  /// The element stores of this collection or stack store, with those of elements not among
  /// `ids` forgotten.
  func elementStores<ID: Hashable, ElementState, ElementAction>(
    _: ID.Type, _: ElementState.Type, _: ElementAction.Type, keeping ids: OrderedSet<ID>
  ) -> ElementStores<ID, ElementState, ElementAction> {
    if let stores = elementStores as? ElementStores<ID, ElementState, ElementAction> {
      stores.keep(ids)
      return stores
    }
    let stores = ElementStores<ID, ElementState, ElementAction>()
    elementStores = stores
    return stores
  }

  /// The store of a collection's element (its state at `state`), showing `element` until it
  /// reads the collection: when the element is already gone, it shows `element` and reports
  /// sends. Not cached among this store's children: `ElementStores` keeps it.
  func elementStore<ChildState, ChildAction>(
    state toChildState: @escaping (State) -> ChildState?,
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    element: ChildState,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Store<ChildState, ChildAction> where Action: CasePathable {
    let location = OperatorLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    func open(_ core: some Core<State, Action>) -> Store<ChildState, ChildAction> {
      Store<ChildState, ChildAction>(
        core: IfLetCore(
          base: core,
          initialState: element,
          toState: toChildState,
          fromAction: AnyCasePath(resolving: toChildAction).embed,
          location: location
        )
      )
    }
    return open(core)
  }
}
