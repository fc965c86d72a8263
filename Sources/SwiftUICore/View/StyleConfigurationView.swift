/// A part of a style's configuration (a label's title or icon, a button's label, a progress
/// view's labels): the view the app gave, its type hidden, resolved where the style puts it.
public struct StyleConfigurationView: PrimitiveView {
  let content: AnyView
  /// Its place under the style's body.
  let component: String

  init(_ content: AnyView, component: String) {
    self.content = content
    self.component = component
  }

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    context.resolve(view.content, into: &nodes, component: view.component)
  }
}
