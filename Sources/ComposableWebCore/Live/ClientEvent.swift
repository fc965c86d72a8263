import Foundation

/// What the browser sends: the handler id it found on the element and the value that goes with
/// the event (a field's text, a checkbox's state); or the address Back or Forward went to.
struct ClientEvent: Decodable, Equatable {
  var h: String?
  var v: String?
  var u: String?

  /// The event in `message` (JSON); nil when it is not one. The page's own messages (an object of
  /// strings) are read by hand, which costs a fraction of a `JSONDecoder` (a sizeable share of an
  /// event's round trip); anything else is left to `JSONDecoder`, so both accept the same.
  init?(_ message: String) {
    if let event = Self(pageMessage: message) {
      self = event
    } else if let event = try? JSONDecoder().decode(Self.self, from: Data(message.utf8)) {
      self = event
    } else {
      return nil
    }
  }

  init(h: String? = nil, v: String? = nil, u: String? = nil) {
    self.h = h
    self.v = v
    self.u = u
  }

  /// The page's own messages, read by hand: an object whose only keys are `h`, `v` and `u`, each
  /// at most once, whose values are strings or `null`. Nil for anything else, including what is
  /// merely unusual (another key, a number, nesting, a repeated key, a key written with escapes),
  /// which is left to `JSONDecoder`.
  private init?(pageMessage message: String) {
    var message = message
    guard let event = message.withUTF8({ bytes in
      var reader = PageMessageReader(bytes: bytes)
      return reader.event()
    }) else { return nil }
    self = event
  }
}

/// Reads a page's message (see `ClientEvent.init(pageMessage:)`) from its UTF-8, making nothing
/// but the strings it returns: an event is read on every click and keystroke, before anything else
/// the server does for it.
private struct PageMessageReader {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  /// The event; nil unless the whole input is such an object.
  mutating func event() -> ClientEvent? {
    var event = ClientEvent()
    var seen = 0
    skipSpace()
    guard take(UInt8(ascii: "{")) else { return nil }
    skipSpace()
    if take(UInt8(ascii: "}")) { return end() ? event : nil }
    while true {
      skipSpace()
      guard let key = key(), seen & key.rawValue == 0 else { return nil }
      seen |= key.rawValue
      skipSpace()
      guard take(UInt8(ascii: ":")) else { return nil }
      skipSpace()
      let value: String?
      if takeNull() {
        value = nil
      } else if let text = string() {
        value = text
      } else {
        return nil
      }
      switch key {
      case .h: event.h = value
      case .v: event.v = value
      case .u: event.u = value
      }
      skipSpace()
      if take(UInt8(ascii: ",")) { continue }
      guard take(UInt8(ascii: "}")) else { return nil }
      return end() ? event : nil
    }
  }

  private enum Key: Int {
    case h = 1, v = 2, u = 4
  }

  /// `"h"`, `"v"` or `"u"`, as they are written; nil for any other key.
  private mutating func key() -> Key? {
    guard index + 3 <= bytes.count, bytes[index] == UInt8(ascii: "\""), bytes[index + 2] == UInt8(ascii: "\"")
    else { return nil }
    let key: Key? =
      switch bytes[index + 1] {
      case UInt8(ascii: "h"): .h
      case UInt8(ascii: "v"): .v
      case UInt8(ascii: "u"): .u
      default: nil
      }
    if key != nil { index += 3 }
    return key
  }

  private mutating func end() -> Bool {
    skipSpace()
    return index == bytes.count
  }

  private mutating func take(_ byte: UInt8) -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  private mutating func takeNull() -> Bool {
    guard index + 4 <= bytes.count, bytes[index] == UInt8(ascii: "n"), bytes[index + 1] == UInt8(ascii: "u"),
      bytes[index + 2] == UInt8(ascii: "l"), bytes[index + 3] == UInt8(ascii: "l")
    else { return false }
    index += 4
    return true
  }

  private mutating func skipSpace() {
    while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
      index += 1
    }
  }

  /// A string, its escapes undone; nil on anything JSON does not allow in one. (The input is a
  /// Swift string's UTF-8, valid, and cut only at quotes and backslashes, so the bytes between
  /// are valid UTF-8 too.)
  private mutating func string() -> String? {
    guard take(UInt8(ascii: "\"")) else { return nil }
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        defer { index += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
      }
      if byte < 0x20 { return nil }
      if byte == UInt8(ascii: "\\") { return escapedString(from: start) }
      index += 1
    }
    return nil
  }

  /// The rest of a string that has escapes, from `start` (its first byte); `index` is at the
  /// first backslash.
  private mutating func escapedString(from start: Int) -> String? {
    var utf8 = Array(bytes[start..<index])
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return String(decoding: utf8, as: UTF8.self)
      }
      if byte < 0x20 { return nil }
      guard byte == UInt8(ascii: "\\") else {
        utf8.append(byte)
        index += 1
        continue
      }
      guard index + 1 < bytes.count else { return nil }
      let escape = bytes[index + 1]
      index += 2
      switch escape {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
      case UInt8(ascii: "b"): utf8.append(0x08)
      case UInt8(ascii: "f"): utf8.append(0x0C)
      case UInt8(ascii: "n"): utf8.append(0x0A)
      case UInt8(ascii: "r"): utf8.append(0x0D)
      case UInt8(ascii: "t"): utf8.append(0x09)
      case UInt8(ascii: "u"):
        guard let unit = hex4() else { return nil }
        let scalar: Unicode.Scalar?
        if (0xD800..<0xDC00).contains(unit) {
          // A surrogate pair: the low half must follow.
          guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hex4(), (0xDC00..<0xE000).contains(low)
          else { return nil }
          scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
        } else {
          scalar = Unicode.Scalar(unit)
        }
        guard let scalar else { return nil }
        UTF8.encode(scalar) { utf8.append($0) }
      default:
        return nil
      }
    }
    return nil
  }

  private mutating func hex4() -> UInt32? {
    guard index + 4 <= bytes.count else { return nil }
    var value: UInt32 = 0
    for byte in bytes[index..<index + 4] {
      guard let digit = hexDigit(byte) else { return nil }
      value = value << 4 | digit
    }
    index += 4
    return value
  }

  private func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }
}
