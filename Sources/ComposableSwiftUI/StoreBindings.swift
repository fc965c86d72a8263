@_spi(SwiftUIIntegration) import ComposableArchitecture
import SwiftUICore

// TCA's SwiftUI integration, for the views of this package: `import SwiftUI` (the product)
// re-exports it, so a file that imports `ComposableArchitecture` and `SwiftUI` sees it, as with
// TCA on iOS. It lives in a module of its own because `ComposableArchitecture` cannot import
// this package's SwiftUI: that module is built under another name (see the article "SwiftUI on
// Linux"), and `ComposableArchitecture` must not depend on views.

// MARK: Fields sent as actions

extension Bindable {
  /// A field of the store's state, for a binding that sends an action when it is set:
  /// `$store.query.sending(\.queryChanged)`. (For a `BindableAction` feature, `$store.query`
  /// is a binding already, which sends `.binding(.set(\.query, …))`.)
  @_disfavoredOverload
  public subscript<State: ObservableState, Action, Member>(
    dynamicMember keyPath: KeyPath<State, Member>
  ) -> _StoreBindable_SwiftUI<State, Action, Member> where Value == Store<State, Action> {
    _StoreBindable_SwiftUI(store: wrappedValue, keyPath: keyPath)
  }
}

extension Binding {
  /// A field of the bound store's state, for a binding that sends an action when it is set.
  @_disfavoredOverload
  public subscript<State: ObservableState, Action, Member>(
    dynamicMember keyPath: KeyPath<State, Member>
  ) -> _StoreBindable_SwiftUI<State, Action, Member> where Value == Store<State, Action> {
    _StoreBindable_SwiftUI(store: wrappedValue, keyPath: keyPath)
  }
}

/// A field of a store's state on its way to a binding: `$store.text.sending(\.textChanged)`.
@dynamicMemberLookup
public struct _StoreBindable_SwiftUI<State: ObservableState, Action, Value> {
  let store: Store<State, Action>
  let keyPath: KeyPath<State, Value>

  /// A field of this field.
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> _StoreBindable_SwiftUI<State, Action, Member> {
    _StoreBindable_SwiftUI<State, Action, Member>(store: store, keyPath: self.keyPath.appending(path: keyPath))
  }

  /// A binding that reads the field from the store's state and, when set, sends
  /// `action(newValue)` (in the binding's transaction).
  @MainActor
  public func sending(_ action: CaseKeyPath<Action, Value>) -> Binding<Value> {
    let store = store
    let keyPath = keyPath
    return Binding(
      get: { store.state[keyPath: keyPath] },
      set: { newValue, transaction in store.send(action(newValue), transaction: transaction) }
    )
  }
}

// MARK: Presenting a child's store

/// Optional state a store can be scoped through to present a child (`@Presents var child:
/// Child.State?` read as `\.child` or as `\.$child`).
public protocol _ScopableState<Unwrapped> {
  associatedtype Unwrapped
  /// The key path to the optional value, from one to this container.
  static func _scopeKeyPath<Root>(_ keyPath: KeyPath<Root, Self>) -> KeyPath<Root, Unwrapped?>
}

extension Optional: _ScopableState {
  public static func _scopeKeyPath<Root>(_ keyPath: KeyPath<Root, Self>) -> KeyPath<Root, Wrapped?> {
    keyPath
  }
}

extension PresentationState: _ScopableState {
  public static func _scopeKeyPath<Root>(_ keyPath: KeyPath<Root, Self>) -> KeyPath<Root, State?> {
    keyPath.appending(path: \.wrappedValue)
  }
}

