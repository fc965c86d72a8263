import ComposableWebTestSupport
import Foundation
import StandupsTestSupport
import TerminalTestSupport
import Testing

/// The built `standups --web` program on a free port, driven in headless Chromium through
/// WebDriver as a person would use it, with a second tab watching; then stopped with SIGTERM.
/// Saves screenshots of the main screens at 375 and 1280 px under `screenshots/`.
// A time limit: a test that hangs (a server or a browser that stops answering) fails with its
// name instead of holding the whole run until CI gives up. Generous: browser tests queue.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct BrowserEndToEndTests {
  let program = builtProduct("standups").path

  /// Starts the server on `dataFile`; returns its URL.
  func serve(_ run: RecordedRun, dataFile: URL, in session: TmuxSession, port: Int = 0) throws -> String {
    try serve(run, "--port \(port) --data \(dataFile.path)", in: session)
  }

  /// Starts `standups --web` with `arguments`; returns its URL.
  func serve(_ run: RecordedRun, _ arguments: String, in session: TmuxSession) throws -> String {
    try serveStandups(run, arguments, in: session)
  }

  @Test func aPersonUsesEveryScreenAndASecondTabSeesTheChanges() async throws {
    let run = try RecordedRun(name: "standups-web-e2e")
    let dataFile = run.folder.appendingPathComponent("standups.json")
    let session = try TmuxSession(width: 120, height: 20)
    let url = try serve(run, dataFile: dataFile, in: session)
    let shots = screenshotsFolder()
    let path = "return location.pathname"

    try await Browser.withSession { watcher in
      try await watcher.open(url)
      #expect(try await watcher.waitForText("h1", "Standups") == "Standups")

      try await Browser.withSession { browser in
        try await browser.open(url)
        try await browser.waitUntilLive()
        // Add a standup with two attendees.
        // (The new attendee's field takes the focus: the second name is typed there.)
        try await browser.addStandup("Engineering", attendees: ["Blob", "Blob Jr"], pressingAdd: false)
        try await browser.screenshot(to: shots.appendingPathComponent("standups-add-1280.png"))
        try await browser.click(".sheet-buttons button.primary")
        #expect(try await browser.waitForText(".card h2", "Engineering") == "Engineering")
        // The other tab sees it.
        #expect(try await watcher.waitForText(".card h2", "Engineering") == "Engineering")

        // Open it, edit the title.
        try await browser.click(".card")
        #expect(try await browser.waitForText("h1", "Engineering") == "Engineering")
        let detailPath = try await browser.evaluate(path) as? String ?? ""
        #expect(detailPath.hasPrefix("/standups/"))
        try await browser.click(".actions button:nth-of-type(2)")  // Edit
        _ = try await browser.element("[role=dialog]")
        try await browser.replaceText("[role=dialog] input[type=text]", with: "Engineering team")
        _ = try await browser.waitFor("return document.querySelector('[role=dialog] input[type=text]').value", toBe: "Engineering team")
        try await browser.click(".sheet-buttons button.primary")  // Done
        #expect(try await browser.waitForText("h1", "Engineering team") == "Engineering team")
        #expect(try await watcher.waitForText(".card h2", "Engineering team") == "Engineering team")

        // Record a meeting with typed notes (speech recognition is unavailable here: the alert's
        // first button goes on without it).
        try await browser.click(".actions button.primary")  // Start meeting
        _ = try await browser.element("[role=alertdialog]")
        #expect(try await browser.text("[role=alertdialog] h2").contains("Speech recognition"))
        try await browser.click("[role=alertdialog] button")
        #expect(try await browser.waitFor(path, toBe: detailPath + "/record") == detailPath + "/record")
        #expect(try await browser.waitForText("#elapsed", "Elapsed 0:01") == "Elapsed 0:01")
        try await browser.type("Shipped the web front end", into: "textarea")
        try await browser.screenshot(to: shots.appendingPathComponent("standups-record-1280.png"))
        try await browser.click(".actions button.danger")  // End meeting
        _ = try await browser.element("[role=alertdialog]")
        #expect(try await browser.text("[role=alertdialog] button") == "Save and end")
        try await browser.screenshot(to: shots.appendingPathComponent("standups-alert-1280.png"))
        try await browser.click("[role=alertdialog] button")
        #expect(try await browser.waitFor(path, toBe: detailPath) == detailPath)

        // The past meeting.
        try await browser.click(".meetings a")
        #expect(try await browser.waitFor("return document.querySelector('.transcript').textContent", toBe: "Shipped the web front end") == "Shipped the web front end")
        try await browser.back()
        #expect(try await browser.waitFor(path, toBe: detailPath) == detailPath)

        // A reload on the detail address opens the same screen.
        try await browser.reload()
        #expect(try await browser.waitForText("h1", "Engineering team") == "Engineering team")
        try await browser.screenshot(to: shots.appendingPathComponent("standups-detail-1280.png"))

        // Delete it; Back from the detail went to the list.
        try await browser.click(".actions button.danger")
        _ = try await browser.element("[role=alertdialog]")
        try await browser.click("[role=alertdialog] button")
        #expect(try await browser.waitFor(path, toBe: "/") == "/")
        _ = try await browser.waitFor("return String(document.querySelectorAll('.card').length)", toBe: "0")
      }
      _ = try await watcher.waitFor("return String(document.querySelectorAll('.card').length)", toBe: "0")
    }

    // The data file has the meeting's standup gone and is valid JSON; SIGTERM exits 0.
    try run.kill("TERM")
    let ending = try run.ending(in: session)
    #expect(ending.exitStatus == 0)
    let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: dataFile)) as? [Any]
    #expect(saved?.isEmpty == true)
  }

  @Test func theDevtoolsPanelMovesThePageThroughItsActions() async throws {
    let run = try RecordedRun(name: "standups-web-devtools")
    let session = try TmuxSession(width: 120, height: 20)
    let url = try serve(run, "--port 0 --mock", in: session)
    let shots = screenshotsFolder()
    let address = "return location.pathname + location.search"
    try await Browser.withSession(width: 1280) { browser in
      try await browser.open(url + "?devtools")
      try await browser.waitUntilLive()
      #expect(try await browser.text(".cw-devtools output") == "Live: 1 step")
      try await browser.click(".card")
      let detail = try await browser.waitFor(
        "return location.pathname.startsWith('/standups/') ? location.pathname + location.search : ''",
        toBe: "/standups/00000000-0000-0000-0000-000000000000?devtools"
      )
      try await browser.click(".actions button:nth-of-type(2)")  // Edit
      _ = try await browser.element("[role=dialog]")
      try await browser.replaceText("[role=dialog] input[type=text]", with: "Design review")
      _ = try await browser.waitFor("return document.querySelector('[role=dialog] input[type=text]').value", toBe: "Design review")
      try await browser.click(".sheet-buttons button.primary")  // Done
      #expect(try await browser.waitForText("h1", "Design review") == "Design review")
      try await browser.screenshot(to: shots.appendingPathComponent("standups-devtools-live-1280.png"))

      // The slider back to the first step: the list, at its address.
      let steps = try await browser.evaluate("return String(document.querySelectorAll('.cw-devtools-steps li').length)") as? String ?? ""
      #expect(Int(steps) ?? 0 > 3)
      _ = try await browser.evaluate("""
        const slider = document.querySelector('.cw-devtools input[type=range]');
        slider.value = '1';
        slider.dispatchEvent(new Event('input', { bubbles: true }));
        return null;
        """)
      #expect(try await browser.waitFor(address, toBe: "/?devtools") == "/?devtools")
      #expect(try await browser.waitForText(".cw-devtools output", "Step 1 of \(steps)") == "Step 1 of \(steps)")
      try await browser.screenshot(to: shots.appendingPathComponent("standups-devtools-travel-1280.png"))

      // An action in the list (the last keystroke in the edit sheet): the detail with the sheet
      // open; Back to now.
      let typed = try await browser.evaluate("""
        const items = [...document.querySelectorAll('.cw-devtools-steps li')];
        return String(items.findLastIndex(item => item.textContent.includes('.binding(')) + 1);
        """) as? String ?? ""
      try await browser.click(".cw-devtools-steps li:nth-of-type(\(typed)) button")
      _ = try await browser.element("[role=dialog]")
      #expect(try await browser.waitFor(address, toBe: detail) == detail)
      try await browser.screenshot(to: shots.appendingPathComponent("standups-devtools-sheet-1280.png"))
      try await browser.click(".cw-devtools-buttons button:nth-of-type(2)")  // Back to now
      #expect(try await browser.waitForText(".cw-devtools output", "Live: \(steps) steps") == "Live: \(steps) steps")
      _ = try await browser.waitFor("return String(document.querySelector('[role=dialog]') === null)", toBe: "true")
    }
    try await Browser.withSession(width: 375) { browser in
      try await browser.open(url + "standups/00000000-0000-0000-0000-000000000000?devtools")
      _ = try await browser.element(".cw-devtools")
      try await browser.screenshot(to: shots.appendingPathComponent("standups-devtools-375.png"))
    }
    try run.kill("INT")
    #expect(try run.ending(in: session).exitStatus == 0)
  }

  @Test func recordingBrowserTabs() async throws {
    let run = try RecordedRun(name: "standups-web-record")
    let file = run.folder.appendingPathComponent("session.jsonl")
    let session = try TmuxSession(width: 120, height: 20)
    let url = try serve(run, "--port 0 --mock --record \(file.path)", in: session)
    // Pages only rendered (a crawler, `curl`, `HEAD`) record nothing that stays and take no
    // number: the browser's tab below is the first recording.
    let port = port(of: url)
    try await blocking {
      for method in ["GET", "GET", "HEAD", "GET"] {
        _ = try loopbackHTTP(port: port, method: method, path: "/", body: nil)
      }
    }
    try await Browser.withSession(width: 1280) { browser in
      try await browser.open(url)
      try await browser.waitUntilLive()
      try await browser.click(".card")
      _ = try await browser.element(".actions")
      try await browser.back()
      _ = try await browser.waitFor("return location.pathname", toBe: "/")
      // A second tab records to its own file.
      try await browser.open(url)
      #expect(try await browser.waitUntilLive())
    }
    try run.kill("INT")
    #expect(try run.ending(in: session).exitStatus == 0)
    let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
    // The header, the list's onAppear, the tap, the pop.
    #expect(lines.count == 4)
    #expect(lines.first?.contains("StandupsCore.AppFeature") == true)
    let second = run.folder.appendingPathComponent("session-2.jsonl")
    #expect(try String(contentsOf: second, encoding: .utf8).split(separator: "\n").count == 2)
    let left = try FileManager.default.contentsOfDirectory(atPath: run.folder.path).filter { $0.contains("session") }
    #expect(left.sorted() == ["session-2.jsonl", "session.jsonl"])
  }

  @Test func screenshotsAtPhoneAndDesktopWidths() async throws {
    let run = try RecordedRun(name: "standups-web-shots")
    let dataFile = run.folder.appendingPathComponent("standups.json")
    let session = try TmuxSession(width: 120, height: 20)
    let url = try serve(run, "--port 0 --mock", in: session)
    _ = dataFile
    let shots = screenshotsFolder()
    for width in [375, 1280] {
      try await Browser.withSession(width: width) { browser in
        try await browser.open(url)
        _ = try await browser.element(".card")
        try await browser.screenshot(to: shots.appendingPathComponent("standups-list-\(width).png"))
        try await browser.click(".card")
        _ = try await browser.element(".actions")
        try await browser.screenshot(to: shots.appendingPathComponent("standups-detail-\(width).png"))
        try await browser.click(".actions button:nth-of-type(2)")
        _ = try await browser.element("[role=dialog]")
        try await browser.screenshot(to: shots.appendingPathComponent("standups-edit-\(width).png"))
        try await browser.pressEscape()
        _ = try await browser.waitFor("return String(document.querySelector('[role=dialog]') === null)", toBe: "true")
        try await browser.click(".actions button.primary")
        _ = try await browser.waitFor("return location.pathname.endsWith('/record') ? 'yes' : 'no'", toBe: "yes")
        _ = try await browser.waitForText("#elapsed", "Elapsed 0:01")
        try await browser.screenshot(to: shots.appendingPathComponent("standups-record-\(width).png"))
        try await browser.click(".actions button.danger")
        _ = try await browser.element("[role=alertdialog]")
        try await browser.screenshot(to: shots.appendingPathComponent("standups-alert-\(width).png"))
      }
    }
    // A second server on the same port: a one-line error naming the port, exit 2.
    let port = String(url.split(separator: ":")[2].prefix { $0.isNumber })
    let second = try TmuxSession.run([program, "--web", "--port", port, "--mock"])
    #expect(second.status == 2)
    #expect(second.output.contains("port \(port) on 127.0.0.1 is already in use; choose another with --port"))
    try run.kill("INT")
    #expect(try run.ending(in: session).exitStatus == 0)
  }
}
