/// A feature's logic: how an action changes state, and which effects it starts.
///
/// Implement exactly one of ``reduce(into:action:)`` or ``body``:
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementTapped }
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     switch action {
///     case .incrementTapped:
///       state.count += 1
///       return .none
///     }
///   }
/// }
/// ```
///
/// Composed features implement `body` with ``ReducerBuilder``: `Scope`, `ifLet`, `forEach`, …
public protocol Reducer<State, Action> {
  /// The state the reducer changes.
  associatedtype State

  /// Everything that can happen to the feature.
  associatedtype Action

  /// The reducer `body` builds; `Never` for reducers that implement `reduce(into:action:)`.
  associatedtype Body

  /// Changes `state` for `action` and returns the effects to start.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducer that this one is made of.
  @ReducerBuilder<State, Action>
  var body: Body { get }

  /// Where `body` is kept once built; added by `@Reducer` (see ``_ReducerBodyStorage``), `nil`
  /// for reducers that build `body` for every action.
  var _$bodyStorage: _ReducerBodyStorage? { get }
}

extension Reducer {
  @inlinable
  public var _$bodyStorage: _ReducerBodyStorage? { nil }
}

/// A reducer with the same state and action as `R`: `some ReducerOf<Self>`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>

extension Reducer where Body == Never {
  /// A reducer that implements ``reduce(into:action:)`` has no body.
  public var body: Body {
    fatalError(
      """
      '\(Self.self)' has no body. Reducers that implement 'reduce(into:action:)' must not \
      read 'body'.
      """
    )
  }
}

extension Reducer where Body: Reducer<State, Action> {
  /// Runs ``body``: the one kept in ``_$bodyStorage`` if the reducer has one.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if let storage = _$bodyStorage {
      return storage.reduce(self, into: &state, action: action)
    }
    return body.reduce(into: &state, action: action)
  }
}

/// An optional reducer does nothing when it is `nil`: what `if` without `else` builds.
extension Optional: Reducer where Wrapped: Reducer {
  /// The wrapped reducer's state.
  public typealias State = Wrapped.State
  /// The wrapped reducer's action.
  public typealias Action = Wrapped.Action

  @inlinable
  public func reduce(into state: inout Wrapped.State, action: Wrapped.Action) -> Effect<Wrapped.Action> {
    switch self {
    case let .some(wrapped):
      return wrapped.reduce(into: &state, action: action)
    case .none:
      return .none
    }
  }
}
