import ComposableWebTestSupport
import Foundation
import Testing

/// Standups' SwiftUI front end, built and run as a program on a database file of its own, driven
/// in headless Chromium through every screen.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct StandupsSwiftUITests {
  @Test func explore() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("standups-swiftui-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let (program, url) = try launch("standups-swiftui", ["--port", "0", "--database", folder.appendingPathComponent("s.sqlite").path])
    defer {
      program.terminate()
      program.waitUntilExit()
    }
    let shots = screenshotsFolder()
    try await Browser.withSession(width: 375) { browser in
      try await browser.open(url)
      _ = try await browser.waitFor("return document.documentElement.dataset.cwLive", toBe: "true")
      try await browser.click("[aria-label='New standup']")
      _ = try await browser.element("[role=dialog] input")
      try await browser.type("Engineering", into: "[role=dialog] input[placeholder=Title]")
      try await browser.type("Blob", into: "[role=dialog] input[placeholder=Name]")
      try await browser.press("New attendee")
      _ = try await browser.waitFor("return document.querySelectorAll('[role=dialog] input[placeholder=Name]').length", toBe: "2")
      _ = try await browser.waitFor("return document.activeElement === document.querySelectorAll('[role=dialog] input[placeholder=Name]')[1] ? 'yes' : 'no'", toBe: "yes")
      try await browser.type("Blob Jr", into: "[role=dialog] .sui-row:nth-child(2) input[placeholder=Name]")
      try await browser.screenshot(to: shots.appendingPathComponent("x-standups-add.png"))
      try await browser.press("Add")
      _ = try await browser.waitFor("return document.querySelector('[role=dialog]') === null", toBe: "1")
      try await browser.screenshot(to: shots.appendingPathComponent("x-standups-list.png"))
      try await browser.press("Engineering")
      try await Task.sleep(for: .seconds(1))
      try await browser.screenshot(to: shots.appendingPathComponent("x-standups-detail.png"))
      print(try await browser.evaluate("return document.body.innerHTML.slice(0, 3000)") ?? "")
      _ = try await browser.waitForText(".sui-nav-title-large", "Engineering")
      try await browser.screenshot(to: shots.appendingPathComponent("x-standups-detail.png"))
      try await browser.press("Edit")
      _ = try await browser.element("[role=dialog] input")
      try await browser.screenshot(to: shots.appendingPathComponent("x-standups-edit.png"))
      try await browser.press("Cancel")
      _ = try await browser.waitFor("return document.querySelector('[role=dialog]') === null", toBe: "1")
      try await browser.press("Start Meeting")
      _ = try await browser.element("[role=alertdialog]")
      try await browser.screenshot(to: shots.appendingPathComponent("x-standups-speech-alert.png"))
      try await browser.press("Continue without recording")
      _ = try await browser.waitForText(".sui-nav-title-inline", "Engineering")
      try await Task.sleep(for: .seconds(3))
      try await browser.screenshot(to: shots.appendingPathComponent("x-standups-record.png"))
      try await browser.press("End meeting")
      _ = try await browser.element("[role=alertdialog]")
      try await browser.screenshot(to: shots.appendingPathComponent("x-standups-end-alert.png"))
      try await browser.press("Save and end")
      _ = try await browser.waitForText(".sui-nav-title-large", "Engineering")
      try await browser.screenshot(to: shots.appendingPathComponent("x-standups-detail2.png"))
    }
  }
}

extension Browser {
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
}

/// `text` as a JavaScript string literal.
func literal(_ text: String) -> String {
  let data = try! JSONSerialization.data(withJSONObject: [text])
  return String(decoding: data, as: UTF8.self).dropFirst().dropLast().description
}
