/// A form: one field per row, a label column and a value, one field focused.
///
/// ```swift
/// let form = Form(fields: [
///   .text("Title", standup.title, placeholder: "Engineering"),
///   .value("Length", "5 min"),
///   .value("Theme", "bubblegum", style: Style(background: .indexed(218))),
///   .button("Add attendee"),
/// ], focus: 0, cursor: input.cursor)
/// ```
///
/// The focused field shows "›" before its label and, for a text field, the cursor; a focused
/// value field shows "‹ ›" around its value, saying ← → change it.
public struct Form: Widget {
  /// One row of a form.
  public enum Field: Hashable, Sendable {
    /// A text field: label, text, placeholder.
    case text(String, String, placeholder: String = "")
    /// A value changed with ← →: label, value, the value's style.
    case value(String, String, style: Style = .plain)
    /// A button pressed with Enter.
    case button(String)
  }

  /// The rows, top to bottom.
  public var fields: [Field]
  /// The index of the focused field, if any.
  public var focus: Int?
  /// The cursor of the focused text field, in characters; the end of its text when nil.
  public var cursor: Int?
  /// The colours it draws with.
  public var theme: Theme
  /// Where it is scrolled, for forms taller than their area.
  public var scroll: ScrollPosition?

  /// A form of `fields` with the field at `focus` focused.
  public init(
    fields: [Field], focus: Int?, cursor: Int? = nil, theme: Theme = .standard,
    scroll: ScrollPosition? = nil
  ) {
    self.fields = fields
    self.focus = focus
    self.cursor = cursor
    self.theme = theme
    self.scroll = scroll
  }

  public func render(in area: Rect, buffer: inout Buffer) {
    guard !area.isEmpty else { return }
    let labelWidth = min(
      fields.map { field -> Int in
        if case let .button(label) = field { _ = label; return 0 }
        return label(of: field).displayWidth
      }.max() ?? 0,
      area.width / 3
    )
    let offset = ScrollPosition.offset(
      from: scroll?.offset ?? 0, selection: focus, count: fields.count, height: area.height
    )
    scroll?.offset = offset
    for line in 0..<min(area.height, fields.count - offset) {
      let index = offset + line
      let row = area.row(line)
      let isFocused = index == focus
      buffer.write(isFocused ? "›" : " ", at: row.x, row.y, style: theme.accent, clip: row)
      let content = Rect(x: row.x + 2, y: row.y, width: row.width - 2, height: 1)
      switch fields[index] {
      case let .text(label, text, placeholder):
        let value = drawLabel(label, width: labelWidth, focused: isFocused, in: content, buffer: &buffer)
        buffer.render(
          TextField(
            text, cursor: isFocused ? (cursor ?? text.count) : nil, placeholder: placeholder,
            style: theme.text, placeholderStyle: theme.muted
          ),
          in: value
        )
      case let .value(label, text, style):
        let value = drawLabel(label, width: labelWidth, focused: isFocused, in: content, buffer: &buffer)
        let shown = isFocused ? "‹ \(text) ›" : "  \(text)"
        buffer.write(shown.truncated(toWidth: value.width), at: value.x, value.y, style: style, clip: value)
      case let .button(label):
        let text = "[ \(label) ]"
        buffer.write(
          text.truncated(toWidth: content.width), at: content.x, content.y,
          style: isFocused ? theme.selection : theme.accent, clip: content
        )
      }
    }
  }

  private func label(of field: Field) -> String {
    switch field {
    case let .text(label, _, _), let .value(label, _, _), let .button(label): return label
    }
  }

  /// Draws a field's label and returns the rectangle left for its value.
  private func drawLabel(
    _ label: String, width: Int, focused: Bool, in area: Rect, buffer: inout Buffer
  ) -> Rect {
    buffer.write(
      label.truncated(toWidth: width), at: area.x, area.y,
      style: focused ? theme.accent : theme.muted, clip: area
    )
    let valueX = area.x + width + 2
    return Rect(x: valueX, y: area.y, width: area.maxX - valueX, height: 1)
  }
}
