import ComposableArchitecture
import ComposableRecording
import ComposableWeb
import Foundation
import StandupsCore
import Testing

@testable import StandupsWeb

/// Every screen of the app in the browser, driven in process through `WebTestClient`: the same
/// features as the terminal app, with a test clock and an in-memory data file.
@MainActor
struct ScreensTests {
  let clock = TestClock()
  let files = LockIsolated<[URL: Data]>([:])

  /// A tab that opened `path`, with the sample standups in the data file.
  func open(_ path: String = "/", standups: [Standup] = [.mock], devtools: Bool = false) throws -> WebTestClient? {
    page(path, standups: standups).map { WebTestClient(page: devtools ? $0.showingDevtools() : $0) }
  }

  /// The page of a tab that opened `path`, with `standups` in the data file, a test clock, a
  /// fixed date and incrementing UUIDs.
  func page(_ path: String = "/", standups: [Standup] = [.mock], recordings: TabRecordings? = nil) -> WebPage? {
    files.withValue {
      $0[URL(fileURLWithPath: "/standups-tests/standups.json")] = try? JSONEncoder.standups.encode(
        IdentifiedArrayOf(uniqueElements: standups)
      )
    }
    return withDependencies {
      $0.continuousClock = clock
      $0.date.now = Date(timeIntervalSince1970: 1_800_000_000)
      $0.defaultFileStorage = .inMemory(fileSystem: files)
      $0.speechClient.authorizationStatus = { .denied }
      $0.uuid = .incrementing
    } operation: {
      standupsPage(path, recordings: recordings)
    }
  }

  var savedStandups: IdentifiedArrayOf<Standup> {
    get throws {
      let data = try #require(files.value[URL(fileURLWithPath: "/standups-tests/standups.json")])
      return try JSONDecoder().decode(IdentifiedArrayOf<Standup>.self, from: data)
    }
  }

  @Test func theListShowsEachStandupAsALink() async throws {
    let client = try #require(try open())
    #expect(client.texts(role: "heading") == ["Standups", "Design"])
    #expect(client.contains("6 attendees"))
    #expect(client.contains("1 min"))
    #expect(client.texts(role: "button") == ["New standup"])
    #expect(client.html.contains(#"href="/standups/00000000-0000-0000-0000-000000000000""#))
  }

  @Test func addingAStandupWithTwoAttendees() async throws {
    let client = try #require(try open(standups: []))
    #expect(client.contains("No standups yet"))
    await client.click("New standup")
    #expect(client.texts(role: "dialog") == ["New standup"])
    await client.type("Engineering", into: "Title")
    await client.type("Blob", into: "Attendee")
    await client.click("Add attendee")
    #expect(client.html.contains("autofocus"))
    await client.type("Blob Jr", into: "Attendee", index: 1)
    await client.type("7", into: "Length")
    await client.type("4", into: "Theme")
    await client.click("Add")
    #expect(client.texts(role: "dialog").isEmpty)
    #expect(client.contains("Engineering"))
    #expect(client.contains("2 attendees"))
    #expect(client.contains("7 min"))
    withDependencies { $0.defaultFileStorage = .inMemory(fileSystem: files) } operation: {
      FileStorage.flushPendingWrites()
    }
    let saved = try savedStandups
    #expect(saved.map(\.title) == ["Engineering"])
    #expect(saved.first?.duration == .seconds(7 * 60))
    #expect(saved.first?.theme == Theme.allCases[4])
  }

  @Test func discardingTheAddSheetAddsNothingAndEscapeClosesIt() async throws {
    let client = try #require(try open(standups: []))
    await client.click("New standup")
    await client.type("Nope", into: "Title")
    await client.click("Discard")
    #expect(client.texts(role: "dialog").isEmpty)
    await client.click("New standup")
    await client.press(.escape)
    #expect(client.texts(role: "dialog").isEmpty)
    #expect(client.contains("No standups yet"))
  }

  @Test func detailEditAndBack() async throws {
    let client = try #require(try open())
    await client.click("Design")
    #expect(client.location == "/standups/00000000-0000-0000-0000-000000000000")
    #expect(client.texts(role: "heading").prefix(3) == ["Design", "Attendees", "Past meetings"])
    #expect(client.texts(role: "button").prefix(3) == ["Start meeting", "Edit", "Delete"])

    await client.click("Edit")
    #expect(client.texts(role: "dialog") == ["Edit standup"])
    await client.type("Design review", into: "Title")
    await client.click("Done")
    #expect(client.texts(role: "heading").first == "Design review")

    await client.click("Edit")
    await client.type("Thrown away", into: "Title")
    await client.click("Cancel")
    #expect(client.texts(role: "heading").first == "Design review")

    await client.back()
    #expect(client.location == "/")
    #expect(client.contains("Design review"))
  }

