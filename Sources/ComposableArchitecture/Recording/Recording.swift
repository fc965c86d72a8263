import Foundation

/// A session written by ``Reducer/recording(to:stateEvery:)``, read back: the feature it
/// recorded, the state it started from, and each action with what the reducer read from its
/// nondeterministic dependencies.
///
/// ```swift
/// let recording = try Recording(contentsOf: URL(fileURLWithPath: "session.jsonl"))
/// let states = try replay(recording, through: AppFeature())
/// ```
public struct Recording: Sendable {
  /// The format this library writes, and the newest it reads.
  public static let formatVersion = 1

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
  }

  /// Reads a recording. A truncated last line (the program stopped while writing it), a file
  /// written by a newer version, or a line that is not a step throws a ``RecordingError`` naming
  /// the line.
  public init(contentsOf url: URL) throws {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw RecordingError(file: url.path, line: nil, problem: "cannot be read: \(error.localizedDescription)")
    }
    try self.init(data: data, file: url.path)
  }

  /// Reads a recording from its bytes; `file` names it in errors.
  public init(data: Data, file: String = "recording") throws {
    let text = String(decoding: data, as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" {
      lines.removeLast()
    } else if !lines.isEmpty {
      throw RecordingError(
        file: file, line: lines.count,
        problem: "is cut off (the program stopped while writing it); delete the line to read the rest"
      )
    }
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
    for (index, line) in lines.enumerated().dropFirst() {
      let number = index + 1
      let object = try Self.object(line, line: number, file: file)
      guard
        let sequence = object["seq"] as? Int,
        let time = (object["t"] as? NSNumber)?.doubleValue,
        let source = (object["source"] as? String).flatMap(Source.init(rawValue:)),
        let reads = object["reads"] as? [String: Any]
      else {
        throw RecordingError(file: file, line: number, problem: "is not a recorded action (seq, t, source and reads are required)")
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
    self.steps = steps
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

struct RecordingHeader {
  let feature: String
  let state: Recording.Value
  let nextStackElementID: Int

  var line: String {
    "{\"format\":\(Recording.formatVersion),\"feature\":\(quoted(feature)),\"nextStackElementID\":\(nextStackElementID),\(field("state", state))}"
  }
}

struct RecordedReads {
  let uuid: [UUID]
  let date: [TimeInterval]
  let random: [UInt64]
}

struct RecordedStep {
  let seq: Int
  let t: Double
  let source: String
  let action: Recording.Value
  let reads: RecordedReads
  let state: Recording.Value?

  var line: String {
    var line = "{\"seq\":\(seq),\"t\":\(t),\"source\":\"\(source)\",\(field("action", action))"
    line += ",\"reads\":{\"uuid\":[\(reads.uuid.map { quoted($0.uuidString) }.joined(separator: ","))]"
    line += ",\"date\":[\(reads.date.map { "\($0)" }.joined(separator: ","))]"
    // As strings: JSON numbers lose the low bits of a 64-bit integer in most readers.
    line += ",\"random\":[\(reads.random.map { "\"\($0)\"" }.joined(separator: ","))]}"
    if let state { line += "," + field("state", state) }
    return line + "}"
  }
}

/// `"key":<json>` or `"keyDump":"<text>"`.
private func field(_ key: String, _ value: Recording.Value) -> String {
  switch value {
  case let .json(json): "\"\(key)\":\(json)"
  case let .dump(dump): "\"\(key)Dump\":\(quoted(dump))"
  }
}

/// `text` as a JSON string.
private func quoted(_ text: String) -> String {
  let data = try! JSONEncoder().encode(text)
  return String(decoding: data, as: UTF8.self)
}
