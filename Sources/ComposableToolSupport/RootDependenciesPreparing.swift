import Dependencies

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