  @Test func deletingAStandupAsksFirst() async throws {
    let client = try #require(try open("/standups/00000000-0000-0000-0000-000000000000"))
    await client.click("Delete")
    #expect(client.texts(role: "alertdialog") == ["Delete?"])
    // The alert's first button deletes (the page's own Delete button comes before it).
    #expect(client.texts(role: "button").suffix(2) == ["Yes", "Nevermind"])
    await client.click("Yes")
    #expect(client.location == "/")
    #expect(client.contains("No standups yet"))
  }

  @Test func recordingAMeetingTicksAndSavesWithSaveAndEnd() async throws {
    let client = try #require(try open("/standups/00000000-0000-0000-0000-000000000000"))
    await client.click("Start meeting")
    // Speech recognition is denied here: the alert's first button goes on without it.
    #expect(client.texts(role: "alertdialog") == ["Speech recognition denied"])
    await client.click("Continue without recording")
    #expect(client.location == "/standups/00000000-0000-0000-0000-000000000000/record")
    #expect(client.contains("Speaker 1 of 6"))
    #expect(client.contains("Blob"))
    // The timer starts from the screen's appear handler, on a later turn.
    for second in 1...3 {
      await client.advance(clock, by: .seconds(1))
      #expect(client.contains("Elapsed 0:0\(second)"))
    }
    #expect(client.contains("Remaining 0:57"))

    await client.type("Ship it", into: "Notes")
    await client.click("Next speaker")
    #expect(client.contains("Speaker 2 of 6"))
    await client.click("End meeting")
    #expect(client.texts(role: "alertdialog") == ["End meeting?"])
    #expect(client.texts(role: "button").suffix(3) == ["Save and end", "Discard", "Resume"])
    await client.click("Save and end")
    // The meeting is saved, then the screen dismissed, by an effect.
    await client.settle { $0.location == "/standups/00000000-0000-0000-0000-000000000000" }
    #expect(client.location == "/standups/00000000-0000-0000-0000-000000000000")
    #expect(client.contains("Past meetings"))
    #expect(client.text.components(separatedBy: "Delete the meeting").count == 1)  // labels, not text
    await client.click(meetingDateText(Date(timeIntervalSince1970: 1_800_000_000)))
    #expect(client.contains("Ship it"))
    #expect(client.texts(role: "heading").first == meetingDateText(Date(timeIntervalSince1970: 1_800_000_000)))
  }

  @Test func theDevtoolsPanelTravelsThroughTheTabsActions() async throws {
    let client = try #require(try open(devtools: true))
    #expect(client.contains("Live: 1 step"))
    #expect(client.texts(role: "listitem").contains(".standupsList(.onAppear)"))
    await client.click("Design")
    #expect(client.location == "/standups/00000000-0000-0000-0000-000000000000?devtools")
    await client.click("Edit")
    await client.type("Design review", into: "Title")
    await client.click("Done")
    #expect(client.texts(role: "heading").first == "Design review")
    // The panel's list items are the actions (`.path(…)`); the app's are not.
    func actions() -> [String] { client.texts(role: "listitem").filter { $0.hasPrefix(".") } }
    let steps = actions().count
    #expect(steps > 3)
    #expect(client.contains("Live: \(steps) steps"))

    // Back to the first step: the list, at its address; the edit sheet's title change is the
    // last step's diff.
    await client.type("1", into: "Step")
    #expect(client.contains("Step 1 of \(steps)"))
    #expect(client.location == "/?devtools")
    #expect(client.texts(role: "heading").first == "Standups")
    await client.type("\(steps)", into: "Step")
    #expect(client.texts(role: "heading").first == "Design review")
    #expect(client.contains("What step \(steps) changed"))

    // A step with the edit sheet open shows it again.
    let typed = try #require(actions().lastIndex { $0.contains(".binding(") })
    await client.type("\(typed + 1)", into: "Step")
    #expect(client.texts(role: "dialog") == ["Edit standup"], "direct")
    await client.type("1", into: "Step")
    await client.type("\(typed + 1)", into: "Step")
    #expect(client.texts(role: "dialog") == ["Edit standup"], "via 1")

    // Choosing an action in the list goes there; “Back to now” returns.
    await client.type("2", into: "Step")
    #expect(client.location == "/standups/00000000-0000-0000-0000-000000000000?devtools")
    await client.click("Back to now")
    #expect(client.contains("Live: \(steps) steps"))

    // Going on from step 2 forgets the later steps; the app carries on from there.
    await client.type("2", into: "Step")
    await client.click("Go on from here")
    #expect(client.contains("Live: 2 steps"))
    #expect(actions().count == 2)
    await client.click("Edit")
    #expect(client.texts(role: "dialog") == ["Edit standup"])
    #expect(actions().count == 3)
  }

