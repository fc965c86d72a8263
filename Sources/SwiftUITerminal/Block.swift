import ComposableTerminal

/// A run of characters in one style, from column `x` of its line.
struct Span {
  var x: Int
  var text: String
  var style: Style
}

/// A laid-out piece of a window: its lines of styled text, and the controls in it, at positions
/// relative to its top-left corner. Pieces are laid out inside out (a row, then its section, then
/// the list) and placed in their container by offsetting them, never by copying cells; the screen
/// is drawn from the whole once, clipped to what shows.
struct Block {
  /// How many columns the piece takes.
  var width: Int
  /// Its lines; a later span on a line draws over an earlier one.
  var lines: [[Span]]
  /// The controls in it, in reading order.
  var controls: [TerminalControl] = []
  /// How much it wants to grow along each axis in a stack (a `Spacer`, `frame(maxWidth: .infinity)`,
  /// a field or a list).
  var expandsHorizontally = false
  var expandsVertically = false

  var height: Int { lines.count }

  /// A blank piece of `width` × `height` cells.
  init(width: Int = 0, height: Int = 0) {
    self.width = max(0, width)
    self.lines = Array(repeating: [], count: max(0, height))
  }

  /// One line of `text` in `style`.
  init(_ text: String, style: Style = .plain) {
    width = text.displayWidth
    lines = [text.isEmpty ? [] : [Span(x: 0, text: text, style: style)]]
  }

  static var empty: Block { Block() }

  /// Draws `other` with its top-left corner at (`x`, `y`), growing this piece to hold it.
  mutating func place(_ other: Block, x: Int, y: Int) {
    width = max(width, x + other.width)
    if lines.count < y + other.height {
      lines += Array(repeating: [], count: y + other.height - lines.count)
    }
    for (index, line) in other.lines.enumerated() where !line.isEmpty {
      if x == 0 {
        lines[y + index] += line
      } else {
        lines[y + index] += line.map { Span(x: $0.x + x, text: $0.text, style: $0.style) }
      }
    }
    for var control in other.controls {
      control.rect.x += x
      control.rect.y += y
      controls.append(control)
    }
  }

  /// Draws `other` behind what this piece holds, with its top-left corner at (`x`, `y`).
  mutating func placeBehind(_ other: Block, x: Int, y: Int) {
    var combined = Block(width: 0, height: 0)
    combined.place(other, x: x, y: y)
    combined.place(self, x: 0, y: 0)
    combined.controls = controls + combined.controls.filter { control in !controls.contains { $0.identity == control.identity } }
    combined.expandsHorizontally = expandsHorizontally
    combined.expandsVertically = expandsVertically
    self = combined
  }

  /// Paints the background of `rect` (a colour) under what is drawn there: the spans already on
  /// its lines take its background where they have none.
  mutating func paint(_ rect: Rect, background: ComposableTerminal.Color) {
    guard rect.width > 0, rect.height > 0 else { return }
    if lines.count < rect.maxY { lines += Array(repeating: [], count: rect.maxY - lines.count) }
    width = max(width, rect.maxX)
    let blank = String(repeating: " ", count: rect.width)
    for y in rect.y..<rect.maxY {
      for index in lines[y].indices where lines[y][index].style.background == nil {
        lines[y][index].style.background = background
      }
      lines[y].insert(Span(x: rect.x, text: blank, style: Style(background: background)), at: 0)
    }
  }

  /// This piece with `style` laid over every span's own (bold, a colour where it has none).
  func styled(_ style: Style, keepingForeground: Bool = true) -> Block {
    var block = self
    for index in block.lines.indices {
      for span in block.lines[index].indices {
        let own = block.lines[index][span].style
        var patched = own.patched(with: style)
        if keepingForeground, let foreground = own.foreground { patched.foreground = foreground }
        block.lines[index][span].style = patched
      }
    }
    return block
  }

  /// This piece `width` columns wide, itself placed by `alignment` (leading, centre, trailing).
  func aligned(in width: Int, _ alignment: HorizontalPlacement) -> Block {
    guard width > self.width else { return self }
    var block = Block(width: width, height: 0)
    block.place(self, x: alignment.offset(self.width, in: width), y: 0)
    block.expandsHorizontally = expandsHorizontally
    block.expandsVertically = expandsVertically
    return block
  }

  /// This piece with `top`, `leading`, `bottom` and `trailing` blank cells around it.
  func padded(top: Int, leading: Int, bottom: Int, trailing: Int) -> Block {
    var block = Block(width: width + leading + trailing, height: top + height + bottom)
    block.place(self, x: leading, y: top)
    block.width = width + leading + trailing
    block.expandsHorizontally = expandsHorizontally
    block.expandsVertically = expandsVertically
    return block
  }

  /// Draws the lines `first..<first + rows` of this piece into `buffer` from row `top`, clipped to
  /// `clip`.
  func draw(into buffer: inout Buffer, x: Int, top: Int, first: Int, rows: Int, clip: Rect) {
    guard rows > 0 else { return }
    for row in max(0, first)..<min(lines.count, first + rows) {
      for span in lines[row] {
        buffer.write(span.text, at: x + span.x, top + row - first, style: span.style, clip: clip)
      }
    }
  }
}

/// Where a narrower piece sits across a wider space.
enum HorizontalPlacement {
  case leading, center, trailing

  func offset(_ width: Int, in space: Int) -> Int {
    switch self {
    case .leading: 0
    case .center: max(0, (space - width) / 2)
    case .trailing: max(0, space - width)
    }
  }
}
