/// A field to type text in, labelled by its title: `TextField("Title", text: $title)`;
/// `axis: .vertical` grows to several lines.
public struct TextField<Label: View>: PrimitiveView {
  let title: String
  let text: Binding<String>
  let axis: Axis
  let isSecure: Bool

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let environment = context.environment
    let focus = environment.focusBinding
    let text = view.text
    let spec = TextFieldSpec(
      title: view.title, text: text.wrappedValue, setText: { text.wrappedValue = $0 },
      isSecure: view.isSecure, isMultiline: view.axis == .vertical, style: environment.textFieldStyle,
      onSubmit: environment.onSubmit, isFocused: focus?.isFocused ?? false, setFocused: focus?.set,
      inputMode: environment.keyboardType.inputMode, autocomplete: environment.textContentType?.autocomplete
    )
    var node = context.node(.textField(spec))
    if !environment.isEnabled { node.modifiers.append(.disabled) }
    nodes.append(node)
  }
}

extension TextField where Label == Text {
  /// A field titled `titleKey` for `text`.
  public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
    self.init(title: titleKey.text, text: text, axis: .horizontal, isSecure: false)
  }

  /// A field titled `title` for `text`.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
    self.init(title: String(title), text: text, axis: .horizontal, isSecure: false)
  }

  /// A field that grows along `axis` (`.vertical`: to several lines).
  public init(_ titleKey: LocalizedStringKey, text: Binding<String>, axis: Axis) {
    self.init(title: titleKey.text, text: text, axis: axis, isSecure: false)
  }

  /// A field that grows along `axis` (`.vertical`: to several lines).
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, text: Binding<String>, axis: Axis) {
    self.init(title: String(title), text: text, axis: axis, isSecure: false)
  }

  /// A field titled `titleKey` (the prompt is accepted; the title is the placeholder).
  public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?) {
    self.init(title: titleKey.text, text: text, axis: .horizontal, isSecure: false)
  }

  /// A field titled `titleKey` that grows along `axis`.
  public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?, axis: Axis) {
    self.init(title: titleKey.text, text: text, axis: axis, isSecure: false)
  }
}

/// A field for a password: what is typed is not shown.
public struct SecureField<Label: View>: PrimitiveView {
  let field: TextField<Label>

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    TextField<Label>._resolve(view.field, into: &nodes, in: context)
  }
}

extension SecureField where Label == Text {
  /// A password field titled `titleKey`.
  public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
    field = TextField(title: titleKey.text, text: text, axis: .horizontal, isSecure: true)
  }

  /// A password field titled `title`.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
    field = TextField(title: String(title), text: text, axis: .horizontal, isSecure: true)
  }
}

/// How a text field is drawn, as a renderer sees it.
public enum TextFieldStyleKind: Equatable, Sendable {
  case automatic, plain, roundedBorder
}

/// A text field style: `.roundedBorder`, `.plain`, `.automatic`.
public protocol TextFieldStyle {
  var _kind: TextFieldStyleKind { get }
}
public struct DefaultTextFieldStyle: TextFieldStyle { public init() {}; public var _kind: TextFieldStyleKind { .automatic } }
public struct PlainTextFieldStyle: TextFieldStyle { public init() {}; public var _kind: TextFieldStyleKind { .plain } }
public struct RoundedBorderTextFieldStyle: TextFieldStyle { public init() {}; public var _kind: TextFieldStyleKind { .roundedBorder } }
extension TextFieldStyle where Self == DefaultTextFieldStyle { public static var automatic: Self { Self() } }
extension TextFieldStyle where Self == PlainTextFieldStyle { public static var plain: Self { Self() } }
extension TextFieldStyle where Self == RoundedBorderTextFieldStyle { public static var roundedBorder: Self { Self() } }

extension EnvironmentValues {
  private enum TextFieldStyleKey: EnvironmentKey {
    static var defaultValue: TextFieldStyleKind { .automatic }
  }
  var textFieldStyle: TextFieldStyleKind {
    get { self[TextFieldStyleKey.self] }
    set { self[TextFieldStyleKey.self] = newValue }
  }
}

extension View {
  /// Draws the text fields inside this view in `style`.
  public func textFieldStyle<S: TextFieldStyle>(_ style: S) -> some View {
    EnvironmentWriter(content: self) { $0.textFieldStyle = style._kind }
  }
}
