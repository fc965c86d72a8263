import Foundation

/// What draws a window's views in one medium (the browser's HTML, a terminal's cells). It gets
/// the tree the window resolved, plain values with no view or state in them, and draws it; the
/// events it takes go back through the closures in the nodes (a button's `action`, a field's
/// `setText`), which is all a renderer ever calls into the app with.
///
/// ```swift
/// struct PlainText: ViewRenderer {
///   func render(_ nodes: [ViewNode]) -> String {
///     nodes.map(\.plainText).joined(separator: "\n")
///   }
/// }
/// let window = ViewWindow(root: AnyView(ContentView()), renderer: PlainText())
/// print(window.render())
/// ```
///
/// Everything else about a window (its view graph, which bodies run, `onAppear`, `onChange` and
/// `task`, scene phase, presentations, navigation, focus) is the ``ViewWindow``'s, and the same
/// for every renderer.
@MainActor
public protocol ViewRenderer {
  /// What a drawing of the window is (the web's: the page's element tree).
  associatedtype Output

  /// Draws the window's views as they resolved in the last pass.
  func render(_ nodes: [ViewNode]) -> Output

  /// Opens `url` for the window's `openURL`, where the medium can (the web opens a new tab);
  /// returns whether it did. By default nothing opens. (`UIApplication.shared.open` has no
  /// window: it opens through ``URLOpening/open``, which a front end sets.)
  func open(_ url: URL) -> Bool

  /// Reads, in the caller's observation scope, what the renderer's drawings depend on beyond the
  /// nodes (the web's: the sizes the browser measured for shapes). By default nothing.
  func observeChanges()
}

extension ViewRenderer {
  /// Opens nothing: a renderer whose medium cannot open addresses.
  public func open(_ url: URL) -> Bool { false }
  /// Reads nothing: a renderer whose drawings depend on the nodes alone.
  public func observeChanges() {}
}

/// One window of an app: its root view, the graph that keeps its views' state and knows which
/// bodies to evaluate, its scene phase, and the renderer that draws it.
///
/// Whoever shows the window calls ``render()`` for the first drawing and again whenever
/// ``observeChanges()`` says so (it observes that call, as a live page does, not the render:
/// each body is observed on its own), and ``close()`` when the window goes away. Between two events, a render settles the window: the `onAppear` and
/// `onChange` handlers a pass makes due run, and their changes are resolved, before the drawing
/// is made.
@MainActor
public final class ViewWindow<Renderer: ViewRenderer> {
  /// The window's views over time.
  public let graph = ViewGraph()
  /// What draws the window.
  public let renderer: Renderer
  private let root: AnyView
  private let app: AppInstance?
  /// The window's scene phase: `active` until it closes.
  private let phase: ScenePhaseSource
  /// The window's environment, the same from pass to pass (views compare what they saw).
  private let environment: EnvironmentValues
  private var isClosed = false

  /// The most passes one render makes while handlers keep falling due.
  public static var maximumSettlingPasses: Int { 10 }

  /// A window showing `root`, one of `app`'s when it has one (the app's phase follows its
  /// windows'), drawn by `renderer`.
  public init(root: AnyView, app: AppInstance? = nil, renderer: Renderer) {
    self.root = root
    self.app = app
    self.renderer = renderer
    phase = app?.openWindow() ?? ScenePhaseSource(.active)
    var environment = EnvironmentValues()
    environment._scenePhaseSource = phase
    // `openURL` opens the way this window's renderer does (each window its own: two renderers of
    // different kinds in one process do not take each other's addresses).
    environment.systemURLOpener = SystemURLOpener { [renderer] url in renderer.open(url) }
    self.environment = environment
  }

  /// The window drawn: its views resolved and settled (see ``resolve()``), then rendered.
  public func render() -> Renderer.Output {
    renderer.render(resolve())
  }

  /// The window's views resolved, with the handlers each pass makes due run and their changes
  /// resolved, as SwiftUI does before the next event: two values a view keeps in step (a
  /// feature's focus bound to a `@FocusState` with `bind(_:to:)`) settle before a click or a
  /// keystroke can come between them. (Taken one event apart, each echoed the other's last value
  /// back, and the focus swung between two fields without end.) At most
  /// ``maximumSettlingPasses`` passes.
  public func resolve() -> [ViewNode] {
    var nodes = graph.resolve(root, environment: environment)
    var passes = 1
    while graph.hasDue, passes < Self.maximumSettlingPasses {
      graph.runDue()
      nodes = graph.resolve(root, environment: environment)
      passes += 1
    }
    return nodes
  }

  /// Registers, in the caller's observation scope, what tells the window to render again: a
  /// change to what a body (or resolving one) read, or to what the renderer's drawing depends
  /// on. Returns whether such a change already waits (render again now).
  public func observeChanges() -> Bool {
    renderer.observeChanges()
    return graph.observeChanges()
  }

  /// Ends the window: it goes `inactive`, then `background`, with a pass of its views and their
  /// due handlers at each step (so `onChange(of: scenePhase)` runs), then its `onDisappear`
  /// handlers run, its tasks are cancelled and its state is let go. Nothing is drawn.
  public func close() {
    guard !isClosed else { return }
    isClosed = true
    for next in [ScenePhase.inactive, .background] {
      phase.phase = next
      app?.windowPhaseChanged()
      _ = resolve()
      graph.runDue()
    }
    graph.close()
    app?.closeWindow(phase)
  }
}
