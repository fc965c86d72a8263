import ComposableWebTestSupport
import Foundation
import SharingGRDB
import StandupsTestSupport
import Testing

/// Standups' SwiftUI front end, built and run as a program on a database file of its own, driven
/// in headless Chromium through every screen as a person would; then beside `standups --web`
/// (the HTML front end, built by the package two folders up): the same steps leave the same rows,
/// and on one database a change made in either shows in the other. Saves screenshots at 375 and
/// 1280 px under `screenshots/`.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct StandupsSwiftUITests {
  @Test(arguments: [375, 1280])
  func everyScreen(width: Int) async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let (program, url) = try launch(builtProduct("standups-swiftui"), ["--port", "0", "--database", folder.path("s.sqlite")])
    defer { stop(program) }
    let shots = screenshotsFolder()
    func shot(_ name: String) -> URL { shots.appendingPathComponent("standups-swiftui-\(name)-\(width).png") }

    try await Browser.withSession(width: width) { browser in
      try await browser.open(url)
      try await browser.waitUntilLive()
      #expect(try await browser.waitForText(".sui-nav-title-large", "Daily Standups") == "Daily Standups")
      #expect(try await browser.pageText().contains("No standups yet"))

      try await browser.addEditAndRecordInSwiftUI(screenshots: shot)

      // The past meeting: its transcript is the notes typed during it.
      try await browser.click(".sui-section:nth-of-type(2) .sui-row button")
      _ = try await browser.waitFor("return document.querySelector('.sui-back span').textContent", toBe: "Engineering team")
      #expect(try await browser.waitForText(".sui-section:nth-of-type(2) .sui-row", "Shipped the release") == "Shipped the release")
      #expect(try await browser.pageText().contains("Blob Jr"))
      try await browser.screenshot(to: shot("meeting"))
      try await browser.click(".sui-back")
      #expect(try await browser.waitForText(".sui-nav-title-large", "Engineering team") == "Engineering team")

      // Delete it, after the alert.
      try await browser.press("Delete")
      _ = try await browser.element("[role=alertdialog]")
      #expect(try await browser.text("[role=alertdialog] h2") == "Delete?")
      try await browser.screenshot(to: shot("delete"))
      try await browser.press("Yes")
      #expect(try await browser.waitForText(".sui-nav-title-large", "Daily Standups") == "Daily Standups")
      _ = try await browser.waitFor("return document.querySelectorAll('.sui-row').length", toBe: "0")
    }
    stop(program)
    #expect(try standupRows(in: folder.path("s.sqlite")).isEmpty)
  }

  @Test func theSameStepsLeaveTheSameRowsAsTheHTMLFrontEnd() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let (swiftUI, swiftUIURL) = try launch(builtProduct("standups-swiftui"), ["--port", "0", "--database", folder.path("swiftui.sqlite")])
    defer { stop(swiftUI) }
    let (html, htmlURL) = try launch(try libraryProduct("standups"), ["--web", "--port", "0", "--database", folder.path("html.sqlite")])
    defer { stop(html) }

    try await Browser.withSession { browser in
      try await browser.open(swiftUIURL)
      try await browser.waitUntilLive()
      try await browser.addEditAndRecordInSwiftUI()
    }
    try await Browser.withSession { browser in
      try await browser.open(htmlURL)
      try await browser.waitUntilLive()
      try await browser.addEditAndRecordInHTML()
    }
    // Both processes write at once (the first change) and then at most once a second: stopped
    // with SIGTERM, each writes what is pending before it exits.
    stop(swiftUI)
    stop(html)
    let swiftUIRows = try standupRows(in: folder.path("swiftui.sqlite"))
    let htmlRows = try standupRows(in: folder.path("html.sqlite"))
    #expect(swiftUIRows.count == 1)
    #expect(swiftUIRows == htmlRows)
    let row = try #require(swiftUIRows.first)
    #expect(row.contains(#""title":"Engineering team""#))
    #expect(row.contains(#""transcript":"Shipped the release""#))
  }

  @Test func aChangeInOneFrontEndShowsInTheOther() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let database = folder.path("standups.sqlite")
    let (swiftUI, swiftUIURL) = try launch(builtProduct("standups-swiftui"), ["--port", "0", "--database", database])
    defer { stop(swiftUI) }
    let (html, htmlURL) = try launch(try libraryProduct("standups"), ["--web", "--port", "0", "--database", database])
    defer { stop(html) }

    try await Browser.withSession { swiftUIPage in
      try await swiftUIPage.open(swiftUIURL)
      try await swiftUIPage.waitUntilLive()
      try await Browser.withSession { htmlPage in
        try await htmlPage.open(htmlURL)
        try await htmlPage.waitUntilLive()

        // Added in the HTML front end, it shows as a card in the SwiftUI one…
        try await htmlPage.addStandup("Design", attendees: ["Blob Sr"])
        _ = try await swiftUIPage.waitFor("return document.querySelectorAll('.sui-row').length", toBe: "1")
        #expect(try await swiftUIPage.text(".sui-row .sui-font-headline, .sui-row span[style*=headline]") == "Design")

        // …and renamed in the SwiftUI one, it shows renamed in the HTML one.
        try await swiftUIPage.press("Design")
        try await swiftUIPage.press("Edit")
        try await swiftUIPage.replaceText("[role=dialog] input[placeholder=Title]", with: "Design review")
        _ = try await swiftUIPage.waitFor("return document.querySelector('[role=dialog] input[placeholder=Title]').value", toBe: "Design review")
        try await swiftUIPage.press("Done")
        #expect(try await htmlPage.waitForText(".card h2", "Design review") == "Design review")
      }
    }
  }
}

