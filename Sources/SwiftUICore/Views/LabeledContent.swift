import Foundation

/// A value with its label, as a form row draws it: the label leading, the value trailing in the
/// secondary colour. `LabeledContent("Version", value: "1.2")`, `LabeledContent("Total") {
/// Text(total, format: .currency(code: "EUR")) }`.
public struct LabeledContent<Label: View, Content: View>: View {
  let label: Label
  let content: Content

  /// `content` labelled by `label`.
  public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
    self.content = content()
    self.label = label()
  }

  /// The label, then the value.
  public var body: some View {
    HStack {
      label
      Spacer()
      content.foregroundStyle(.secondary)
    }
    .accessibilityElement(children: .combine)
  }
}

extension LabeledContent where Label == Text {
  /// `content` labelled `titleKey`.
  public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
    self.init(content: content) { Text(titleKey) }
  }

  /// `content` labelled `title`.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
    self.init(content: content) { Text(title) }
  }
}

extension LabeledContent where Label == Text, Content == Text {
  /// `value` labelled `titleKey`.
  public init<S: StringProtocol>(_ titleKey: LocalizedStringKey, value: S) {
    self.init(content: { Text(value) }, label: { Text(titleKey) })
  }

  /// `value` labelled `title`.
  @_disfavoredOverload
  public init<S1: StringProtocol, S2: StringProtocol>(_ title: S1, value: S2) {
    self.init(content: { Text(value) }, label: { Text(title) })
  }

  /// `value` formatted by `format`, labelled `titleKey`.
  public init<F: FormatStyle>(_ titleKey: LocalizedStringKey, value: F.FormatInput, format: F)
  where F.FormatInput: Equatable, F.FormatOutput == String {
    self.init(content: { Text(format.format(value)) }, label: { Text(titleKey) })
  }

  /// `value` formatted by `format`, labelled `title`.
  @_disfavoredOverload
  public init<S: StringProtocol, F: FormatStyle>(_ title: S, value: F.FormatInput, format: F)
  where F.FormatInput: Equatable, F.FormatOutput == String {
    self.init(content: { Text(format.format(value)) }, label: { Text(title) })
  }
}
