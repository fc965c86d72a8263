import ComposableWeb
import SwiftUICore

/// One window of an app in a browser tab: its views' graph (their state, what is on screen)
/// and the page `ComposableWeb` serves, which resolves and renders the root view on each pass.
@MainActor
public final class WindowHost {
  /// The window's views over time.
  public let graph = ViewGraph()
  private let root: AnyView
  private let renderer = WebRenderer()

  /// A window showing `root`.
  public init(root: AnyView) {
    self.root = root
  }

  /// The window's page: evaluated again (and its changes sent) whenever what it read changes.
  public func render() -> Node {
    renderer.render(graph.resolve(root))
  }
}

/// Serves `scene`'s windows through `ComposableWeb`: each browser tab is a new window with its
/// own state; a store the app keeps in a `static let` is shared by all of them.
@MainActor
public func webApp(title: String, windows: [WindowDescription], host: String, port: Int) -> WebApp {
  let window = windows.first
  return WebApp(title: window?.title ?? title, host: host, port: port, stylesheet: swiftUIStylesheet) {
    let host = WindowHost(root: window?.makeRoot() ?? AnyView(EmptyView()))
    return { host.render() }
  }
}
