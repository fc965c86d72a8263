import CaseStudiesCore
import ComposableWeb
import ComposableWebTestSupport
import Foundation
import Testing

@testable import CaseStudiesWeb

/// The case studies served as `case-studies --web` serves them (a real server on a free port, the
/// live fact client and clock), in headless Chromium.
// A time limit: a test that hangs (a server or a browser that stops answering) fails with its
// name instead of holding the whole run until CI gives up. Generous: browser tests queue.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct CaseStudiesBrowserTests {
  /// Starts the server in this process, with the live dependencies the command runs with, and
  /// returns its address and the task that runs it (cancelling it stops the server).
  func start() async throws -> (url: String, server: Task<Void, any Error>) {
    let (started, continuation) = AsyncStream<String>.makeStream()
    let app = withDependencies { $0.context = .live } operation: { caseStudiesWebApp(port: 0) }
    let server = Task { try await app.run(onStart: { continuation.yield($0) }) }
    var iterator = started.makeAsyncIterator()
    guard let url = await iterator.next() else { throw CancellationError() }
    return (url, server)
  }

  @Test func theMenuAndEachKindOfPresentationInABrowser() async throws {
    let (url, server) = try await start()
    let path = "return location.pathname"
    for width in [375, 1280] {
      try await Browser.withSession(width: width) { browser in
        try await browser.open(url)
        try await browser.waitUntilLive()
        #expect(try await browser.text("h1") == "Case studies")
        try await browser.screenshot(to: screenshot("case-studies-menu-\(width)"))

        try await browser.click(#"a[href="/presentation"]"#)
        #expect(try await browser.waitFor(path, toBe: "/presentation") == "/presentation")
        #expect(try await browser.waitForText("h1", "Presentation") == "Presentation")
        try await browser.click("button.primary")
        _ = try await browser.waitFor("return document.activeElement.placeholder", toBe: "What is it?")
        try await browser.type("Cable", into: "input[placeholder='What is it?']")
        try await browser.click(#"button[aria-label="More"]"#)
        _ = try await browser.waitForText("output", "2")
        try await browser.screenshot(to: screenshot("case-studies-sheet-\(width)"))
        try await browser.click(".sheet-buttons button.primary")
        #expect(try await browser.waitFor("return String(document.querySelector('.items').textContent.includes('Cable'))", toBe: "true") == "true")

        try await browser.click(#"button[aria-label="Delete Cable"]"#)
        #expect(try await browser.waitForText("[role=alertdialog] h2", "Delete Cable?") == "Delete Cable?")
        try await browser.screenshot(to: screenshot("case-studies-alert-\(width)"))
        try await browser.pressEscape()
        _ = try await browser.waitFor("return String(document.querySelector('[role=alertdialog]') === null)", toBe: "true")

        // Back goes to the menu, in place.
        try await browser.back()
        #expect(try await browser.waitFor(path, toBe: "/") == "/")
        #expect(try await browser.waitForText("h1", "Case studies") == "Case studies")
      }
    }
    server.cancel()
    try await server.value
  }

  @Test func aCounterFetchesAFactFromTheLiveClient() async throws {
    let (url, server) = try await start()
    try await Browser.withSession(width: 1280) { browser in
      try await browser.open(url + "counters")
      try await browser.waitUntilLive()
      try await browser.click("button.primary")
      try await browser.click(#"button[aria-label="Increment Counter 1"]"#)
      try await browser.click(#"button[aria-label="Increment Counter 1"]"#)
      try await browser.click(#"button[aria-label="Increment Counter 1"]"#)
      _ = try await browser.waitForText(".total", "Total: 3")
      try await browser.click(#"button[aria-label="Fact about Counter 1"]"#)
      let fact = NumberFacts.fact(about: 3)
      #expect(try await browser.waitForText("[role=alertdialog] p", fact) == fact)
      try await browser.screenshot(to: screenshot("case-studies-counters-1280"))
    }
    server.cancel()
    try await server.value
  }

  private func screenshot(_ name: String) -> URL {
    screenshotsFolder().appendingPathComponent("\(name).png")
  }
}
