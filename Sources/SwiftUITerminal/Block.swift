import ComposableTerminal

/// A run of characters in one style, from column `x` of its line.
struct Span {
  var x: Int
  var text: String
  var style: Style
}

/// A laid-out piece of a window: its lines of styled text, and the controls in it, at positions
/// relative to its top-left corner. Pieces are laid out inside out (a row, then its section, then
/// the list) and placed in their container by reference, with their offset, never by copying
/// their spans: a list of a thousand rows holds the thousand rows' pieces as they were laid out,
/// and the screen is drawn from the whole once, clipped to what shows (the rows out of sight are
/// skipped, not drawn and clipped). A piece whose lines or controls are changed in place is
/// flattened first.
struct Block {
  /// How many columns the piece takes.
  var width: Int
  /// How many rows it takes.
  private(set) var height: Int
  /// Its own lines, drawn first; a later span on a line draws over an earlier one.
  private var own: [[Span]]
  /// Its own controls, before those of its parts.
  private var ownControls: [TerminalControl] = []
  /// The pieces placed in it, drawn over its own lines in the order they were placed.
  private var parts: [Part] = []
  /// How much it wants to grow along each axis in a stack (a `Spacer`, `frame(maxWidth: .infinity)`,
  /// a field or a list).
  var expandsHorizontally = false
  var expandsVertically = false

  /// A piece placed in another, at an offset.
  private struct Part {
    var block: Block
    var x: Int
    var y: Int
    /// Whether its controls are among the container's (not after the container's were set).
    var includesControls = true
  }

  /// A blank piece of `width` × `height` cells.
  init(width: Int = 0, height: Int = 0) {
    self.width = max(0, width)
    self.height = max(0, height)
    self.own = Array(repeating: [], count: max(0, height))
  }

  /// One line of `text` in `style`.
  init(_ text: String, style: Style = .plain) {
    width = text.displayWidth
    height = 1
    own = [text.isEmpty ? [] : [Span(x: 0, text: text, style: style)]]
  }

  static var empty: Block { Block() }

  /// Its lines, its parts' spans moved to where they were placed.
  var lines: [[Span]] {
    get {
      guard !parts.isEmpty else { return own }
      var lines = own + Array(repeating: [], count: max(0, height - own.count))
      appendParts(to: &lines, dx: 0, dy: 0)
      return lines
    }
    _modify {
      flatten()
      yield &own
      height = own.count
    }
  }

  /// The controls in it, in reading order (its own, then its parts' in the order they were
  /// placed), at their places in it.
  var controls: [TerminalControl] {
    get {
      guard !parts.isEmpty else { return ownControls }
      var controls = ownControls
      appendPartControls(to: &controls, dx: 0, dy: 0)
      return controls
    }
    _modify {
      absorbPartControls()
      yield &ownControls
    }
  }

  private func appendParts(to lines: inout [[Span]], dx: Int, dy: Int) {
    for part in parts {
      let x = dx + part.x
      let y = dy + part.y
      for (index, line) in part.block.own.enumerated() where !line.isEmpty {
        lines[y + index] += x == 0 ? line : line.map { Span(x: $0.x + x, text: $0.text, style: $0.style) }
      }
      part.block.appendParts(to: &lines, dx: x, dy: y)
    }
  }

  private func appendPartControls(to controls: inout [TerminalControl], dx: Int, dy: Int) {
    for part in parts where part.includesControls {
      let x = dx + part.x
      let y = dy + part.y
      for var control in part.block.ownControls {
        control.rect.x += x
        control.rect.y += y
        controls.append(control)
      }
      part.block.appendPartControls(to: &controls, dx: x, dy: y)
    }
  }

  /// Moves the parts' controls among its own, so that its own can be changed in place.
  private mutating func absorbPartControls() {
    guard parts.contains(where: \.includesControls) else { return }
    appendPartControls(to: &ownControls, dx: 0, dy: 0)
    for index in parts.indices { parts[index].includesControls = false }
  }

  /// Moves the parts' spans and controls into its own lines and controls: what changes its
  /// lines one by one does this first.
  mutating func flatten() {
    guard !parts.isEmpty else { return }
    absorbPartControls()
    own = lines
    parts = []
  }

  /// Draws `other` with its top-left corner at (`x`, `y`), growing this piece to hold it.
  mutating func place(_ other: Block, x: Int, y: Int) {
    width = max(width, x + other.width)
    height = max(height, y + other.height)
    guard other.height > 0 || !other.ownControls.isEmpty || !other.parts.isEmpty else { return }
    parts.append(Part(block: other, x: x, y: y))
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
    flatten()
    if height < rect.maxY { lines += Array(repeating: [], count: rect.maxY - height) }
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
    block.flatten()
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
    let start = max(0, first)
    for row in start..<max(start, min(own.count, first + rows)) {
      for span in own[row] {
        buffer.write(span.text, at: x + span.x, top + row - first, style: span.style, clip: clip)
      }
    }
    // A part out of the rows drawn is skipped: of a long list, only the rows in sight are drawn.
    for part in parts where part.y < first + rows && part.y + part.block.height > first {
      part.block.draw(into: &buffer, x: x + part.x, top: top, first: first - part.y, rows: rows, clip: clip)
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
