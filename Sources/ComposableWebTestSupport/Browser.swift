import Foundation

/// Debian's `chromium` driven through `chromedriver` (WebDriver over HTTP on loopback), headless.
/// The tests fail, not skip, when either is missing: `./test` (the README's test command) installs
/// both.
public final class Browser: @unchecked Sendable {
  // @unchecked Sendable: its properties never change after `init`; a session is driven by one
  // test at a time.
  private let driver: Process
  private let base: String
  private let session: String
  /// The driver's and Chromium's temporary folder (`TMPDIR`), a folder of ours removed by
  /// `close()`: the profile the driver makes there, and its other scratch folders, are otherwise
  /// removed by the driver as it exits, which a driver stopped with SIGKILL never does (2.4 MB
  /// left in `/tmp` per session).
  private let folder: URL

  /// Runs `body` with a new session whose viewport is `width` px wide, and closes it after.
  ///
  /// One test at a time has a browser: Chromium takes both cores of a small machine, and the
  /// tests running beside it (whose effects need those cores) would slow to a crawl. Sessions
  /// opened inside a session (a second tab) do not wait.
  public static func withSession(width: Int = 1280, _ body: (Browser) async throws -> Void) async throws {
    if isInSession {
      try await run(width: width, body)
      return
    }
    await sessionGate.enter()
    do {
      try await $isInSession.withValue(true) { try await run(width: width, body) }
    } catch {
      await sessionGate.leave()
      throw error
    }
    await sessionGate.leave()
  }

  @TaskLocal private static var isInSession = false
  private static let sessionGate = SessionGate()

  private static func run(width: Int, _ body: (Browser) async throws -> Void) async throws {
    let browser = try await Browser(width: width)
    do {
      try await body(browser)
    } catch {
      await browser.close()
      throw error
    }
    await browser.close()
  }

