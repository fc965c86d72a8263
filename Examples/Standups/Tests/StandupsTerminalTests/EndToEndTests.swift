import ComposableArchitecture
import ComposableRecording
import Foundation
import StandupsCore
import StandupsTestSupport
import TerminalTestSupport
import Testing

/// The built `standups` program in a real terminal (tmux), driven by its keys: add a standup,
/// record a meeting with typed notes, quit; then open it again, delete it, quit. Checks the data
/// file after each run and that the terminal was restored.
@Suite(.serialized)
struct EndToEndTests {
  let program = builtProduct("standups").path
  let run: RecordedRun
  var folder: URL { run.folder }
  var dataFile: URL { folder.appendingPathComponent("data/standups.json") }

  init() throws {
    run = try RecordedRun(name: "standups-e2e")
  }

  /// Runs `standups ARGUMENTS` on the test's data file.
  func start(_ arguments: String, in session: TmuxSession) throws {
    try run.start(program, "--data \(dataFile.path) \(arguments)", in: session)
  }

  func expectQuitCleanly(_ session: TmuxSession) throws {
    let ending = try run.ending(in: session)
    #expect(ending.exitStatus == 0)
    #expect(ending.isRestored)
  }

  /// From the empty list: adds a standup named `title` (with no attendees) and opens it.
  func addAndOpenStandup(_ title: String, in session: TmuxSession) throws {
    try session.waitFor("No standups yet")
    try session.addStandup(title)
    try session.send("Enter")
    try session.waitFor("Past meetings")
  }

  @Test func addRecordAndDeleteAStandup() throws {
    let session = try TmuxSession(width: 80, height: 24)
    try start("", in: session)
    try session.waitFor("No standups yet")

    // Add a standup.
    try session.addStandup("Daily sync", attendee: "Blob")
    try session.waitFor("1 attendee · 5 min")
    #expect(try session.screen().contains("● Daily sync"))

    // Record a meeting with notes; speech recognition is unavailable here.
    try session.send("Enter")
    try session.waitFor("Past meetings")
    try session.send("s", literal: true)
    try session.waitFor("Speech recognition")
    try session.send("Enter")  // first button: continue without recording
    try session.waitFor("Speaker 1 of 1: Blob")
    try session.send("Tab")
    try session.send("Decided to ship", literal: true)
    try session.waitFor("Decided to ship")
    try session.send("Escape")
    try session.waitFor("End meeting?")
    try session.send("Enter")  // Save and end
    try session.waitFor("3 words")
    try session.send("Escape")
    try session.waitFor("● Daily sync")
    try session.send("q", literal: true)
    try expectQuitCleanly(session)

    let saved = try String(contentsOf: dataFile, encoding: .utf8)
    #expect(saved.contains("\"title\" : \"Daily sync\""))
    #expect(saved.contains("\"name\" : \"Blob\""))
    #expect(saved.contains("Decided to ship"))

    // Open it again and delete it.
    try start("--open 'Daily sync'", in: session)
    try session.waitFor("Past meetings")
    try session.send("d", literal: true)
    try session.waitFor("Delete?")
    try session.send("Enter")
    try session.waitFor("No standups yet")
    try session.send("q", literal: true)
    try expectQuitCleanly(session)
    let afterDelete = try String(contentsOf: dataFile, encoding: .utf8)
    #expect(afterDelete.trimmingCharacters(in: .whitespacesAndNewlines) == "[\n\n]" || afterDelete.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
  }

  @Test func aRecordedSessionReplaysToTheScreenItEndedOn() throws {
    let session = try TmuxSession(width: 80, height: 24)
    let recordingFile = folder.appendingPathComponent("session.jsonl")
    try start("--record \(recordingFile.path)", in: session)
    try addAndOpenStandup("Retro", in: session)
    try session.send("C-c")  // quits from any screen
    try expectQuitCleanly(session)
    // Quitting trims the space reserved for more lines.
    let bytes = try Data(contentsOf: recordingFile)
    #expect(bytes.last == UInt8(ascii: "\n"))
    #expect(!bytes.contains(0))

    let recording = try Recording(contentsOf: recordingFile)
    #expect(recording.feature == "StandupsCore.AppFeature")
    let states = try replay(recording, through: AppFeature())
    let final = try #require(states.last)
    #expect(final.standupsList.standups.map(\.title) == ["Retro"])
    #expect(final.path.count == 1)  // the detail was open when the session ended

    // And as a test: one `send` per key that changed something, written where it is asked to be.
    let testFile = folder.appendingPathComponent("RetroTests.swift")
    let result = try TmuxSession.run([program, "generate-test", recordingFile.path, "--output", testFile.path])
    #expect(result.status == 0)
    #expect(result.output.contains("Wrote \(testFile.path) (\(recording.steps.count) actions)."))
    let test = try String(contentsOf: testFile, encoding: .utf8)
    #expect(test.contains("struct RecordedStandupsSessionTests"))
    #expect(test.components(separatedBy: "try await store.send(").count - 1 == recording.steps.filter { $0.source == .send }.count)
    #expect(test.contains(#""field":"standup.title","value":"Retro""#))

    // And opened again where it ended: the app as it was, with the timeline across the bottom.
    try run.start(program, "--replay \(recordingFile.path)", in: session)
    let timeline = try session.waitFor("Timeline")
    #expect(timeline.contains("step \(recording.steps.count) of \(recording.steps.count)"))
    #expect(timeline.contains("Past meetings"))  // the detail it ended on, above the panel
    let lines = timeline.split(separator: "\n", omittingEmptySubsequences: false)
    let panelTop = try #require(lines.firstIndex { $0.contains("Timeline") })
    #expect(lines[..<panelTop].contains { $0.contains("Past meetings") })
    // ← steps back, and the app follows at once: the list, before the standup was opened.
    try session.send("Left")
    let back = try session.waitFor("step \(recording.steps.count - 1) of \(recording.steps.count)")
    #expect(back.contains("● Retro"))
    #expect(!back.contains("Past meetings"))
    try session.send("Right")
    try session.waitFor("Past meetings")
    try session.send("Escape")
    try session.waitFor("Past meetings")  // the detail it ended on
    try session.send("C-c")
    try expectQuitCleanly(session)
  }

