/// A switch, labelled: `Toggle("Notifications", isOn: $isOn)`.
public struct Toggle<Label: View>: PrimitiveView {
  let isOn: Binding<Bool>
  let label: Label

  /// A switch for `isOn`, labelled by `label`.
  public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
    self.isOn = isOn
    self.label = label()
  }

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let isOn = view.isOn
    let spec = ToggleSpec(isOn: isOn.wrappedValue) { isOn.wrappedValue = $0 }
    var node = context.node(.toggle(spec), children: context.nodes(of: view.label, component: "label"))
    if !context.environment.isEnabled { node.modifiers.append(.disabled) }
    nodes.append(node)
  }
}

extension Toggle where Label == Text {
  /// A switch titled `titleKey`.
  public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {
    self.init(isOn: isOn) { Text(titleKey) }
  }

  /// A switch titled `title`.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
    self.init(isOn: isOn) { Text(title) }
  }
}
