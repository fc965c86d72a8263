import ComposableArchitecture
import Foundation
import SharingGRDB
import StandupsCore
import StandupsTestSupport
import TerminalTestSupport
import Testing

/// The built `standups` on a SQLite file: `--database` checked before anything else, `import`,
/// two terminal processes editing different standups of one file at once, and SIGKILL right
/// after a save.
@Suite(.serialized)
struct DatabaseEndToEndTests {
  let program = builtProduct("standups").path
  let run: RecordedRun
  var database: URL { run.folder.appendingPathComponent("standups.sqlite") }

  init() throws {
    run = try RecordedRun(name: "standups-database-e2e")
  }

  /// A JSON data file (as `--data` writes it) holding `standups`.
  func dataFile(_ standups: [Standup]) throws -> URL {
    let file = run.folder.appendingPathComponent("standups-\(UUID().uuidString.prefix(8)).json")
    try JSONEncoder.standups.encode(IdentifiedArrayOf(uniqueElements: standups)).write(to: file)
    return file
  }

  /// The standups stored in `database`, read by a connection of the test's own.
  func storedStandups() throws -> [Standup] {
    let queue = try DatabaseQueue(path: database.path)
    let rows = try queue.read { db in
      try Data.fetchAll(db, sql: #"SELECT "json" FROM sharingRows WHERE "key" = 'standups' AND "id" <> '' ORDER BY "position""#)
    }
    return try rows.map { try JSONDecoder.standups.decode(Standup.self, from: $0) }
  }

  @Test func theDatabaseIsCheckedBeforeAnythingElseWithOneLine() throws {
    // An unknown scheme: named, exit 2, even with no terminal to draw on.
    let mysql = try TmuxSession.run([program, "--database", "mysql://db.example.com/standups"])
    #expect(mysql.status == 2)
    #expect(mysql.output == #"standups: --database mysql://db.example.com/standups: unknown scheme "mysql"; use PATH.sqlite, PATH.db, sqlite:PATH or postgres://user[:password]@host[:port]/db"# + "\n")

    // A file that is not a SQLite database is named and left exactly as it was.
    let notes = run.folder.appendingPathComponent("notes.sqlite")
    let text = Data("Remember the retro.\n".utf8)
    try text.write(to: notes)
    let notADatabase = try TmuxSession.run([program, "--web", "--port", "0", "--database", notes.path])
    #expect(notADatabase.status == 1)
    #expect(notADatabase.output == "standups: \(notes.path) is not a SQLite database; it was left as it is (choose another file with --database)\n")
    #expect(try Data(contentsOf: notes) == text)

    // A folder that does not exist.
    let missing = run.folder.appendingPathComponent("missing/standups.sqlite").path
    let noFolder = try TmuxSession.run([program, "--web", "--port", "0", "--database", "sqlite:\(missing)"])
    #expect(noFolder.status == 1)
    #expect(noFolder.output == "standups: cannot create \(missing): the folder \(run.folder.path)/missing does not exist\n")

    // A read-only folder (as a user who cannot write there: root can write anywhere).
    let readOnly = run.folder.appendingPathComponent("read-only")
    try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: true)
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: readOnly.path)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: run.folder.path)
    let asUser = geteuid() == 0 ? ["runuser", "-u", "nobody", "--"] : []
    let file = readOnly.appendingPathComponent("standups.db").path
    let noWrite = try TmuxSession.run(asUser + [program, "--web", "--port", "0", "--database", file])
    #expect(noWrite.status == 1)
    #expect(noWrite.output == "standups: cannot write \(file): the folder \(readOnly.path) is read-only\n")
    #expect(!FileManager.default.fileExists(atPath: file))
  }

  @Test func importCopiesEachStandupOnceAndSaysHowMany() throws {
    let file = try dataFile([.mock, .engineeringMock])
    let first = try TmuxSession.run([program, "import", file.path, "--database", database.path])
    #expect(first.status == 0)
    #expect(first.output == "Imported 2 standups from \(file.path) into \(database.path).\n")
    #expect(try storedStandups() == [.mock, .engineeringMock])

    // Again, with one more standup in the file and one edited: only the new one is copied; the
    // database's own version of a standup it has is kept.
    var edited = Standup.mock
    edited.title = "Edited in the file"
    let second = try TmuxSession.run([
      program, "import", try dataFile([edited, .engineeringMock, .designMock]).path, "--database", database.path,
    ])
    #expect(second.status == 0)
    #expect(second.output.hasSuffix("; 2 standups were already there and left as they were.\n"))
    #expect(second.output.hasPrefix("Imported 1 standup from "))
    #expect(try storedStandups() == [.mock, .engineeringMock, .designMock])

    let notJSON = run.folder.appendingPathComponent("notes.json")
    try Data("not json".utf8).write(to: notJSON)
    let bad = try TmuxSession.run([program, "import", notJSON.path, "--database", database.path])
    #expect(bad.status == 1)
    #expect(bad.output.hasPrefix("standups: \(notJSON.path) is not a standups data file: "))
    #expect(bad.output.split(separator: "\n").count == 1)
  }

  @Test func twoTerminalsEditingDifferentStandupsOfOneFileBothKeepTheirEdit() throws {
    _ = try TmuxSession.run([program, "import", try dataFile([.mock, .engineeringMock]).path, "--database", database.path])
    let otherRun = try RecordedRun(name: "standups-database-e2e-second")
    let first = try TmuxSession(width: 80, height: 24)
    let second = try TmuxSession(width: 80, height: 24)
    try run.start(program, "--database \(database.path) --open Design", in: first)
    try otherRun.start(program, "--database \(database.path) --open Engineering", in: second)
    for (session, title) in [(first, "Design"), (second, "Engineering")] {
      try session.waitFor("Past meetings")
      try session.send("e", literal: true)
      try session.waitFor("Edit standup")
      try session.send(" (\(title == "Design" ? "one" : "two"))", literal: true)
    }
    // Both save at once, each having seen nothing of the other's edit.
    try first.send("C-s")
    try second.send("C-s")
    try first.waitFor("Standups › Design (one)")
    try second.waitFor("Standups › Engineering (two)")
    // Each sees the other's edit within a second, on its list.
    for session in [first, second] {
      try session.send("Escape")
      try session.waitFor("● Design (one)", timeout: 2)
      try session.waitFor("● Engineering (two)", timeout: 2)
    }
    try first.send("q", literal: true)
    try second.send("q", literal: true)
    #expect(try run.ending(in: first).exitStatus == 0)
    #expect(try otherRun.ending(in: second).exitStatus == 0)
    #expect(try storedStandups().map(\.title) == ["Design (one)", "Engineering (two)"])
  }

  @Test func sigkillRightAfterASaveLosesNothing() throws {
    let session = try TmuxSession(width: 80, height: 24)
    try run.start(program, "--database \(database.path)", in: session)
    try session.waitFor("No standups yet")
    try session.addStandup("Retro")
    try run.kill("KILL")  // no handler runs: nothing is flushed on the way out
    // The killed program left the terminal raw, so the shell's long lines wrap anywhere.
    let killed = try run.ending(in: session).screen.replacingOccurrences(of: "\n", with: "")
    #expect(killed.contains("exit=137"), "\(killed)")

    #expect(try storedStandups().map(\.title) == ["Retro"])
    let check = try DatabaseQueue(path: database.path).read { try String.fetchOne($0, sql: "PRAGMA integrity_check") }
    #expect(check == "ok")
    // And the app opens it again.
    try run.start(program, "--database \(database.path)", in: session)
    try session.waitFor("● Retro")
    try session.send("q", literal: true)
    #expect(try run.ending(in: session).exitStatus == 0)
  }
}
