/// Dismisses the screen it was read in: a sheet, or a screen pushed on a stack.
/// `@Environment(\.dismiss) var dismiss`, then `dismiss()`.
///
/// The action of one screen is the same value from pass to pass (it holds the screen's
/// `DismissTarget`, which each pass points at its latest way out), so the views inside compare
/// their environment equal and are not evaluated again for it.
public struct DismissAction {
  let target: DismissTarget?

  /// Dismisses the screen.
  @MainActor public func callAsFunction() {
    target?.dismiss()
  }
}

/// What a screen's ``DismissAction`` runs: kept by the graph at the screen's place, and given the
/// latest way to dismiss that screen each time it is resolved.
@MainActor
final class DismissTarget {
  var dismiss: @MainActor () -> Void = {}
}

extension ResolveContext {
  /// The dismiss action of the screen resolved at the current place (`slot` tells several screens
  /// of one place apart), running `dismiss`.
  func dismissAction(_ slot: String, _ dismiss: @escaping @MainActor () -> Void) -> DismissAction {
    let target = storage(at: path + "#dismiss" + slot) { DismissTarget() }
    target.dismiss = dismiss
    return DismissAction(target: target)
  }
}

extension EnvironmentValues {
  private enum DismissKey: EnvironmentKey {
    static var defaultValue: DismissAction { DismissAction(target: nil) }
  }
  /// Dismisses the screen this view is in (does nothing at a window's root).
  public var dismiss: DismissAction {
    get { self[DismissKey.self] }
    set { self[DismissKey.self] = newValue }
  }

  private enum IsPresentedKey: EnvironmentKey {
    static var defaultValue: Bool { false }
  }
  /// Whether this view is in a presented screen (a sheet, a pushed screen).
  public var isPresented: Bool {
    get { self[IsPresentedKey.self] }
    set { self[IsPresentedKey.self] = newValue }
  }
}

/// A view that presents something over the window while a condition holds.
struct PresentationModifier<Content: View>: PrimitiveView {
  let content: Content
  /// Resolves what is presented, if it is: its node.
  let present: @MainActor (ResolveContext) -> ViewNode?

  static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    context.resolve(view.content, into: &nodes, component: "m")
    if let presented = context.withComponent("presented", { view.present(context) }) {
      nodes.append(presented)
    }
  }
}

