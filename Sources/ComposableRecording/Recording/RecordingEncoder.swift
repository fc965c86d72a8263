import ComposableArchitecture
import Foundation

/// Writes an `Encodable` value as JSON straight into a recording's line, as it encodes.
///
/// Foundation's `JSONEncoder` builds a tree of the value, then writes it: about 18 000
/// instructions for a row of three fields, which made writing a hundred-row state cost more than
/// the action that changed it. This encoder writes each field as it is encoded, closing an object
/// or an array when its encoding moves on to a container around it.
///
/// Its JSON decodes as `JSONEncoder`'s does, with the default strategies (`Date` as seconds since
/// 2001, `Data` as Base64, `URL` as its string, `Decimal` as a number); only the order of keys
/// differs (the order they are encoded in: `Recording` reads each value back in sorted order). A
/// value whose encoding writes to a container after moving on from it, which this encoder cannot
/// write in one pass, fails with `RecordingEncoderError`; the recorder then uses `JSONEncoder`.
final class RecordingEncoder {
  /// The open objects and arrays, outermost first.
  private struct Frame {
    let id: Int
    let isObject: Bool
    /// The key this container sits under in the one around it (nil at the top).
    let key: (any CodingKey)?
    /// The encoder that opened it, so that asking that encoder for a container again continues
    /// it (a subclass encoding its fields after its superclass's).
    let owner: Int
    var count = 0
    /// Where the value of the last element starts when another encoder writes it (a
    /// `superEncoder`), so that one that writes nothing can be given `{}`.
    var pendingValue: Int?
  }

  private let line: JSONLine
  let userInfo: [CodingUserInfoKey: Any]
  // `@exclusivity(unchecked)`: one encoding uses an encoder, on one thread, and no access to
  // these is held across a call out to a value's `encode(to:)`.
  @exclusivity(unchecked) private var frames: [Frame] = []
  @exclusivity(unchecked) private var nextID = 0
  /// Why the value cannot be written in one pass, once it is known.
  @exclusivity(unchecked) private var failure: String?

  private init(line: JSONLine, userInfo: [CodingUserInfoKey: Any]) {
    self.line = line
    self.userInfo = userInfo
  }

  /// Appends `value` as JSON to `line`; on failure leaves `line` as it was.
  static func append<Value: Encodable>(
    _ value: Value, to line: JSONLine, userInfo: [CodingUserInfoKey: Any]
  ) throws {
    let start = line.count
    let encoder = RecordingEncoder(line: line, userInfo: userInfo)
    do {
      try encoder.encodeValue(value, key: nil, depth: 0)
      if let failure = encoder.failure { throw RecordingEncoderError(problem: failure) }
    } catch {
      line.truncate(to: start)
      throw error
    }
  }

  fileprivate func makeID() -> Int {
    nextID += 1
    return nextID
  }

  fileprivate func fail(_ problem: String) {
    if failure == nil { failure = problem }
  }

  /// The keys from the top to a value written at `depth` under `key`.
  fileprivate func codingPath(depth: Int, key: (any CodingKey)?) -> [any CodingKey] {
    frames.prefix(depth).compactMap(\.key) + (key.map { [$0] } ?? [])
  }