/// Stops a program with SIGTERM and waits for it (it saves what is pending first).
func stop(_ program: Process) {
  guard program.isRunning else { return }
  program.terminate()
  program.waitUntilExit()
}

/// The standups a database holds, in order, each as its JSON with the ids and dates taken out
/// (each front end makes its own): what two runs of the same steps can be compared by.
func standupRows(in path: String) throws -> [String] {
  let database = try DatabaseQueue(path: path)
  // One row per standup; the row with an empty id is the key's own (its version).
  let rows = try database.read { db in
    try Data.fetchAll(db, sql: #"SELECT "json" FROM sharingRows WHERE "key" = 'standups' AND "id" != '' ORDER BY "position""#)
  }
  return try rows.map { json in
    let value = withoutIDsAndDates(try JSONSerialization.jsonObject(with: json))
    return String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
  }
}

private func withoutIDsAndDates(_ value: Any) -> Any {
  if let object = value as? [String: Any] {
    return object.filter { $0.key != "id" && $0.key != "date" }.mapValues(withoutIDsAndDates)
  }
  if let array = value as? [Any] { return array.map(withoutIDsAndDates) }
  return value
}

extension Browser {
  /// In the SwiftUI front end, from the list: adds "Engineering" with two attendees in the
  /// sheet, opens it, edits it (title, length, theme), starts a meeting, types notes while the
  /// timer and the speaker's arc move, and ends it from the alert, saving. Ends on the detail.
  func addEditAndRecordInSwiftUI(screenshots shot: ((String) -> URL)? = nil) async throws {
    // The sheet: the title has the focus; a new attendee's field takes it.
    try await press("New standup")
    _ = try await element("[role=dialog] input")
    #expect(try await waitFor("return document.activeElement.placeholder", toBe: "Title") == "Title")
    try await type("Engineering", into: "[role=dialog] input[placeholder=Title]")
    try await type("Blob", into: "[role=dialog] input[placeholder=Name]")
    try await press("New attendee")
    _ = try await waitFor("return document.querySelectorAll('[role=dialog] input[placeholder=Name]').length", toBe: "2")
    #expect(
      try await waitFor(
        "return document.activeElement === document.querySelectorAll('[role=dialog] input[placeholder=Name]')[1] ? 'yes' : 'no'",
        toBe: "yes"
      ) == "yes"
    )
    try await type("Blob Jr", into: "[role=dialog] .sui-row:nth-child(2) input[placeholder=Name]")
    if let shot { try await screenshot(to: shot("add")) }
    try await press("Add")
    _ = try await waitFor("return document.querySelector('[role=dialog]') === null", toBe: "1")
    #expect(try await waitFor("return document.querySelector('.sui-row').textContent", toBe: "Engineering2 attendees5 min") == "Engineering2 attendees5 min")
    if let shot { try await screenshot(to: shot("list")) }

    // The detail, and the edit sheet: a new title, 10 minutes, the navy theme.
    try await press("Engineering")
    #expect(try await waitForText(".sui-nav-title-large", "Engineering") == "Engineering")
    try await press("Edit")
    _ = try await element("[role=dialog] input")
    try await replaceText("[role=dialog] input[placeholder=Title]", with: "Engineering team")
    _ = try await waitFor("return document.querySelector('[role=dialog] input[placeholder=Title]').value", toBe: "Engineering team")
    try await setControl("[role=dialog] input[type=range]", to: "10", event: "input")
    try await setControl("[role=dialog] select", to: "5", event: "change")  // Navy
    _ = try await waitFor("return document.querySelector('[role=dialog]').textContent.includes('10 min') ? 'yes' : 'no'", toBe: "yes")
    if let shot { try await screenshot(to: shot("edit")) }
    try await press("Done")
    #expect(try await waitForText(".sui-nav-title-large", "Engineering team") == "Engineering team")
    let detail = try await pageText()
    #expect(detail.contains("10 min") && detail.contains("Navy"))
    if let shot { try await screenshot(to: shot("detail")) }

    // A meeting: speech recognition is not available here, so the alert offers to go on
    // without it. The timer runs on the app's real clock.
    try await press("Start Meeting")
    _ = try await element("[role=alertdialog]")
    #expect(try await text("[role=alertdialog] h2") == "Speech recognition unavailable")
    try await press("Continue without recording")
    #expect(try await waitForText(".sui-nav-title-inline", "Engineering team") == "Engineering team")
    let arc = "return [...document.querySelectorAll('svg.sui-shape path')].map(p => p.getAttribute('d')).find(d => d.includes(' A') && !d.includes('Z')) || ''"
    _ = try await waitFor("return document.body.textContent.includes('0:01') ? 'yes' : 'no'", toBe: "yes")
    let firstArc = try await evaluate(arc) as? String ?? ""
    #expect(firstArc.contains(" A"))
    _ = try await waitFor("return document.body.textContent.includes('0:03') ? 'yes' : 'no'", toBe: "yes")
    let laterArc = try await evaluate(arc) as? String ?? ""
    #expect(laterArc.contains(" A") && laterArc != firstArc, "the speaker's arc grows with the timer")
    // The next speaker: the first one's arc is drawn whole.
    try await press("Next speaker")
    #expect(try await waitFor("return document.body.textContent.includes('Last speaker') ? 'yes' : 'no'", toBe: "yes") == "yes")
    let arcs = "return [...document.querySelectorAll('svg.sui-shape path')].filter(p => p.getAttribute('d').includes(' A') && !p.getAttribute('d').includes('Z')).length"
    #expect(try await waitFor(arcs, toBe: "2") == "2")
    // Both drawn at the size the browser measured (the first speaker's arc is a new view in the
    // same place, measured again), not at the 100-point guess.
    let guessed = "return document.querySelectorAll('svg.sui-shape[viewBox=\"0 0 100 100\"]').length"
    #expect(try await waitFor(guessed, toBe: "0") == "0")
    try await type("Shipped the release", into: "[placeholder=Notes]")
    _ = try await waitFor("return document.querySelector('[placeholder=Notes]').value", toBe: "Shipped the release")
    if let shot { try await screenshot(to: shot("record")) }
    try await press("End meeting")
    _ = try await element("[role=alertdialog]")
    #expect(try await text("[role=alertdialog] h2") == "End meeting?")
    if let shot { try await screenshot(to: shot("end")) }
    try await press("Save and end")
    #expect(try await waitForText(".sui-nav-title-large", "Engineering team") == "Engineering team")
    let headers = "return [...document.querySelectorAll('.sui-section-header')].map(h => h.textContent).join(', ')"
    #expect(try await waitFor(headers, toBe: "Standup info, Past meetings, Attendees") == "Standup info, Past meetings, Attendees")
  }

  /// The same steps in the HTML front end (`standups --web`).
  func addEditAndRecordInHTML() async throws {
    try await addStandupInHTML()
    try await click(".card")
    #expect(try await waitForText("h1", "Engineering") == "Engineering")
    try await press("Edit")
    _ = try await element("[role=dialog]")
    try await replaceText("[role=dialog] input[type=text]", with: "Engineering team")
    _ = try await waitFor("return document.querySelector('[role=dialog] input[type=text]').value", toBe: "Engineering team")
    try await setControl("[role=dialog] input[type=range]", to: "10", event: "input")
    try await setControl("[role=dialog] select", to: "5", event: "change")  // Navy
    _ = try await waitFor("return document.querySelector('[role=dialog]').textContent.includes('10 min') ? 'yes' : 'no'", toBe: "yes")
    try await press("Done")
    #expect(try await waitForText("h1", "Engineering team") == "Engineering team")
    try await press("Start meeting")
    _ = try await element("[role=alertdialog]")
    try await press("Continue without recording")
    _ = try await element("textarea")
    try await press("Next speaker")
    try await type("Shipped the release", into: "textarea")
    _ = try await waitFor("return document.querySelector('textarea').value", toBe: "Shipped the release")
    try await press("End meeting")
    _ = try await element("[role=alertdialog]")
    try await press("Save and end")
    _ = try await element(".meetings a")
  }

  /// Adds "Engineering" with Blob and Blob Jr in the HTML front end's sheet.
  private func addStandupInHTML() async throws {
    try await addStandup("Engineering", attendees: ["Blob", "Blob Jr"])
    #expect(try await waitForText(".card h2", "Engineering") == "Engineering")
  }

  /// Clicks the button whose title (or accessibility label) is `title`, else one whose text
  /// starts with it (a card), the last one on the page if several (a sheet's over the screen
  /// under it).
  func press(_ title: String) async throws {
    let script = """
      document.querySelectorAll('[data-pressing]').forEach(e => e.removeAttribute('data-pressing'));
      const all = [...document.querySelectorAll('button, [role=button], a')];
      let buttons = all.filter(e => e.textContent.trim() === \(literal(title)) || e.getAttribute('aria-label') === \(literal(title)));
      if (buttons.length === 0) buttons = all.filter(e => e.textContent.trim().startsWith(\(literal(title))));
      if (buttons.length === 0) return 'none';
      buttons[buttons.length - 1].setAttribute('data-pressing', '');
      return 'found';
      """
    _ = try await waitFor(script, toBe: "found")
    try await click("[data-pressing]")
  }

  /// Moves a slider or picks an option as a person's drag or choice would: the new value, then
  /// the event the page listens to.
  func setControl(_ css: String, to value: String, event: String) async throws {
    _ = try await element(css)
    _ = try await evaluate(
      """
      const control = document.querySelector(\(literal(css)));
      control.value = \(literal(value));
      control.dispatchEvent(new Event(\(literal(event)), { bubbles: true }));
      """
    )
  }

  /// Every text on the page.
  func pageText() async throws -> String {
    try await evaluate("return document.body.textContent") as? String ?? ""
  }
}

/// `text` as a JavaScript string literal.
func literal(_ text: String) -> String {
  let data = try! JSONSerialization.data(withJSONObject: [text])
  return String(decoding: data, as: UTF8.self).dropFirst().dropLast().description
}
