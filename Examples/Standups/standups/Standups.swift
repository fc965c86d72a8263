import ArgumentParser
import ComposableArchitecture
import ComposableRecording
import ComposableTerminal
import Foundation
import Logging
import SharingGRDB
import SharingPostgres
import StandupsCore
import StandupsTerminal
import ComposableWeb
import ComposableWebGRDB
import ComposableWebPostgres
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
        ctrl-t   timeline across the bottom, the app above it: step back through
                 what you did (← →), enter goes on from the step shown, esc returns
                 to now (not with --record; --replay FILE opens on it)

      With --web, add ?devtools to a tab's address (http://127.0.0.1:8080/?devtools)
      for the same timeline beside the page (not with --record).

      Data: a SQLite database, $XDG_DATA_HOME/standups/standups.sqlite, by default
      ~/.local/share/standups/standups.sqlite, one row per standup; several
      processes (a terminal and --web, or two --web) can use it at once and see
      each other's changes within a second. On the first start, a standups.json
      beside it (the data file of earlier versions) is imported once and left as
      it was. --database picks another file, or a PostgreSQL database shared by
      any number of processes on any number of machines
      (postgres://user[:password]@host[:port]/db; also read from the DATABASE_URL
      environment variable when --database, --data and --mock are not given);
      --data PATH.json keeps a JSON file
      instead (saved atomically; a file that cannot be read is moved aside to
      PATH.json.corrupt-<date>, never overwritten). Either way, changes are
      written at once, at most once a second while typing, and on quit, ctrl-c,
      SIGTERM and SIGHUP.
      """,
    subcommands: [GenerateTest.self, Import.self, AccountsCommand.self]
  )

  @Option(name: .long, help: ArgumentHelp("Keep the standups in this JSON file instead of a database.", valueName: "path"))
  var data: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The database to keep the standups in: PATH.sqlite, PATH.db, sqlite:PATH or postgres://user[:password]@host[:port]/db (default: $DATABASE_URL, else the SQLite file).",
      valueName: "url"
    )
  )
  var database: String?

  @Flag(name: .long, help: "Start with sample standups, kept in memory only (nothing is saved).")
  var mock = false

  @Option(
    name: .long,
    help: ArgumentHelp("Open a standup's detail, or with /record its record screen.", valueName: "title[/record]")
  )
  var open: String?

  @Flag(name: .long, help: "Serve the app to browsers instead of running it in the terminal.")
  var web = false

  @Flag(
    name: .long,
    help: "With --web: accounts (pages /sign-up and /sign-in); each account sees and changes only its own standups. Needs a database (the default SQLite file, or --database)."
  )
  var accounts = false

  @Flag(
    name: .long,
    help: "With --accounts: mark the session cookie Secure (sent over HTTPS only), for a server behind a TLS proxy such as nginx."
  )
  var secureCookie = false

  @Option(
    name: .long,
    help: ArgumentHelp("With --accounts: the days a session lasts unused before it ends.", valueName: "days")
  )
  var sessionDays = 30

  @Option(
    name: .long,
    help: ArgumentHelp("With --accounts: the days a session lasts from its sign-in, however much it is used.", valueName: "days")
  )
  var sessionMaxDays = 90

  @Option(help: ArgumentHelp("With --accounts: standups one account may hold; adding one more is refused with an alert.", valueName: "count"))
  var maxStandupsPerAccount = 500

  @Option(name: .long, help: ArgumentHelp("With --web: the port to listen on (0 picks a free one).", valueName: "port"))
  var port = 8080

  @Option(name: .long, help: ArgumentHelp("With --web: the address to listen on.", valueName: "host"))
  var host = "127.0.0.1"

  @Option(
    name: .customLong("allowed-host"),
    help: ArgumentHelp(
      "With --web: a host name the server answers for (repeat for more; default: the --host address and localhost). Requests naming another get 421, posts and sockets from its pages 403. Behind a proxy, give the public name.",
      valueName: "name"
    )
  )
  var allowedHosts: [String] = []

  @Option(
    name: .customLong("metrics-listen"),
    help: ArgumentHelp(
      "With --web: serve /metrics on a listener of its own at HOST:PORT (or PORT, on 127.0.0.1), for a Prometheus server; the app's port then answers it with 404. Default: on the app's port, to this machine only and not through a proxy.",
      valueName: "address"
    )
  )
  var metricsListen: String?

  @Option(help: ArgumentHelp("With --web: tabs one sign-in session may hold; past it, tabs without a socket go first, then new ones get 429.", valueName: "count"))
  var maxTabsPerSession = 50

  @Option(help: ArgumentHelp("With --web: WebSockets one client address may hold open; one more is closed with 1013 (the page retries).", valueName: "count"))
  var maxSocketsPerClient = 200

  @Option(help: ArgumentHelp("With --web: events a page's socket may send per second (bursts of twice that); a faster one is closed with 1008.", valueName: "count"))
  var maxEventsPerSecond = 50

  @Option(help: ArgumentHelp("With --web: tabs the whole server may hold; past it, tabs that never connected go first, then new pages get 503.", valueName: "count"))
  var maxTabs = 10_000

  @Option(help: ArgumentHelp("With --web: the largest message a page's socket may send, in bytes; a larger one closes it with 1009.", valueName: "bytes"))
  var maxEventBytes = 65_536

  @Option(help: ArgumentHelp("With --web: seconds an HTTP connection may stay open between requests.", valueName: "seconds"))
  var idleTimeout = 60

  @Option(help: ArgumentHelp("With --web: seconds a request's head may take to arrive (from the connection's start, or a later request's first byte) before its connection is closed.", valueName: "seconds"))
  var headerTimeout = 10

  @Option(
    name: .customLong("sign-up"),
    help: ArgumentHelp(
      "With --accounts: whether /sign-up makes accounts (open or closed; default open when --host is this machine's, closed otherwise).",
      valueName: "open|closed"
    )
  )
  var signUp: SignUpChoice?

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

  @Flag(
    name: .long,
    help: "With --record: write the lines off the send path, at most 50 ms after their actions (a crash loses at most those 50 ms; quitting, SIGTERM and SIGHUP lose nothing)."
  )
  var buffered = false

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Open a session recorded with --record where it ended, with its timeline (nothing is saved).",
      valueName: "file"
    )
  )
  var replay: String?

  /// `--database`, or when neither it nor `--data`, `--mock` or `--replay` is given, the
  /// `DATABASE_URL` environment variable (as deployment tools set it).
  var databaseURL: String? {
    if let database { return database }
    guard data == nil, !mock, replay == nil else { return nil }
    guard let url = ProcessInfo.processInfo.environment["DATABASE_URL"], !url.isEmpty else { return nil }
    return url
  }

  func validate() throws {
    // Checked first, before anything else can fail or draw: a one-line error, exit 2.
    if let databaseURL { _ = try parseDatabaseURL(databaseURL) }
    if database != nil, data != nil || mock || replay != nil {
      throw ValidationError("--database goes without --data, --mock and --replay.")
    }
    if buffered, record == nil {
      throw ValidationError("--buffered goes with --record FILE.")
    }
    if replay != nil, web || record != nil || open != nil || mock {
      throw ValidationError("--replay opens a recording on its own: leave out --web, --record, --open and --mock.")
    }
    if web, open != nil { throw ValidationError("--open is for the terminal; with --web, open the standup's address.") }
    if !web, port != 8080 || host != "127.0.0.1" || logLevel != .info || accounts || !allowedHosts.isEmpty
      || metricsListen != nil || maxTabsPerSession != 50 || maxEventsPerSecond != 50 || headerTimeout != 10
      || maxSocketsPerClient != 200 || maxTabs != 10_000 || maxEventBytes != 65_536 || idleTimeout != 60
    {
      throw ValidationError(
        "--port, --host, --allowed-host, --metrics-listen, --log-level, --accounts, --max-tabs-per-session, --max-tabs, --max-sockets-per-client, --max-events-per-second, --max-event-bytes, --header-timeout and --idle-timeout go with --web."
      )
    }
    if maxTabsPerSession < 1 || maxSocketsPerClient < 1 || maxEventsPerSecond < 1 || headerTimeout < 1 || maxTabs < 1
      || idleTimeout < 1
    {
      throw ValidationError(
        "--max-tabs-per-session, --max-tabs, --max-sockets-per-client, --max-events-per-second, --header-timeout and --idle-timeout take 1 or more."
      )
    }
    if maxEventBytes < 1_024 { throw ValidationError("--max-event-bytes takes 1024 or more: a page's events are up to a few hundred bytes, a paste more.") }
    if let metricsListen, MetricsListener(metricsListen) == nil {
      throw ValidationError("--metrics-listen takes HOST:PORT or PORT, like 127.0.0.1:9100; not \(metricsListen.debugDescription).")
    }
    if accounts, data != nil || mock {
      throw ValidationError("--accounts keeps each account's standups in a database: leave out --data and --mock.")
    }
    if !accounts, secureCookie || sessionDays != 30 || sessionMaxDays != 90 || signUp != nil || maxStandupsPerAccount != 500 {
      throw ValidationError(
        "--secure-cookie, --session-days, --session-max-days, --sign-up and --max-standups-per-account go with --accounts."
      )
    }
    if maxStandupsPerAccount < 1 { throw ValidationError("--max-standups-per-account takes 1 or more.") }
    if sessionDays < 1 { throw ValidationError("--session-days takes a whole number of days, 1 or more.") }
    if sessionMaxDays < sessionDays {
      throw ValidationError("--session-max-days (\(sessionMaxDays)) cannot be less than --session-days (\(sessionDays)).")
    }
  }

  func run() async throws {
    if web {
      if !accounts, !["127.0.0.1", "localhost", "::1"].contains(host) {
        FileHandle.standardError.write(Data(
          "standups: warning: serving \(host) without --accounts: anyone who reaches it reads and changes every standup\n".utf8
        ))
      }
      try await Self.serve(
        data: data, database: databaseURL, mock: mock, host: host, port: port, record: record,
        recordingMode: buffered ? .buffered : .durable, logLevel: logLevel, allowedHosts: allowedHosts,
        metricsListener: metricsListen.flatMap(MetricsListener.init),
        caps: { app in
          app.tabsPerSession = maxTabsPerSession
          app.socketsPerClient = maxSocketsPerClient
          app.eventsPerSecond = maxEventsPerSecond
          app.headerTimeout = .seconds(headerTimeout)
          app.maximumTabs = maxTabs
          app.maximumEventSize = maxEventBytes
          app.idleTimeout = .seconds(idleTimeout)
        },
        accounts: accounts
          ? AccountOptions(
            secureCookie: secureCookie, sessionDays: sessionDays, sessionMaxDays: sessionMaxDays,
            signUp: signUp?.policy ?? .openOnLoopback, standupsPerAccount: maxStandupsPerAccount
          )
          : nil
      )
    } else {
      if let replay {
        try await Self.replaySession(replay)
      } else {
        try await Self.start(
          data: data, database: databaseURL, mock: mock, open: open, record: record,
          recordingMode: buffered ? .buffered : .durable
        )
      }
    }
  }

  /// Where the standups are kept: the database (`--database`, or the default, into which the
  /// first start imports a JSON data file found beside it), a JSON file (`--data`), or with
  /// `--mock`, sample standups in memory.
  @MainActor
  static func prepareData(data: String?, database: String?, mock: Bool, logger: Logger) async throws {
    let url = data.map(absoluteURL) ?? defaultStandupsURL()
    if mock {
      let sample = try JSONEncoder.standups.encode(
        IdentifiedArrayOf<Standup>(uniqueElements: [.mock, .engineeringMock, .designMock])
      )
      prepareDependencies {
        $0.standupsURL = url
        $0.defaultFileStorage = .inMemory(fileSystem: LockIsolated([url: sample]))
        $0.speechClient = .previewValue
      }
    } else if data != nil {
      prepareDependencies { $0.standupsURL = url }
    } else {
      let database = try await openDatabase(database, logger: logger)
      prepareDependencies {
        $0.standupsURL = url
        $0.standupsDatabase = database
        if case let .sqlite(pool) = database { $0.defaultDatabase = pool }
      }
    }
  }

  /// The database `--database` names, or the default one; on the default's first start, the
  /// JSON data file beside it is imported. Errors end the program with one line (a PostgreSQL
  /// server is checked before anything is printed or served).
  @MainActor
  static func openDatabase(_ database: String?, logger: Logger) async throws -> StandupsDatabase {
    let isFirstStart = database == nil && !FileManager.default.fileExists(atPath: defaultStandupsDatabasePath())
    let (opened, name) = try await connectDatabase(named: database, logger: logger)
    let json = defaultStandupsURL()
    if isFirstStart, FileManager.default.fileExists(atPath: json.path) {
      do {
        let result = try await importStandups(from: json, into: opened)
        // Written at once (not buffered): it comes before anything the app prints next.
        FileHandle.standardOutput.write(Data((
          "Imported \(result.imported) standup\(result.imported == 1 ? "" : "s") from \(json.path) into \(name)"
            + " (the JSON file is left as it was; the app now keeps its standups in the database).\n"
        ).utf8))
      } catch {
        fail("cannot import \(json.path) into \(name): \(error)")
      }
    }
    return opened
  }

  @MainActor
  static func serve(
    data: String?, database: String?, mock: Bool, host: String, port: Int, record: String?,
    recordingMode: RecordingMode, logLevel: Logger.Level, allowedHosts: [String] = [],
    metricsListener: MetricsListener? = nil, caps: (inout WebApp) -> Void = { _ in },
    accounts options: AccountOptions? = nil
  ) async throws {
    // The database's log lines (a PostgreSQL outage) go where the server's go.
    var logger = Logger(label: "SharingPostgres")
    logger.logLevel = logLevel
    try await prepareData(data: data, database: database, mock: mock, logger: logger)
    let recording = record.map(absoluteURL)
    var accounts: WebAccounts?
    if let options {
      @Dependency(\.standupsDatabase) var standupsDatabase
      guard let standupsDatabase else { fail("--accounts needs a database") }
      accounts = try await webAccounts(options, database: standupsDatabase)
    }
    do {
      var app = standupsWebApp(
        host: host, port: port, record: recording, recordingMode: recordingMode, accounts: accounts,
        standupsPerAccount: options?.standupsPerAccount ?? 500
      )
      app.logLevel = logLevel
      app.allowedHosts = allowedHosts
      app.metricsListener = metricsListener
      caps(&app)
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
      warnIfCutOff(recording)
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
  static func start(
    data: String?, database: String?, mock: Bool, open: String?, record: String?, recordingMode: RecordingMode
  ) async throws {
    TerminalApp.requireTerminal()
    // Nothing is logged over the terminal's screen: an outage of a PostgreSQL server does not
    // show (the app keeps working and writes once the server is back).
    try await prepareData(
      data: data, database: database, mock: mock, logger: Logger(label: "SharingPostgres") { _ in SwiftLogNoOpLogHandler() }
    )

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
        AppFeature().recording(to: URL(fileURLWithPath: record), mode: recordingMode)
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

/// `--accounts`' settings.
struct AccountOptions {
  var secureCookie: Bool
  var sessionDays: Int
  var sessionMaxDays: Int
  var signUp: SignUpPolicy
  var standupsPerAccount = 500
}

/// `--sign-up`'s values.
enum SignUpChoice: String, ExpressibleByArgument {
  case open, closed

  var policy: SignUpPolicy { self == .open ? .open : .closed }
}

/// Accounts and sessions kept in the standups' own database (so every process on it honours the
/// same sessions). The standups of the single-user app go to no account by themselves: an
/// operator gives them with `standups accounts adopt EMAIL`, which the server says at start.
@MainActor
func webAccounts(_ options: AccountOptions, database: StandupsDatabase) async throws -> WebAccounts {
  let store = await accountStore(in: database)
  if let unowned = try? singleUserStandupsCount(in: database), unowned > 0 {
    FileHandle.standardOutput.write(Data(
      "The \(unowned) standup\(unowned == 1 ? "" : "s") of the single-user app belong\(unowned == 1 ? "s" : "") to no account: give \(unowned == 1 ? "it" : "them") to one with `standups accounts adopt EMAIL`.\n".utf8
    ))
  }
  var accounts = WebAccounts(
    store: store, secureCookie: options.secureCookie,
    sessionLifetime: .seconds(options.sessionDays * 24 * 60 * 60),
    sessionAbsoluteLifetime: .seconds(options.sessionMaxDays * 24 * 60 * 60)
  )
  accounts.signUp = options.signUp
  // An account deleted at /account takes its standups with it.
  accounts.accountDeleted = { account in
    _ = try await deleteStandups(of: account.id, in: database)
  }
  return accounts
}

/// The accounts kept in the standups' database; a store that cannot be made ends the program.
@MainActor
func accountStore(in database: StandupsDatabase) async -> any AccountStore {
  do {
    switch database {
    case let .sqlite(writer): return try SQLiteAccountStore.sqlite(writer)
    case let .postgres(postgres): return try await PostgresAccountStore.postgres(postgres)
    }
  } catch {
    fail("cannot keep accounts in the database: \(error)")
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
    warnIfCutOff(recording)
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

/// `standups import FILE.json [--database URL]`: a JSON data file's standups, copied into the
/// database once.
struct Import: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Copy the standups of a JSON data file (--data's, or an earlier version's) into the database.",
    discussion: """
      Into the app's database, or the one --database URL (or DATABASE_URL) names (PATH.sqlite, \
      PATH.db, sqlite:PATH or postgres://user[:password]@host[:port]/db): standups import \
      FILE.json --database PATH.sqlite. Each standup is copied \
      once: one the database already has (the same id) is left as it is there, so importing the \
      same file again changes nothing. Running standups processes on the same database show the \
      imported standups within a second.
      """
  )

  @Argument(help: ArgumentHelp("The JSON data file.", valueName: "file"))
  var file: String

  /// `standups`' own options: `--database` is the same option there, read with the others.
  @ParentCommand var standups: Standups
  @MainActor
  func run() async throws {
    let database = standups.databaseURL
    let source = absoluteURL(file)
    guard FileManager.default.fileExists(atPath: source.path) else { fail("\(file) does not exist") }
    let (target, name) = try await connectDatabase(named: database, logger: Logger(label: "SharingPostgres"))
    let result: StandupsImport
    do {
      result = try await importStandups(from: source, into: target)
    } catch let error as DecodingError {
      fail("\(file) is not a standups data file: \(describe(error))")
    } catch {
      fail("cannot import \(file): \(error)")
    }
    if case let .postgres(postgres) = target { await postgres.close() }
    let standups = { (count: Int) in "\(count) standup\(count == 1 ? "" : "s")" }
    if result.alreadyThere == 0 {
      print("Imported \(standups(result.imported)) from \(file) into \(name).")
    } else {
      print(
        "Imported \(standups(result.imported)) from \(file) into \(name); "
          + "\(standups(result.alreadyThere)) \(result.alreadyThere == 1 ? "was" : "were") already there and left as \(result.alreadyThere == 1 ? "it was" : "they were")."
      )
    }
  }
}

/// `--database`'s value, read; an unknown scheme or a path that is not a database ends the
/// program with one line naming it, exit 2, before anything else happens.
func parseDatabaseURL(_ text: String) throws -> StandupsDatabaseURL {
  do {
    return try StandupsDatabaseURL(parsing: text)
  } catch {
    FileHandle.standardError.write(Data("standups: \(error)\n".utf8))
    throw ExitCode(2)
  }
}

/// The database `--database` names (a SQLite file, whose folder must exist, or a PostgreSQL
/// server, connected to and checked), or the default SQLite file (its folder created); and its
/// name for messages (never with a password). Errors end the program with one line.
@MainActor
func connectDatabase(named database: String?, logger: Logger) async throws -> (StandupsDatabase, name: String) {
  let path: String
  switch try database.map(parseDatabaseURL) {
  case let .postgres(configuration)?:
    do {
      return (.postgres(try await PostgresDatabase.connect(to: configuration, logger: logger)), configuration.description)
    } catch {
      fail(error.description)
    }
  case let .sqlite(file)?:
    path = file
  case nil:
    path = defaultStandupsDatabasePath()
  }
  do throws(StandupsDatabaseError) {
    return (.sqlite(try openStandupsDatabase(atPath: path, createFolder: database == nil)), path)
  } catch {
    fail(error.description)
  }
}

/// Ends the program with `message` on one line, exit 1.
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("standups: \(message)\n".utf8))
  Foundation.exit(1)
}

/// `path`, relative to the current directory unless absolute.
func absoluteURL(_ path: String) -> URL {
  URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    .standardizedFileURL
}

/// What a decoding error says, in a few words.
func describe(_ error: DecodingError) -> String {
  switch error {
  case let .dataCorrupted(context), let .keyNotFound(_, context), let .typeMismatch(_, context),
    let .valueNotFound(_, context):
    context.underlyingError.map { "\($0.localizedDescription)" } ?? context.debugDescription
  @unknown default:
    "\(error)"
  }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}

/// Says on standard error that the recording's last line was cut off and skipped (a recording
/// whose program was killed while writing it).
func warnIfCutOff(_ recording: Recording) {
  guard let cut = recording.cutOffLine else { return }
  FileHandle.standardError.write(Data("standups: warning: \(cut)\n".utf8))
}
