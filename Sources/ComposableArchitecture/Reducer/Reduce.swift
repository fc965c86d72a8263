/// A reducer made from a closure: the way to write a feature's own logic inside a `body`.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Reduce { state, action in
///     switch action {
///     case .incrementTapped:
///       state.count += 1
///       return .none
///     }
///   }
/// }
/// ```
public struct Reduce<State, Action>: Reducer {
  @usableFromInline
  let reduce: (inout State, Action) -> Effect<Action>

  /// A reducer that runs `reduce`.
  @inlinable
  public init(_ reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) {
    self.reduce = reduce
  }

  /// Erases the type of another reducer.
  @inlinable
  public init(_ reducer: some Reducer<State, Action>) {
    self.reduce = reducer.reduce(into:action:)
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reduce(&state, action)
  }
}
