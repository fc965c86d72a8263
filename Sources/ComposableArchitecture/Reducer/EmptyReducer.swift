/// A reducer that does nothing: what an empty builder block builds.
///
/// ```swift
/// Scope(state: \.settings, action: \.settings) { EmptyReducer() }
/// ```
public struct EmptyReducer<State, Action>: Reducer {
  /// The reducer that does nothing.
  @inlinable
  public init() {}

  @inlinable
  public func reduce(into _: inout State, action _: Action) -> Effect<Action> {
    .none
  }
}