extension View {
  /// Presents `content` as a sheet while `isPresented` is true; closing it sets it to false.
  public func sheet<Content: View>(
    isPresented: Binding<Bool>, onDismiss: (@MainActor () -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
  ) -> some View {
    PresentationModifier(content: self) { context in
      guard isPresented.wrappedValue else { return nil }
      return sheetNode(.sheet, content: PresentedContent(make: content), in: context) {
        isPresented.wrappedValue = false
        onDismiss?()
      }
    }
  }

  /// Presents a sheet for `item` while it is not nil; closing it sets it to nil.
  public func sheet<Item: Identifiable, Content: View>(
    item: Binding<Item?>, onDismiss: (@MainActor () -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View {
    PresentationModifier(content: self) { context in
      guard let value = item.wrappedValue else { return nil }
      return context.withComponent("\(value.id)") {
        sheetNode(.sheet, content: PresentedItemContent(item: value, make: content), in: context) {
          item.wrappedValue = nil
          onDismiss?()
        }
      }
    }
  }

  /// As `sheet(isPresented:)`, covering the whole window.
  public func fullScreenCover<Content: View>(
    isPresented: Binding<Bool>, onDismiss: (@MainActor () -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
  ) -> some View {
    PresentationModifier(content: self) { context in
      guard isPresented.wrappedValue else { return nil }
      return sheetNode(.fullScreenCover, content: PresentedContent(make: content), in: context) {
        isPresented.wrappedValue = false
        onDismiss?()
      }
    }
  }

  /// As `sheet(item:)`, covering the whole window.
  public func fullScreenCover<Item: Identifiable, Content: View>(
    item: Binding<Item?>, onDismiss: (@MainActor () -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View {
    PresentationModifier(content: self) { context in
      guard let value = item.wrappedValue else { return nil }
      return context.withComponent("\(value.id)") {
        sheetNode(.fullScreenCover, content: PresentedItemContent(item: value, make: content), in: context) {
          item.wrappedValue = nil
          onDismiss?()
        }
      }
    }
  }
}

@MainActor
private func sheetNode<Content: View>(
  _ kind: Presentation.Kind, content: Content, in context: ResolveContext, dismiss: @escaping @MainActor () -> Void
) -> ViewNode {
  let dismissAction = context.dismissAction("", dismiss)
  let (nodes, screen) = context.withScreen(shown: true) {
    context.withEnvironment({ values in
      values.dismiss = dismissAction
      values.isPresented = true
      values.navigation = nil
      values.editMode = nil
    }) {
      context.nodes(of: content, component: "content")
    }
  }
  var presentation = Presentation(kind: kind, title: nil, message: [], actions: [], dismiss: dismiss)
  presentation.detent = kind == .sheet ? screen.detents?.lowest : nil
  return context.node(.presentation(presentation), children: nodes)
}

// MARK: Alerts and dialogs

extension View {
  /// An alert with a title, buttons and a message, while `isPresented` is true. A button's
  /// action runs, then the alert goes away (`isPresented` set to false); without buttons it has
  /// an OK button.
  public func alert<A: View, M: View>(
    _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
  ) -> some View {
    alertModifier(.alert, title: titleKey.text, isPresented: isPresented, actions: actions(), message: message())
  }

  /// An alert titled `title` while `isPresented` is true.
  @_disfavoredOverload
  public func alert<S: StringProtocol, A: View, M: View>(
    _ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
  ) -> some View {
    alertModifier(.alert, title: String(title), isPresented: isPresented, actions: actions(), message: message())
  }

  /// An alert titled by a `Text` while `isPresented` is true.
  public func alert<A: View, M: View>(
    _ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
  ) -> some View {
    alertModifier(.alert, title: title.plainString, isPresented: isPresented, actions: actions(), message: message())
  }

  /// An alert without a message.
  public func alert<A: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View {
    alertModifier(.alert, title: titleKey.text, isPresented: isPresented, actions: actions(), message: EmptyView())
  }

  /// An alert without a message.
  @_disfavoredOverload
  public func alert<S: StringProtocol, A: View>(_ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View {
    alertModifier(.alert, title: String(title), isPresented: isPresented, actions: actions(), message: EmptyView())
  }

  /// An alert without a message.
  public func alert<A: View>(_ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View {
    alertModifier(.alert, title: title.plainString, isPresented: isPresented, actions: actions(), message: EmptyView())
  }

  /// An alert about `data`, while `isPresented` is true and `data` is not nil.
  public func alert<A: View, M: View, T>(
    _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, presenting data: T?,
    @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
  ) -> some View {
    alertModifier(
      .alert, title: titleKey.text, isPresented: presenting(isPresented, data), actions: data.map(actions), message: data.map(message)
    )
  }

  /// A confirmation dialog: a title (shown as `titleVisibility` says), buttons and a message,
  /// while `isPresented` is true.
  public func confirmationDialog<A: View, M: View>(
    _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
    @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
  ) -> some View {
    alertModifier(
      .confirmationDialog, title: titleVisibility == .hidden ? nil : titleKey.text, isPresented: isPresented,
      actions: actions(), message: message()
    )
  }

  /// A confirmation dialog without a message.
  public func confirmationDialog<A: View>(
    _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
    @ViewBuilder actions: () -> A
  ) -> some View {
    alertModifier(
      .confirmationDialog, title: titleVisibility == .hidden ? nil : titleKey.text, isPresented: isPresented,
      actions: actions(), message: EmptyView()
    )
  }

  /// A confirmation dialog titled `title`.
  @_disfavoredOverload
  public func confirmationDialog<S: StringProtocol, A: View, M: View>(
    _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
    @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
  ) -> some View {
    alertModifier(
      .confirmationDialog, title: titleVisibility == .hidden ? nil : String(title), isPresented: isPresented,
      actions: actions(), message: message()
    )
  }

  func alertModifier<A: View, M: View>(
    _ kind: Presentation.Kind, title: String?, isPresented: Binding<Bool>, actions: A, message: M
  ) -> some View {
    PresentationModifier(content: self) { context in
      guard isPresented.wrappedValue else { return nil }
      let dismiss: @MainActor () -> Void = { isPresented.wrappedValue = false }
      var actionNodes = context.withEnvironment({ $0.dismissAfterButtonAction = dismiss }) {
        context.nodes(of: actions, component: "actions")
      }
      if actionNodes.isEmpty {
        actionNodes = [
          context.node(
            .button(ButtonSpec(role: .cancel, style: .automatic, action: dismiss)),
            children: [context.node(.text([TextRun(string: "OK")]))]
          )
        ]
      }
      let presentation = Presentation(
        kind: kind, title: title, message: context.nodes(of: message, component: "message"),
        actions: actionNodes, dismiss: dismiss
      )
      return context.node(.presentation(presentation))
    }
  }
}

/// What a sheet or a cover shows, made by the content closure given to `sheet`: a view of its own
/// whose body calls the closure. So the closure runs as SwiftUI runs it: when the view holding
/// the sheet is evaluated again (a new closure) or when what the closure read changes, not each
/// time the window walks past the sheet. A store made in the closure
/// (`.sheet(isPresented: $isShown) { SignUpFlow() }`, with the store in `SignUpFlow`) is then
/// made once, not again at every change inside the sheet.
struct PresentedContent<Content: View>: View {
  let make: () -> Content
  var body: Content { make() }
}

/// As ``PresentedContent``, for the sheet of an item: made again for another item.
struct PresentedItemContent<Item, Content: View>: View {
  let item: Item
  let make: (Item) -> Content
  var body: Content { make(item) }
}

extension Presentation {
  /// An alert's or a dialog's buttons in the order the platform shows them: a cancel button
  /// last in a dialog and in an alert of three or more buttons, first (leading) in an alert of
  /// two.
  public var actionsInPlatformOrder: [ViewNode] {
    var actions = ViewNode.flattened(self.actions)
    let isCancel: (ViewNode) -> Bool = { node in
      if case let .button(spec) = node.kind { return spec.role == .cancel }
      return false
    }
    let cancels = actions.filter(isCancel)
    actions.removeAll(where: isCancel)
    return kind == .alert && actions.count + cancels.count == 2 ? cancels + actions : actions + cancels
  }
}
