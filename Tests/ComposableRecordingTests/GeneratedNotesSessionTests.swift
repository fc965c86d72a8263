// Generated from Fixtures/notes-session.jsonl (10 actions of ComposableRecordingTests.RecordedNotes).
// Each `send` is an action the front end sent, each `receive` one an effect sent; the clock,
// UUIDs, dates and random numbers are the ones the session saw. Edit freely.

import ComposableArchitecture
import Foundation
import Testing

@MainActor
struct GeneratedNotesSessionTests {
  @Test func notesSession() async throws {
    let clock = TestClock()
    let initialState = try recorded(#"{"dice":0,"editor":null,"notes":[]}"#, as: RecordedNotes.State.self)
    let store = TestStore(initialState: initialState) {
      RecordedNotes()
    } withDependencies: {
      $0.continuousClock = clock
      $0.uuid = .recorded([UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, UUID(uuidString: "00000000-0000-0000-0000-000000000001")!])
      $0.date = .recorded([Date(timeIntervalSince1970: 1800000000.0)])
      $0.withRandomNumberGenerator = .recorded([1593790819773041176])
    }

    await clock.advance(by: .milliseconds(2))
    try await store.send(recorded(#"{"addTapped":{"_0":"Buy milk"}}"#, as: RecordedNotes.Action.self)) {
      $0.notes = try recorded(#"[{"id":"00000000-0000-0000-0000-000000000000","text":"Buy milk"}]"#)
    }
    await clock.advance(by: .milliseconds(1))
    try await store.send(recorded(#"{"addTapped":{"_0":"Call Blob"}}"#, as: RecordedNotes.Action.self)) {
      $0.notes = try recorded(#"[{"id":"00000000-0000-0000-0000-000000000000","text":"Buy milk"},{"id":"00000000-0000-0000-0000-000000000001","text":"Call Blob"}]"#)
    }
    try await store.send(recorded(#"{"row":{"_0":{"element":{"action":{"clear":{}},"id":"00000000-0000-0000-0000-000000000000"}}}}"#, as: RecordedNotes.Action.self)) {
      $0.notes = try recorded(#"[{"id":"00000000-0000-0000-0000-000000000000","text":""},{"id":"00000000-0000-0000-0000-000000000001","text":"Call Blob"}]"#)
    }
    await clock.advance(by: .milliseconds(1))
    try await store.send(recorded(#"{"editTapped":{"_0":"00000000-0000-0000-0000-000000000001"}}"#, as: RecordedNotes.Action.self)) {
      $0.editor = try recorded(#"{"text":"Call Blob"}"#)
    }
    await clock.advance(by: .milliseconds(1))
    try await store.send(recorded(#"{"editor":{"_0":{"presented":{"_0":{"textChanged":{"_0":"Call Blob Jr"}}}}}}"#, as: RecordedNotes.Action.self)) {
      $0.editor = try recorded(#"{"text":"Call Blob Jr"}"#)
    }
    await clock.advance(by: .milliseconds(1))
    try await store.send(recorded(#"{"editor":{"_0":{"dismiss":{}}}}"#, as: RecordedNotes.Action.self)) {
      $0.editor = nil
    }
    try await store.send(recorded(#"{"rollTapped":{}}"#, as: RecordedNotes.Action.self))
    try await store.receive(recorded(#"{"rolled":{"_0":1}}"#, as: RecordedNotes.Action.self)) {
      $0.dice = 1
    }
    try await store.send(recorded(#"{"saveTapped":{}}"#, as: RecordedNotes.Action.self))
    try await store.receive(recorded(#"{"saved":{"_0":821692800}}"#, as: RecordedNotes.Action.self)) {
      $0.lastSaved = try recorded(#"821692800"#)
    }
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
      Issue.record("The feature read more values from \(name) than the session did (\(values.count))")
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
