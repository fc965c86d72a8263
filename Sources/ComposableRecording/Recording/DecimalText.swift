/// Numbers a recording writes on every line, kept as their decimal text too, so that a line
/// copies a few bytes instead of dividing by ten once per digit.

/// The sequence number of a recording's lines: incrementing it carries in the text.
struct DecimalCounter {
  private(set) var value = 0
  /// The digits, most significant first.
  private(set) var text: [UInt8] = [UInt8(ascii: "0")]

  mutating func increment() {
    value += 1
    var index = text.count - 1
    while index >= 0 {
      if text[index] != UInt8(ascii: "9") {
        text[index] &+= 1
        return
      }
      text[index] = UInt8(ascii: "0")
      index -= 1
    }
    text.insert(UInt8(ascii: "1"), at: 0)
  }
}

/// The time field of the last line: sends in the same millisecond write the same text.
struct LastMilliseconds {
  private var milliseconds: Int64 = -1
  private let text = JSONLine(capacity: 32)

  /// Appends `milliseconds` as seconds with three decimals (see `JSONLine.append(milliseconds:)`).
  mutating func append(_ milliseconds: Int64, to line: JSONLine) {
    if milliseconds != self.milliseconds {
      self.milliseconds = milliseconds
      text.truncate(to: 0)
      text.append(milliseconds: milliseconds)
    }
    line.append(text.bytes)
  }
}
