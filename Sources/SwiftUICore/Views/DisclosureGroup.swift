/// Content shown or hidden under a label: `DisclosureGroup("Details") { Text(…) }`. The label is
/// a button with a chevron (right when hidden, down when shown) whose accessible value says
/// which; pressing it shows or hides the content. Without `isExpanded:`, whether it is shown is
/// the group's own state, kept with its place in the tree; it starts hidden.
public struct DisclosureGroup<Label: View, Content: View>: PrimitiveView {
  let isExpanded: Binding<Bool>?
  let label: Label
  let content: Content

  /// A group that shows `content` when `isExpanded` is true.
  public init(isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
    self.isExpanded = isExpanded
    self.label = label()
    self.content = content()
  }

  /// A group of its own state, hidden at first.
  public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
    self.isExpanded = nil
    self.label = label()
    self.content = content()
  }

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let isExpanded =
      view.isExpanded
      ?? {
        let state = context.storage(at: context.path + "#disclosure") { OpenState() }
        return Binding(get: { state.isOpen }, set: { state.isOpen = $0 })
      }()
    let shown = isExpanded.wrappedValue
    let group = VStack(alignment: .leading) {
      Button {
        isExpanded.wrappedValue.toggle()
      } label: {
        HStack {
          view.label
          Spacer()
          Image(systemName: shown ? "chevron.down" : "chevron.right").accessibilityHidden(true)
        }
      }
      .accessibilityValue(shown ? "Expanded" : "Collapsed")
      if shown {
        view.content
      }
    }
    nodes += context.nodes(of: group, component: "disclosure")
  }
}

extension DisclosureGroup where Label == Text {
  /// A group titled `titleKey`, of its own state.
  public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
    self.init(content: content) { Text(titleKey) }
  }

  /// A group titled `title`, of its own state.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
    self.init(content: content) { Text(title) }
  }

  /// A group titled `titleKey`, shown when `isExpanded` is true.
  public init(_ titleKey: LocalizedStringKey, isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content) {
    self.init(isExpanded: isExpanded, content: content) { Text(titleKey) }
  }

  /// A group titled `title`, shown when `isExpanded` is true.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content) {
    self.init(isExpanded: isExpanded, content: content) { Text(title) }
  }
}

