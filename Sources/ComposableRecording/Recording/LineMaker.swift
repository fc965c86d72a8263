import ComposableArchitecture
import CustomDump
import Dependencies
import ConcurrencyExtras
import Foundation
import Sharing

/// Makes a recording's lines: the header, then one line per action, numbered in order.
///
/// Not thread-safe: one thread at a time uses it (the recording thread in durable mode, the
/// writer in buffered mode).
final class LineMaker {
  /// The line being made; its buffer is kept.
  private let line = JSONLine()
  // `@exclusivity(unchecked)` on the fields a line touches: one thread at a time uses a line
  // maker, and each access is a short edit that calls nothing that could reach this object again,
  // so the dynamic exclusivity check (two per recorded action, about a tenth of its cost) can
  // never fire.
  @exclusivity(unchecked) private var sequence = DecimalCounter()
  @exclusivity(unchecked) private var lastMilliseconds = LastMilliseconds()
  /// Made once: making an encoder costs more than encoding a small action.
  private let encoder: JSONEncoder
  /// What ``RecordingEncoder`` gives values: navigation stacks with their ids, and the counter of
  /// shared values encoded.
  private let userInfo: [CodingUserInfoKey: Any]
  /// How many shared values (`@Shared`) the encodings since ``takeSharedValuesRead()`` read.
  private let sharedValuesRead = SharedValuesRead()

  init() {
    encoder = recordingEncoder()
    encoder.userInfo[.sharedValuesRead] = sharedValuesRead
    userInfo = [.stackElementIDs: true, .sharedValuesRead: sharedValuesRead]
  }

  /// How many shared values the encodings since the last call read.
  func takeSharedValuesRead() -> Int {
    defer { sharedValuesRead.count = 0 }
    return sharedValuesRead.count
  }
  /// The `"action":…` field of actions whose type is plain bytes (no references:
  /// `.incrementTapped`, `.tick`, `.select(3)`), by their bytes: equal bytes are an equal action,
  /// so its JSON is the same. Bounded.
  private let plainActionFields = PlainBytesTable()

  /// The first line: the format, the feature, the next stack element id and the state.
  func header<Feature, State>(_ feature: Feature.Type, state: State, nextStackElementID: Int) -> JSONLine {
    let header = JSONLine()
    header.append("{\"format\":")
    header.append(Recording.formatVersion)
    header.append(",\"feature\":")
    header.append(quoted: String(reflecting: feature))
    header.append(",\"nextStackElementID\":")
    header.append(nextStackElementID)
    header.append(",")
    appendField("state", state, to: header)
    header.append("}\n")
    return header
  }

  /// Starts the next action's line: its number, time and, for an effect's, its source (a line
  /// without one is a sent action's).
  func begin(milliseconds: Int64, isEffect: Bool) {
    sequence.increment()
    line.truncate(to: 0)
    line.append("{\"seq\":")
    line.append(sequence.text)
    line.append(",\"t\":")
    lastMilliseconds.append(milliseconds, to: line)
    line.append(isEffect ? ",\"source\":\"receive\"," : ",")
  }

  /// The next action's line, whole (valid until the next line).
  func line<Action>(
    milliseconds: Int64, isEffect: Bool, action: Action,
    reads: (uuids: [UUID], dates: [Date], randoms: [UInt64])?, state: Any?
  ) -> JSONLine {
    begin(milliseconds: milliseconds, isEffect: isEffect)
    appendAction(action)
    return end(reads: reads, state: state)
  }

  /// Ends the line with the values read, if any, and the state, if it is due, given as a value or
  /// as its field made by ``field(_:_:)`` (valid until the next line).
  func end(
    reads: (uuids: [UUID], dates: [Date], randoms: [UInt64])?, state: Any? = nil, stateField: [UInt8]? = nil
  ) -> JSONLine {
    if let reads {
      line.append(",\"reads\":{")
      appendReads(reads)
      line.append("}")
    }
    if let state {
      line.append(",")
      appendField("state", state, to: line)
    } else if let stateField {
      line.append(",")
      line.append(stateField)
    }
    line.append("}\n")
    return line
  }

