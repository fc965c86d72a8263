import ComposableToolSupport

// The hook the store gives tools that work on it (`ComposableRecording`: time travel). The
// others live in the package-internal `ComposableToolSupport`: `RootDependenciesPreparing` (a
// recording's dependencies) and `ActionSource` (whether the action being reduced came from an
// effect). Package-only: a feature never sees them, and a store whose reducer is not a recording
// never looks at them on its send path.

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
