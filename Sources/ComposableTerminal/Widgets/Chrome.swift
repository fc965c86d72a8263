/// The top line of a screen: the navigation stack's breadcrumb ending in the current screen's
/// title, on a full-width bar.
///
/// ```swift
/// buffer.render(Header(breadcrumb: ["Standups", "Design"], title: "Record"), in: top)
/// // " Standups › Design › Record"
/// ```
public struct Header: Widget {
  /// The titles of the screens below this one, oldest first.
  public var breadcrumb: [String]
  /// The current screen's title.
  public var title: String
  /// Text at the right end of the bar (a status, a count).
  public var trailing: String
  /// The bar's style.
  public var style: Style

  /// A header for the screen titled `title`.
  public init(
    breadcrumb: [String] = [], title: String, trailing: String = "",
    style: Style = Theme.standard.header
  ) {
    self.breadcrumb = breadcrumb
    self.title = title
    self.trailing = trailing
    self.style = style
  }

  public func render(in area: Rect, buffer: inout Buffer) {
    guard !area.isEmpty else { return }
    let row = area.row(0)
    buffer.fill(row, style: style)
    let trailingWidth = trailing.isEmpty ? 0 : trailing.displayWidth + 1
    var path = (breadcrumb + [title]).joined(separator: " › ")
    let room = row.width - 1 - trailingWidth
    if path.displayWidth > room {
      // Keep the end of the path (where the person is) and drop crumbs from the start.
      var crumbs = breadcrumb
      while !crumbs.isEmpty && path.displayWidth > room {
        crumbs.removeFirst()
        path = (["…"] + crumbs + [title]).joined(separator: " › ")
      }
    }
    buffer.write(path.truncated(toWidth: room), at: row.x + 1, row.y, style: style, clip: row)
    if !trailing.isEmpty {
      buffer.write(trailing, at: row.maxX - trailingWidth, row.y, style: style, clip: row)
    }
  }
}

/// A key and what it does, for a ``Footer``: `KeyHint("a", "add")`.
public struct KeyHint: Hashable, Sendable {
  /// The key, as shown (`"enter"`, `"a"`).
  public var key: String
  /// What it does (`"add"`).
  public var action: String

  /// The hint that `key` does `action`.
  public init(_ key: String, _ action: String) {
    self.key = key
    self.action = action
  }
}

/// The bottom line of a screen: the keys that work there and what they do, as many as fit.
///
/// ```swift
/// buffer.render(Footer([KeyHint("a", "add"), KeyHint("enter", "open"), KeyHint("q", "quit")]), in: bottom)
/// // " a add · enter open · q quit"
/// ```
public struct Footer: Widget {
  /// The hints, in order; those that do not fit are left out.
  public var hints: [KeyHint]
  /// The keys' style.
  public var keyStyle: Style
  /// The descriptions' style.
  public var textStyle: Style
  /// What goes between two hints.
  public var separator: String

  /// A footer showing `hints`.
  public init(
    _ hints: [KeyHint], keyStyle: Style = Theme.standard.key, textStyle: Style = Theme.standard.muted,
    separator: String = " · "
  ) {
    self.hints = hints
    self.keyStyle = keyStyle
    self.textStyle = textStyle
    self.separator = separator
  }

  public func render(in area: Rect, buffer: inout Buffer) {
    guard !area.isEmpty else { return }
    var x = area.x + 1
    for (index, hint) in hints.enumerated() {
      let separator = index == 0 ? "" : self.separator
      let width = separator.displayWidth + hint.key.displayWidth + 1 + hint.action.displayWidth
      guard x + width <= area.maxX else { break }
      x += buffer.write(separator, at: x, area.y, style: textStyle)
      x += buffer.write(hint.key, at: x, area.y, style: keyStyle)
      x += buffer.write(" " + hint.action, at: x, area.y, style: textStyle)
    }
  }
}

/// A bordered box with an optional title in its top border, its inside cleared: the frame of a
/// sheet or an alert drawn over a screen.
///
/// ```swift
/// let sheet = screen.centered(width: 60, height: 16)
/// let inside = Box(title: "New standup").draw(in: sheet, buffer: &buffer)
/// buffer.render(form, in: inside)
/// ```
public struct Box: Widget {
  /// The title set in the top border.
  public var title: String
  /// The border's style.
  public var borderStyle: Style
  /// The title's style.
  public var titleStyle: Style

  /// A box titled `title`.
  public init(
    title: String = "", borderStyle: Style = Theme.standard.border,
    titleStyle: Style = Theme.standard.accent
  ) {
    self.title = title
    self.borderStyle = borderStyle
    self.titleStyle = titleStyle
  }

  public func render(in area: Rect, buffer: inout Buffer) {
    _ = draw(in: area, buffer: &buffer)
  }

  /// Draws the box and returns the area inside it (one cell of padding left and right).
  @discardableResult
  public func draw(in area: Rect, buffer: inout Buffer) -> Rect {
    guard area.width >= 2, area.height >= 2 else { return Rect(x: area.x, y: area.y, width: 0, height: 0) }
    buffer.fill(area)
    let horizontal = String(repeating: "─", count: area.width - 2)
    buffer.write("┌" + horizontal + "┐", at: area.x, area.y, style: borderStyle)
    buffer.write("└" + horizontal + "┘", at: area.x, area.maxY - 1, style: borderStyle)
    for y in (area.y + 1)..<(area.maxY - 1) {
      buffer.write("│", at: area.x, y, style: borderStyle)
      buffer.write("│", at: area.maxX - 1, y, style: borderStyle)
    }
    if !title.isEmpty {
      let shown = " " + title.truncated(toWidth: area.width - 6) + " "
      buffer.write(shown, at: area.x + 2, area.y, style: titleStyle)
    }
    return area.inset(horizontal: 2, vertical: 1)
  }
}