  /// The line that holds the state after action `sequence` on its own, written after the
  /// action's line: `{"stateAfter":N,"state":…}` (valid until the next line). nil when encoding
  /// it read a shared value, which it encoded as it is now rather than as it was after the action.
  func stateLine(after sequence: Int, _ state: Any) -> JSONLine? {
    sharedValuesRead.count = 0
    line.truncate(to: 0)
    line.append("{\"stateAfter\":")
    line.append(sequence)
    line.append(",")
    appendField("state", state, to: line)
    line.append("}\n")
    return takeSharedValuesRead() == 0 ? line : nil
  }

  /// `"key":<json>` for `value` (see `appendField`), on its own.
  func field(_ key: StaticString, _ value: Any) -> [UInt8] {
    let field = JSONLine()
    appendField(key, value, to: field)
    return field.array
  }

  /// Appends the action of a buffered step, whose plain bytes are of the type `type`.
  func appendAction(_ action: RecordedAction, type: ObjectIdentifier, plainValue: (PlainBytes) -> Any) {
    switch action {
    case let .plain(low, high):
      let bytes = PlainBytes(type: type, low: low, high: high)
      appendPlainAction(bytes) { plainValue(bytes) }
    case let .boxed(box):
      appendField("action", box.value, to: line)
    }
  }

  /// Appends the values read, a list for each dependency that handed out any.
  private func appendReads(_ reads: (uuids: [UUID], dates: [Date], randoms: [UInt64])) {
    var needsComma = false
    func list<Value>(_ key: StaticString, _ values: [Value], _ appendValue: (Value) -> Void) {
      guard !values.isEmpty else { return }
      if needsComma { line.append(",") }
      needsComma = true
      line.append("\"")
      line.append(key)
      line.append("\":[")
      for (index, value) in values.enumerated() {
        if index > 0 { line.append(",") }
        appendValue(value)
      }
      line.append("]")
    }
    list("uuid", reads.uuids) { line.append(quoted: $0.uuidString) }
    list("date", reads.dates) { date in
      line.append(utf8: "\(date.timeIntervalSince1970)")
    }
    // As strings: JSON numbers lose the low bits of a 64-bit integer in most readers.
    list("random", reads.randoms) { random in
      line.append("\"")
      line.append(random)
      line.append("\"")
    }
  }

  /// Appends `action` as JSON (or its dump), from `plainActionFields` when its type is plain
  /// bytes.
  func appendAction<Action>(_ action: Action) {
    guard let bytes = PlainBytes(action) else {
      appendField("action", action, to: line)
      return
    }
    appendPlainAction(bytes) { action }
  }

  /// Appends the action whose bytes are `bytes`: its field from `plainActionFields`, made from
  /// `value()` the first time.
  private func appendPlainAction(_ bytes: PlainBytes, value: () -> Any) {
    if plainActionFields.append(bytes, to: line) { return }
    let field = JSONLine()
    appendField("action", value(), to: field)
    plainActionFields.insert(field.bytes, for: bytes)
    line.append(field.bytes)
  }

  /// Appends `"key":<json>` for `value`, written by ``RecordingEncoder`` (or `JSONEncoder` when
  /// it cannot), or `"keyDump":"<text>"` when `value` is not `Encodable` or fails to encode.
  private func appendField(_ key: StaticString, _ value: Any, to line: JSONLine) {
    if let encodable = value as? any Encodable {
      let start = line.count
      line.append(UInt8(ascii: "\""))
      line.append(key)
      line.append("\":")
      if (try? RecordingEncoder.append(encodable, to: line, userInfo: userInfo)) != nil { return }
      line.truncate(to: start)
    }
    line.append(field: key, json(value, encoder: encoder))
  }
}

/// `value` as JSON with sorted keys, or its dump when it cannot be encoded.
func json(_ value: Any, encoder: JSONEncoder = recordingEncoder()) -> Recording.Value {
  if let encodable = value as? any Encodable {
    if let data = try? encoder.encode(encodable) {
      return .json(String(decoding: data, as: UTF8.self))
    }
  }
  var dump = ""
  customDump(value, to: &dump)
  return .dump(dump)
}
