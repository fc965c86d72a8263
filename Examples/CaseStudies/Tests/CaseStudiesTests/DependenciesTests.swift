import CaseStudiesCore
import Foundation
import Testing

@MainActor
struct DependenciesTests {
  @Test func aSubtreeOverrideWinsOverTheTestsValue() async {
    let store = TestStore(
      initialState: DependenciesDemo.State(
        app: CounterRow.State(id: UUID(0), count: 7), overridden: CounterRow.State(id: UUID(1), count: 7)
      )
    ) {
      DependenciesDemo()
    } withDependencies: {
      $0.factClient.fetch = { "\($0) is the test's fact." }
    }
    await store.send(\.app.factTapped) { $0.app.isLoadingFact = true }
    await store.receive(\.app.factResponse, "7 is the test's fact.") {
      $0.app.isLoadingFact = false
      $0.app.factPrompt = AlertState { TextState("Fact") } message: { TextState("7 is the test's fact.") }
    }
    // `.dependency(\.factClient, .previewValue)` on this subtree beats the test's override.
    await store.send(\.overridden.factTapped) { $0.overridden.isLoadingFact = true }
    await store.receive(\.overridden.factResponse, "7 is a good number (a preview fact).") {
      $0.overridden.isLoadingFact = false
      $0.overridden.factPrompt = AlertState { TextState("Fact") } message: {
        TextState("7 is a good number (a preview fact).")
      }
    }
  }

  @Test func theLiveClientWorksFactsOutLocallyAfterAPause() async throws {
    let clock = TestClock()
    let fact = Task {
      try await withDependencies {
        $0.continuousClock = clock
      } operation: {
        try await FactClient.liveValue.fetch(7)
      }
    }
    await clock.advance(by: .milliseconds(600))
    #expect(try await fact.value == "7 is a prime number.")
  }

  @Test func numberFacts() {
    #expect(NumberFacts.fact(about: 0) == "0 is the only number that is neither positive nor negative.")
    #expect(NumberFacts.fact(about: 6) == "6 is a perfect number.")
    #expect(NumberFacts.fact(about: 9) == "9 is a perfect square: 3 × 3.")
    #expect(NumberFacts.fact(about: 21) == "21 is a Fibonacci number.")
    #expect(NumberFacts.fact(about: 12) == "12 has 6 divisors: 1, 2, 3, 4, 6, 12.")
    #expect(NumberFacts.fact(about: -3) == "-3 is negative: its square, 9, is not.")
  }

  @Test func theTestValueIsUnimplemented() async {
    await withKnownIssue {
      _ = try? await FactClient.testValue.fetch(1)
    } matching: { issue in
      issue.description.contains("FactClient.fetch")
    }
  }
}
