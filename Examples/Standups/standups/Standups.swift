import ArgumentParser
import ComposableArchitecture
import ComposableTerminal
import Foundation
import Logging
import StandupsCore
import StandupsTerminal
import ComposableWeb
import StandupsWeb

@main
struct Standups: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "standups",
    abstract: "Run your daily standups from the terminal: attendees, a timer per speaker, notes.",
    discussion: """
      Keys (every screen's footer shows the ones that work there):
        ↑ ↓ k j  move              enter   open, press, next field
        a        add a standup     e       edit; record screen: end meeting
        s        start a meeting   d       delete the standup
        n        next speaker      tab     next field; record screen: notes
        ← →      change a value, choose an alert button
        ctrl-s   save a sheet      ctrl-d  delete an attendee or a meeting
        esc      back, cancel      q       quit; ctrl-c quits anywhere
        ctrl-t   timeline: step back through what you did (← →), enter goes
                 on from the step shown, esc returns to now (not with --record)

      With --web, add ?devtools to a tab's address (http://127.0.0.1:8080/?devtools)
      for the same timeline beside the page (not with --record).

      Data: $XDG_DATA_HOME/standups/standups.json, by default
      ~/.local/share/standups/standups.json. Saved atomically, and on quit,
      ctrl-c, SIGTERM and SIGHUP. A file that cannot be read is moved aside
      to standups.json.corrupt-<date>, never overwritten.
      """,
    subcommands: [GenerateTest.self]
  )

  @Option(name: .long, help: ArgumentHelp("The data file to use.", valueName: "path"))
  var data: String?

  @Flag(name: .long, help: "Start with sample standups, kept in memory only (nothing is saved).")
  var mock = false

  @Option(
    name: .long,
    help: ArgumentHelp("Open a standup's detail, or with /record its record screen.", valueName: "title[/record]")
  )
  var open: String?

  @Flag(name: .long, help: "Serve the app to browsers instead of running it in the terminal.")
  var web = false

  @Option(name: .long, help: ArgumentHelp("With --web: the port to listen on (0 picks a free one).", valueName: "port"))
  var port = 8080

  @Option(name: .long, help: ArgumentHelp("With --web: the address to listen on.", valueName: "host"))
  var host = "127.0.0.1"

  @Option(
    name: .long,
    help: ArgumentHelp(
      "With --web: the lowest level of the server's log lines.",
      valueName: "level"
    )
  )
  var logLevel: Logger.Level = .info

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Record every action of the session to this file (JSON Lines), to replay it or turn it into a test. With --web, each tab records to its own file: FILE, then FILE-2, …",
      valueName: "file"
    )
  )
  var record: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Open a session recorded with --record where it ended, with its timeline (nothing is saved).",
      valueName: "file"
    )
  )
  var replay: String?

  func validate() throws {
    if replay != nil, web || record != nil || open != nil || mock {
      throw ValidationError("--replay opens a recording on its own: leave out --web, --record, --open and --mock.")
    }
    if web, open != nil { throw ValidationError("--open is for the terminal; with --web, open the standup's address.") }
    if !web, port != 8080 || host != "127.0.0.1" || logLevel != .info {
      throw ValidationError("--port, --host and --log-level go with --web.")
    }
  }

  func run() async throws {
    if web {
      try await Self.serve(data: data, mock: mock, host: host, port: port, record: record, logLevel: logLevel)
    } else {
      if let replay {
        try await Self.replaySession(replay)
      } else {
        try await Self.start(data: data, mock: mock, open: open, record: record)
      }
    }
  }

  /// The data file (`--data`, or the default) and, with `--mock`, sample standups kept in memory.
  @MainActor
  static func prepareData(data: String?, mock: Bool) throws {
    let url = data.map { URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL }
      ?? defaultStandupsURL()
    let mockFiles = try mock
      ? LockIsolated([url: JSONEncoder.standups.encode(IdentifiedArrayOf<Standup>(uniqueElements: [.mock, .engineeringMock, .designMock]))])
      : nil
    prepareDependencies {
      $0.standupsURL = url
      if let mockFiles {
        $0.defaultFileStorage = .inMemory(fileSystem: mockFiles)
        $0.speechClient = .previewValue
      }
    }
  }

  @MainActor
  static func serve(
    data: String?, mock: Bool, host: String, port: Int, record: String?, logLevel: Logger.Level
  ) async throws {
    try prepareData(data: data, mock: mock)
    let recording = record.map { URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL }
    do {
      var app = standupsWebApp(host: host, port: port, record: recording)
      app.logLevel = logLevel
      try await app.run()
    } catch let error as WebAppError {
      FileHandle.standardError.write(Data("standups: \(error)\n".utf8))
      Foundation.exit(2)
    }
  }

  /// `--replay FILE`: the recorded session replayed, the app at its last step with the timeline
  /// open. Its state is the recording's own: nothing is read from or written to the data file.
  @MainActor
  static func replaySession(_ file: String) async throws {
    TerminalApp.requireTerminal()
    let recording: Recording
    let history: TimeTravelHistory<AppFeature.State, AppFeature.Action>
    do {
      recording = try Recording(contentsOf: URL(fileURLWithPath: file))
      guard recording.feature == String(reflecting: AppFeature.self) else {
        throw ValidationError("\(file) is a recording of \(recording.feature), not of the Standups app.")
      }
      history = try TimeTravelHistory(
        replaying: recording, through: AppFeature(), limit: max(1_000, recording.steps.count)
      )
    } catch let error as RecordingError {
      throw ValidationError(error.description)
    }
    guard let final = history.steps.last?.state ?? history.initialState else {
      throw ValidationError("\(file) holds no actions to replay.")
    }
    let store = Store(initialState: final) { AppFeature().timeTravel(history) }
    await StandupsTerminalApp.run(
      store: store, renderer: StandupsRenderer(theme: Theme.standard), history: history,
      opensTimeline: true
    )
  }

  @MainActor
  static func start(data: String?, mock: Bool, open: String?, record: String?) async throws {
    TerminalApp.requireTerminal()
    try prepareData(data: data, mock: mock)

    var initialState = AppFeature.State()
    if let open {
      let (title, record) = open.hasSuffix("/record") ? (String(open.dropLast(7)), true) : (open, false)
      guard let state = AppFeature.State(openingStandupTitled: title, record: record) else {
        let titles = initialState.standupsList.standups.map(\.title)
        throw ValidationError(
          "No standup is titled “\(title)”."
            + (titles.isEmpty ? " There are no standups yet." : " Standups: \(titles.joined(separator: ", ")).")
        )
      }
      initialState = state
    }
    // The last 1 000 actions, for the timeline (ctrl-t). Not while recording: a recording holds
    // actions, and moving the app to another step is not one, so it would stop replaying there.
    let history = TimeTravelHistory<AppFeature.State, AppFeature.Action>(limit: 1_000)
    let store = if let record {
      Store(initialState: initialState) {
        AppFeature().recording(to: URL(fileURLWithPath: record))
      }
    } else {
      Store(initialState: initialState) { AppFeature().timeTravel(history) }
    }
    let colors = Theme.standard
    await StandupsTerminalApp.run(
      store: store, renderer: StandupsRenderer(theme: colors), history: record == nil ? history : nil
    )
  }
}

