extension Reducer {
  /// Runs `reducer` after this one whenever the action changed the value `toValue` projects.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   BindingReducer()
  ///     .onChange(of: \.userSettings.isHapticsEnabled) { oldValue, newValue in
  ///       Reduce { state, action in
  ///         .run { _ in await userSettings.save(newValue) }
  ///       }
  ///     }
  /// }
  /// ```
  @inlinable
  public func onChange<V: Equatable, R: Reducer>(
    of toValue: @escaping (State) -> V,
    @ReducerBuilder<State, Action> _ reducer: @escaping (_ oldValue: V, _ newValue: V) -> R
  ) -> _OnChangeReducer<Self, V, R> where R.State == State, R.Action == Action {
    _OnChangeReducer(base: self, toValue: toValue, isDuplicate: ==, reducer: reducer)
  }

  /// Runs `reducer` after this one whenever the projected value changed, as decided by
  /// `isDuplicate`.
  @inlinable
  public func onChange<V, R: Reducer>(
    of toValue: @escaping (State) -> V,
    removeDuplicates isDuplicate: @escaping (V, V) -> Bool,
    @ReducerBuilder<State, Action> _ reducer: @escaping (_ oldValue: V, _ newValue: V) -> R
  ) -> _OnChangeReducer<Self, V, R> where R.State == State, R.Action == Action {
    _OnChangeReducer(base: self, toValue: toValue, isDuplicate: isDuplicate, reducer: reducer)
  }
}

public struct _OnChangeReducer<Base: Reducer, Value, Body: Reducer<Base.State, Base.Action>>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let toValue: (Base.State) -> Value
  @usableFromInline let isDuplicate: (Value, Value) -> Bool
  @usableFromInline let reducer: (Value, Value) -> Body

  @usableFromInline
  init(
    base: Base,
    toValue: @escaping (Base.State) -> Value,
    isDuplicate: @escaping (Value, Value) -> Bool,
    reducer: @escaping (Value, Value) -> Body
  ) {
    self.base = base
    self.toValue = toValue
    self.isDuplicate = isDuplicate
    self.reducer = reducer
  }

  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = toValue(state)
    let baseEffects = base.reduce(into: &state, action: action)
    let newValue = toValue(state)
    guard !isDuplicate(oldValue, newValue) else { return baseEffects }
    return .merge(baseEffects, reducer(oldValue, newValue).reduce(into: &state, action: action))
  }
}
