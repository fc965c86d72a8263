import ComposableArchitecture
import Foundation

/// A session written by ``ComposableArchitecture/Reducer/recording(to:stateEvery:mode:)``, read back: the feature it
/// recorded, the state it started from, and each action with what the reducer read from its
/// nondeterministic dependencies.
///
/// ```swift
/// let recording = try Recording(contentsOf: URL(fileURLWithPath: "session.jsonl"))
/// let states = try replay(recording, through: AppFeature())
/// ```
public struct Recording: Sendable {
  /// The format this library writes, and the newest it reads.
  public static let formatVersion = 2

  /// The recorded feature's type, as `String(reflecting:)` names it.
  public let feature: String
  /// The state before the first action, as JSON (or its dump, when the state is not `Encodable`).
  public let initialState: Value
  /// The recorded actions, in the order they were reduced.
  public let steps: [Step]
  /// The id the next pushed navigation stack element got when the recording started (replay
  /// hands out ids from there, so that actions naming stack elements find them).
  public let nextStackElementID: Int
  /// The file it was read from, if any.
  public let fileName: String?
  /// The last line, when it was cut off (the program was killed, or crashed, while writing it):
  /// it is skipped, and this says which line it was. Tools that read recordings show it as a
  /// warning. nil when the file ends with a whole line.
  public let cutOffLine: RecordingError?

  /// A recorded value: JSON, or the `customDump` of a value that is not `Encodable`.
  public enum Value: Sendable, Equatable {
    case json(String)
    case dump(String)

    /// The JSON, when the value was encodable.
    public var json: String? {
      if case let .json(json) = self { return json }
      return nil
    }
  }

  /// Who sent a recorded action.
  public enum Source: String, Sendable {
    /// The front end (`store.send`): a test `send`s it.
    case send
    /// An effect (`.send`, or `send` in `.run`): a test `receive`s it.
    case receive
  }

  /// One action, as recorded.
  public struct Step: Sendable {
    /// 1 for the first action.
    public let sequence: Int
    /// Seconds from the start of the recording to when the action was reduced.
    public let time: Double
    /// Whether the front end sent the action or an effect did.
    public let source: Source
    /// The action, as JSON (or its dump, marked not replayable, when it is not `Codable`).
    public let action: Value
    /// What the reducer read from `uuid` while reducing it.
    public let uuids: [UUID]
    /// What the reducer read from `date`.
    public let dates: [Date]
    /// What the reducer's random number generator answered.
    public let randomNumbers: [UInt64]
    /// The state after the action, where it was recorded.
    public let state: Value?
    /// The line of the file the step is on.
    public let line: Int

    /// Whether the action can be decoded and reduced again.
    public var isReplayable: Bool { action.json != nil }

    /// The step with `state`, when it has none of its own.
    func withState(_ state: Value?) -> Step {
      guard self.state == nil, let state else { return self }
      return Step(
        sequence: sequence, time: time, source: source, action: action, uuids: uuids, dates: dates,
        randomNumbers: randomNumbers, state: state, line: line
      )
    }
  }

