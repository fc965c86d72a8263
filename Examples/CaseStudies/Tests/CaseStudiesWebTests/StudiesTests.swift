import CaseStudiesCore
import ComposableArchitecture
import ComposableWeb
import Foundation
import Testing

@testable import CaseStudiesWeb

/// Each case study in the browser, driven in process through `WebTestClient`: the same features
/// as the terminal's menu, with a test clock and incrementing UUIDs.
@MainActor
struct StudiesTests {
  let clock = TestClock()

  /// A tab that opened `path`.
  func open(_ path: String) throws -> WebTestClient {
    let page = withDependencies {
      $0.continuousClock = clock
      $0.factClient = .liveValue  // works facts out after 600 ms of the test clock
      $0.uuid = .incrementing
    } operation: {
      caseStudiesPage(path)
    }
    return WebTestClient(page: try #require(page))
  }

  /// Lets effects that were just started or resumed deliver their actions, then re-renders.
  func settle(_ client: WebTestClient) async {
    await Task.megaYield()
    await client.settle()
  }

  @Test func theMenuListsEveryStudyAndOpensEachInPlace() async throws {
    let client = try open("/")
    #expect(client.texts(role: "heading") == ["Case studies"] + CaseStudyEntry.allCases.map(\.name))
    for entry in CaseStudyEntry.allCases {
      #expect(client.html.contains(#"href="/\#(entry.rawValue)""#))
    }
    await client.click("Presentation")
    #expect(client.location == "/presentation")
    #expect(client.texts(role: "heading").first == "Presentation")
    #expect(client.contains("a sheet that dismisses itself"))
    await client.click("‹ Case studies")
    #expect(client.location == "/")
    #expect(client.history == ["/", "/presentation", "/"])
    await client.back()
    #expect(client.location == "/presentation")
    #expect(client.contains("Keyboard"))
  }

  @Test func anAddressThatNamesNoStudyIsNotFound() {
    #expect(caseStudiesPage("/nothing") == nil)
    #expect(caseStudiesPage("counters") == nil)
    #expect(caseStudiesPage("/counters/more") == nil)
  }

  @Test func countersCountTotalAndShowAFactInAnAlert() async throws {
    let client = try open("/counters")
    #expect(client.contains("No counters yet."))
    await client.click("Add counter")
    await client.click("Add counter")
    await client.click("Increment Counter 1")
    await client.click("Increment Counter 1")
    await client.click("Decrement Counter 2")
    #expect(client.contains("Total: 1"))
    #expect(client.texts(role: "heading") == ["Counters (TCA)", "Counter 1", "Counter 2"])

    await client.click("Fact about Counter 1")
    #expect(client.contains("Fetching a fact…"))
    #expect(client.html.contains("disabled"))
    await client.advance(clock, by: .milliseconds(600))
    #expect(client.texts(role: "alertdialog") == ["Fact"])
    #expect(client.contains(NumberFacts.fact(about: 2)))
    await client.click("OK")
    #expect(client.texts(role: "alertdialog") == [])
    #expect(!client.contains("Fetching a fact…"))
  }

  @Test func removingACounterCancelsItsFactRequest() async throws {
    let client = try open("/counters")
    await client.click("Add counter")
    await client.click("Fact about Counter 1")
    await client.click("Remove Counter 1")
    await clock.advance(by: .seconds(5))
    await settle(client)
    #expect(client.texts(role: "alertdialog") == [])
    #expect(client.contains("No counters yet."))
  }

  @Test func thePlainObservableModelShowsTheSamePage() async throws {
    let client = try open("/observable-counters")
    await client.click("Add counter")
    await client.click("Increment Counter 1")
    await client.click("Increment Counter 1")
    await client.click("Increment Counter 1")
    #expect(client.contains("Total: 3"))
    await client.click("Fact about Counter 1")
    await client.advance(clock, by: .milliseconds(600))
    #expect(client.contains(NumberFacts.fact(about: 3)))
    await client.click("OK")
    #expect(client.texts(role: "alertdialog") == [])
  }

  @Test func recursiveRowsNestToAnyDepth() async throws {
    let client = try open("/recursive-rows")
    #expect(client.contains("No rows yet."))
    await client.click("Add row")
    await client.click("Add row")
    await client.click("Add a row inside Row 1")
    await client.click("Add a row inside Row 1")
    // Page order: Row 1, its two rows, then Row 2.
    await client.type("Deep", into: "Name", index: 2)
    await client.click("Add a row inside Deep")
    await client.type("Deepest", into: "Name", index: 3)
    #expect(client.html.contains(#"value="Deepest""#))
    await client.click("Remove Deep")
    #expect(!client.html.contains("Deepest"))
    #expect(client.html.contains(#"value="Row 1""#))
    #expect(client.html.contains(#"value="Row 2""#))
  }

  @Test func loggingInStartsATimerThatLoggingOutCancels() async throws {
    let client = try open("/login")
    await client.submit()
    #expect(client.texts(role: "alert") == ["Enter a user name."])
    await client.type("Blob", into: "User name")
    await client.submit()
    #expect(client.contains("Logging in…"))
    #expect(client.texts(role: "alert") == [])
    await client.advance(clock, by: .seconds(1))
    #expect(client.texts(role: "heading").contains("Welcome, Blob."))
    for second in 1...3 {
      await client.advance(clock, by: .seconds(1))
      #expect(client.contains("Logged in for \(second) s."))
    }
    await client.click("Log out")
    #expect(client.contains("User name"))
    await clock.advance(by: .seconds(10))
    await settle(client)
    #expect(!client.contains("Logged in for"))
    // The analytics log of this tab.
    #expect(client.contains("log in tapped"))
  }

  @Test func theOverriddenSubtreeGetsThePreviewFact() async throws {
    let client = try open("/dependencies")
    await client.click("Fact about Overridden for this subtree")
    await settle(client)
    #expect(client.contains("7 is a good number (a preview fact)."))
    await client.click("OK")
    await client.click("Fact about The app's client")
    await client.advance(clock, by: .milliseconds(600))
    #expect(client.contains(NumberFacts.fact(about: 7)))
  }

  @Test func theAnalyticsOperatorReportsToThisTabsLog() async throws {
    let client = try open("/analytics")
    #expect(client.contains("None yet"))
    await client.click("Add counter")
    await client.click("Fact about Counter 1")
    await settle(client)
    await client.click("Remove Counter 1")
    await settle(client)
    #expect(client.texts(role: "listitem").suffix(3) == ["counter added", "fact requested", "counter removed"])
    // Another tab has a log of its own.
    let other = try open("/analytics")
    #expect(other.contains("None yet"))
  }

  @Test func presentationAddsEditsDeletesAndSorts() async throws {
    let client = try open("/presentation")
    await client.click("Add item")
    #expect(client.texts(role: "dialog") == ["Item"])
    await client.type("Cable", into: "Name")
    await client.click("More")
    await client.click("More")
    await client.click("More")
    await client.click("Save")
    await settle(client)
    #expect(client.texts(role: "dialog") == [])
    #expect(client.contains("Cable"))
    #expect(client.contains("× 4"))

    await client.click("Edit Keyboard")
    await client.click("Fewer")
    await client.click("Cancel")
    await settle(client)
    #expect(client.texts(role: "dialog") == [])
    #expect(client.contains("× 2"))

    await client.click("Sort…")
    #expect(client.texts(role: "dialog") == ["Sort items"])
    await client.click("By quantity")
    #expect(client.texts(role: "dialog") == [])
    #expect(order(of: ["Keyboard", "Mouse", "Cable"], in: client.text) == ["Mouse", "Cable", "Keyboard"])

    await client.click("Delete Mouse")
    #expect(client.texts(role: "alertdialog") == ["Delete Mouse?"])
    await client.click("Cancel")
    #expect(client.contains("Mouse"))
    await client.click("Delete Mouse")
    await client.click("Delete")
    #expect(client.texts(role: "alertdialog") == [])
    #expect(!client.contains("Mouse"))
  }

  private func order(of names: [String], in text: String) -> [String] {
    names.sorted { text.range(of: $0)!.lowerBound < text.range(of: $1)!.lowerBound }
  }
}
