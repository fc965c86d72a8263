/// A rectangle of terminal cells: the area a widget renders into.
///
/// ```swift
/// let screen = Rect(x: 0, y: 0, width: 80, height: 24)
/// let (header, rest) = screen.splitTop(1)
/// let (body, footer) = rest.splitBottom(1)
/// ```
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  /// The leftmost column.
  public var x: Int
  /// The top row.
  public var y: Int
  /// The number of columns.
  public var width: Int
  /// The number of rows.
  public var height: Int

  /// The rectangle of `width` × `height` cells whose top-left cell is (`x`, `y`).
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// Whether it holds no cell.
  public var isEmpty: Bool { width == 0 || height == 0 }
  /// The column just right of it.
  public var maxX: Int { x + width }
  /// The row just below it.
  public var maxY: Int { y + height }

  /// The first `rows` rows, and the rest.
  public func splitTop(_ rows: Int) -> (top: Rect, rest: Rect) {
    let rows = min(max(0, rows), height)
    return (
      Rect(x: x, y: y, width: width, height: rows),
      Rect(x: x, y: y + rows, width: width, height: height - rows)
    )
  }

  /// The last `rows` rows, and the rest.
  public func splitBottom(_ rows: Int) -> (rest: Rect, bottom: Rect) {
    let rows = min(max(0, rows), height)
    return (
      Rect(x: x, y: y, width: width, height: height - rows),
      Rect(x: x, y: y + height - rows, width: width, height: rows)
    )
  }

  /// The rectangle shrunk by `horizontal` cells on the left and right and `vertical` rows at the
  /// top and bottom.
  public func inset(horizontal: Int = 0, vertical: Int = 0) -> Rect {
    Rect(x: x + horizontal, y: y + vertical, width: width - 2 * horizontal, height: height - 2 * vertical)
  }

  /// A rectangle of at most the given size, centred in this one.
  public func centered(width: Int, height: Int) -> Rect {
    let width = min(width, self.width)
    let height = min(height, self.height)
    return Rect(x: x + (self.width - width) / 2, y: y + (self.height - height) / 2, width: width, height: height)
  }

  /// Row `index` (from 0) of the rectangle, one cell high.
  public func row(_ index: Int) -> Rect {
    Rect(x: x, y: y + index, width: width, height: index < height ? 1 : 0)
  }

  public var description: String { "(\(x), \(y)) \(width)×\(height)" }
}
