import ComposableWebCore
import SwiftUICore

/// One window of an app in a browser tab: its views' graph (their state, what is on screen)
/// and the page `ComposableWeb` serves, which resolves and renders the root view on each pass.
@MainActor
public final class WindowHost {
  /// The window's views over time.
  public let graph = ViewGraph()
  private let root: AnyView
  private let renderer = WebRenderer()
  private let app: AppInstance?
  /// The window's scene phase: `active` until it closes.
  private let phase: ScenePhaseSource
  /// The window's environment, the same from pass to pass (views compare what they saw).
  private let environment: EnvironmentValues
  private var isClosed = false

  /// A window showing `root`, one of `app`'s when it has one (the app's phase follows its
  /// windows').
  public init(root: AnyView, app: AppInstance? = nil) {
    self.root = root
    self.app = app
    phase = app?.openWindow() ?? ScenePhaseSource(.active)
    var environment = EnvironmentValues()
    environment._scenePhaseSource = phase
    self.environment = environment
    // `openURL` and `UIApplication.shared.open` open a new tab beside the one whose event runs.
    URLOpening.open = { LiveView.openInBrowser($0) }
  }

  /// The window's page: evaluated again (and its changes sent) whenever what it read changes.
  public func render() -> Node {
    var nodes = graph.resolve(root, environment: environment)
    // As in SwiftUI, the handlers a pass makes due (`onAppear`, `onChange`) run before the page
    // takes its next event, and what they change is evaluated at once: two values a view keeps
    // in step (`bind(_:to:)` of a feature's focus and a `@FocusState`) settle before a click or a
    // keystroke can come between them. (Taken one event apart, each echoed the other's last
    // value back, and the focus swung between two fields without end.) At most ten passes.
    var passes = 1
    while graph.hasDue, passes < 10 {
      graph.runDue()
      nodes = graph.resolve(root, environment: environment)
      passes += 1
    }
    return renderer.render(nodes)
  }

  /// Ends the window: it goes `inactive`, then `background`, with a pass of its views and their
  /// due handlers at each step (so `onChange(of: scenePhase)` runs), then its `onDisappear`
  /// handlers run, its tasks are cancelled and its state is let go.
  public func close() {
    guard !isClosed else { return }
    isClosed = true
    for next in [ScenePhase.inactive, .background] {
      phase.phase = next
      app?.windowPhaseChanged()
      _ = render()
      graph.runDue()
    }
    graph.close()
    app?.closeWindow(phase)
  }
}