  @Test func generateTestSkipsACutOffLastLineAndRefusesACutOffHeader() throws {
    let session = try TmuxSession(width: 80, height: 24)
    let recordingFile = folder.appendingPathComponent("session.jsonl")
    try start("--record \(recordingFile.path)", in: session)
    try addAndOpenStandup("Retro", in: session)
    try session.send("C-c")
    try expectQuitCleanly(session)
    let text = try String(contentsOf: recordingFile, encoding: .utf8)
    let lineCount = text.split(separator: "\n").count

    // The last line cut, followed by the zero bytes a killed recording leaves: a warning that
    // names the line, and a test of the whole lines.
    let cut = folder.appendingPathComponent("cut.jsonl")
    try (Data(text.dropLast(7).utf8) + Data(count: 4096)).write(to: cut)
    let testFile = folder.appendingPathComponent("CutTests.swift")
    let result = try TmuxSession.run([program, "generate-test", cut.path, "--output", testFile.path])
    #expect(result.status == 0)
    #expect(result.output.contains("standups: warning: \(cut.path):\(lineCount): the line is cut off (the program stopped while writing it) and was skipped"))
    #expect(result.output.contains("Wrote \(testFile.path) (\(lineCount - 2) actions)."))

    // The first line cut: no recording, an error naming the line, a failing exit.
    let header = folder.appendingPathComponent("header.jsonl")
    try Data(text.prefix(40).utf8).write(to: header)
    let refused = try TmuxSession.run([program, "generate-test", header.path])
    #expect(refused.status != 0)
    #expect(refused.output.contains("\(header.path):1: the line is cut off"))
  }

  @Test func aKilledRecordingKeepsEveryLine() throws {
    let session = try TmuxSession(width: 80, height: 24)
    let recordingFile = folder.appendingPathComponent("killed.jsonl")
    try start("--record \(recordingFile.path)", in: session)
    try addAndOpenStandup("Retro", in: session)
    try run.kill("KILL")  // no handler runs: nothing is flushed or trimmed on the way out
    // The terminal is left raw and on the alternate screen, so the status is not on a line of
    // its own.
    #expect(try run.ending(in: session).screen.contains("exit=137"))

    // Every action reduced is in the file, followed by the unused reserved space.
    let bytes = try Data(contentsOf: recordingFile)
    #expect(bytes.last == 0)
    let recording = try Recording(contentsOf: recordingFile)
    let final = try #require(try replay(recording, through: AppFeature()).last)
    #expect(final.standupsList.standups.map(\.title) == ["Retro"])
    #expect(final.path.count == 1)

    try run.start(program, "--replay \(recordingFile.path)", in: session)
    let timeline = try session.waitFor("Timeline")
    #expect(timeline.contains("step \(recording.steps.count) of \(recording.steps.count)"))
    try session.send("Escape")
    try session.waitFor("Past meetings")
    try session.send("C-c")
    try expectQuitCleanly(session)
  }

  @Test func theTimelineStepsBackAndGoesOnFromThere() throws {
    let session = try TmuxSession(width: 80, height: 24)
    try start("", in: session)
    try addAndOpenStandup("Retro", in: session)
    try session.send("C-t")
    let timeline = try session.waitFor("Timeline")
    #expect(timeline.contains("standupTapped"))
    #expect(timeline.contains("What it changed"))
    try session.send("Left")  // before opening the standup: the list
    try session.waitFor("step ")
    try session.send("Enter")  // go on from there
    try session.waitFor("● Retro")
    #expect(try !session.screen().contains("Past meetings"))
    try session.send("q", literal: true)
    try expectQuitCleanly(session)
  }

