/// Something drawn into a rectangle of a ``Buffer``: a plain value, built from state for each
/// frame and then thrown away (immediate mode).
///
/// ```swift
/// struct Greeting: Widget {
///   var name: String
///   func render(in area: Rect, buffer: inout Buffer) {
///     Label("Hello, \(name)!").render(in: area, buffer: &buffer)
///   }
/// }
/// ```
public protocol Widget {
  func render(in area: Rect, buffer: inout Buffer)
}

extension Buffer {
  /// Renders `widget` into `area` (the whole buffer by default).
  public mutating func render(_ widget: some Widget, in area: Rect? = nil) {
    widget.render(in: area ?? self.area, buffer: &self)
  }
}

/// Where a line of text sits in its row.
public enum Alignment: Hashable, Sendable {
  case leading, center, trailing
}

/// One line of text, truncated with "…" when it is wider than its area.
///
/// ```swift
/// buffer.render(Label("Standups", style: theme.accent, alignment: .center), in: titleRow)
/// ```
public struct Label: Widget {
  /// The text.
  public var text: String
  /// Its style.
  public var style: Style
  /// Where it sits in its area.
  public var alignment: Alignment

  /// A label showing `text`.
  public init(_ text: String, style: Style = .plain, alignment: Alignment = .leading) {
    self.text = text
    self.style = style
    self.alignment = alignment
  }

  public func render(in area: Rect, buffer: inout Buffer) {
    guard !area.isEmpty else { return }
    let line = text.truncated(toWidth: area.width)
    let width = line.displayWidth
    let x: Int
    switch alignment {
    case .leading: x = area.x
    case .center: x = area.x + (area.width - width) / 2
    case .trailing: x = area.maxX - width
    }
    buffer.write(line, at: x, area.y, style: style, clip: area)
  }
}

/// Text wrapped at word boundaries to its area's width; lines that do not fit its height are cut,
/// the last one shown ending in "…".
///
/// ```swift
/// buffer.render(Paragraph(meeting.transcript), in: body)
/// ```
public struct Paragraph: Widget {
  /// The text.
  public var text: String
  /// Its style.
  public var style: Style

  /// A paragraph of `text`.
  public init(_ text: String, style: Style = .plain) {
    self.text = text
    self.style = style
  }

  /// How many rows the text takes at `width` columns.
  public func height(forWidth width: Int) -> Int {
    text.wrapped(toWidth: width).count
  }

  public func render(in area: Rect, buffer: inout Buffer) {
    guard !area.isEmpty else { return }
    let lines = text.wrapped(toWidth: area.width)
    for (index, line) in lines.prefix(area.height).enumerated() {
      let isCut = index == area.height - 1 && lines.count > area.height
      let shown = isCut ? (line + " …").truncated(toWidth: area.width) : line
      buffer.write(shown, at: area.x, area.y + index, style: style, clip: area)
    }
  }
}
