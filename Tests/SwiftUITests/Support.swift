import ComposableWebCore
import ComposableWebTestSupport
import SwiftUICore
import SwiftUIWeb

/// A window showing `view`, and a test client driving it as a browser tab would.
@MainActor
func openTab<V: View>(_ view: V, app: AppInstance? = nil) -> (tab: WebTestClient, host: WindowHost) {
  let host = WindowHost(root: AnyView(view), app: app)
  return (WebTestClient(page: host.page), host)
}

/// The HTML `view` draws, resolved in a graph of its own.
@MainActor
func html<V: View>(_ view: V) -> String {
  WebRenderer().renderAll(ViewGraph().resolve(view)).map { RenderedView($0).root.html }.joined()
}
