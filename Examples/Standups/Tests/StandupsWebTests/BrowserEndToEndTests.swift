import ComposableWebTestSupport
import Foundation
import TerminalTestSupport
import Testing

/// The built `standups --web` program on a free port, driven in headless Chromium through
/// WebDriver as a person would use it, with a second tab watching; then stopped with SIGTERM.
/// Saves screenshots of the main screens at 375 and 1280 px under `screenshots/`.
@Suite(.serialized)
struct BrowserEndToEndTests {
  let program = builtProduct("standups").path

  /// Starts the server on `dataFile`; returns its URL.
  func serve(_ run: RecordedRun, dataFile: URL, in session: TmuxSession, port: Int = 0) throws -> String {
    try run.start(program, "--web --port \(port) --data \(dataFile.path)", in: session)
    let screen = try session.waitFor("Serving on http://")
    let line = try #require(screen.split(separator: "\n").first { $0.contains("Serving on http://") })
    let start = try #require(line.range(of: "http://"))
    return String(line[start.lowerBound...].prefix { !$0.isWhitespace })
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
        _ = try await browser.waitFor("return document.documentElement.dataset.cwLive", toBe: "true")
        // Add a standup with two attendees.
        try await browser.click("button.primary")
        _ = try await browser.element("[role=dialog]")
        try await browser.type("Engineering", into: "[role=dialog] input[type=text]")
        try await browser.type("Blob", into: ".attendee input")
        try await browser.click(".attendees > button")
        _ = try await browser.waitFor("return String(document.querySelectorAll('.attendee').length)", toBe: "2")
        // The new attendee's field has the focus: typing goes there.
        _ = try await browser.waitFor("return document.activeElement.closest('.attendee') ? 'yes' : 'no'", toBe: "yes")
        try await browser.type("Blob Jr", into: ".attendee:nth-of-type(2) input")
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

  @Test func screenshotsAtPhoneAndDesktopWidths() async throws {
    let run = try RecordedRun(name: "standups-web-shots")
    let dataFile = run.folder.appendingPathComponent("standups.json")
    let session = try TmuxSession(width: 120, height: 20)
    try run.start(program, "--web --port 0 --mock", in: session)
    let screen = try session.waitFor("Serving on http://")
    let line = try #require(screen.split(separator: "\n").first { $0.contains("Serving on http://") })
    let url = String(line[try #require(line.range(of: "http://")).lowerBound...].prefix { !$0.isWhitespace })
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