  /// A new session whose viewport is `width` px wide. Throws when Debian's `chromium` or
  /// `chromium-driver` is not installed, so that a browser test fails rather than skips.
  public init(width: Int) async throws {
    for program in ["/usr/bin/chromium", "/usr/bin/chromedriver"]
    where !FileManager.default.isExecutableFile(atPath: program) {
      throw BrowserError.missing("\(program) is missing: run the tests with ./test, which installs chromium and chromium-driver (or apt-get install them)")
    }
    // A port the system says is free (a random one could be a test server's or a client
    // socket's, and the driver would exit at once), and another one if the driver exits anyway
    // (the port was taken in between).
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cw-chromium-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var started: (driver: Process, base: String)?
    for _ in 0..<3 where started == nil {
      let port = try freeLoopbackPort()
      let driver = Process()
      driver.executableURL = URL(fileURLWithPath: "/usr/bin/chromedriver")
      driver.arguments = ["--port=\(port)"]
      driver.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": folder.path]) { $1 }
      driver.standardOutput = FileHandle.nullDevice
      driver.standardError = FileHandle.nullDevice
      try driver.run()
      let base = "http://127.0.0.1:\(port)"
      // Wait (bounded: 30 s, for a loaded machine) until the driver answers.
      for _ in 0..<600 where driver.isRunning {
        if (try? await Self.request("GET", base + "/status")) != nil {
          started = (driver, base)
          break
        }
        try await Task.sleep(for: .milliseconds(50))
      }
      if started == nil { Self.stop(driver) }
    }
    guard let started else {
      try? FileManager.default.removeItem(at: folder)
      throw BrowserError.missing("chromedriver did not answer on loopback within 30 s, three times")
    }
    driver = started.driver
    base = started.base
    self.folder = folder
    let created = try await Self.request(
      "POST", base + "/session",
      [
        "capabilities": [
          "alwaysMatch": [
            "goog:chromeOptions": [
              "binary": "/usr/bin/chromium",
              "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1280,800"],
              // The viewport is exactly `width` wide (a headless window has a minimum width).
              "mobileEmulation": ["deviceMetrics": ["width": width, "height": 800, "pixelRatio": 1]],
            ]
          ]
        ]
      ]
    )
    session = ((created["value"] as? [String: Any])?["sessionId"] as? String) ?? ""
  }

  public func close() async {
    _ = try? await Self.request("DELETE", "\(base)/session/\(session)")
    Self.stop(driver)
    try? FileManager.default.removeItem(at: folder)
  }

  /// Stops a driver with SIGKILL, not `terminate()`'s SIGTERM: a driver started from a Dispatch
  /// worker thread keeps that thread's signal mask, in which Dispatch blocks SIGTERM (seen in the
  /// drivers' `/proc/PID/status`), so SIGTERM left every driver running after the tests. Its
  /// session is deleted first (Chromium has quit): nothing is lost.
  ///
  /// The driver is reaped here with `waitpid`, not `waitUntilExit()`: Foundation's wait spins
  /// on its run loop until its own child monitor reports the exit, and a CI run met a killed
  /// driver left a zombie that the monitor never reported (the test process then spun at 100%
  /// of a core for good). `waitpid` on a zombie returns at once; if Foundation reaped it first,
  /// it returns ECHILD at once.
  private static func stop(_ driver: Process) {
    guard driver.isRunning else { return }
    let pid = driver.processIdentifier
    kill(pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1, errno == EINTR {}
  }

  public func open(_ url: String) async throws {
    _ = try await Self.request("POST", "\(base)/session/\(session)/url", ["url": url])
  }

  /// The element matching `css`, waiting (bounded: 30 s, for a loaded machine where a click's
  /// answer crosses a server, a database and a proxy) for it to appear.
  public func element(_ css: String) async throws -> String {
    let deadline = ContinuousClock.now + Self.patience
    while ContinuousClock.now < deadline {
      let found = try await Self.request(
        "POST", "\(base)/session/\(session)/element", ["using": "css selector", "value": css]
      )
      if let value = found["value"] as? [String: Any], let id = value.values.first as? String, value.count == 1 {
        return id
      }
      try await Task.sleep(for: .milliseconds(50))
    }
    throw BrowserError.notFound(css)
  }

  public func click(_ css: String) async throws {
    try await act(on: css, "click", [:])
  }

  /// Types `text` into the element matching `css`, key by key, as a person would.
  public func type(_ text: String, into css: String) async throws {
    try await act(on: css, "value", ["text": text])
  }

  /// Sends `command` to the element matching `css`. An element the page replaced between finding
  /// it and acting on it (a whole page sent again when a socket reconnects) is found again: a
  /// person's click lands on what is on the screen, never on what was there a moment before.
  private func act(on css: String, _ command: String, _ body: [String: Any]) async throws {
    // As a person waits for a sheet to finish sliding in before tapping in it: a click lands
    // where the element has come to rest, never where it is on its way.
    if command == "click" { _ = try await waitFor(Self.animationsAtRest, toBe: "at rest") }
    for _ in 0..<5 {
      let id = try await element(css)
      let answer = try await Self.request("POST", "\(base)/session/\(session)/element/\(id)/\(command)", body)
      guard (answer["value"] as? [String: Any])?["error"] as? String == "stale element reference" else { return }
    }
    throw BrowserError.notFound(css)
  }

  /// Empties the field matching `css`, then types `text` into it.
  public func replaceText(_ css: String, with text: String) async throws {
    let id = try await element(css)
    _ = try await Self.request("POST", "\(base)/session/\(session)/element/\(id)/clear", [:])
    try await type(text, into: css)
  }

  /// Presses Escape in whatever has the focus.
  public func pressEscape() async throws {
    let active = try await Self.request("GET", "\(base)/session/\(session)/element/active")
    guard let value = active["value"] as? [String: Any], let id = value.values.first as? String else {
      throw BrowserError.notFound("the focused element")
    }
    _ = try await Self.request("POST", "\(base)/session/\(session)/element/\(id)/value", ["text": "\u{E00C}"])
  }

  public func back() async throws {
    _ = try await Self.request("POST", "\(base)/session/\(session)/back", [:])
  }

  public func reload() async throws {
    _ = try await Self.request("POST", "\(base)/session/\(session)/refresh", [:])
  }

  /// Runs `script` (a function body) in the page and returns what it returns.
  public func evaluate(_ script: String) async throws -> Any? {
    try await Self.request(
      "POST", "\(base)/session/\(session)/execute/sync", ["script": script, "args": [Any]()]
    )["value"]
  }

  /// The cookies the browser holds for the page's site, as WebDriver gives them (`name`,
  /// `value`, `path`, `httpOnly`, `secure`, `sameSite`, `expiry`), HttpOnly ones included.
  public func cookies() async throws -> [[String: Any]] {
    try await Self.request("GET", "\(base)/session/\(session)/cookie")["value"] as? [[String: Any]] ?? []
  }

  /// Whether the page plays no animation that ends (a spinner's never does).
  static let animationsAtRest =
    "return document.getAnimations().every(a => a.playState !== 'running' || a.effect.getComputedTiming().iterations === Infinity) ? 'at rest' : 'moving'"

  /// How long a wait for the page gives it. A wait ends as soon as the page is as expected, so
  /// the bound costs a passing test nothing; it is long because a loaded CI host can hold a
  /// browser or a server back for seconds (a bound of 100 polls, about five seconds, was seen
  /// to run out there).
  static let patience: Duration = .seconds(30)

  /// Waits (bounded, see `patience`) until `script` returns `expected`; returns what it last
  /// returned.
  public func waitFor(_ script: String, toBe expected: String) async throws -> String {
    try await poll { try await self.evaluate(script).map { "\($0)" } ?? "nil" } until: { $0 == expected }
  }

  /// Reads the page with `read` every 50 ms until `isDone` holds or `patience` runs out; returns
  /// what it last read.
  private func poll(
    _ read: () async throws -> String, until isDone: (String) -> Bool
  ) async throws -> String {
    let deadline = ContinuousClock.now + Self.patience
    var last = try await read()
    while !isDone(last), ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(50))
      last = try await read()
    }
    return last
  }

  /// Waits until the page's live connection is up (the script marks `<html data-cw-live>`);
  /// returns whether it came up in time (see `patience`).
  @discardableResult
  public func waitUntilLive() async throws -> Bool {
    try await waitFor("return document.documentElement.dataset.cwLive", toBe: "true") == "true"
  }

  public func text(_ css: String) async throws -> String {
    let id = try await element(css)
    return try await Self.request("GET", "\(base)/session/\(session)/element/\(id)/text")["value"] as? String ?? ""
  }

  /// Waits (bounded, see `patience`) until the element's text is `expected`; returns what it
  /// last was.
  public func waitForText(_ css: String, _ expected: String) async throws -> String {
    try await poll { try await self.text(css) } until: { $0 == expected }
  }

  public func screenshot(to url: URL) async throws {
    let shot = try await Self.request("GET", "\(base)/session/\(session)/screenshot")
    let data = Data(base64Encoded: shot["value"] as? String ?? "") ?? Data()
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url)
  }

  public enum BrowserError: Error { case notFound(String), missing(String) }

  private static func request(_ method: String, _ url: String, _ body: [String: Any]? = nil) async throws -> [String: Any] {
    let components = URLComponents(string: url)!
    let payload = try body.map { try JSONSerialization.data(withJSONObject: $0) }
    let data = try await withCheckedThrowingContinuation { continuation in
      Thread {
        continuation.resume(
          with: Result {
            try loopbackHTTP(port: components.port!, method: method, path: components.path, body: payload)
          }
        )
      }.start()
    }
    return (try JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
  }
}

/// Where tests save screenshots for people to look at: `screenshots/` in the package.
public func screenshotsFolder(file: StaticString = #filePath) -> URL {
  var root = URL(fileURLWithPath: "\(file)")
  while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
    root.deleteLastPathComponent()
  }
  return root.appendingPathComponent("screenshots")
}

/// Lets one browser test at a time in (see ``Browser/withSession(width:_:)``).
private actor SessionGate {
  private var isBusy = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  func enter() async {
    guard isBusy else {
      isBusy = true
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  func leave() {
    if waiting.isEmpty {
      isBusy = false
    } else {
      waiting.removeFirst().resume()
    }
  }
}
