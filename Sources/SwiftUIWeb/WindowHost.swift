import ComposableWebCore
import Foundation
import SwiftUICore

/// One window of an app in a browser tab: the core's window, drawn as a page by ``WebRenderer``.
/// `ComposableWeb` serves it as a `WebPage` whose view is ``ViewWindow/render()``.
public typealias WindowHost = ViewWindow<WebRenderer>

extension ViewWindow where Renderer == WebRenderer {
  /// A window showing `root` in a browser tab, one of `app`'s when it has one.
  public convenience init(root: AnyView, app: AppInstance? = nil) {
    self.init(root: root, app: app, renderer: WebRenderer())
  }
}

extension WebRenderer: ViewRenderer {
  /// Opens `url` in a new tab beside the one whose event runs.
  public func open(_ url: URL) -> Bool {
    LiveView.openInBrowser(url)
  }
}

extension ViewWindow where Renderer == WebRenderer {
  /// The window as a page of `ComposableWeb`: rendered outside observation, and again when
  /// ``ViewWindow/observeChanges()`` says so.
  public var page: WebPage {
    var page = WebPage { self.render() }
    page.tracks = { self.observeChanges() }
    page.animation = {
      self.graph.takeAnimation().map { .animate(duration: $0.duration, delay: $0.delay, curve: $0.curve) }
    }
    return page
  }
}
