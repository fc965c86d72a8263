/// A control that runs an action: `Button("Add") { … }`, `Button(role: .destructive) { … }
/// label: { Label("Delete", systemImage: "trash") }`.
public struct Button<Label: View>: PrimitiveView {
  let role: ButtonRole?
  let action: @MainActor () -> Void
  let label: Label

  /// A button that shows `label` and runs `action`.
  @preconcurrency public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
    self.init(role: nil, action: action, label: label)
  }

  /// A button of `role` that shows `label` and runs `action`.
  @preconcurrency public init(role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
    self.role = role
    self.action = action
    self.label = label()
  }

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let environment = context.environment
    var action = view.action
    if let dismiss = environment.dismissAfterButtonAction {
      // A button of an alert or a dialog: its action, then the alert goes away.
      let run = action
      action = {
        run()
        dismiss()
      }
    }
    let spec = ButtonSpec(role: view.role, style: environment.buttonStyle.kind, action: action)
    let label: [ViewNode]
    if let style = environment.buttonStyle.custom {
      let configuration = ButtonStyleConfiguration(label: .init(AnyView(view.label), component: "label"), isPressed: false, role: view.role)
      label = style(configuration, context)
    } else {
      label = context.nodes(of: view.label, component: "label")
    }
    var node = context.node(.button(spec), children: label)
    if !environment.isEnabled { node.modifiers.append(.disabled) }
    nodes.append(node)
  }
}

extension Button where Label == Text {
  /// A button titled `titleKey`.
  @preconcurrency public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {
    self.init(role: nil, action: action) { Text(titleKey) }
  }

  /// A button titled `title`.
  @_disfavoredOverload
  @preconcurrency public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
    self.init(role: nil, action: action) { Text(title) }
  }

  /// A button of `role` titled `titleKey`.
  @preconcurrency public init(_ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping @MainActor () -> Void) {
    self.init(role: role, action: action) { Text(titleKey) }
  }

  /// A button of `role` titled `title`.
  @_disfavoredOverload
  @preconcurrency public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void) {
    self.init(role: role, action: action) { Text(title) }
  }
}

extension Button {
  /// A button labelled with a title and a symbol.
  @preconcurrency public init(_ titleKey: LocalizedStringKey, systemImage: String, action: @escaping @MainActor () -> Void)
  where Label == SwiftUICore.Label<Text, Image> {
    self.init(role: nil, action: action) { SwiftUICore.Label(titleKey, systemImage: systemImage) }
  }

  /// A button of `role` labelled with a title and a symbol.
  @preconcurrency public init(_ titleKey: LocalizedStringKey, systemImage: String, role: ButtonRole?, action: @escaping @MainActor () -> Void)
  where Label == SwiftUICore.Label<Text, Image> {
    self.init(role: role, action: action) { SwiftUICore.Label(titleKey, systemImage: systemImage) }
  }
}

/// The look of the built-in button styles, as a renderer draws them.
public enum ButtonStyleKind: Equatable, Sendable {
  case automatic, plain, borderless, bordered, borderedProminent, link, custom
}

/// How buttons look: `makeBody(configuration:)` draws the label.
///
/// ```swift
/// struct PillButtonStyle: ButtonStyle {
///   func makeBody(configuration: Configuration) -> some View {
///     configuration.label.padding(8).background(Color.blue).cornerRadius(16)
///   }
/// }
/// ```
@MainActor @preconcurrency
public protocol ButtonStyle {
  associatedtype Body: View
  @ViewBuilder func makeBody(configuration: Configuration) -> Body
  typealias Configuration = ButtonStyleConfiguration
}

/// What a button style draws: the label, whether it is pressed (never, here: a press is one
/// click), and its role.
public struct ButtonStyleConfiguration {
  /// The button's label, as a view.
  public typealias Label = StyleConfigurationView
  /// The button's label.
  public let label: Label
  /// Whether the button is pressed (never, here: a press is one click).
  public let isPressed: Bool
  /// The button's role.
  public let role: ButtonRole?
}

/// The built-in button styles.
public struct DefaultButtonStyle: PrimitiveButtonStyle { public init() {}; public var _kind: ButtonStyleKind { .automatic } }
public struct PlainButtonStyle: PrimitiveButtonStyle { public init() {}; public var _kind: ButtonStyleKind { .plain } }
public struct BorderlessButtonStyle: PrimitiveButtonStyle { public init() {}; public var _kind: ButtonStyleKind { .borderless } }
public struct BorderedButtonStyle: PrimitiveButtonStyle { public init() {}; public var _kind: ButtonStyleKind { .bordered } }
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle { public init() {}; public var _kind: ButtonStyleKind { .borderedProminent } }

/// A built-in button style (the renderer draws it).
public protocol PrimitiveButtonStyle {
  var _kind: ButtonStyleKind { get }
}

extension PrimitiveButtonStyle where Self == DefaultButtonStyle { public static var automatic: Self { Self() } }
extension PrimitiveButtonStyle where Self == PlainButtonStyle { public static var plain: Self { Self() } }
extension PrimitiveButtonStyle where Self == BorderlessButtonStyle { public static var borderless: Self { Self() } }
extension PrimitiveButtonStyle where Self == BorderedButtonStyle { public static var bordered: Self { Self() } }
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle { public static var borderedProminent: Self { Self() } }

/// The button style in force: a built-in one, or one of the app's.
struct ButtonStyleValue {
  var kind: ButtonStyleKind = .automatic
  var custom: (@MainActor (ButtonStyleConfiguration, ResolveContext) -> [ViewNode])?
}

extension EnvironmentValues {
  private enum ButtonStyleKey: EnvironmentKey {
    static var defaultValue: ButtonStyleValue { ButtonStyleValue() }
  }
  var buttonStyle: ButtonStyleValue {
    get { self[ButtonStyleKey.self] }
    set { self[ButtonStyleKey.self] = newValue }
  }

  private enum DismissAfterButtonActionKey: EnvironmentKey {
    static var defaultValue: (@MainActor () -> Void)? { nil }
  }
  /// Inside an alert's or a dialog's actions: what a button does after its action.
  var dismissAfterButtonAction: (@MainActor () -> Void)? {
    get { self[DismissAfterButtonActionKey.self] }
    set { self[DismissAfterButtonActionKey.self] = newValue }
  }
}

extension View {
  /// Draws the buttons inside this view in a built-in style: `.bordered`, `.borderless`,
  /// `.borderedProminent`, `.plain`.
  public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View {
    EnvironmentWriter(content: self) { $0.buttonStyle = ButtonStyleValue(kind: style._kind) }
  }

  /// Draws the buttons inside this view with a style of yours.
  public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View {
    EnvironmentWriter(content: self) { values in
      values.buttonStyle = ButtonStyleValue(kind: .custom) { configuration, context in
        context.nodes(of: style.makeBody(configuration: configuration), component: "style")
      }
    }
  }
}
