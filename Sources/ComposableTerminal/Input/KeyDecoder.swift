/// Decodes the bytes a terminal in raw mode sends into ``Key``s.
///
/// Bytes may arrive split anywhere (in the middle of a UTF-8 character or an escape sequence):
/// what is incomplete waits for the next call. A lone Esc cannot be told from the start of a
/// sequence until a short pause has passed, so the reader calls ``flush()`` when nothing more
/// arrives for a few milliseconds while ``isWaitingForMore`` is true. Unknown or malformed
/// sequences and invalid UTF-8 are dropped.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode([0x1B, 0x5B])  // [] (waiting)
/// decoder.decode([0x41])        // [.up]
/// decoder.decode([0x1B])        // [] (waiting)
/// decoder.flush()               // [.escape]
/// ```
public struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []
  private var paste: [UInt8]?

  /// The longest escape sequence waited for; a longer one is dropped as malformed.
  private static let maximumSequenceLength = 32
  private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

  /// A decoder with nothing pending.
  public init() {}

  /// Whether bytes are held back that a following byte could complete (an Esc, an unfinished
  /// sequence or character, or a paste).
  public var isWaitingForMore: Bool { !pending.isEmpty || paste != nil }

  /// The keys that `bytes`, after what was held back, complete.
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending.append(contentsOf: bytes)
    var keys: [Key] = []
    var index = 0
    while index < pending.count {
      if paste != nil {
        guard let next = consumePaste(from: index, into: &keys) else { return keys }
        index = next
        continue
      }
      switch parse(at: index) {
      case let .key(key, length):
        if let key { keys.append(key) }
        index += length
      case .startPaste(let length):
        paste = []
        index += length
      case .incomplete:
        pending.removeFirst(index)
        return keys
      }
    }
    pending.removeAll(keepingCapacity: true)
    return keys
  }

  /// Gives up waiting: a held-back lone Esc becomes ``Key/escape``, an unfinished paste is
  /// delivered as it is, and anything else incomplete is dropped.
  public mutating func flush() -> [Key] {
    defer { pending.removeAll() }
    if let paste {
      self.paste = nil
      return [.paste(String(decoding: paste + pending, as: UTF8.self))]
    }
    if pending.first == 0x1B {
      // Esc followed by an unfinished sequence: the Esc was pressed, the rest is dropped.
      return pending.count == 1 ? [.escape] : []
    }
    return []
  }

  private enum Parsed {
    /// A key (or nil for bytes that are dropped) and how many bytes it took.
    case key(Key?, length: Int)
    case startPaste(length: Int)
    case incomplete
  }

  private func parse(at start: Int) -> Parsed {
    let byte = pending[start]
    switch byte {
    case 0x1B:
      return parseEscape(at: start)
    case 0x0D, 0x0A:
      return .key(.enter, length: 1)
    case 0x09:
      return .key(.tab, length: 1)
    case 0x7F, 0x08:
      return .key(.backspace, length: 1)
    case 0x01...0x1A:
      return .key(.ctrl(Character(Unicode.Scalar(byte + 0x60))), length: 1)
    case 0x00, 0x1C...0x1F:
      return .key(nil, length: 1)
    case 0x20...0x7E:
      return .key(.character(Character(Unicode.Scalar(byte))), length: 1)
    default:
      return parseUTF8(at: start)
    }
  }

  private func parseUTF8(at start: Int) -> Parsed {
    let lead = pending[start]
    let length: Int
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return .key(nil, length: 1)  // a stray continuation byte or an invalid lead byte
    }
    let available = pending.count - start
    for offset in 1..<min(length, available) where pending[start + offset] & 0xC0 != 0x80 {
      return .key(nil, length: offset)  // cut short by a byte that does not continue it
    }
    guard available >= length else { return .incomplete }
    var iterator = pending[start..<start + length].makeIterator()
    var utf8 = UTF8()
    guard case let .scalarValue(scalar) = utf8.decode(&iterator), scalar.value >= 0xA0 else {
      return .key(nil, length: length)  // overlong, surrogate or a C1 control
    }
    return .key(.character(Character(scalar)), length: length)
  }

  private func parseEscape(at start: Int) -> Parsed {
    guard start + 1 < pending.count else { return .incomplete }
    switch pending[start + 1] {
    case UInt8(ascii: "["):
      return parseCSI(at: start)
    case UInt8(ascii: "O"):
      guard start + 2 < pending.count else { return .incomplete }
      let keys: [UInt8: Key] = [
        UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right,
        UInt8(ascii: "D"): .left, UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end,
      ]
      return .key(keys[pending[start + 2]], length: 3)
    default:
      // Esc then another key in the same read (Alt-key, or Esc typed quickly before a key): the
      // Esc is a key of its own and the next byte is parsed on its own.
      return .key(.escape, length: 1)
    }
  }

  /// A control sequence: Esc [ parameters (0x30–0x3F) intermediates (0x20–0x2F) final (0x40–0x7E).
  private func parseCSI(at start: Int) -> Parsed {
    var index = start + 2
    while index < pending.count {
      let byte = pending[index]
      switch byte {
      case 0x20...0x3F:
        index += 1
        if index - start > Self.maximumSequenceLength { return .key(nil, length: index - start) }
      case 0x40...0x7E:
        let parameters = String(decoding: pending[(start + 2)..<index], as: UTF8.self)
        let length = index + 1 - start
        if byte == UInt8(ascii: "~") && parameters == "200" { return .startPaste(length: length) }
        return .key(Self.csiKey(parameters: parameters, final: byte), length: length)
      default:
        return .key(nil, length: index + 1 - start)  // malformed: dropped with the bad byte
      }
    }
    return .incomplete
  }

  private static func csiKey(parameters: String, final: UInt8) -> Key? {
    if parameters.hasPrefix("<") {
      // A mouse report (SGR): `<button;column;row`, `M` for a press, `m` for a release. Only a
      // press of the primary button is a key; releases, other buttons, drags and the wheel are
      // dropped.
      let numbers = parameters.dropFirst().split(separator: ";").compactMap { Int($0) }
      guard final == UInt8(ascii: "M"), numbers.count == 3, numbers[0] & ~0b11100 == 0, numbers[1] > 0, numbers[2] > 0
      else { return nil }
      return .click(column: numbers[1] - 1, row: numbers[2] - 1)
    }
    // Modifiers (`1;5A` for Ctrl-Up) are accepted and ignored.
    let first = parameters.split(separator: ";").first.map(String.init) ?? ""
    switch final {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "Z"): return .backTab
    case UInt8(ascii: "~"):
      switch first {
      case "1", "7": return .home
      case "3": return .delete
      case "4", "8": return .end
      case "5": return .pageUp
      case "6": return .pageDown
      default: return nil
      }
    default:
      return nil
    }
  }

  /// Collects pasted bytes until the end-of-paste sequence; returns where parsing goes on, or nil
  /// when the bytes end in what may be the start of that sequence (kept for the next read).
  private mutating func consumePaste(from start: Int, into keys: inout [Key]) -> Int? {
    let end = Self.pasteEnd
    var index = start
    while index < pending.count {
      if pending[index] == 0x1B {
        let available = min(end.count, pending.count - index)
        if pending[index..<index + available].elementsEqual(end[0..<available]) {
          paste!.append(contentsOf: pending[start..<index])
          guard available == end.count else {
            pending.removeFirst(index)
            return nil
          }
          keys.append(.paste(String(decoding: paste!, as: UTF8.self)))
          paste = nil
          return index + end.count
        }
      }
      index += 1
    }
    paste!.append(contentsOf: pending[start..<index])
    return index
  }
}