extension Bindable {
  /// A binding of the store of a presented child, for `sheet(item:)`, `navigationDestination(item:)`
  /// and the like: the child's store while its state is there, nil otherwise; setting it to nil
  /// (the sheet swiped away, Back) sends `.dismiss`.
  ///
  /// ```swift
  /// .sheet(item: $store.scope(state: \.destination?.edit, action: \.destination.edit)) { store in
  ///   SyncUpFormView(store: store)
  /// }
  /// ```
  @MainActor
  public func scope<State: ObservableState, Action, Container: _ScopableState, ChildAction>(
    state: KeyPath<State, Container>,
    action: CaseKeyPath<Action, PresentationAction<ChildAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Binding<Store<Container.Unwrapped, ChildAction>?> where Value == Store<State, Action>, Action: CasePathable {
    presentedStore(
      wrappedValue, state: Container._scopeKeyPath(state), action: action,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// The same, spelled without `state:` as TCA's main branch writes it:
  /// `.sheet(item: $store.scope(\.destination?.edit, action: \.destination.edit))`.
  @MainActor
  public func scope<State: ObservableState, Action, Container: _ScopableState, ChildAction>(
    _ state: KeyPath<State, Container>,
    action: CaseKeyPath<Action, PresentationAction<ChildAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Binding<Store<Container.Unwrapped, ChildAction>?> where Value == Store<State, Action>, Action: CasePathable {
    presentedStore(
      wrappedValue, state: Container._scopeKeyPath(state), action: action,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

extension Binding {
  /// A binding of the store of a presented child (see `Bindable.scope(state:action:)`).
  @MainActor
  public func scope<State: ObservableState, Action, Container: _ScopableState, ChildAction>(
    state: KeyPath<State, Container>,
    action: CaseKeyPath<Action, PresentationAction<ChildAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Binding<Store<Container.Unwrapped, ChildAction>?> where Value == Store<State, Action>, Action: CasePathable {
    presentedStore(
      wrappedValue, state: Container._scopeKeyPath(state), action: action,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// The same, spelled without `state:` as TCA's main branch writes it:
  /// `.sheet(item: $store.scope(\.destination?.edit, action: \.destination.edit))`.
  @MainActor
  public func scope<State: ObservableState, Action, Container: _ScopableState, ChildAction>(
    _ state: KeyPath<State, Container>,
    action: CaseKeyPath<Action, PresentationAction<ChildAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Binding<Store<Container.Unwrapped, ChildAction>?> where Value == Store<State, Action>, Action: CasePathable {
    presentedStore(
      wrappedValue, state: Container._scopeKeyPath(state), action: action,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

/// The binding both `scope(state:action:)`s return. Setting it to nil dismisses the child it was
/// made for, once: if another child (or none) is there by then, nothing is sent.
@MainActor
private func presentedStore<State: ObservableState, Action: CasePathable, ChildState, ChildAction>(
  _ store: Store<State, Action>,
  state: KeyPath<State, ChildState?>,
  action: CaseKeyPath<Action, PresentationAction<ChildAction>>,
  fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
) -> Binding<Store<ChildState, ChildAction>?> {
  let presented = store.state[keyPath: state].map(identity(of:))
  return Binding(
    get: {
      store.scope(
        state: state, action: action.appending(path: \.presented),
        fileID: fileID, filePath: filePath, line: line, column: column
      )
    },
    set: { newValue, transaction in
      // A parent that is gone (a screen popped by the alert's own button) has nothing to dismiss.
      guard newValue == nil, store._hasState, let current = store.state[keyPath: state], identity(of: current) == presented
      else { return }
      store.send(action(.dismiss), transaction: transaction)
      if store.state[keyPath: state] != nil {
        reportIssue(
          """
          The presentation bound at \(fileID):\(line) was dismissed, but its state is still there: \
          the parent's reducer does not integrate the child. Add `.ifLet(\\.destination, action: \
          \\.destination)` (with your own paths) to the parent's body.
          """,
          fileID: fileID, filePath: filePath, line: line, column: column
        )
      }
    }
  )
}

/// What tells one presented child from the next: its `id` when it is `Identifiable`, else its
/// type and, for enum state, the case it is in.
private func identity(of value: Any) -> AnyHashable {
  if let identifiable = value as? any Identifiable {
    func id<Value: Identifiable>(_ value: Value) -> AnyHashable { AnyHashable(value.id) }
    return id(identifiable)
  }
  let mirror = Mirror(reflecting: value)
  let caseName = mirror.displayStyle == .enum ? mirror.children.first?.label ?? "\(value)" : ""
  return AnyHashable("\(type(of: value)).\(caseName)")
}

// MARK: A stack's store

extension Bindable {
  /// A binding of the store of a stack, for `NavigationStack(path:root:destination:)`:
  /// `NavigationStack(path: $store.scope(state: \.path, action: \.path)) { … } destination: { … }`.
  @MainActor
  public func scope<State: ObservableState, Action: CasePathable, ElementState, ElementAction>(
    state: KeyPath<State, StackState<ElementState>>,
    action: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>
  ) -> Binding<Store<StackState<ElementState>, StackAction<ElementState, ElementAction>>>
  where Value == Store<State, Action> {
    stackStore(wrappedValue, state: state, action: action)
  }

  /// The same, spelled without `state:` as TCA's main branch writes it:
  /// `NavigationStack(path: $store.scope(\.path, action: \.path)) { … }`.
  @MainActor
  public func scope<State: ObservableState, Action: CasePathable, ElementState, ElementAction>(
    _ state: KeyPath<State, StackState<ElementState>>,
    action: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>
  ) -> Binding<Store<StackState<ElementState>, StackAction<ElementState, ElementAction>>>
  where Value == Store<State, Action> {
    stackStore(wrappedValue, state: state, action: action)
  }
}

extension Binding {
  /// A binding of the store of a stack (see `Bindable.scope(state:action:)`).
  @MainActor
  public func scope<State: ObservableState, Action: CasePathable, ElementState, ElementAction>(
    state: KeyPath<State, StackState<ElementState>>,
    action: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>
  ) -> Binding<Store<StackState<ElementState>, StackAction<ElementState, ElementAction>>>
  where Value == Store<State, Action> {
    stackStore(wrappedValue, state: state, action: action)
  }

  /// The same, spelled without `state:` as TCA's main branch writes it:
  /// `NavigationStack(path: $store.scope(\.path, action: \.path)) { … }`.
  @MainActor
  public func scope<State: ObservableState, Action: CasePathable, ElementState, ElementAction>(
    _ state: KeyPath<State, StackState<ElementState>>,
    action: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>
  ) -> Binding<Store<StackState<ElementState>, StackAction<ElementState, ElementAction>>>
  where Value == Store<State, Action> {
    stackStore(wrappedValue, state: state, action: action)
  }
}

/// The stack's store, which the stack sends its pushes and pops to; the binding is never set.
@MainActor
private func stackStore<State, Action: CasePathable, ElementState, ElementAction>(
  _ store: Store<State, Action>,
  state: KeyPath<State, StackState<ElementState>>,
  action: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>
) -> Binding<Store<StackState<ElementState>, StackAction<ElementState, ElementAction>>> {
  let stack: Store<StackState<ElementState>, StackAction<ElementState, ElementAction>> = store.scope(state: state, action: action)
  return Binding(get: { stack }, set: { _ in })
}

// MARK: A case of a presented enum feature

/// A store of a `@Reducer enum`'s state, which can be switched over (`store.case`).
public protocol _CaseScopedStore: AnyObject {
  associatedtype _CaseScope: CasePathable
  /// The current case, with the store of its feature.
  @MainActor var _caseScope: _CaseScope { get }
}

extension Store: _CaseScopedStore
where State: CaseReducerState, State.StateReducer.Action == Action, State.StateReducer.CaseScope: CasePathable {
  public var _caseScope: State.StateReducer.CaseScope { State.StateReducer.scope(self) }
}

/// An optional store of a `@Reducer enum`'s state: what `$store.scope(state:action:)` binds.
public protocol _OptionalCaseScopedStore {
  associatedtype _Store: _CaseScopedStore
  /// The store, if any.
  var _store: _Store? { get }
  /// No store.
  static var _none: Self { get }
}

extension Optional: _OptionalCaseScopedStore where Wrapped: _CaseScopedStore {
  public var _store: Wrapped? { self }
  public static var _none: Self { nil }
}

extension Binding where Value: _OptionalCaseScopedStore {
  /// The store of one case of a presented `@Reducer enum` (its `CaseScope`): nil unless the
  /// presented state is in that case; setting it to nil dismisses the presentation.
  ///
  /// ```swift
  /// .alert($store.scope(state: \.$destination, action: \.destination).alert)
  /// .sheet(item: $store.scope(state: \.$destination, action: \.destination).edit) { store in … }
  /// ```
  @MainActor
  public subscript<Case>(
    dynamicMember keyPath: KeyPath<Value._Store._CaseScope.AllCasePaths, AnyCasePath<Value._Store._CaseScope, Case>>
  ) -> Binding<Case?> {
    let presented = self
    let casePath = Value._Store._CaseScope.allCasePaths[keyPath: keyPath]
    return Binding<Case?>(
      get: { presented.wrappedValue._store.flatMap { casePath.extract(from: $0._caseScope) } },
      set: { newValue, transaction in
        if newValue == nil { presented.transaction(transaction).wrappedValue = ._none }
      }
    )
  }
}

extension Binding {
  /// A binding to a shared value, as swift-sharing spells it: `Stepper("\(count)", value:
  /// Binding($count))`, or `@Binding(store.$signUpData) var signUpData` in a view's body. It
  /// reads the value (observed, as any read of a `@Shared`) and writes with `withLock`.
  @MainActor
  public init(_ base: Shared<Value>) {
    self.init(get: { base.wrappedValue }, set: { newValue in base.withLock { $0 = newValue } })
  }
}
