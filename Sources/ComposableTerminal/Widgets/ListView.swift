/// Where a list is scrolled to. A front end keeps one per list on screen (it is view state, not
/// feature state) and passes it to ``ListView``, which moves it just enough to keep the selection
/// visible, as `htop` or `tig` do: moving the selection inside the visible rows never scrolls.
///
/// It is a class, not observable on purpose: adjusting it while a frame renders must not ask for
/// another frame.
public final class ScrollPosition {
  /// The index of the first visible row.
  public var offset: Int

  /// A position with the row at `offset` first.
  public init(offset: Int = 0) {
    self.offset = offset
  }

  /// The first visible row for a list of `count` rows shown in `height` rows with `selection`
  /// selected, starting from `offset`.
  public static func offset(
    from offset: Int, selection: Int?, count: Int, height: Int
  ) -> Int {
    guard height > 0, count > height else { return 0 }
    var offset = min(max(0, offset), count - height)
    if let selection {
      if selection < offset { offset = selection }
      if selection >= offset + height { offset = selection - height + 1 }
    }
    return offset
  }
}

/// One row of a ``ListView``: text on the left, optional detail on the right, each with its
/// style.
public struct ListRow: Hashable, Sendable {
  /// The text on the left, truncated with "…" when it does not fit.
  public var text: String
  /// The text on the right (a count, a date), kept whole.
  public var detail: String
  /// The text's style.
  public var style: Style
  /// The detail's style.
  public var detailStyle: Style
  /// Drawn before the text: a marker such as a coloured "●".
  public var leading: String
  /// The marker's style.
  public var leadingStyle: Style

  /// A row showing `text`, and `detail` on the right.
  public init(
    _ text: String, detail: String = "", style: Style = .plain, detailStyle: Style = .plain,
    leading: String = "", leadingStyle: Style = .plain
  ) {
    self.text = text
    self.detail = detail
    self.style = style
    self.detailStyle = detailStyle
    self.leading = leading
    self.leadingStyle = leadingStyle
  }
}

/// A list of rows with a selection, scrolled so the selection is visible. Rows are asked for
/// only when visible, so a list of 10 000 rows costs what a screenful costs.
///
/// ```swift
/// let list = ListView(count: standups.count, selection: selection, scroll: scroll) { index in
///   ListRow(standups[index].title, detail: "\(standups[index].attendees.count) attendees")
/// }
/// buffer.render(list, in: body)
/// ```
///
/// When the list is longer than its area, the last column shows a scroll bar.
public struct ListView: Widget {
  /// How many rows the list has.
  public var count: Int
  /// The index of the selected row, drawn in `selectionStyle`.
  public var selection: Int?
  /// Where the list is scrolled (kept by the front end between frames).
  public var scroll: ScrollPosition?
  /// The selected row's style.
  public var selectionStyle: Style
  /// Shown, in `emptyStyle`, when the list has no rows.
  public var emptyText: String
  /// The empty text's style.
  public var emptyStyle: Style
  /// Makes the row at an index, asked only for the rows on screen.
  public var row: (Int) -> ListRow

  /// A list of `count` rows, each made by `row(index)` when it is drawn. Without a
  /// ``ScrollPosition`` the list scrolls only as far as the selection needs.
  public init(
    count: Int,
    selection: Int?,
    scroll: ScrollPosition? = nil,
    selectionStyle: Style = Theme.standard.selection,
    emptyText: String = "",
    emptyStyle: Style = Theme.standard.muted,
    row: @escaping (Int) -> ListRow
  ) {
    self.count = count
    self.selection = selection
    self.scroll = scroll
    self.selectionStyle = selectionStyle
    self.emptyText = emptyText
    self.emptyStyle = emptyStyle
    self.row = row
  }

  /// A list of plain text rows.
  public init(_ items: [String], selection: Int?, scroll: ScrollPosition? = nil) {
    self.init(count: items.count, selection: selection, scroll: scroll) { ListRow(items[$0]) }
  }

  public func render(in area: Rect, buffer: inout Buffer) {
    guard !area.isEmpty else { return }
    if count == 0 {
      buffer.render(Paragraph(emptyText, style: emptyStyle), in: area)
      return
    }
    let offset = ScrollPosition.offset(
      from: scroll?.offset ?? 0, selection: selection, count: count, height: area.height
    )
    scroll?.offset = offset
    let hasScrollBar = count > area.height
    let rowWidth = area.width - (hasScrollBar ? 1 : 0)
    for line in 0..<min(area.height, count - offset) {
      let index = offset + line
      let rowArea = Rect(x: area.x, y: area.y + line, width: rowWidth, height: 1)
      draw(row(index), in: rowArea, selected: index == selection, buffer: &buffer)
    }
    if hasScrollBar { drawScrollBar(offset: offset, in: area, buffer: &buffer) }
  }

  private func draw(_ row: ListRow, in area: Rect, selected: Bool, buffer: inout Buffer) {
    var x = area.x
    if !row.leading.isEmpty {
      x += buffer.write(row.leading + " ", at: x, area.y, style: row.leadingStyle, clip: area)
    }
    let detailWidth = row.detail.isEmpty ? 0 : min(row.detail.displayWidth, area.width / 2)
    let textWidth = area.maxX - x - (detailWidth > 0 ? detailWidth + 1 : 0)
    buffer.write(row.text.truncated(toWidth: textWidth), at: x, area.y, style: row.style, clip: area)
    if detailWidth > 0 {
      buffer.write(
        row.detail.truncated(toWidth: detailWidth), at: area.maxX - detailWidth, area.y,
        style: row.detailStyle, clip: area
      )
    }
    if selected { buffer.applyStyle(selectionStyle, to: area) }
  }

  private func drawScrollBar(offset: Int, in area: Rect, buffer: inout Buffer) {
    let x = area.maxX - 1
    let thumbHeight = max(1, area.height * area.height / count)
    let thumbTop = (area.height - thumbHeight) * offset / max(1, count - area.height)
    for line in 0..<area.height {
      let isThumb = line >= thumbTop && line < thumbTop + thumbHeight
      buffer.write(isThumb ? "┃" : "│", at: x, area.y + line, style: Theme.standard.border)
    }
  }
}