  /// Closes the containers deeper than `depth`: encoding has moved on from them.
  private func close(downTo depth: Int) {
    while frames.count > depth {
      fillPendingValue(frames.count - 1)
      line.append(frames.removeLast().isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }
  }

  private func fillPendingValue(_ index: Int) {
    if let pending = frames[index].pendingValue {
      if pending == line.count { line.append("{}") }
      frames[index].pendingValue = nil
    }
  }

  /// Where the next bytes go.
  fileprivate var position: Int { line.count }

  /// `value` at `depth`, written by its own `encode(to:)` unless JSON has a form for it; `{}`
  /// when it writes nothing, as `JSONEncoder` does.
  fileprivate func encodeValue<Value: Encodable>(_ value: Value, key: (any CodingKey)?, depth: Int) throws {
    if Value.self == Data.self {
      appendString((value as! Data).base64EncodedString())
    } else if Value.self == URL.self {
      appendString((value as! URL).absoluteString)
    } else if Value.self == Decimal.self {
      line.append(utf8: (value as! Decimal).description)
    } else {
      let start = line.count
      let owner = makeID()
      try value.encode(to: ValueEncoder(encoder: self, depth: depth, key: key, owner: owner, start: start))
      close(downTo: depth)
      if line.count == start { line.append("{}") }
    }
  }

  fileprivate func appendString(_ string: String) {
    line.append(quoted: string)
  }

  fileprivate func append(_ value: Bool) {
    line.append(value ? "true" : "false")
  }

  fileprivate func appendNull() {
    line.append("null")
  }

  fileprivate func append<Integer: BinaryInteger>(integer value: Integer) {
    if Integer.isSigned {
      line.append(Int(truncatingIfNeeded: Int64(value)))
    } else {
      line.append(UInt64(value))
    }
  }

  fileprivate func append<Float: BinaryFloatingPoint & LosslessStringConvertible>(
    float value: Float, path: @autoclosure () -> [any CodingKey]
  ) throws {
    guard value.isFinite else {
      throw EncodingError.invalidValue(
        value, EncodingError.Context(codingPath: path(), debugDescription: "\(value) is not a JSON number.")
      )
    }
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    line.append(utf8: text)
  }

  // MARK: Containers

  /// Opens a container for the value written at `depth` by the encoder `owner`, or continues
  /// the one that encoder opened.
  fileprivate func open(isObject: Bool, depth: Int, key: (any CodingKey)?, owner: Int, start: Int) -> Int {
    if frames.count > depth, frames[depth].owner == owner, frames[depth].isObject == isObject {
      close(downTo: depth + 1)
      return frames[depth].id
    }
    if frames.count > depth || line.count != start {
      fail("\(codingPath(depth: depth, key: key).map(\.stringValue)) asks for a second container")
    }
    close(downTo: depth)
    let id = makeID()
    frames.append(Frame(id: id, isObject: isObject, key: key, owner: owner))
    line.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
    return id
  }

  /// Gets the container `id` at `depth` ready for its next element: closes what was opened
  /// inside it, writes the comma, and for an object the key. False when it was closed already.
  fileprivate func beginElement(id: Int, depth: Int, key: String?) -> Bool {
    guard frames.count > depth, frames[depth].id == id else {
      fail("\(codingPath(depth: depth, key: nil).map(\.stringValue) + [key ?? "(element)"]) is written after its container was left")
      return false
    }
    close(downTo: depth + 1)
    fillPendingValue(depth)
    if frames[depth].count > 0 { line.append(UInt8(ascii: ",")) }
    frames[depth].count += 1
    if let key {
      line.append(quoted: key)
      line.append(UInt8(ascii: ":"))
    }
    return true
  }

  /// Marks the element just begun in container `id` as written by another encoder.
  fileprivate func expectValue(id: Int, depth: Int) {
    if frames.count > depth, frames[depth].id == id { frames[depth].pendingValue = line.count }
  }

  fileprivate func count(id: Int, depth: Int) -> Int {
    frames.count > depth && frames[depth].id == id ? frames[depth].count : 0
  }
}

/// A value the recording encoder cannot write in one pass.
struct RecordingEncoderError: Error {
  let problem: String
}

/// The encoder a value's `encode(to:)` writes itself with, at a depth of the output.
private struct ValueEncoder: Encoder {
  let encoder: RecordingEncoder
  let depth: Int
  let key: (any CodingKey)?
  let owner: Int
  /// Where in the line this value starts.
  let start: Int

