/// Turns buffers into the bytes that draw them: a whole frame, or only what changed since the
/// previous one, with as few cursor moves and colour changes as it can.
///
/// ```swift
/// let encoder = FrameEncoder(colorMode: .indexed)
/// terminal.write(encoder.fullFrame(first))
/// terminal.write(encoder.changes(from: first, to: second))  // only the cells that differ
/// ```
public struct FrameEncoder: Sendable {
  /// The colours the terminal can show: with 16, indexed colours are drawn as the nearest
  /// standard one; with none, only attributes are drawn.
  public var colorMode: ColorMode

  /// An encoder for a terminal with `colorMode` colours.
  public init(colorMode: ColorMode) {
    self.colorMode = colorMode
  }

  /// Clears the screen and draws every cell of `buffer`.
  public func fullFrame(_ buffer: Buffer) -> [UInt8] {
    var output = Output(colorMode: colorMode)
    output.append("\u{1B}[0m\u{1B}[2J")
    for y in 0..<buffer.height {
      for x in 0..<buffer.width {
        let cell = buffer[x, y]
        // The screen was just cleared: plain blank cells are already right.
        if cell.isContinuation || cell == .blank { continue }
        output.draw(cell, x: x, y: y, lastColumn: buffer.width - 1)
      }
    }
    output.finish()
    return output.bytes
  }

  /// The bytes that turn a screen showing `old` into one showing `new`; a full frame when their
  /// sizes differ, nothing when they are the same.
  public func changes(from old: Buffer, to new: Buffer) -> [UInt8] {
    guard old.width == new.width, old.height == new.height else { return fullFrame(new) }
    var output = Output(colorMode: colorMode)
    for y in 0..<new.height {
      for x in 0..<new.width {
        let cell = new[x, y]
        guard !cell.isContinuation, cell != old[x, y] else { continue }
        output.draw(cell, x: x, y: y, lastColumn: new.width - 1)
      }
    }
    if !output.bytes.isEmpty { output.finish() }
    return output.bytes
  }

}

/// The bytes of one frame being written, and where the cursor and the style are after them.
private struct Output {
  let colorMode: ColorMode
  var bytes: [UInt8] = []
  var cursor: (x: Int, y: Int)?
  /// Every frame leaves the terminal's style plain (see `finish`), so the next starts from it.
  var style = Style.plain

  init(colorMode: ColorMode) {
    self.colorMode = colorMode
    bytes.reserveCapacity(256)
  }

  mutating func append(_ string: String) {
    bytes.append(contentsOf: string.utf8)
  }

  mutating func draw(_ cell: Cell, x: Int, y: Int, lastColumn: Int) {
    move(to: x, y)
    if style != cell.style { setStyle(cell.style) }
    append(cell.symbol)
    let width = max(1, cell.symbol.displayWidth)
    // After the last column the terminal's cursor waits to wrap; its position is then unknown.
    cursor = x + width > lastColumn ? nil : (x + width, y)
  }

  mutating func move(to x: Int, _ y: Int) {
    if let cursor, cursor.y == y, cursor.x == x { return }
    if let cursor, cursor.y == y, cursor.x < x {
      let gap = x - cursor.x
      append(gap == 1 ? "\u{1B}[C" : "\u{1B}[\(gap)C")
    } else {
      append("\u{1B}[\(y + 1);\(x + 1)H")
    }
    cursor = (x, y)
  }

  mutating func setStyle(_ new: Style) {
    var codes = ["0"]
    if new.bold { codes.append("1") }
    if new.dim { codes.append("2") }
    if new.underline { codes.append("4") }
    if new.reverse { codes.append("7") }
    if let foreground = new.foreground, let code = colorCode(foreground, base: 30) {
      codes.append(code)
    }
    if let background = new.background, let code = colorCode(background, base: 40) {
      codes.append(code)
    }
    append("\u{1B}[" + codes.joined(separator: ";") + "m")
    style = new
  }

  func colorCode(_ color: Color, base: Int) -> String? {
    switch colorMode {
    case .none:
      return nil
    case .standard:
      let index = Int(color.standardApproximation)
      return index < 8 ? "\(base + index)" : "\(base + 60 + index - 8)"
    case .indexed, .trueColor:
      switch color {
      case let .standard(index):
        return index < 8 ? "\(base + Int(index))" : "\(base + 60 + Int(index) - 8)"
      case let .indexed(index):
        return "\(base + 8);5;\(index)"
      case let .rgb(red, green, blue):
        return colorMode == .trueColor
          ? "\(base + 8);2;\(red);\(green);\(blue)" : "\(base + 8);5;\(color.indexedApproximation)"
      }
    }
  }

  /// Leaves the terminal's style plain, so that nothing drawn outside a frame inherits ours.
  mutating func finish() {
    if style != .plain { append("\u{1B}[0m") }
    style = .plain
  }
}
