/// One cell of the screen: the character drawn there and its style.
///
/// A character two cells wide is stored in its first cell; the cell after it holds an empty
/// `symbol` (a continuation), so every row always has exactly `width` cells.
public struct Cell: Hashable, Sendable {
  /// The grapheme cluster drawn in the cell, or `""` in the second cell of a wide character.
  public var symbol: String
  /// How the cell is drawn.
  public var style: Style

  /// A cell drawing `symbol` in `style`.
  public init(_ symbol: String = " ", style: Style = .plain) {
    self.symbol = symbol
    self.style = style
  }

  /// A space with no style: what a new buffer holds.
  public static let blank = Cell()

  var isContinuation: Bool { symbol.isEmpty }
}

/// An in-memory screen: a grid of cells that widgets render into. A frame is drawn into a new
/// buffer, and only the cells that differ from the previous frame are written to the terminal
/// (see ``FrameEncoder``).
///
/// ```swift
/// var buffer = Buffer(width: 20, height: 2)
/// buffer.write("Hello", at: 0, 0, style: Style(bold: true))
/// buffer.text  // "Hello\n"
/// ```
public struct Buffer: Hashable, Sendable {
  /// The number of columns.
  public let width: Int
  /// The number of rows.
  public let height: Int
  /// The cells, row after row (`cells[y * width + x]`).
  public private(set) var cells: [Cell]

  /// A blank buffer of `width` columns and `height` rows.
  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    self.cells = Array(repeating: .blank, count: self.width * self.height)
  }

  /// The whole buffer as a rectangle.
  public var area: Rect { Rect(x: 0, y: 0, width: width, height: height) }

  /// The cell in column `x` of row `y`.
  public subscript(x: Int, y: Int) -> Cell {
    cells[y * width + x]
  }

  /// Puts a character `characterWidth` (1 or 2) cells wide at (x, y), keeping other wide
  /// characters whole: one that is half overwritten becomes a space.
  mutating func put(_ x: Int, _ y: Int, _ symbol: String, width characterWidth: Int, style: Style) {
    let index = y * width + x
    if cells[index].isContinuation, x > 0 {
      cells[index - 1].symbol = " "
    }
    let after = x + characterWidth
    if after < width, cells[y * width + after].isContinuation {
      cells[y * width + after].symbol = " "
    }
    cells[index] = Cell(symbol, style: style)
    if characterWidth == 2 { cells[index + 1] = Cell("", style: style) }
  }

  /// Writes `text` on row `y` from column `x`, clipped to `maxWidth` cells (and to `clip`), and
  /// returns the number of cells used. Control characters are not drawn; a wide character that
  /// does not fit whole is left out.
  @discardableResult
  public mutating func write(
    _ text: some StringProtocol, at x: Int, _ y: Int, style: Style = .plain, maxWidth: Int? = nil,
    clip: Rect? = nil
  ) -> Int {
    let bounds = clip ?? area
    guard y >= max(0, bounds.y), y < min(height, bounds.maxY) else { return 0 }
    let limit = min(bounds.maxX, width, x + (maxWidth ?? width))
    var column = x
    for character in text {
      let characterWidth = character.displayWidth
      if characterWidth == 0 { continue }
      if column + characterWidth > limit { break }
      if column >= max(0, bounds.x) {
        put(column, y, String(character), width: characterWidth, style: style)
      }
      column += characterWidth
    }
    return column - x
  }

  /// Fills `rect` with `symbol` (a space by default) in `style`.
  public mutating func fill(_ rect: Rect, with symbol: String = " ", style: Style = .plain) {
    let clipped = rect.intersection(area)
    for y in clipped.y..<clipped.maxY {
      for x in clipped.x..<clipped.maxX { put(x, y, symbol, width: 1, style: style) }
    }
  }

  /// Lays `style` over the cells of `rect`, keeping their characters (to highlight a row).
  public mutating func applyStyle(_ style: Style, to rect: Rect) {
    let clipped = rect.intersection(area)
    for y in clipped.y..<clipped.maxY {
      for x in clipped.x..<clipped.maxX {
        cells[y * width + x].style = cells[y * width + x].style.patched(with: style)
      }
    }
  }

  /// The characters of the buffer, one line per row with trailing spaces removed: what a person
  /// sees, for snapshot tests.
  public var text: String {
    var lines: [String] = []
    lines.reserveCapacity(height)
    for y in 0..<height {
      var line = ""
      for x in 0..<width { line += cells[y * width + x].symbol }
      while line.last == " " { line.removeLast() }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }
}

extension Rect {
  /// The part of this rectangle inside `other`.
  public func intersection(_ other: Rect) -> Rect {
    let left = max(x, other.x)
    let top = max(y, other.y)
    let right = min(maxX, other.maxX)
    let bottom = min(maxY, other.maxY)
    return Rect(x: left, y: top, width: right - left, height: bottom - top)
  }
}