  var codingPath: [any CodingKey] { encoder.codingPath(depth: depth, key: key) }
  var userInfo: [CodingUserInfoKey: Any] { encoder.userInfo }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    let id = encoder.open(isObject: true, depth: depth, key: key, owner: owner, start: start)
    return KeyedEncodingContainer(ObjectContainer(encoder: encoder, id: id, depth: depth, key: key))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    let id = encoder.open(isObject: false, depth: depth, key: key, owner: owner, start: start)
    return ArrayContainer(encoder: encoder, id: id, depth: depth, key: key)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleContainer(encoder: self)
  }
}

private struct SingleContainer: SingleValueEncodingContainer {
  let encoder: ValueEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  private var output: RecordingEncoder { encoder.encoder }

  mutating func encodeNil() throws { output.appendNull() }
  mutating func encode(_ value: Bool) throws { output.append(value) }
  mutating func encode(_ value: String) throws { output.appendString(value) }
  mutating func encode(_ value: Double) throws { try output.append(float: value, path: codingPath) }
  mutating func encode(_ value: Float) throws { try output.append(float: value, path: codingPath) }
  mutating func encode(_ value: Int) throws { output.append(integer: value) }
  mutating func encode(_ value: Int8) throws { output.append(integer: value) }
  mutating func encode(_ value: Int16) throws { output.append(integer: value) }
  mutating func encode(_ value: Int32) throws { output.append(integer: value) }
  mutating func encode(_ value: Int64) throws { output.append(integer: value) }
  mutating func encode(_ value: UInt) throws { output.append(integer: value) }
  mutating func encode(_ value: UInt8) throws { output.append(integer: value) }
  mutating func encode(_ value: UInt16) throws { output.append(integer: value) }
  mutating func encode(_ value: UInt32) throws { output.append(integer: value) }
  mutating func encode(_ value: UInt64) throws { output.append(integer: value) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    try encoder.encoder.encodeValue(value, key: encoder.key, depth: encoder.depth)
  }
}

private struct ObjectContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: RecordingEncoder
  let id: Int
  /// The depth of the value this object is; its fields are one deeper.
  let depth: Int
  let key: (any CodingKey)?

  var codingPath: [any CodingKey] { encoder.codingPath(depth: depth, key: key) }

  /// Starts the field `key`; false when this object was left already (the encoder has failed).
  private func begin(_ key: Key) -> Bool {
    encoder.beginElement(id: id, depth: depth, key: key.stringValue)
  }

  mutating func encodeNil(forKey key: Key) throws { if begin(key) { encoder.appendNull() } }
  mutating func encode(_ value: Bool, forKey key: Key) throws { if begin(key) { encoder.append(value) } }
  mutating func encode(_ value: String, forKey key: Key) throws { if begin(key) { encoder.appendString(value) } }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    if begin(key) { try encoder.append(float: value, path: codingPath + [key]) }
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    if begin(key) { try encoder.append(float: value, path: codingPath + [key]) }
  }
  mutating func encode(_ value: Int, forKey key: Key) throws { if begin(key) { encoder.append(integer: value) } }
  mutating func encode(_ value: Int8, forKey key: Key) throws { if begin(key) { encoder.append(integer: value) } }
  mutating func encode(_ value: Int16, forKey key: Key) throws { if begin(key) { encoder.append(integer: value) } }
  mutating func encode(_ value: Int32, forKey key: Key) throws { if begin(key) { encoder.append(integer: value) } }
  mutating func encode(_ value: Int64, forKey key: Key) throws { if begin(key) { encoder.append(integer: value) } }
  mutating func encode(_ value: UInt, forKey key: Key) throws { if begin(key) { encoder.append(integer: value) } }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { if begin(key) { encoder.append(integer: value) } }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { if begin(key) { encoder.append(integer: value) } }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { if begin(key) { encoder.append(integer: value) } }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { if begin(key) { encoder.append(integer: value) } }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    if begin(key) { try encoder.encodeValue(value, key: key, depth: depth + 1) }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    _ = begin(key)
    return ValueEncoder(encoder: encoder, depth: depth + 1, key: key, owner: encoder.makeID(), start: encoder.position)
      .container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    _ = begin(key)
    return ValueEncoder(encoder: encoder, depth: depth + 1, key: key, owner: encoder.makeID(), start: encoder.position)
      .unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    superEncoder(named: SuperKey.super)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    superEncoder(named: key)
  }

  private func superEncoder(named key: any CodingKey) -> any Encoder {
    if encoder.beginElement(id: id, depth: depth, key: key.stringValue) { encoder.expectValue(id: id, depth: depth) }
    return ValueEncoder(encoder: encoder, depth: depth + 1, key: key, owner: encoder.makeID(), start: encoder.position)
  }
}

