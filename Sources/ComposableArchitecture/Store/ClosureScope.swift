extension Store {
  /// A store for optional child state reached with closures, or nil while the state is nil: what
  /// the deprecated view layer (`IfLetStore`, `CaseLet`) scopes with.
  ///
  /// Closures cannot be compared, so the store is cached under `site`, the place in the code that
  /// scopes (one `IfLetStore` or `CaseLet`), with the child's types: the same site gets the same
  /// store for as long as its state is there. Reading it in an observation scope tracks this
  /// store's state, as `scope(state:action:)` on an optional does.
  @_spi(SwiftUIIntegration)
  public func _scope<ChildState, ChildAction>(
    site: String,
    state toChildState: @escaping (_ state: State) -> ChildState?,
    action fromChildAction: @escaping (_ childAction: ChildAction) -> Action,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) -> Store<ChildState, ChildAction>? {
    observation.access(stateID: stateID)
    let id = ScopeID(state: \ChildState.self, action: \ChildAction.self, site: site)
    guard let childState = toChildState(core.state) else {
      children[id] = nil
      return nil
    }
    let location = OperatorLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return cachedChild(id) {
      @MainActor func open(_ core: some Core<State, Action>) -> Store<ChildState, ChildAction> {
        Store<ChildState, ChildAction>(
          core: IfLetCore(
            base: core, initialState: childState, toState: toChildState, fromAction: fromChildAction,
            location: location
          )
        )
      }
      return open(self.core)
    }
  }
}
