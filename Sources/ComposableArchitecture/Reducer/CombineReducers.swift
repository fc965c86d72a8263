/// Groups reducers so that an operator applies to all of them.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   CombineReducers {
///     Scope(state: \.child, action: \.child) { Child() }
///     Reduce { state, action in … }
///   }
///   .ifLet(\.alert, action: \.alert) { … }
/// }
/// ```
public struct CombineReducers<State, Action, Reducers: Reducer<State, Action>>: Reducer {
  @usableFromInline let reducers: Reducers

  /// Runs the reducers `build` lists, in order, on the same state and action.
  @inlinable
  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    self.reducers = build()
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }
}
