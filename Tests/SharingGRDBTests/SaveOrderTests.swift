import ConcurrencyExtras
import Foundation
import IdentifiedCollections
import Testing

@testable import SharingGRDB
import Sharing

/// A save's value is made on one thread and written on another (`$value.save()` runs off the main
/// actor, where another process's changes are taken in), so a change can be taken in between the
/// two. These tests make that order by hand, step by step.
@Suite struct SaveOrderTests {
  typealias Things = IdentifiedArrayOf<Thing>

  func names(of key: String, in database: any DatabaseReader) throws -> [String] {
    try database.read {
      try String.fetchAll(
        $0, sql: #"SELECT "json" FROM sharingRows WHERE "key" = ? AND "id" <> '' ORDER BY "position""#,
        arguments: [key]
      )
    }
    .map { json in try JSONDecoder().decode(Thing.self, from: Data(json.utf8)).name }
  }

  /// Two processes' keys of the same name on one new database file (`first` is the first
  /// process's pool), removed afterwards.
  func withTwoProcesses(
    _ body: (_ a: DatabaseKey<Things>, _ b: DatabaseKey<Things>, _ first: DatabasePool) throws -> Void
  ) throws {
    let file = try temporaryDatabaseFile()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let first = try DatabasePool(path: file.path)
    let second = try DatabasePool(path: file.path)
    try body(DatabaseKey<Things>(name: "order", database: first), DatabaseKey<Things>(name: "order", database: second), first)
  }

  @Test func aSaveMadeBeforeAnotherProcesssChangeWasTakenInDoesNotUndoIt() throws {
    try withTwoProcesses { a, b, first in
      let handedBack = LockIsolated<[[String]]>([])
      b.synced.withLock {
        $0.subscriber = SharedSubscriber<Things>(callback: { result in
          if case let .success(value?) = result { handedBack.withValue { $0.append(value.map(\.name)) } }
        })
      }
      try a.write([Thing(id: 1, name: "one"), Thing(id: 2, name: "two")], as: a.beginSave())
      #expect(try b.read()?.map(\.name) == ["one", "two"])

      // `b` edits element 2; its save is made now and written last.
      let bSave = b.beginSave()
      let bValue: Things = [Thing(id: 1, name: "one"), Thing(id: 2, name: "two (b)")]
      // Meanwhile `a` edits element 1 and appends element 3, and `b` takes that in.
      try a.write(
        [Thing(id: 1, name: "one (a)"), Thing(id: 2, name: "two"), Thing(id: 3, name: "three (a)")],
        as: a.beginSave()
      )
      #expect(try b.readChangedRows()?.map(\.name) == ["one (a)", "two", "three (a)"])

      // `b`'s older value has element 1 as it was and no element 3: neither is written back.
      try b.write(bValue, as: bSave)
      #expect(try names(of: "order", in: first) == ["one (a)", "two (b)", "three (a)"])
      // The value taken in meanwhile did not have `b`'s edit: `b` is handed the merge.
      #expect(handedBack.value == [["one (a)", "two (b)", "three (a)"]])
      // `a` takes in `b`'s edit only.
      #expect(try a.readChangedRows()?.map(\.name) == ["one (a)", "two (b)", "three (a)"])
    }
  }

  @Test func aSaveMadeAfterTheChangeWasTakenInWritesWhatItHolds() throws {
    try withTwoProcesses { a, b, first in
      try a.write([Thing(id: 1, name: "one")], as: a.beginSave())
      _ = try b.read()
      try a.write([Thing(id: 1, name: "one (a)")], as: a.beginSave())
      _ = try b.readChangedRows()

      // An edit of the row taken in, made after it: that edit is written.
      try b.write([Thing(id: 1, name: "one (b)")], as: b.beginSave())
      #expect(try names(of: "order", in: first) == ["one (b)"])
    }
  }

  @Test func anOlderSaveWrittenBeforeANewerOneHandsBackNothing() throws {
    try withTwoProcesses { a, b, first in
      let handedBack = LockIsolated(0)
      b.synced.withLock {
        $0.subscriber = SharedSubscriber<Things>(callback: { _ in handedBack.withValue { $0 += 1 } })
      }
      try a.write([Thing(id: 1, name: "one"), Thing(id: 2, name: "two")], as: a.beginSave())
      _ = try b.read()
      let older = b.beginSave()
      try a.write([Thing(id: 1, name: "one (a)"), Thing(id: 2, name: "two")], as: a.beginSave())
      _ = try b.readChangedRows()
      let newer = b.beginSave()

      // The older save is written first: the newer one holds more, so nothing is handed back yet.
      try b.write([Thing(id: 1, name: "one"), Thing(id: 2, name: "two (b)")], as: older)
      #expect(handedBack.value == 0)
      try b.write([Thing(id: 1, name: "one (a)"), Thing(id: 2, name: "two (b2)")], as: newer)
      #expect(try names(of: "order", in: first) == ["one (a)", "two (b2)"])
      #expect(handedBack.value == 0)
    }
  }
}

/// A key that marks its saves: what the reference hands it, in order.
struct MarkingKey: SharedKey, _MarksSaves {
  let log: LockIsolated<[String]>
  var id: String { "marking" }
  func markSave() -> any Sendable {
    log.withValue { $0.append("mark \($0.count)") }
    return log.value.count - 1
  }
  func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
    continuation.resumeReturningInitialValue()
  }
  func subscribe(context: LoadContext<Int>, subscriber: SharedSubscriber<Int>) -> SharedSubscription {
    SharedSubscription {}
  }
  func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
    log.withValue { $0.append("save \(value) with mark \(SaveMark.current as? Int ?? -1)") }
    continuation.resume()
  }
}

@Suite struct SaveMarkTests {
  @Test func theReferenceMarksEverySaveBeforeItReadsTheValue() async throws {
    let log = LockIsolated<[String]>([])
    let shared = Shared(wrappedValue: 0, MarkingKey(log: log))
    shared.withLock { $0 = 1 }
    try await shared.save()
    #expect(log.value == ["mark 0", "save 1 with mark 0", "mark 2", "save 1 with mark 2"])
  }
}
