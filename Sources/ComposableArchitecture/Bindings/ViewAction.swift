/// An action with a `view` case that holds what the view (any front end) may send, so the rest
/// of the actions stay internal to the feature.
///
/// ```swift
/// enum Action: ViewAction {
///   case view(View)
///   case response(String)
///   enum View { case tapped }
/// }
/// ```
public protocol ViewAction<ViewAction> {
  associatedtype ViewAction
  static func view(_ action: ViewAction) -> Self
}

/// A type that holds a `store` of a feature whose action is a ``ViewAction``, and sends view
/// actions with `send(.tapped)`. Conform with `@ViewAction(for: Feature.self)`.
///
/// ```swift
/// @ViewAction(for: Counter.self)
/// struct CounterScreen {
///   let store: StoreOf<Counter>
///   func tap() { send(.incrementButtonTapped) }   // store.send(.view(.incrementButtonTapped))
/// }
/// ```
public protocol ViewActionSending<StoreState, StoreAction> {
  associatedtype StoreState
  associatedtype StoreAction: ViewAction
  @MainActor var store: Store<StoreState, StoreAction> { get }
}

extension ViewActionSending {
  /// Sends `.view(action)` to the store.
  @discardableResult
  @MainActor
  public func send(_ action: StoreAction.ViewAction) -> StoreTask {
    store.send(.view(action))
  }

  /// Sends `.view(action)` to the store; the animation is ignored without SwiftUI.
  @discardableResult
  @MainActor
  public func send(_ action: StoreAction.ViewAction, animation: Animation?) -> StoreTask {
    store.send(.view(action), animation: animation)
  }

  /// Sends `.view(action)` to the store; the transaction is ignored without SwiftUI.
  @discardableResult
  @MainActor
  public func send(_ action: StoreAction.ViewAction, transaction: Transaction) -> StoreTask {
    store.send(.view(action), transaction: transaction)
  }
}

extension Store where Action: BindableAction, Action.State == State {
  /// Reads a field, and writing it sends the binding action that sets it, as a SwiftUI binding
  /// to `$store.field` does: `store.title = "Daily"` sends `.binding(.set(\.title, "Daily"))`.
  /// If no `BindingReducer` applies it, a runtime issue says so.
  ///
  /// Disfavored, so that a read (`store.title`) takes the read-only subscript: a field whose
  /// setter is deprecated (a `@Shared` value, as in swift-sharing 2.8) reads without a warning.
  @_disfavoredOverload
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, Value>
  ) -> Value {
    get { state[keyPath: keyPath] }
    set {
      // A binding's write to the store of a feature that is gone (a field losing its focus as
      // its sheet goes away) is dropped without a word, as in TCA; a `send` is still reported.
      guard hasState else { return }
      send(.binding(.checkedSet(keyPath, newValue, actionType: Action.self)))
    }
  }
}

extension Store
where Action: ViewAction, Action.ViewAction: BindableAction, Action.ViewAction.State == State {
  /// Reads a field, and writing it sends the view's binding action that sets it:
  /// `store.title = "Daily"` sends `.view(.binding(.set(\.title, "Daily")))`. Disfavored, as
  /// above: reads take the read-only subscript.
  @_disfavoredOverload
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, Value>
  ) -> Value {
    get { state[keyPath: keyPath] }
    set {
      guard hasState else { return }  // As above: a write to a store that is gone is dropped.
      send(.view(.binding(.checkedSet(keyPath, newValue, actionType: Action.self))))
    }
  }
}