/// `standups generate-test FILE`: a Swift Testing test that plays a session recorded with
/// `standups --record FILE`.
struct GenerateTest: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "generate-test",
    abstract: "Turn a session recorded with --record into a Swift Testing test of AppFeature.",
    discussion: """
      The test sends each action you made and receives each an effect made, asserts the state
      after each, and answers the clock, UUIDs and dates the session saw. Put it in a test target
      that depends on StandupsCore. Record without --mock: the sample data's speech client
      differs from the one the test sets.
      """
  )

  @Argument(help: ArgumentHelp("The recording.", valueName: "file"))
  var file: String

  @Option(name: .long, help: ArgumentHelp("Where to write the test (standard output by default).", valueName: "path"))
  var output: String?

  @Option(name: .long, help: ArgumentHelp("The test suite's name.", valueName: "name"))
  var suite = "RecordedStandupsSessionTests"

  @Option(name: .long, help: ArgumentHelp("The test's name.", valueName: "name"))
  var test = "recordedSession"

  func run() throws {
    let recording: Recording
    do {
      recording = try Recording(contentsOf: URL(fileURLWithPath: file))
    } catch let error as RecordingError {
      throw ValidationError(error.description)
    }
    guard recording.feature == String(reflecting: AppFeature.self) else {
      throw ValidationError("\(file) is a recording of \(recording.feature), not of the Standups app.")
    }
    // The speech client answers what this machine's does (the recording does not hold it), in
    // the replay and in the test.
    let status = SpeechClient.liveValue.authorizationStatus()
    let options = GeneratedTestOptions(
      feature: "AppFeature", imports: ["import StandupsCore"],
      dependencies: ["$0.speechClient.authorizationStatus = { .\(status) }"],
      suiteName: suite, testName: test, source: (file as NSString).lastPathComponent
    )
    let source: String
    do {
      source = try withDependencies {
        $0.speechClient.authorizationStatus = { status }
      } operation: {
        try generateTest(from: recording, for: AppFeature(), options: options)
      }
    } catch let error as RecordingError {
      throw ValidationError("The recording does not replay: \(error)")
    }
    if let output {
      try source.write(toFile: output, atomically: true, encoding: .utf8)
      print("Wrote \(output) (\(recording.steps.count) actions).")
    } else {
      print(source, terminator: "")
    }
  }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
