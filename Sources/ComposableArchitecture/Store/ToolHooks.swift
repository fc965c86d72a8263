// The hooks the store gives tools that work on it (`ComposableRecording`: recording, replay and
// time travel), and nothing more. Package-only: a feature never sees them, and a store whose
// reducer is not a recording never looks at them on its send path. The third is
// `ActionSource` (Internal/ActionSource.swift): whether the action being reduced came from an
// effect.

/// A reducer that, as the reducer of a store, changes the dependencies the store reduces with
/// once, when the store is made or its dependencies are set, rather than on every action (a
/// task-local push costs about as much as reducing a simple action). A recording gives the store
/// its `uuid`, `date` and random generators this way.
///
/// A store whose reducer conforms never reduces in the ambient dependencies (it has its own), and
/// calls `prepareAsRoot` with its initial state when it is made and whenever its dependencies are
/// replaced.
package protocol RootDependenciesPreparing {
  func prepareAsRoot(initialState: Any, dependencies: inout DependencyValues)
}

extension Store {
  /// Puts `state` in place of a root store's whole state, as time travel does: running effects
  /// are cancelled (their actions were meant for the state they started from) and every store of
  /// the tree tells its observers to read again. Returns false, changing nothing, for a store
  /// scoped from another.
  @MainActor
  package func replaceRootState(with state: State) -> Bool {
    guard let core = core as? any StateReplacing<State> else { return false }
    core.replaceState(with: state)
    return true
  }
}
