/// A link that opens an address in the browser: `Link("Point-Free", destination: url)`.
public struct Link<Label: View>: PrimitiveView {
  let destination: URL
  let label: Label

  /// A link to `destination` that shows `label`.
  public init(destination: URL, @ViewBuilder label: () -> Label) {
    self.destination = destination
    self.label = label()
  }

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    nodes.append(context.node(.link(view.destination), children: context.nodes(of: view.label, component: "label")))
  }
}

extension Link where Label == Text {
  /// A link to `destination` titled `titleKey`.
  public init(_ titleKey: LocalizedStringKey, destination: URL) {
    self.init(destination: destination) { Text(titleKey) }
  }

  /// A link to `destination` titled `title`.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, destination: URL) {
    self.init(destination: destination) { Text(title) }
  }
}
