/// Whether a scene is in front and taking input (`active`), shown but not taking it (`inactive`),
/// or gone from view (`background`): `@Environment(\.scenePhase)`.
///
/// In a browser a window (a tab) is `active` while it is open. When the tab is let go (closed, or
/// away longer than the server keeps a disconnected tab, or the server stops), it goes
/// `inactive` and then `background`, each time with a pass of its views, so `onChange(of:
/// scenePhase)` runs (to save, as Apple's Scrumdinger does) before its views go. An app's own
/// `@Environment(\.scenePhase)` (in its `App` struct) is `active` while any window is, as on an
/// iPad with several windows.
public enum ScenePhase: Comparable, Hashable, Sendable {
  /// Gone from view.
  case background
  /// Shown, not taking input.
  case inactive
  /// In front, taking input.
  case active
}

/// Where a window's or an app's scene phase is kept: observable, so that a view that read it
/// is resolved again when it changes. Front ends write it and views read it on the main actor.
@Observable
public final class ScenePhaseSource {
  /// The phase now.
  public var phase: ScenePhase

  /// A source at `phase`.
  public init(_ phase: ScenePhase = .active) {
    self.phase = phase
  }
}

extension EnvironmentValues {
  private enum ScenePhaseKey: EnvironmentKey {
    static var defaultValue: ScenePhaseSource? { nil }
  }

  /// Where the scene's phase comes from: set by the front end for each window and for the app.
  public var _scenePhaseSource: ScenePhaseSource? {
    get { self[ScenePhaseKey.self] }
    set { self[ScenePhaseKey.self] = newValue }
  }

  /// The phase of the scene this view is in (`active` when no front end says otherwise).
  public var scenePhase: ScenePhase {
    get { _scenePhaseSource?.phase ?? .active }
    set { _scenePhaseSource = ScenePhaseSource(newValue) }
  }
}

/// A running app: its own dynamic properties connected once, for the whole process (its
/// `@State` is shared by every window, as on an iPad), and its windows. A front end makes one
/// and opens windows from ``windows``.
@MainActor
public final class AppInstance {
  /// The windows the app's scenes open.
  public private(set) var windows: [WindowDescription] = []
  /// The app's own phase: active while any window is.
  private let phase = ScenePhaseSource(.background)
  /// The phase of each open window.
  private var windowPhases: [ObjectIdentifier: ScenePhaseSource] = [:]
  /// Keeps the storage of the app's own `@State`.
  private let graph = ViewGraph()

  /// Makes the app (its `init()`), connects its `@State` and `@Environment`, and reads its scenes.
  public init<A: App>(_ app: A.Type) {
    var app = A()
    var environment = EnvironmentValues()
    environment._scenePhaseSource = phase
    let context = ResolveContext(graph: graph, environment: environment)
    linkDynamicProperties(of: &app, slot: "app", in: context)
    windows = A.Body._windows(app.body)
  }

  /// The phase source of a new window, which starts `active`.
  public func openWindow() -> ScenePhaseSource {
    let source = ScenePhaseSource(.active)
    windowPhases[ObjectIdentifier(source)] = source
    update()
    return source
  }

  /// A window's phase changed (it is closing: `inactive`, then `background`).
  public func windowPhaseChanged() {
    update()
  }

  /// A window is gone.
  public func closeWindow(_ source: ScenePhaseSource) {
    windowPhases[ObjectIdentifier(source)] = nil
    update()
  }

  private func update() {
    let highest = windowPhases.values.map(\.phase).max() ?? .background
    if phase.phase != highest { phase.phase = highest }
  }
}
