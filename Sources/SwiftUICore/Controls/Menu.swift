/// A button that opens a list of actions: `Menu("Current stack") { Button("Screen A") { … } }`.
/// Pressing the label opens the list under it (a panel with a shadow, over what follows; above
/// the label in a bar along the bottom, a `safeAreaInset`); choosing an action runs
/// it and closes the list, as pressing the label again does. Whether it is open is the menu's
/// own state, kept with its place in the tree.
public struct Menu<Label: View, Content: View>: PrimitiveView {
  let label: Label
  let content: Content

  /// A menu of `content`, opened by `label`.
  public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
    self.content = content()
    self.label = label()
  }

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let state = context.storage(at: context.path + "#menu") { OpenState() }
    let isOpen = state.isOpen
    let menu = VStack(alignment: .leading, spacing: 0) {
      Button {
        state.isOpen.toggle()
      } label: {
        view.label
      }
      .accessibilityValue(isOpen ? "Expanded" : "Collapsed")
      if isOpen {
        MenuItems(content: view.content, close: { state.isOpen = false })
          .padding(8)
          .background(Color(.system("row-background", opacity: 1)))
          .cornerRadius(12)
          .shadow(color: Color(white: 0, opacity: 0.2), radius: 12, y: 4)
          .modifier(node: .menu(panel: true))
      }
    }
    .modifier(node: .menu(panel: false))
    nodes += context.nodes(of: menu, component: "menu")
  }
}

/// A menu's actions: each button closes the menu after its action.
private struct MenuItems<Content: View>: PrimitiveView {
  let content: Content
  let close: @MainActor () -> Void

  static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let stack = VStack(alignment: .leading) { view.content }
    nodes += context.withEnvironment({ $0.dismissAfterButtonAction = view.close }) {
      context.nodes(of: stack, component: "items")
    }
  }
}

extension Menu where Label == Text {
  /// A menu titled `titleKey`.
  public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
    self.init(content: content) { Text(titleKey) }
  }

  /// A menu titled `title`.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
    self.init(content: content) { Text(title) }
  }
}

/// Whether a view that opens and closes (a ``Menu``'s actions, a ``DisclosureGroup``'s content
/// without a binding) is open: its own state, kept with its place in the tree.
@Observable
final class OpenState {
  var isOpen = false
}
