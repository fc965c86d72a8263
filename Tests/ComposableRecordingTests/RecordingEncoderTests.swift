import ComposableArchitecture
@testable import ComposableRecording
import Foundation
import Testing

/// The recorder's one-pass JSON encoder against Foundation's: the same JSON (keys aside), so the
/// same values decode.
struct RecordingEncoderTests {
  struct Everything: Codable, Equatable {
    var text = "quote \" backslash \\ slash / newline \n tab \t bell \u{7} é 🎉"
    var empty = ""
    var integers: [Int64] = [0, -1, .min, .max]
    var unsigned: UInt64 = .max
    var small: Int8 = -128
    var doubles: [Double] = [0, -0.0, 0.1, 2, 1e-5, 1.5e300, -123.25]
    var float: Float = 0.1
    var flag = true
    var missing: Int? = nil
    var present: Int? = 3
    var nested: [[String]] = [[], ["a"], ["b", "c"]]
    var byName: [String: Int] = ["one": 1, "two": 2]
    var byNumber: [Int: String] = [1: "one", 20: "twenty"]
    var date = Date(timeIntervalSince1970: 1_800_000_000.5)
    var data = Data([0, 1, 2, 254, 255])
    var url = URL(string: "https://example.com/a?b=c")!
    var decimal = Decimal(string: "12.345")!
    var choice = Choice.pair(1, label: "x")
    var choices: [Choice] = [.none, .one("é"), .pair(2, label: "y")]
    var nothing = Nothing()
    var wrapped = Wrapper(value: 7)
  }

  enum Choice: Codable, Equatable {
    case none
    case one(String)
    case pair(Int, label: String)
  }

  /// Encodes no field at all: `{}`.
  struct Nothing: Codable, Equatable {
    func encode(to encoder: any Encoder) throws {}
    init() {}
    init(from decoder: any Decoder) throws {}
  }

  /// Encodes as the value it wraps.
  struct Wrapper: Codable, Equatable {
    var value: Int
    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(value)
    }
    init(value: Int) { self.value = value }
    init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(Int.self) }
  }

  class Base: Codable {
    var name = "base"
    init() {}
  }

  final class Derived: Base, @unchecked Sendable {
    var extra = 2
    enum CodingKeys: String, CodingKey { case extra }
    override init() { super.init() }
    required init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      extra = try container.decode(Int.self, forKey: .extra)
      try super.init(from: container.superDecoder())
    }
    override func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(extra, forKey: .extra)
      try super.encode(to: container.superEncoder())
    }
  }

  /// Writes a field of its object after moving on to a nested one: not writable in one pass.
  struct OutOfOrder: Encodable {
    enum Keys: String, CodingKey { case a, b, c }
    func encode(to encoder: any Encoder) throws {
      var outer = encoder.container(keyedBy: Keys.self)
      var inner = outer.nestedContainer(keyedBy: Keys.self, forKey: .a)
      try outer.encode(1, forKey: .b)
      try inner.encode(2, forKey: .c)
    }
  }

  func recorded<Value: Encodable>(_ value: Value) throws -> String {
    let line = JSONLine()
    try RecordingEncoder.append(value, to: line, userInfo: [.stackElementIDs: true])
    return String(decoding: line.bytes, as: UTF8.self)
  }

  /// JSON with its keys sorted, as `Recording` reads every value.
  func normalized(_ json: String) throws -> String {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
    let data = try JSONSerialization.data(withJSONObject: object, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes])
    return String(decoding: data, as: UTF8.self)
  }

  @Test func writesWhatJSONEncoderWrites() throws {
    let value = Everything()
    let json = try recorded(value)
    let foundation = String(decoding: try recordingEncoder().encode(value), as: UTF8.self)
    #expect(try normalized(json) == normalized(foundation))
    #expect(try JSONDecoder().decode(Everything.self, from: Data(json.utf8)) == value)
    #expect(json.contains(#""nothing":{}"#))
    #expect(json.contains(#""wrapped":7"#))
    #expect(json.contains(#""doubles":[0,-0,0.1,2,1e-05,1.5e+300,-123.25]"#))
    #expect(!json.contains("missing"))
  }

  @Test func aSubclassWritesItsSuperclassUnderSuper() throws {
    let json = try recorded(Derived())
    #expect(json == #"{"extra":2,"super":{"name":"base"}}"#)
    let decoded = try JSONDecoder().decode(Derived.self, from: Data(json.utf8))
    #expect(decoded.extra == 2 && decoded.name == "base")
  }

  @Test func navigationStateKeepsItsIDs() throws {
    var stack = StackState<Int>()
    stack.append(5)
    stack.append(6)
    let json = try recorded(stack)
    #expect(try normalized(json) == normalized(String(decoding: recordingEncoder().encode(stack), as: UTF8.self)))
    #expect(json.contains(#""ids":[0,1]"#) || json.contains(#""ids":["#))
    let presented = PresentationState(wrappedValue: Optional(3))
    #expect(try recorded(presented) == "3")
    #expect(try recorded(PresentationState<Int>(wrappedValue: nil)) == "null")
  }

  @Test func whatCannotBeWrittenInOnePassFailsAndLeavesTheLine() throws {
    let line = JSONLine()
    line.append("{\"before\":1,")
    #expect(throws: RecordingEncoderError.self) {
      try RecordingEncoder.append(OutOfOrder(), to: line, userInfo: [:])
    }
    #expect(String(decoding: line.bytes, as: UTF8.self) == "{\"before\":1,")
    #expect(throws: EncodingError.self) { try recorded([Double.nan]) }
  }
}
