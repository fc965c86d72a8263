import ComposableArchitecture
import CustomDump
import Foundation

/// What a generated test is called and what it needs to compile in its test target.
public struct GeneratedTestOptions: Sendable {
  /// The feature's type as the test writes it (`AppFeature`).
  public var feature: String
  /// The expression that makes the reducer (`AppFeature()`).
  public var reducer: String
  /// Lines that go before the test (`@testable import StandupsCore`).
  public var imports: [String]
  /// Extra lines for `withDependencies` (`$0.defaultFileStorage = .inMemory`).
  public var dependencies: [String]
  /// The name of the generated `@Suite` type.
  public var suiteName: String
  /// The name of the generated test function.
  public var testName: String
  /// Where the recording came from, for the header comment.
  public var source: String

  /// Options for a test of `feature` (its type name); `reducer` is the expression that makes it
  /// (`feature + "()"` when nil).
  public init(
    feature: String, reducer: String? = nil, imports: [String] = [], dependencies: [String] = [],
    suiteName: String = "RecordedSessionTests", testName: String = "recordedSession",
    source: String = "a recording"
  ) {
    self.feature = feature
    self.reducer = reducer ?? "\(feature)()"
    self.imports = imports
    self.dependencies = dependencies
    self.suiteName = suiteName
    self.testName = testName
    self.source = source
  }
}

/// The Swift source of a Swift Testing test that plays `recording` with an exhaustive
/// `TestStore`: `send` for each action the front end sent, `receive` for each an effect sent,
/// each with the state it changed (a field assigned a literal where its type has one, else a
/// value decoded from the recorded JSON), the test clock advanced to the time each action came,
/// and `uuid`, `date` and `withRandomNumberGenerator` answering what they answered when recorded.
///
/// The states are those of `replay(_:through:upTo:)`, so a recording the feature no longer
/// replays throws the same `RecordingError`.
public func generateTest<Feature: Reducer>(
  from recording: Recording, for reducer: Feature, options: GeneratedTestOptions
) throws -> String where Feature.State: Codable, Feature.Action: Decodable {
  let states = try replay(recording, through: reducer)
  var body: [String] = []
  var clockPosition = 0
  for (index, step) in recording.steps.enumerated() {
    let milliseconds = Int((step.time * 1000).rounded(.up))
    if milliseconds > clockPosition {
      body.append("await clock.advance(by: .milliseconds(\(milliseconds - clockPosition)))")
      clockPosition = milliseconds
    }
    guard let actionJSON = step.action.json else { continue }
    let verb = step.source == .send ? "send" : "receive"
    let assignments = stateAssignments(from: states[index], to: states[index + 1])
    var call = "try await store.\(verb)(recorded(\(rawLiteral(actionJSON)), as: \(options.feature).Action.self))"
    if assignments.isEmpty {
      body.append(call)
    } else {
      call += " {"
      body.append(call)
      body.append(contentsOf: assignments.map { "  " + $0 })
      body.append("}")
    }
  }
  let uuids = recording.steps.flatMap(\.uuids)
  let dates = recording.steps.flatMap(\.dates)
  let randoms = recording.steps.flatMap(\.randomNumbers)
  var dependencies = ["$0.continuousClock = clock"]
  dependencies.append(
    "$0.uuid = .recorded([\(uuids.map { "UUID(uuidString: \"\($0.uuidString)\")!" }.joined(separator: ", "))])"
  )
  dependencies.append(
    "$0.date = .recorded([\(dates.map { "Date(timeIntervalSince1970: \($0.timeIntervalSince1970))" }.joined(separator: ", "))])"
  )
  dependencies.append("$0.withRandomNumberGenerator = .recorded([\(randoms.map(String.init).joined(separator: ", "))])")
  dependencies += options.dependencies
  let initialState = recording.initialState.json ?? "{}"

  return """
    // Generated from \(options.source) (\(recording.steps.count) actions of \(recording.feature)).
    // Each `send` is an action the front end sent, each `receive` one an effect sent; the clock,
    // UUIDs, dates and random numbers are the ones the session saw. Edit freely.

    import ComposableArchitecture
    import Foundation
    import Testing
    \(options.imports.map { $0 + "\n" }.joined())
    @MainActor
    struct \(options.suiteName) {
      @Test func \(options.testName)() async throws {
        let clock = TestClock()
        let initialState = try recorded(\(rawLiteral(initialState)), as: \(options.feature).State.self)
        let store = TestStore(initialState: initialState) {
          \(options.reducer)
        } withDependencies: {
    \(dependencies.map { "      " + $0 }.joined(separator: "\n"))
        }

    \(body.map { "    " + $0 }.joined(separator: "\n"))
        // The session ended here; effects still running then are not part of it.
        await store.skipInFlightEffects(strict: false)
      }
    }

    /// A value decoded from the JSON the recording holds.
    private func recorded<T: Decodable>(_ json: String, as type: T.Type = T.self) throws -> T {
      try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    /// Hands out recorded values in order; running out is a test failure.
    private final class RecordedValues<Value: Sendable>: @unchecked Sendable {
      // `@unchecked Sendable`: the lock guards `values` and `index`.
      private let lock = NSLock()
      private let values: [Value]
      private var index = 0
      private let name: String
      init(_ values: [Value], name: String) {
        self.values = values
        self.name = name
      }
      func next() -> Value? {
        lock.lock()
        defer { lock.unlock() }
        guard index < values.count else {
          Issue.record("The feature read more values from \\(name) than the session did (\\(values.count))")
          return nil
        }
        defer { index += 1 }
        return values[index]
      }
    }

    private extension UUIDGenerator {
      static func recorded(_ uuids: [UUID]) -> Self {
        let values = RecordedValues(uuids, name: "uuid")
        return Self { values.next() ?? UUID() }
      }
    }

    private extension DateGenerator {
      static func recorded(_ dates: [Date]) -> Self {
        let values = RecordedValues(dates, name: "date")
        return Self { values.next() ?? Date() }
      }
    }

    private extension WithRandomNumberGenerator {
      static func recorded(_ numbers: [UInt64]) -> Self {
        struct Generator: RandomNumberGenerator, Sendable {
          let values: RecordedValues<UInt64>
          mutating func next() -> UInt64 { values.next() ?? 0 }
        }
        return Self(Generator(values: RecordedValues(numbers, name: "withRandomNumberGenerator")))
      }
    }

    """
}