  /// Reads a recording. A file written by a newer version, a line that is not a step, or a first
  /// line (the header) cut off throws a ``RecordingError`` naming the line. A cut-off last line
  /// after a whole header (the program was killed while writing it) is skipped and named by
  /// ``cutOffLine``.
  public init(contentsOf url: URL) throws {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw RecordingError(file: url.path, line: nil, problem: "cannot be read: \(error.localizedDescription)")
    }
    try self.init(data: data, file: url.path)
  }

  /// Reads a recording from its bytes; `file` names it in errors. Zero bytes at the end (the space
  /// a recording being written, or one cut short by a crash, reserves for its next lines) are
  /// skipped.
  public init(data: Data, file: String = "recording") throws {
    let end = data.lastIndex(where: { $0 != 0 }).map { $0 + 1 } ?? data.startIndex
    let text = String(decoding: data[..<end], as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var cutOffLine: RecordingError?
    if lines.last == "" {
      lines.removeLast()
    } else if lines.count == 1 {
      throw RecordingError(
        file: file, line: 1,
        problem: "is cut off (the program stopped while writing the recording's first line): the file holds no recording"
      )
    } else if !lines.isEmpty {
      cutOffLine = RecordingError(
        file: file, line: lines.count,
        problem: "is cut off (the program stopped while writing it) and was skipped"
      )
      lines.removeLast()
    }
    self.cutOffLine = cutOffLine
    guard let first = lines.first else {
      throw RecordingError(file: file, line: nil, problem: "is empty: it holds no recording")
    }
    let header = try Self.object(first, line: 1, file: file)
    guard let format = header["format"] as? Int, let feature = header["feature"] as? String else {
      throw RecordingError(file: file, line: 1, problem: "is not a recording's first line (no format and feature)")
    }
    guard format <= Self.formatVersion else {
      throw RecordingError(
        file: file, line: 1,
        problem: "was written in format \(format); this version reads format \(Self.formatVersion) and older. Update the library to read it."
      )
    }
    self.feature = feature
    self.fileName = file
    self.nextStackElementID = header["nextStackElementID"] as? Int ?? 0
    self.initialState = try Self.value(header, "state", line: 1, file: file)
    var steps: [Step] = []
    // States written on lines of their own after their actions' (format 2), by action number.
    var statesAfter: [Int: Value] = [:]
    for (index, line) in lines.enumerated().dropFirst() {
      let number = index + 1
      let object = try Self.object(line, line: number, file: file)
      if let sequence = object["stateAfter"] as? Int {
        statesAfter[sequence] = try Self.value(object, "state", line: number, file: file)
        continue
      }
      // Format 1 wrote `"source":"send"` and `"reads":{}` on every line; format 2 leaves them out.
      guard
        let sequence = object["seq"] as? Int,
        let time = (object["t"] as? NSNumber)?.doubleValue,
        let source = object["source"] == nil ? .send : (object["source"] as? String).flatMap(Source.init(rawValue:)),
        let reads = object["reads"] == nil ? [:] : object["reads"] as? [String: Any]
      else {
        throw RecordingError(file: file, line: number, problem: "is not a recorded action (seq and t are required; source, when given, is send or receive)")
      }
      let uuids = try (reads["uuid"] as? [String] ?? []).map { text in
        guard let uuid = UUID(uuidString: text) else {
          throw RecordingError(file: file, line: number, problem: "has a UUID that does not parse: \(text)")
        }
        return uuid
      }
      let randoms = try (reads["random"] as? [String] ?? []).map { text in
        guard let number = UInt64(text) else {
          throw RecordingError(file: file, line: number, problem: "has a random number that does not parse: \(text)")
        }
        return number
      }
      steps.append(
        Step(
          sequence: sequence, time: time, source: source,
          action: try Self.value(object, "action", line: number, file: file),
          uuids: uuids,
          dates: (reads["date"] as? [NSNumber] ?? []).map { Date(timeIntervalSince1970: $0.doubleValue) },
          randomNumbers: randoms,
          state: object["state"] == nil && object["stateDump"] == nil
            ? nil : try Self.value(object, "state", line: number, file: file),
          line: number
        )
      )
    }
    self.steps = statesAfter.isEmpty ? steps : steps.map { $0.withState(statesAfter[$0.sequence]) }
  }

  private static func object(_ line: String, line number: Int, file: String) throws -> [String: Any] {
    guard
      let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    else {
      throw RecordingError(file: file, line: number, problem: "is not a JSON object")
    }
    return object
  }

  /// The value stored under `key` (JSON) or `key + "Dump"` (text).
  private static func value(_ object: [String: Any], _ key: String, line: Int, file: String) throws -> Value {
    if let dump = object[key + "Dump"] as? String { return .dump(dump) }
    guard let value = object[key] else {
      throw RecordingError(file: file, line: line, problem: "has no \(key)")
    }
    let data = try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes])
    return .json(String(decoding: data, as: UTF8.self))
  }
}

/// A recording that cannot be read, or a replay that cannot go on: which file, which line, what.
public struct RecordingError: Error, Equatable, CustomStringConvertible {
  /// The recording's file.
  public let file: String
  /// The line of the file (1 is the first), when one is at fault.
  public let line: Int?
  /// What is wrong, in words.
  public let problem: String

  /// An error about `line` of `file` (nil: the file as a whole).
  public init(file: String, line: Int?, problem: String) {
    self.file = file
    self.line = line
    self.problem = problem
  }

  public var description: String {
    line.map { "\(file):\($0): the line \(problem)" } ?? "\(file) \(problem)"
  }
}

// MARK: - Writing

