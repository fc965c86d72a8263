/// A field to type text in, labelled by its title: `TextField("Title", text: $title)`;
/// `axis: .vertical` grows to several lines.
public struct TextField<Label: View>: PrimitiveView {
  let title: String
  let text: Binding<String>
  let axis: Axis
  let isSecure: Bool
  var prompt: String? = nil

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let environment = context.environment
    let focus = environment.focusBinding
    let text = view.text
    let spec = TextFieldSpec(
      title: view.title, text: text.wrappedValue, setText: { text.wrappedValue = $0 },
      isSecure: view.isSecure, isMultiline: view.axis == .vertical, style: environment.textFieldStyle,
      onSubmit: environment.onSubmit, isFocused: focus?.isFocused ?? false, setFocused: focus?.set,
      inputMode: environment.keyboardType.inputMode, autocomplete: environment.textContentType?.autocomplete,
      prompt: view.prompt
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

  /// A field titled `titleKey` (its name for screen readers) that shows `prompt` while empty.
  public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?) {
    self.init(title: titleKey.text, text: text, axis: .horizontal, isSecure: false, prompt: prompt?.plainString)
  }

  /// A field titled `title` that shows `prompt` while empty.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text?) {
    self.init(title: String(title), text: text, axis: .horizontal, isSecure: false, prompt: prompt?.plainString)
  }

  /// A field titled `titleKey` that grows along `axis`, showing `prompt` while empty.
  public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?, axis: Axis) {
    self.init(title: titleKey.text, text: text, axis: axis, isSecure: false, prompt: prompt?.plainString)
  }

  /// A field titled `title` that grows along `axis`, showing `prompt` while empty.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text?, axis: Axis) {
    self.init(title: String(title), text: text, axis: axis, isSecure: false, prompt: prompt?.plainString)
  }

  /// A field for a value shown and read with `format`: `TextField("Age", value: $age,
  /// format: .number)`. What is typed sets the value as soon as the format reads it; text it
  /// cannot read leaves the value as it was.
  public init<F: ParseableFormatStyle>(
    _ titleKey: LocalizedStringKey, value: Binding<F.FormatInput>, format: F, prompt: Text? = nil
  ) where F.FormatOutput == String {
    self.init(title: titleKey.text, text: formatted(value, format), axis: .horizontal, isSecure: false, prompt: prompt?.plainString)
  }

  /// A field titled `title` for a value shown and read with `format`.
  @_disfavoredOverload
  public init<S: StringProtocol, F: ParseableFormatStyle>(
    _ title: S, value: Binding<F.FormatInput>, format: F, prompt: Text? = nil
  ) where F.FormatOutput == String {
    self.init(title: String(title), text: formatted(value, format), axis: .horizontal, isSecure: false, prompt: prompt?.plainString)
  }
}

extension TextField {
  /// A field for `text` named by its `label` (a `Text` label is its name for screen readers),
  /// showing `prompt` while empty.
  public init(text: Binding<String>, prompt: Text? = nil, @ViewBuilder label: () -> Label) {
    self.init(title: (label() as? Text)?.plainString ?? "", text: text, axis: .horizontal, isSecure: false, prompt: prompt?.plainString)
  }

  /// A field for `text` that grows along `axis`, named by its `label`.
  public init(text: Binding<String>, prompt: Text? = nil, axis: Axis, @ViewBuilder label: () -> Label) {
    self.init(title: (label() as? Text)?.plainString ?? "", text: text, axis: axis, isSecure: false, prompt: prompt?.plainString)
  }

  /// A field for a value shown and read with `format`, named by its `label`.
  public init<F: ParseableFormatStyle>(
    value: Binding<F.FormatInput>, format: F, prompt: Text? = nil, @ViewBuilder label: () -> Label
  ) where F.FormatOutput == String {
    self.init(
      title: (label() as? Text)?.plainString ?? "", text: formatted(value, format), axis: .horizontal, isSecure: false,
      prompt: prompt?.plainString
    )
  }
}

/// The text of a field for `value`: the value in `format`, and typing that `format` reads sets it.
private func formatted<F: ParseableFormatStyle>(_ value: Binding<F.FormatInput>, _ format: F) -> Binding<String>
where F.FormatOutput == String {
  Binding(
    get: { format.format(value.wrappedValue) },
    set: { text in
      if let parsed = try? format.parseStrategy.parse(text) { value.wrappedValue = parsed }
    }
  )
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
