/// A single-line text field. When focused (given a cursor) it shows the cursor as a reversed
/// cell and scrolls horizontally so the cursor stays visible; otherwise it shows the start of its
/// text, or its placeholder when empty.
///
/// ```swift
/// buffer.render(TextField(input.text, cursor: isFocused ? input.cursor : nil, placeholder: "Title"), in: row)
/// ```
public struct TextField: Widget {
  /// The text.
  public var text: String
  /// The cursor in characters from the start, or nil when the field is not focused.
  public var cursor: Int?
  /// Shown, in `placeholderStyle`, while the text is empty.
  public var placeholder: String
  /// The text's style.
  public var style: Style
  /// The placeholder's style.
  public var placeholderStyle: Style
  /// The cursor cell's style (reversed by default).
  public var cursorStyle: Style

  /// A field showing `text`, focused when it has a `cursor`.
  public init(
    _ text: String, cursor: Int? = nil, placeholder: String = "", style: Style = .plain,
    placeholderStyle: Style = Theme.standard.muted, cursorStyle: Style = Style(reverse: true)
  ) {
    self.text = text
    self.cursor = cursor
    self.placeholder = placeholder
    self.style = style
    self.placeholderStyle = placeholderStyle
    self.cursorStyle = cursorStyle
  }

  public func render(in area: Rect, buffer: inout Buffer) {
    guard !area.isEmpty else { return }
    let y = area.y
    guard let requestedCursor = cursor else {
      if text.isEmpty {
        buffer.write(placeholder.truncated(toWidth: area.width), at: area.x, y, style: placeholderStyle)
      } else {
        buffer.write(text.truncated(toWidth: area.width), at: area.x, y, style: style)
      }
      return
    }
    let characters = Array(text)
    let cursor = min(max(0, requestedCursor), characters.count)
    // The first visible character: as far left as possible while the cursor's cell still fits.
    var start = 0
    var widthToCursor = characters[..<cursor].reduce(0) { $0 + $1.displayWidth }
    let cursorWidth = cursor < characters.count ? max(1, characters[cursor].displayWidth) : 1
    while start < cursor && widthToCursor + cursorWidth > area.width {
      widthToCursor -= characters[start].displayWidth
      start += 1
    }
    if text.isEmpty && !placeholder.isEmpty {
      buffer.write(placeholder.truncated(toWidth: area.width), at: area.x, y, style: placeholderStyle)
    }
    var x = area.x
    for index in start..<characters.count {
      let width = characters[index].displayWidth
      if x + width > area.maxX { break }
      buffer.write(String(characters[index]), at: x, y, style: index == cursor ? cursorStyle : style)
      x += width
    }
    if cursor == characters.count {
      // The cursor after the last character: a reversed blank (over the placeholder's first cell).
      let symbol = text.isEmpty && !placeholder.isEmpty ? String(placeholder.first!) : " "
      buffer.write(symbol, at: min(x, area.maxX - 1), y, style: cursorStyle)
    }
  }
}
