import ComposableWebTestSupport
import Foundation
import Testing

/// The SwiftUI app, built and run as a program, driven in headless Chromium as a person would:
/// a navigation push and back, a sheet with a text field, an alert, a row deleted, and the
/// custom `Shape` drawn. Saves screenshots at 375 and 1280 px under `screenshots/`.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct ScoresAppTests {
  @Test(arguments: [375, 1280])
  func everyScreen(width: Int) async throws {
    let shots = screenshotsFolder()
    try await withScoresApp(width: width) { browser in
      #expect(try await browser.waitForText(".sui-nav-title-large", "Scores") == "Scores")
      try await browser.screenshot(to: shots.appendingPathComponent("swiftui-scores-\(width).png"))

      // A push: the player's screen, with a stepper and the arc of the custom shape.
      try await browser.click(".sui-row:first-child .sui-navlink")
      #expect(try await browser.waitForText(".sui-nav-title-large", "Blob") == "Blob")
      #expect(try await browser.text(".sui-back") == "Scores")
      // What the page animates, as it starts each animation.
      try await recordAnimations(browser)
      try await browser.click("[aria-label=Increment]")
      _ = try await browser.waitFor(
        "return [...document.querySelectorAll('.sui-text')].some(e => e.textContent === '4 points') ? 'yes' : 'no'", toBe: "yes"
      )
      // 4 of 5 points: the arc ends at 288° from the top, past half a turn (the large-arc flag).
      let arc = try await browser.waitFor(
        "return [...document.querySelectorAll('svg.sui-shape path')].map(p => p.getAttribute('d')).find(d => d.includes(' A')) || ''",
        toBe: "M80 0 A80 80 0 1 1 3.915 55.279"
      )
      #expect(arc == "M80 0 A80 80 0 1 1 3.915 55.279")
      // The goal's dot grew and turned green with the bouncy animation `.animation(_:value:)` asked for.
      let played = try await browser.waitFor(
        "return window.played.some(p => p.endsWith(' 500 cubic-bezier(0.34, 1.56, 0.64, 1)')) ? 'bouncy' : window.played.join()",
        toBe: "bouncy"
      )
      #expect(played == "bouncy")
      try await browser.screenshot(to: shots.appendingPathComponent("swiftui-player-\(width).png"))
      try await browser.click(".sui-back")
      #expect(try await browser.waitForText(".sui-nav-title-large", "Scores") == "Scores")
      #expect(try await browser.waitForText(".sui-section-footer", "5 points in all") == "5 points in all")

      // A sheet with a text field that has the focus.
      try await browser.click("[aria-label='Add player'], .sui-navbar-trailing button")
      _ = try await browser.element("[role=dialog] input")
      #expect(try await browser.waitFor("return document.activeElement && document.activeElement.placeholder", toBe: "Name") == "Name")
      #expect(try await browser.evaluate("return document.querySelector('[role=dialog] .sui-navbar-trailing button').disabled") as? Bool == true)
      try await browser.type("Blobbo", into: "[role=dialog] input")
      _ = try await browser.waitFor("return document.querySelector('[role=dialog] .sui-navbar-trailing button').disabled", toBe: "0")
      try await browser.screenshot(to: shots.appendingPathComponent("swiftui-add-\(width).png"))
      try await browser.click("[role=dialog] .sui-navbar-trailing button")
      _ = try await browser.waitFor("return document.querySelector('[role=dialog]') === null", toBe: "1")
      _ = try await browser.waitFor("return document.querySelectorAll('.sui-navlink').length", toBe: "3")
      #expect(try await browser.text(".sui-row:nth-child(3) .sui-navlink").hasPrefix("Blobbo"))

      // An alert: its destructive button resets, and the alert goes.
      try await browser.click(".sui-bottombar button")
      _ = try await browser.element("[role=alertdialog]")
      #expect(try await browser.text("[role=alertdialog] h2") == "Reset all scores?")
      try await browser.screenshot(to: shots.appendingPathComponent("swiftui-alert-\(width).png"))
      try await browser.click("[role=alertdialog] .sui-role-destructive")
      #expect(try await browser.waitForText(".sui-section-footer", "0 points in all") == "0 points in all")
      _ = try await browser.waitFor("return document.querySelector('[role=alertdialog]') === null", toBe: "1")

      // A row deleted, with an animation: a copy of it fades out where it was, looking as the
      // row did (white on the grouped grey, its padding), though outside the list's rules.
      _ = try await browser.evaluate(
        "const animate = Element.prototype.animate; window.leftRows = []; Element.prototype.animate = function (frames, options) { if (this.classList.contains('cw-leaving')) { const look = getComputedStyle(this); window.leftRows.push([this.querySelector('.sui-text').textContent, look.backgroundColor, look.paddingLeft].join()); } return animate.call(this, frames, options); }; return 1"
      )
      try await browser.click(".sui-row:first-child .sui-row-trash")
      _ = try await browser.waitFor("return document.querySelectorAll('.sui-navlink').length", toBe: "2")
      #expect(try await browser.text(".sui-row:first-child .sui-navlink").hasPrefix("Blob Jr"))
      let leftRows = try await browser.evaluate("return window.leftRows.join('|')") as? String
      #expect(leftRows == "Blob,rgb(255, 255, 255),16px")
    }
  }

  /// The matches sheet: the pieces apps use beyond lists and stacks, together — a date picker,
  /// labelled values, a grid, a search field, swipe actions, a context menu and a scroll to a
  /// row.
  @Test(arguments: [375, 1280])
  func theMatchesSheet(width: Int) async throws {
    let shots = screenshotsFolder()
    try await withScoresApp(width: width) { browser in
      try await browser.click(".sui-navbar-leading button")
      _ = try await browser.element("[role=dialog] .sui-grid")
      #expect(try await browser.evaluate("return document.querySelector('[role=dialog] .sui-date-field').value") as? String == "2026-12-05T15:00")
      // The badges are laid out in columns: more than one badge on the first row.
      let perRow = try await browser.evaluate(
        "const cells = [...document.querySelectorAll('[role=dialog] .sui-grid > *')]; return cells.filter(c => c.getBoundingClientRect().top === cells[0].getBoundingClientRect().top).length"
      )
      #expect((perRow as? Int ?? 0) > 1)
      try await browser.screenshot(to: shots.appendingPathComponent("swiftui-matches-\(width).png"))

      // A new kick-off, chosen in the browser's own field.
      _ = try await browser.evaluate(
        "const f = document.querySelector('[role=dialog] .sui-date-field'); f.value = '2026-12-12T18:30'; f.dispatchEvent(new Event('change', {bubbles: true})); return 1"
      )
      _ = try await browser.waitFor("return document.querySelector('[role=dialog] .sui-date-field').value", toBe: "2026-12-12T18:30")

      // The crest loaded by the browser and shown by the server's next render, at its frame; the
      // sponsor's address answers 404, so its failure shows.
      let crest = try await browser.waitFor(
        "const i = document.querySelector('[role=dialog] img.sui-bitmap[src^=data]'); return i && i.complete && i.naturalWidth > 0 ? Math.round(i.getBoundingClientRect().width) + 'x' + Math.round(i.getBoundingClientRect().height) : 'none'",
        toBe: "32x32"
      )
      #expect(crest == "32x32")
      // The badge of the app's asset catalogue, served by the app: its 2x file (80 pixels) at its
      // own size in points, named for screen readers.
      let badge = try await browser.waitFor(
        "const i = document.querySelector('[role=dialog] img[src^=\"/_cw/file/\"]'); return i && i.complete && i.naturalWidth > 0 ? i.naturalWidth + ':' + Math.round(i.getBoundingClientRect().width) + 'x' + Math.round(i.getBoundingClientRect().height) + ':' + i.getAttribute('aria-label') : 'none'",
        toBe: "80:40x40:club-badge"
      )
      #expect(badge == "80:40x40:club-badge")
      #expect(try await browser.waitFor("return document.querySelector('[role=dialog]').textContent.includes('No sponsor logo') ? 'yes' : 'no'", toBe: "yes") == "yes")
      #expect(try await browser.evaluate("return document.querySelectorAll('img.sui-image-loader').length") as? Int == 0)
      // The pitch, drawn by its canvas at the size the browser measured: grass, then the halfway line.
      let pitch = try await browser.waitFor(
        "const s = document.querySelector('[role=dialog] svg.sui-canvas'); return s ? s.getAttribute('viewBox') + '|' + [...s.querySelectorAll('path')].map(p => p.getAttribute('d')).join('|') : 'none'",
        toBe: "0 0 48 32|M0 0 L48 0 L48 32 L0 32 Z|M24 0 L24 32"
      )
      #expect(pitch == "0 0 48 32|M0 0 L48 0 L48 32 L0 32 Z|M24 0 L24 32")
      // The away kit, dyed by an SVG filter the browser applies.
      let dyed = try await browser.evaluate(
        "const f = document.querySelector('[role=dialog] filter[id^=sui-multiply]'); const w = f && f.closest('svg').parentElement; return w ? getComputedStyle(w).filter : 'none'"
      )
      #expect((dyed as? String)?.hasPrefix("url(") == true)

      // The clock of a TimelineView ticks: each second is a render and a patch.
      let clock = "return [...document.querySelectorAll('[role=dialog] .sui-row')].find(r => r.textContent.startsWith('Clock'))?.textContent ?? ''"
      let firstTick = try await browser.evaluate(clock) as? String ?? ""
      #expect(firstTick.hasPrefix("Clock") && firstTick.count > "Clock".count)
      var laterTick = firstTick
      for _ in 0..<60 where laterTick == firstTick {
        try await Task.sleep(for: .milliseconds(100))
        laterTick = try await browser.evaluate(clock) as? String ?? ""
      }
      #expect(laterTick != firstTick && laterTick.hasPrefix("Clock"))

      // The fixture shared: where the browser has no share sheet (Chromium on Linux), copied,
      // and the button says so.
      let share = "[role=dialog] button[data-share]"
      #expect(try await browser.evaluate("return document.querySelector(\"\(share)\").getAttribute('data-share-title')") as? String == "Next match")
      // What reaches the clipboard, by either road the page may take (the clipboard API, or the
      // copy command's event).
      _ = try await browser.evaluate(
        """
        window.copiedText = null;
        if (navigator.clipboard) {
          const write = navigator.clipboard.writeText.bind(navigator.clipboard);
          navigator.clipboard.writeText = (text) => write(text).then(() => { window.copiedText = text; });
        }
        addEventListener('copy', (e) => { window.copiedText = e.clipboardData.getData('text/plain'); });
        return 1
        """
      )
      try await browser.click(share)
      #expect(
        try await browser.waitFor("return document.querySelector(\"\(share)\").getAttribute('data-shared') || 'none'", toBe: "copied") == "copied"
      )
      let copiedLabel = try await browser.evaluate("return getComputedStyle(document.querySelector(\"\(share)\"), '::after').content")
      #expect(copiedLabel as? String == "\"Copied\"")
      let copiedText = try await browser.evaluate("return String(window.copiedText)") as? String
      let sharedText = try await browser.evaluate("return document.querySelector(\"\(share)\").getAttribute('data-share-text')") as? String
      #expect(copiedText == sharedText)
      // The kick-off chosen above, as the app formats it (a narrow no-break space before "PM").
      #expect(sharedText?.replacingOccurrences(of: "\u{202F}", with: " ") == "Next match: 12 Dec 2026 at 6:30 PM")
      #expect(try await browser.evaluate("return getSelection().toString()") as? String == "")
      try await browser.screenshot(to: shots.appendingPathComponent("swiftui-matches-shared-\(width).png"))

      // The last opponent, scrolled into view.
      let lastVisible = "const r = [...document.querySelectorAll('[role=dialog] .sui-text')].find(e => e.textContent === 'Pumas').getBoundingClientRect(); return r.bottom <= window.innerHeight && r.top >= 0 ? 'yes' : 'no'"
      #expect(try await browser.evaluate(lastVisible) as? String == "no")
      try await browser.click("[role=dialog] .sui-navbar-trailing button")
      #expect(try await browser.waitFor(lastVisible, toBe: "yes") == "yes")

      // A search narrows the list; a swipe action removes a row; the context menu stars one.
      try await browser.type("jack", into: "[role=dialog] input[placeholder='Find an opponent']")
      _ = try await browser.waitFor(
        "return [...document.querySelectorAll('[role=dialog] .sui-text')].filter(e => /^(Jackals|Geckos|Pumas)$/.test(e.textContent)).map(e => e.textContent).join()",
        toBe: "Jackals"
      )
      try await browser.screenshot(to: shots.appendingPathComponent("swiftui-matches-search-\(width).png"))
      try await browser.click("[role=dialog] button:has([aria-label='Remove Jackals'])")
      _ = try await browser.waitFor("return document.querySelector('[role=dialog]').textContent.includes('Jackals') ? 'yes' : 'no'", toBe: "no")
      #expect(try await browser.waitFor("return document.querySelector('[role=dialog]').textContent.includes('Opponents left15') ? 'yes' : 'no'", toBe: "yes") == "yes")
      try await browser.click("[role=dialog] button[aria-label='Clear text']")
      _ = try await browser.waitFor("return document.querySelector('[role=dialog]').textContent.includes('Aardvarks') ? 'yes' : 'no'", toBe: "yes")
      try await browser.click("[role=dialog] button:has([aria-label='More'])")
      _ = try await browser.waitFor(
        "return [...document.querySelectorAll('[role=dialog] button')].some(b => b.textContent === 'Star Aardvarks') ? 'yes' : 'no'", toBe: "yes"
      )
      // The open menu floats by its label, inside the window, and the row keeps its height.
      let panel = try await browser.evaluate(
        "const p = document.querySelector('[role=dialog] .sui-menu-panel'); const r = p.getBoundingClientRect(); const m = p.parentElement.getBoundingClientRect(); return [getComputedStyle(p).position, r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth ? 'inside' : 'outside', m.height < 60 ? 'label only' : 'grown'].join()"
      )
      #expect(panel as? String == "fixed,inside,label only")
      try await browser.screenshot(to: shots.appendingPathComponent("swiftui-matches-menu-\(width).png"))
      _ = try await browser.evaluate("[...document.querySelectorAll('[role=dialog] button')].find(b => b.textContent === 'Star Aardvarks').click(); return 1")
      #expect(try await browser.waitFor("return document.querySelector('[role=dialog]').textContent.includes('StarredAardvarks') ? 'yes' : 'no'", toBe: "yes") == "yes")
    }
  }

  /// The standings sheet: a table sorted by the column whose title is clicked (all three
  /// columns on a wide screen, the first alone on a phone's), and an outline of the squads.
  @Test(arguments: [375, 1280])
  func theStandingsSheet(width: Int) async throws {
    let shots = screenshotsFolder()
    try await withScoresApp(width: width) { browser in
      _ = try await browser.evaluate("[...document.querySelectorAll('.sui-navbar-leading button')].find(b => b.textContent === 'Standings').click(); return 1")
      _ = try await browser.element("[role=dialog] table.sui-table")
      let teams = "return [...document.querySelectorAll('[role=dialog] tbody tr td:first-child')].map(c => c.textContent).join()"
      #expect(try await browser.evaluate(teams) as? String == "Badgers,Cheetahs,Aardvarks,Dingoes")
      let shownTitles = try await browser.evaluate(
        "return [...document.querySelectorAll('[role=dialog] th')].filter(t => getComputedStyle(t).display !== 'none').map(t => t.textContent).join()"
      )
      #expect(shownTitles as? String == (width < 600 ? "Team" : "Team,Played,Points"))
      // The app sorts by the clicked title's column. The team column is first in the sort order
      // already, so a click turns it round; a second, forward again.
      #expect(try await browser.evaluate("return document.querySelector('[role=dialog] th:first-child').getAttribute('aria-sort')") as? String == "ascending")
      try await browser.click("[role=dialog] th:first-child button")
      #expect(try await browser.waitFor(teams, toBe: "Dingoes,Cheetahs,Badgers,Aardvarks") == "Dingoes,Cheetahs,Badgers,Aardvarks")
      try await browser.click("[role=dialog] th:first-child button")
      #expect(try await browser.waitFor(teams, toBe: "Aardvarks,Badgers,Cheetahs,Dingoes") == "Aardvarks,Badgers,Cheetahs,Dingoes")
      if width >= 600 {
        // Points, then points the other way round: the leaders first.
        try await browser.click("[role=dialog] th:nth-child(3) button")
        _ = try await browser.waitFor(teams, toBe: "Aardvarks,Dingoes,Badgers,Cheetahs")
        try await browser.click("[role=dialog] th:nth-child(3) button")
        #expect(try await browser.waitFor(teams, toBe: "Cheetahs,Badgers,Dingoes,Aardvarks") == "Cheetahs,Badgers,Dingoes,Aardvarks")
        #expect(try await browser.evaluate("return document.querySelector('[role=dialog] th:nth-child(3)').getAttribute('aria-sort')") as? String == "descending")
      }
      // A squad opens to show its players, indented under it.
      _ = try await browser.evaluate("[...document.querySelectorAll('[role=dialog] .sui-row button')].find(b => b.textContent.includes('Cheetahs')).click(); return 1")
      let players = "return [...document.querySelectorAll('[role=dialog] .sui-row')].map(r => r.textContent).join()"
      #expect(try await browser.waitFor(players, toBe: "Badgers,Cheetahs,Blob Sr,Blob Esq") == "Badgers,Cheetahs,Blob Sr,Blob Esq")
      let indent = try await browser.evaluate(
        "const rows = [...document.querySelectorAll('[role=dialog] .sui-row')]; const x = r => r.querySelector('.sui-text').getBoundingClientRect().left; return Math.round(x(rows[2]) - x(rows[1]))"
      )
      #expect(indent as? Int == 20)
      try await browser.screenshot(to: shots.appendingPathComponent("swiftui-standings-\(width).png"))
      // The sheet slid in (the stylesheet's animation), and slides out when done: a copy of it
      // outside the page plays the leaving.
      #expect(try await browser.evaluate("return getComputedStyle(document.querySelector('.sui-backdrop > .sui-sheet')).animationName") as? String == "sui-sheet-in")
      try await recordAnimations(browser)
      try await browser.click("[role=dialog] .sui-navbar-leading button")
      _ = try await browser.waitFor("return document.querySelector('#cw-root [role=dialog]') === null", toBe: "1")
      let leaving = try await browser.evaluate("return window.played.join()") as? String
      #expect(leaving == "sui-sheet sui-sheet 300 ease-in,sui-backdrop cw-leaving 300 ease-in")
    }
  }

  /// Runs the Scores app as a program and opens it in a browser session `width` pixels wide,
  /// live; the program stops after `body`.
  func withScoresApp(width: Int, _ body: (Browser) async throws -> Void) async throws {
    let (program, url) = try launch(builtProduct("ScoresApp"))
    defer {
      program.terminate()
      program.waitUntilExit()
    }
    #expect(url.hasPrefix("http://127.0.0.1:"))
    try await Browser.withSession(width: width) { browser in
      try await browser.open(url)
      try await browser.waitUntilLive()
      try await body(browser)
    }
  }

  /// From now on, the page notes each animation it starts in `window.played`: the element's
  /// classes, the duration in milliseconds and the curve.
  func recordAnimations(_ browser: Browser) async throws {
    _ = try await browser.evaluate(
      "const animate = Element.prototype.animate; window.played = []; Element.prototype.animate = function (frames, options) { window.played.push([this.className.baseVal ?? this.className, options.duration, options.easing].join(' ')); return animate.call(this, frames, options); }; return 1"
    )
  }
}