/// A line of a recording, built as UTF-8 bytes in a buffer that is kept from line to line: a
/// recorder writes one per action, and copying bytes costs a fraction of interpolating strings.
final class JSONLine {
  // `@exclusivity(unchecked)`: only the short methods below touch these, and none of them calls
  // out to code that could reach this line again.
  @exclusivity(unchecked) private var start: UnsafeMutableRawPointer
  @exclusivity(unchecked) private var capacity: Int
  @exclusivity(unchecked) private(set) var count = 0

  init(capacity: Int = 256) {
    self.capacity = capacity
    start = .allocate(byteCount: capacity, alignment: 1)
  }

  deinit {
    start.deallocate()
  }

  /// The line's bytes; valid until the line changes.
  var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: start, count: count) }

  /// A copy of the line's bytes.
  var array: [UInt8] { Array(bytes) }

  /// Drops what was appended after the first `count` bytes.
  func truncate(to count: Int) {
    self.count = min(count, self.count)
  }

  @inline(__always)
  private func reserve(_ extra: Int) {
    if count + extra > capacity { grow(extra) }
  }

  private func grow(_ extra: Int) {
    let newCapacity = max(capacity * 2, count + extra)
    let grown = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 1)
    grown.copyMemory(from: start, byteCount: count)
    start.deallocate()
    start = grown
    capacity = newCapacity
  }

  @inline(__always)
  func append(_ byte: UInt8) {
    reserve(1)
    start.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
    count += 1
  }

  @inline(__always)
  func append(_ other: UnsafeRawBufferPointer) {
    guard let source = other.baseAddress else { return }
    reserve(other.count)
    (start + count).copyMemory(from: source, byteCount: other.count)
    count += other.count
  }

  @inline(__always)
  func append(_ text: StaticString) {
    append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  func append(_ other: [UInt8]) {
    other.withUnsafeBytes { append($0) }
  }

  /// `text`'s UTF-8 as it is (a number's digits, JSON already written).
  func append(utf8 text: String) {
    var text = text
    text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
  }

  /// `number` in decimal.
  func append(_ number: Int) {
    if number < 0 { append(UInt8(ascii: "-")) }
    append(UInt64(number.magnitude))
  }

  /// `number` in decimal.
  func append(_ number: UInt64) {
    var digits = 1
    var rest = number
    while rest >= 10 {
      digits += 1
      rest /= 10
    }
    appendDigits(number, count: digits)
  }

  /// The last `count` decimal digits of `number`, with leading zeros.
  @inline(__always)
  private func appendDigits(_ number: UInt64, count digits: Int) {
    reserve(digits)
    var number = number
    var index = count + digits
    while index > count {
      index -= 1
      start.storeBytes(of: UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: number % 10), toByteOffset: index, as: UInt8.self)
      number /= 10
    }
    count += digits
  }

  /// `milliseconds` as seconds with three decimals: `12.345`.
  func append(milliseconds: Int64) {
    if milliseconds < 0 { append(UInt8(ascii: "-")) }
    let magnitude = milliseconds.magnitude
    append(magnitude / 1000)
    append(UInt8(ascii: "."))
    appendDigits(magnitude % 1000, count: 3)
  }

  /// `text` as a JSON string: runs of bytes that need no escaping are copied whole.
  func append(quoted text: String) {
    append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      var runStart = 0
      for index in utf8.indices {
        let byte = utf8[index]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
        append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: utf8[runStart..<index])))
        runStart = index + 1
        switch byte {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case UInt8(ascii: "\n"): append("\\n")
        case UInt8(ascii: "\r"): append("\\r")
        case UInt8(ascii: "\t"): append("\\t")
        default:
          append("\\u00")
          let hex: StaticString = "0123456789abcdef"
          append(hex.utf8Start[Int(byte >> 4)])
          append(hex.utf8Start[Int(byte & 0xF)])
        }
      }
      append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: utf8[runStart...])))
    }
    append(UInt8(ascii: "\""))
  }

  /// `"key":<json>`, or `"keyDump":"<text>"` for a value that is not JSON.
  func append(field key: StaticString, _ value: Recording.Value) {
    append(UInt8(ascii: "\""))
    append(key)
    switch value {
    case let .json(json):
      append("\":")
      append(utf8: json)
    case let .dump(dump):
      append("Dump\":")
      append(quoted: dump)
    }
  }
}