  @Test func aBufferedRecordingIsWholeAfterSIGTERMAndValidAfterSIGKILL() throws {
    // SIGTERM right after the last key: the lines the writer still holds are written on the way
    // out. (The process then ends by the signal, as a terminated process should, so the space
    // reserved for more lines stays, zero bytes that readers skip.)
    let session = try TmuxSession(width: 80, height: 24)
    let terminated = folder.appendingPathComponent("terminated.jsonl")
    try start("--record \(terminated.path) --buffered", in: session)
    try addAndOpenStandup("Retro", in: session)
    try run.kill("TERM")
    let ending = try run.ending(in: session)
    #expect(ending.exitStatus == 143)
    #expect(ending.isRestored)
    let recording = try Recording(contentsOf: terminated)
    #expect(recording.cutOffLine == nil)
    let final = try #require(try replay(recording, through: AppFeature()).last)
    #expect(final.standupsList.standups.map(\.title) == ["Retro"])
    #expect(final.path.count == 1)

    // SIGKILL once the writer has written (within its 50 ms, waited for here with a deadline):
    // no handler runs, and the file still reads, every line whole.
    // Wide: the shell's "Killed" line names the whole command, and `exit=137` must not wrap.
    let killedSession = try TmuxSession(width: 400, height: 24)
    let killedRun = try RecordedRun(name: "standups-e2e-killed")
    let killed = killedRun.folder.appendingPathComponent("killed-buffered.jsonl")
    let killedData = killedRun.folder.appendingPathComponent("data/standups.json")
    try killedRun.start(program, "--data \(killedData.path) --record \(killed.path) --buffered", in: killedSession)
    try addAndOpenStandup("Retro", in: killedSession)
    let deadline = Date().addingTimeInterval(10)
    func opened() -> Bool {
      guard let recording = try? Recording(contentsOf: killed) else { return false }
      return (try? replay(recording, through: AppFeature()).last?.path.count) == 1
    }
    while !opened(), Date() < deadline {}
    try killedRun.kill("KILL")
    let killedEnding = try killedRun.ending(in: killedSession)
    #expect(killedEnding.screen.contains("exit=137"), "\(killedEnding.screen)")
    let afterKill = try Recording(contentsOf: killed)
    let killedFinal = try #require(try replay(afterKill, through: AppFeature()).last)
    #expect(killedFinal.standupsList.standups.map(\.title) == ["Retro"])
    #expect(killedFinal.path.count == 1)
  }

  @Test func sigtermSavesEverything() throws {
    let session = try TmuxSession(width: 80, height: 24)
    try start("", in: session)
    // A second change right after the first is held back by the file storage (at most one write
    // a second); SIGTERM must flush it.
    try addAndOpenStandup("One", in: session)
    try session.send("e", literal: true)
    try session.waitFor("Edit standup")
    try session.send("Two", literal: true)
    try session.send("C-s")
    try session.waitFor("Standups › OneTwo")
    try run.kill("TERM")
    let ending = try run.ending(in: session)
    #expect(ending.exitStatus == 143)
    #expect(ending.isRestored)
    let saved = try String(contentsOf: dataFile, encoding: .utf8)
    #expect(saved.contains("\"title\" : \"OneTwo\""))
  }

  @Test func quittingMidMeetingKeepsTheNotes() throws {
    let session = try TmuxSession(width: 80, height: 24)
    try start("", in: session)
    try addAndOpenStandup("Retro", in: session)
    try session.send("s", literal: true)
    try session.waitFor("Speech recognition")
    try session.send("Enter")  // continue without recording
    try session.send("Tab")
    try session.send("Keep the notes", literal: true)
    try session.waitFor("Keep the notes")
    // Ctrl-C is a key in raw mode: the app quits as with q, saving the meeting as it stands.
    try session.send("C-c")
    try expectQuitCleanly(session)
    let saved = try String(contentsOf: dataFile, encoding: .utf8)
    #expect(saved.contains("Keep the notes"))
  }

  @Test func aDamagedDataFileIsMovedAsideAndExplained() throws {
    try FileManager.default.createDirectory(at: dataFile.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("{ damaged".utf8).write(to: dataFile)
    let session = try TmuxSession(width: 100, height: 30)
    try start("", in: session)
    let screen = try session.waitFor("could not be read")
    #expect(screen.contains("standups.json.corrupt-"))
    try session.send("Enter")
    try session.waitFor("No standups yet")
    try session.send("q", literal: true)
    try expectQuitCleanly(session)
    let backups = try FileManager.default.contentsOfDirectory(atPath: dataFile.deletingLastPathComponent().path)
      .filter { $0.hasPrefix("standups.json.corrupt-") }
    #expect(backups.count == 1)
    let backup = dataFile.deletingLastPathComponent().appendingPathComponent(backups[0])
    #expect(try Data(contentsOf: backup) == Data("{ damaged".utf8))
  }

  @Test func refusesToRunWithoutATerminal() throws {
    let result = try TmuxSession.run(["sh", "-c", "\(program) --data \(dataFile.path) < /dev/null"])
    #expect(result.status == 2)
    #expect(result.output.contains("standups needs a terminal"))
    #expect(!FileManager.default.fileExists(atPath: dataFile.path))
  }

  @Test func unknownDeepLinkSaysWhichStandupsExist() throws {
    let result = try TmuxSession.run(["script", "-qec", "\(program) --data \(dataFile.path) --open Nope", "/dev/null"])
    #expect(result.output.contains("No standup is titled “Nope”"))
  }
}