private struct ArrayContainer: UnkeyedEncodingContainer {
  let encoder: RecordingEncoder
  let id: Int
  let depth: Int
  let key: (any CodingKey)?

  var codingPath: [any CodingKey] { encoder.codingPath(depth: depth, key: key) }
  var count: Int { encoder.count(id: id, depth: depth) }

  private func begin() -> Bool {
    encoder.beginElement(id: id, depth: depth, key: nil)
  }

  private var elementKey: IndexKey { IndexKey(intValue: count) }

  mutating func encodeNil() throws { if begin() { encoder.appendNull() } }
  mutating func encode(_ value: Bool) throws { if begin() { encoder.append(value) } }
  mutating func encode(_ value: String) throws { if begin() { encoder.appendString(value) } }
  mutating func encode(_ value: Double) throws {
    let path = codingPath + [elementKey]
    if begin() { try encoder.append(float: value, path: path) }
  }
  mutating func encode(_ value: Float) throws {
    let path = codingPath + [elementKey]
    if begin() { try encoder.append(float: value, path: path) }
  }
  mutating func encode(_ value: Int) throws { if begin() { encoder.append(integer: value) } }
  mutating func encode(_ value: Int8) throws { if begin() { encoder.append(integer: value) } }
  mutating func encode(_ value: Int16) throws { if begin() { encoder.append(integer: value) } }
  mutating func encode(_ value: Int32) throws { if begin() { encoder.append(integer: value) } }
  mutating func encode(_ value: Int64) throws { if begin() { encoder.append(integer: value) } }
  mutating func encode(_ value: UInt) throws { if begin() { encoder.append(integer: value) } }
  mutating func encode(_ value: UInt8) throws { if begin() { encoder.append(integer: value) } }
  mutating func encode(_ value: UInt16) throws { if begin() { encoder.append(integer: value) } }
  mutating func encode(_ value: UInt32) throws { if begin() { encoder.append(integer: value) } }
  mutating func encode(_ value: UInt64) throws { if begin() { encoder.append(integer: value) } }
  mutating func encode<T: Encodable>(_ value: T) throws {
    let key = elementKey
    if begin() { try encoder.encodeValue(value, key: key, depth: depth + 1) }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
    let key = elementKey
    _ = begin()
    return ValueEncoder(encoder: encoder, depth: depth + 1, key: key, owner: encoder.makeID(), start: encoder.position)
      .container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let key = elementKey
    _ = begin()
    return ValueEncoder(encoder: encoder, depth: depth + 1, key: key, owner: encoder.makeID(), start: encoder.position)
      .unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    let key = elementKey
    if begin() { encoder.expectValue(id: id, depth: depth) }
    return ValueEncoder(encoder: encoder, depth: depth + 1, key: key, owner: encoder.makeID(), start: encoder.position)
  }
}

private struct IndexKey: CodingKey {
  let intValue: Int?
  var stringValue: String { "Index \(intValue ?? 0)" }
  init(intValue: Int) { self.intValue = intValue }
  init?(stringValue: String) { nil }
}

private enum SuperKey: String, CodingKey {
  case `super`
}
