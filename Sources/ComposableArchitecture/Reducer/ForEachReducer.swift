import OrderedCollections

extension Reducer {
  /// Runs an element reducer on each element of an `IdentifiedArray`, for actions addressed to
  /// that element by id.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in … }
  ///     .forEach(\.todos, action: \.todos) {
  ///       Todo()
  ///     }
  /// }
  /// ```
  ///
  /// The element runs before the parent and is changed in place (no copy of the array). When the
  /// parent removes an element, every effect it started is cancelled. An action for an id that is
  /// not in the array is reported as an issue naming this call.
  @inlinable
  public func forEach<ElementState, ElementAction, ID: Hashable & Sendable, Element: Reducer>(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachReducer<Self, ID, Element>
  where ElementState == Element.State, ElementAction == Element.Action, Action: CasePathable {
    _ForEachReducer(
      parent: self,
      element: element(),
      toElementsState: toElementsState,
      toElementAction: .resolving(toElementAction),
      location: OperatorLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// Inlinable, like `Scope`: the feature's module compiles it for its own element types, so a row
/// action does not go through generic `IdentifiedArray` code and metadata lookups.
public struct _ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let element: Element
  @usableFromInline let toElementsState: InPlacePath<Parent.State, IdentifiedArray<ID, Element.State>>
  @usableFromInline let toElementAction: CaseAccess<Parent.Action, IdentifiedAction<ID, Element.Action>>
  /// The slot part of every element's navigation id, made once.
  @usableFromInline let slot: AnyHashableSendable
  @usableFromInline let location: OperatorLocation
  @usableFromInline let childDependencies = ChildDependencies<ID>()
  /// Whether the elements are observable state, which tell their own observers of an edit: an
  /// element is then edited past the array property's accessor (see `InPlacePath.modifyStorage`).
  @usableFromInline let elementsNotify: Bool

  @inlinable
  init(
    parent: Parent,
    element: Element,
    toElementsState: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>,
    toElementAction: CaseAccess<Parent.Action, IdentifiedAction<ID, Element.Action>>,
    location: OperatorLocation
  ) {
    self.parent = parent
    self.element = element
    self.toElementsState = InPlacePath(toElementsState)
    self.toElementAction = toElementAction
    self.slot = AnyHashableSendable(UncheckedHashable(toElementsState))
    self.location = location
    self.elementsNotify = Element.State.self is any ObservableState.Type
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    // The ids as their array: held while the parent runs, it makes any change of the ids copy
    // them (copy-on-write), so that the same array afterwards means the same ids. One reference
    // where the ordered set holds two (its array and its hash table).
    var idsBefore: [ID]?
    let elementEffects = reduceElement(into: &state, action: action, ids: &idsBefore)
    let before = idsBefore.take() ?? toElementsState.read(state) { $0.ids.elements }
    let parentEffects = parent.reduce(into: &state, action: action)
    let effects = elementEffects.merge(with: parentEffects)
    // The parent left the elements as they were (the common case): nothing was removed. Compared
    // where the ids lie, without a copy of them.
    if toElementsState.read(state, { haveSameBytes(before, $0.ids.elements) }) { return effects }
    let idsAfter = toElementsState.read(state) { $0.ids }
    return effects.merge(with: tearDownRemoved(before: OrderedSet(uncheckedUniqueElements: before), after: idsAfter))
  }

  /// Runs the element an action is for, if it is for one, and leaves in `ids` the elements' ids
  /// after it ran (an element keeps its id), read in the same access to the elements.
  @inlinable
  func reduceElement(
    into state: inout Parent.State, action: Parent.Action, ids: inout [ID]?
  ) -> Effect<Parent.Action> {
    let toElementAction = toElementAction
    guard case let .element(id, elementAction)? = toElementAction.extract(from: action) else {
      return .none
    }
    // Looked up, reduced and the ids read in one in-place access: each read of the elements
    // through their parent's accessor costs a copy of the array's references.
    func reduceElement(_ elements: inout IdentifiedArray<ID, Element.State>) -> Effect<Element.Action>? {
      guard let index = elements.index(id: id) else { return nil }
      defer { ids = elements.ids.elements }
      return element.reduceAsChild(
        into: &elements[index], action: elementAction,
        key: id, navigationID: { navigationID(for: id) }, dependencies: childDependencies
      )
    }
    let effect = elementsNotify
      ? toElementsState.modifyStorage(&state, reduceElement)
      : toElementsState.modify(&state, reduceElement)
    guard let effect else {
      reportMissingElement(id: id, action: action)
      return .none
    }
    if effect.isNone { return .none }
    return effect.map { toElementAction.embed(.element(id: id, action: $0)) }
  }

  @usableFromInline
  func reportMissingElement(id: ID, action: Parent.Action) {
    reportIssue(
      RuntimeIssue.forEachActionForMissingElement(id: id, action: action, location: location),
      fileID: location.fileID, filePath: location.filePath, line: location.line,
      column: location.column
    )
  }

  @usableFromInline
  func tearDownRemoved(before: OrderedSet<ID>, after: OrderedSet<ID>) -> Effect<Parent.Action> {
    guard before != after else { return .none }
    let parentPath = NavigationIDPath.current
    return .merge(
      before.subtracting(after).map { .cancelAll(under: parentPath.appending(navigationID(for: $0))) }
    )
  }

  @usableFromInline
  func navigationID(for id: ID) -> NavigationID {
    NavigationID(slot: slot, identity: AnyHashableSendable(id))
  }
}
