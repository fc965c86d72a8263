/// Where a view is being resolved: its identity (its place in the tree), the environment it
/// sees, and the window's graph that keeps its state. One resolve pass uses one context,
/// descending and returning as it goes. Frameworks pass it along; apps never touch it.
@MainActor
public final class ResolveContext {
  /// The window's persistent part: state, lifecycles, navigation.
  let graph: ViewGraph
  /// The identity of the view being resolved: its place in the tree, one component a level.
  private(set) var path: String
  /// The environment the view being resolved sees.
  public internal(set) var environment: EnvironmentValues
  /// False inside a screen that is resolved but not shown (a screen under the top of a
  /// navigation stack): its state is kept, its `onAppear` and `task` do not count.
  var isShown = true
  /// What views inside the screen being resolved say about it (title, toolbar, destinations).
  var screen = ScreenPreferences()
  /// How many times views said something about their screen in this pass (see
  /// `BodyRecord.writesScreen`); a screen of its own counts apart.
  var screenWrites = 0
  /// The `TabView` whose content is being resolved, told of each tab in it (nil elsewhere,
  /// inside a tab's own content included).
  var tabs: TabCollector?
  /// Environments compared in this pass, by their storage (a list's rows share one), with the
  /// newer one, kept so that its storage's address is not reused in the pass.
  private var comparedEnvironments: [EnvironmentPair: (isSame: Bool, kept: EnvironmentValues)] = [:]

  init(graph: ViewGraph, environment: EnvironmentValues) {
    self.graph = graph
    self.path = ""
    self.environment = environment
  }

  /// Resolves `view` one level down, at `component` of the current place.
  public func resolve<V: View>(_ view: V, into nodes: inout [ViewNode], component: Int) {
    resolve(view, into: &nodes, component: String(component))
  }

  /// Resolves `view` one level down, at `component` of the current place.
  public func resolve<V: View>(_ view: V, into nodes: inout [ViewNode], component: String) {
    withComponent(component) { V._resolve(view, into: &nodes, in: self) }
  }

  /// Resolves `view` at the current place.
  public func resolve<V: View>(_ view: V, into nodes: inout [ViewNode]) {
    V._resolve(view, into: &nodes, in: self)
  }

  /// `view`'s nodes, resolved one level down at `component`.
  func nodes<V: View>(of view: V, component: String) -> [ViewNode] {
    var nodes: [ViewNode] = []
    resolve(view, into: &nodes, component: component)
    return nodes
  }

  /// Runs `body` one level down, at `component`.
  func withComponent<Result>(_ component: String, _ body: () throws -> Result) rethrows -> Result {
    let saved = path
    path = saved.isEmpty ? component : saved + "." + component
    defer { path = saved }
    return try body()
  }

  /// Runs `body` with the environment changed by `change`.
  func withEnvironment<Result>(_ change: (inout EnvironmentValues) -> Void, _ body: () throws -> Result) rethrows -> Result {
    let saved = environment
    change(&environment)
    defer { environment = saved }
    return try body()
  }

  /// Runs `body` for a screen of its own (a navigation stack's screen, a sheet): what the
  /// views inside it say about their screen is returned with its result, not mixed with the
  /// screen around it.
  func withScreen<Result>(shown: Bool, _ body: () throws -> Result) rethrows -> (Result, ScreenPreferences) {
    let savedScreen = screen
    let savedShown = isShown
    let savedWrites = screenWrites
    screen = ScreenPreferences()
    isShown = savedShown && shown
    defer {
      screen = savedScreen
      isShown = savedShown
      screenWrites = savedWrites
    }
    let result = try body()
    return (result, screen)
  }

  /// Resolves a view of the app's: connects its dynamic properties to their storage here, then
  /// resolves its body, which is observed on its own: when what it read changes, the window
  /// resolves again and evaluates that body (see `ViewGraph.resolveBody`).
  func resolveBody<V: View>(of view: V, into nodes: inout [ViewNode]) {
    graph.resolveBody(of: view, into: &nodes, in: self)
  }

  /// Whether two environments hold the same values; each pair of storages is compared once a
  /// pass. (`lhs` is one a record keeps, so its storage's address is not reused either.)
  func isSame(_ lhs: EnvironmentValues, _ rhs: EnvironmentValues) -> Bool {
    let pair = EnvironmentPair(lhs: lhs.storageIdentity, rhs: rhs.storageIdentity)
    if pair.lhs == pair.rhs { return true }
    if let known = comparedEnvironments[pair] { return known.isSame }
    let same = lhs.isSame(as: rhs)
    comparedEnvironments[pair] = (same, rhs)
    return same
  }

  /// The storage at `slot` (made with `make` when there is none): kept while a view at that
  /// place is resolved in each pass, dropped in the first pass that does not reach it.
  func storage<Box: AnyObject>(at slot: String, make: () -> Box) -> Box {
    graph.storage(at: slot, make: make)
  }

  /// The node for the view being resolved, with its identity.
  func node(_ kind: ViewNode.Kind, children: [ViewNode] = []) -> ViewNode {
    ViewNode(kind: kind, identity: path, children: children)
  }
}

/// Two environments' storages, by identity.
struct EnvironmentPair: Hashable {
  let lhs: UInt
  let rhs: UInt
}