  @Test func eachTabRecordsItsSessionToItsOwnFileAndItReplays() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("standups-web-record-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let recordings = TabRecordings(first: folder.appendingPathComponent("session.jsonl"))
    let first = page(recordings: recordings)
    let second = page(recordings: recordings)
    let firstPage = try #require(first)
    let secondPage = try #require(second)
    // Rendered, not connected: each records into a hidden file, and neither has a number yet.
    func files() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() }
    #expect(try files().count == 2)
    #expect(try files().allSatisfy { $0.hasPrefix(".session.jsonl.") && $0.hasSuffix(".pending") })
    // No devtools with a recording: moving the store would not be an action in it.
    #expect(firstPage.devtools == nil)
    // The second page connects first: its recording is the first file.
    let secondTab = WebTestClient(page: secondPage)
    #expect(try files().contains("session.jsonl"))
    let tab = WebTestClient(page: firstPage.showingDevtools())
    await tab.click("Design")
    await tab.click("Edit")
    await tab.type("Design review", into: "Title")
    await tab.click("Done")
    #expect(tab.texts(role: "heading").first == "Design review")
    #expect(!tab.contains("Timeline"))
    _ = secondTab
    #expect(try files() == ["session-2.jsonl", "session.jsonl"])

    let recording = try Recording(contentsOf: folder.appendingPathComponent("session-2.jsonl"))
    #expect(recording.feature == String(reflecting: AppFeature.self))
    #expect(recording.steps.count == 5)
    #expect(recording.steps.first?.source == .send)
    let other = try Recording(contentsOf: folder.appendingPathComponent("session.jsonl"))
    #expect(other.steps.count == 1)  // the list's onAppear

    // A page that is only rendered and let go leaves no file and takes no number.
    var rendered = try #require(page(recordings: recordings))
    #expect(try files().count == 3)
    rendered.onClose?()
    rendered = try #require(page(recordings: recordings))
    _ = WebTestClient(page: rendered)
    #expect(try files() == ["session-2.jsonl", "session-3.jsonl", "session.jsonl"])
    // The session replays: every recorded state is the one the reducer gives again.
    let states = try withDependencies {
      $0.speechClient.authorizationStatus = { .denied }
    } operation: {
      try replay(recording, through: AppFeature())
    }
    #expect(states.count == 6)
  }

  @Test func withoutDevtoolsThereIsNoPanel() async throws {
    let client = try #require(try open())
    await client.click("Design")
    #expect(!client.contains("Timeline"))
    #expect(client.location == "/standups/00000000-0000-0000-0000-000000000000")
  }

  @Test func unknownAddressesAreNotPages() throws {
    #expect(try open("/standups/not-an-id") == nil)
    #expect(try open("/standups/00000000-0000-0000-0000-0000000000ff") == nil)
    #expect(try open("/standups/00000000-0000-0000-0000-000000000000/meetings/nope") == nil)
    #expect(try open("/elsewhere") == nil)
    #expect(try open("/standups/00000000-0000-0000-0000-000000000000/meetings/00000000-0000-0000-0000-000000000007") != nil)
  }

  @Test func aTitleIsTextNeverMarkup() throws {
    var standup = Standup.mock
    standup.title = #"<script>alert(1)</script>"><img onerror=alert(2)>"#
    let client = try #require(try open(standups: [standup]))
    #expect(!client.html.contains("<script>"))
    #expect(!client.html.contains("<img"))
    #expect(client.html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(client.html.contains("&lt;img onerror=alert(2)&gt;"))
  }
}
