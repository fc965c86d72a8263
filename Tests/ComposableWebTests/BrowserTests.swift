import ComposableArchitecture
import ComposableWeb
import ComposableWebTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

private func screenshot(_ name: String) -> URL {
  screenshotsFolder().appendingPathComponent("\(name).png")
}

// A time limit: a test that hangs (a server or a browser that stops answering) fails with its
// name instead of holding the whole run until CI gives up. Generous: browser tests queue.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct BrowserTests {
  @Test func aRealBrowserClicksAndTheCountUpdatesLive() async throws {
    let app = try await RunningApp.start()
    for width in [375, 1280] {
      try await Browser.withSession(width: width) { browser in
        try await browser.open(app.url)
        #expect(try await browser.waitForText("h1", "Count: 0") == "Count: 0")
        try await browser.click(#"button[aria-label="Increment"]"#)
        try await browser.click(#"button[aria-label="Increment"]"#)
        #expect(try await browser.waitForText("h1", "Count: 2") == "Count: 2")
        try await browser.screenshot(to: screenshot("tally-\(width)"))
      }
    }
    try await app.stop()
  }

  @Test func typingOverASlowConnectionLosesNoKeystroke() async throws {
    let app = try await RunningApp.start(
      WebApp(title: "Profile", port: 0) {
        let store = Store(initialState: Profile.State()) { Profile() }
        return { profileView(store) }
      }
    )
    // 200 ms each way: every keystroke's patch arrives while later keys are being typed.
    let proxy = try LatencyProxy(upstream: Int(app.port)!, delay: .milliseconds(200))
    try await Browser.withSession { browser in
      try await browser.open("http://127.0.0.1:\(proxy.port)/")
      try await browser.waitUntilLive()
      // One key per WebDriver call, so typing goes on while the patches of earlier keys arrive.
      let typed = "Blob Esquire, the Third of the Name"
      for key in typed {
        try await browser.type(String(key), into: "#name")
      }
      #expect(try await browser.waitForText("#greeting", "Hello, \(typed)!") == "Hello, \(typed)!")
      #expect(try await browser.evaluate("return document.getElementById('name').value") as? String == typed)

      // A change the server makes to the field while nobody types in it is applied.
      try await browser.click("#shout")
      let shouted = typed.uppercased()
      #expect(try await browser.waitFor("return document.getElementById('name').value", toBe: shouted) == shouted)
    }
    try await app.stop()
  }

  @Test func aQuietPageKeepsItsSocketOpen() async throws {
    var tally = tallyApp()
    // Two seconds of silence close a socket; the page is asked for a keep-alive every 500 ms.
    // (Not shorter: a browser on a loaded machine may run a timer late.)
    tally.silentSocketLifetime = .seconds(2)
    let app = try await RunningApp.start(tally)
    let port = Int(app.port)!
    func metric(_ name: String) async throws -> Double {
      let text = try await blocking { try loopbackHTTP(port: port, method: "GET", path: "/metrics", body: nil) }
      return figure(name, in: String(decoding: text, as: UTF8.self)) ?? -1
    }
    try await Browser.withSession { browser in
      try await browser.open(app.url)
      try await browser.waitUntilLive()
      // Nobody touches the page while it sends a dozen keep-alives (about 6 s, three lifetimes
      // and several of the server's sweeps): counted, not waited for by the clock.
      let deadline = ContinuousClock.now + .seconds(60)
      while try await metric("composable_web_keep_alives_total") < 12, ContinuousClock.now < deadline {
        await Task.yield()
      }
      #expect(try await metric("composable_web_keep_alives_total") >= 12)
      #expect(try await metric(#"composable_web_dropped_total{reason="silent"}"#) == 0)
      #expect(try await metric("composable_web_reconnects_total") == 0)
      #expect(try await metric("composable_web_events_total") == 0)
      // Still the same live socket: a click goes through.
      try await browser.click(#"button[aria-label="Increment"]"#)
      #expect(try await browser.waitForText("h1", "Count: 1") == "Count: 1")
    }
    try await app.stop()
  }

  @Test func aDroppedConnectionShowsReconnectingAndComesBackToTheSameState() async throws {
    let app = try await RunningApp.start()
    let proxy = try LatencyProxy(upstream: Int(app.port)!, delay: .zero)
    try await Browser.withSession { browser in
      try await browser.open("http://127.0.0.1:\(proxy.port)/")
      try await browser.waitUntilLive()
      _ = try await browser.evaluate("window.cwMarker = 'same page'")
      try await browser.click(#"button[aria-label="Increment"]"#)
      try await browser.click(#"button[aria-label="Increment"]"#)
      #expect(try await browser.waitForText("h1", "Count: 2") == "Count: 2")

      proxy.isRefusing = true
      proxy.cutConnections()
      let notice = "return String(!document.getElementById('cw-reconnecting').hidden)"
      #expect(try await browser.waitFor(notice, toBe: "true") == "true")
      #expect(try await browser.text("#cw-reconnecting") == "Reconnecting…")
      // A click while the server is unreachable waits for the connection.
      try await browser.click(#"button[aria-label="Increment"]"#)

      proxy.isRefusing = false
      #expect(try await browser.waitFor(notice, toBe: "false") == "false")
      #expect(try await browser.waitForText("h1", "Count: 3") == "Count: 3")
      // The same page (not a reload), attached to the same store.
      #expect(try await browser.evaluate("return window.cwMarker") as? String == "same page")
    }
    try await app.stop()
  }

  @Test func linksPushHistoryBackPopsAndAReloadOpensTheSameScreen() async throws {
    let app = try await RunningApp.start(
      WebApp(title: "Catalog", port: 0) { path in catalogPage(path)?.0 }
    )
    try await Browser.withSession { browser in
      try await browser.open(app.url)
      try await browser.waitUntilLive()
      _ = try await browser.evaluate("window.cwMarker = 'same page'")
      let path = "return location.pathname"
      try await browser.click(#"a[href="/items/1"]"#)
      #expect(try await browser.waitFor(path, toBe: "/items/1") == "/items/1")
      try await browser.click("button")
      #expect(try await browser.waitForText("h1", "Item 2") == "Item 2")
      #expect(try await browser.waitFor(path, toBe: "/items/1/2") == "/items/1/2")
      // No page load so far: the link ran in place.
      #expect(try await browser.evaluate("return window.cwMarker") as? String == "same page")

      try await browser.back()
      #expect(try await browser.waitForText("h1", "Item 1") == "Item 1")
      #expect(try await browser.waitFor(path, toBe: "/items/1") == "/items/1")

      try await browser.reload()
      #expect(try await browser.waitForText("h1", "Item 1") == "Item 1")
      #expect(try await browser.evaluate("return String(window.cwMarker)") as? String == "undefined")

      try await browser.open(app.url + "items/77")
      #expect(try await browser.waitForText("h1", "Not found") == "Not found")
      try await browser.click(#"a[href="/"]"#)
      #expect(try await browser.waitForText("h1", "Catalog") == "Catalog")
    }
    try await app.stop()
  }

  @Test func anAlertFocusesItsFirstButtonAndEscapeCancelsIt() async throws {
    let app = try await RunningApp.start(
      WebApp(title: "Profile", port: 0) {
        let store = Store(initialState: Profile.State()) { Profile() }
        return { profileView(store) }
      }
    )
    for width in [375, 1280] {
      try await Browser.withSession(width: width) { browser in
        try await browser.open(app.url)
        try await browser.type("Blob", into: "#name")
        try await browser.click("#delete")
        let focused = "return document.activeElement.textContent"
        #expect(try await browser.waitFor(focused, toBe: "Delete") == "Delete")
        try await browser.screenshot(to: screenshot("alert-\(width)"))

        try await browser.pressEscape()
        let open = "return String(document.querySelector('[role=alertdialog]') !== null)"
        #expect(try await browser.waitFor(open, toBe: "false") == "false")
        #expect(try await browser.text("#status") == "Here")
      }
    }
    try await app.stop()
  }
}