/// The assignments that turn `before` into `after`, a top-level field at a time: a literal where
/// the field's type has one (strings, numbers, booleans, optionals of those), else the field's
/// JSON decoded. State that does not encode to an object is assigned whole.
private func stateAssignments<State: Encodable>(from before: State, to after: State) -> [String] {
  let old = encoded(before)
  let new = encoded(after)
  guard old != new else { return [] }
  guard
    let oldFields = try? JSONSerialization.jsonObject(with: Data(old.utf8)) as? [String: Any],
    let newFields = try? JSONSerialization.jsonObject(with: Data(new.utf8)) as? [String: Any]
  else {
    return ["$0 = try recorded(\(rawLiteral(new)))"]
  }
  let values = Dictionary(
    Mirror(reflecting: after).children.compactMap { child in child.label.map { (propertyName($0), child.value) } },
    uniquingKeysWith: { first, _ in first }
  )
  var lines: [String] = []
  for key in Set(oldFields.keys).union(newFields.keys).sorted() {
    let oldValue = oldFields[key].map(fragment) ?? "null"
    let newValue = newFields[key].map(fragment) ?? "null"
    guard oldValue != newValue else { continue }
    let name = propertyName(key)
    if let value = values[name], let literal = swiftLiteral(value) {
      lines.append("$0.\(name) = \(literal)")
    } else {
      lines.append("$0.\(name) = try recorded(\(rawLiteral(newValue)))")
    }
  }
  return lines
}

/// `_count` (the backing storage `@ObservableState` encodes) is the property `count`.
private func propertyName(_ key: String) -> String {
  key.hasPrefix("_") && !key.hasPrefix("_$") ? String(key.dropFirst()) : key
}

private func fragment(_ value: Any) -> String {
  let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes])
  return data.map { String(decoding: $0, as: UTF8.self) } ?? ""
}

/// A Swift literal for `value`, when its type is one a literal can spell exactly.
private func swiftLiteral(_ value: Any) -> String? {
  switch value {
  case let string as String: return string.debugDescription
  case let bool as Bool: return "\(bool)"
  case let int as Int: return "\(int)"
  case let double as Double where double.isFinite: return "\(double)"
  default:
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .optional else { return nil }
    guard let wrapped = mirror.children.first?.value else { return "nil" }
    return swiftLiteral(wrapped)
  }
}

/// `text` as a raw string literal that needs no escaping.
private func rawLiteral(_ text: String) -> String {
  var hashes = "#"
  while text.contains("\"" + hashes) { hashes += "#" }
  return "\(hashes)\"\(text)\"\(hashes)"
}
