import CaseStudiesCore
import Foundation
import Testing

@MainActor
struct CountersTests {
  @Test func countingFetchingAFactAndDismissingIt() async {
    let events = LockIsolated<[AnalyticsEvent]>([])
    let store = TestStore(initialState: CountersList.State()) {
      CountersList()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.factClient.fetch = { "\($0) is the test's number." }
      $0.analytics = .collecting(into: events)
    }
    let id = UUID(0)
    await store.send(.addTapped) { $0.counters = [CounterRow.State(id: id)] }
    await store.send(\.counters[id: id].incrementTapped) { $0.counters[id: id]?.count = 1 }
    await store.send(\.counters[id: id].incrementTapped) { $0.counters[id: id]?.count = 2 }
    #expect(store.state.total == 2)
    await store.send(\.counters[id: id].factTapped) { $0.counters[id: id]?.isLoadingFact = true }
    await store.receive(\.counters[id: id].factResponse) {
      $0.counters[id: id]?.isLoadingFact = false
      $0.counters[id: id]?.factPrompt = AlertState { TextState("Fact") } message: {
        TextState("2 is the test's number.")
      }
    }
    await store.send(\.counters[id: id].factPrompt.dismiss) { $0.counters[id: id]?.factPrompt = nil }
    #expect(events.value == [AnalyticsEvent("counter added"), AnalyticsEvent("fact requested")])
  }

  @Test func removingACounterCancelsItsFactRequest() async {
    let clock = TestClock()
    let store = TestStore(initialState: CountersList.State()) {
      CountersList()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.factClient.fetch = { number in
        try await clock.sleep(for: .seconds(1))
        return "\(number) arrived too late."
      }
      $0.analytics.track = { _ in }
    }
    let first = UUID(0)
    let second = UUID(1)
    await store.send(.addTapped) { $0.counters = [CounterRow.State(id: first)] }
    await store.send(.addTapped) { $0.counters.append(CounterRow.State(id: second)) }
    await store.send(\.counters[id: first].factTapped) { $0.counters[id: first]?.isLoadingFact = true }
    await store.send(.removeTapped(id: first)) { $0.counters.remove(id: first) }
    // The request is gone with its counter: nothing arrives, and nothing is left running.
    await clock.advance(by: .seconds(5))
    #expect(store.state.counters.ids == [second])
  }

  @Test func totalAddsEveryCounter() {
    let state = CountersList.State(counters: [
      CounterRow.State(id: UUID(0), count: 3), CounterRow.State(id: UUID(1), count: -1),
    ])
    #expect(state.total == 2)
  }
}

/// The same behaviour from the plain `@Observable` model. These tests pass, but they would also
/// pass if the model started an extra request or forgot a state change they do not look at: no
/// store checks that they covered everything.
@MainActor
struct CountersModelTests {
  @Test func countingAndFetchingAFact() async {
    let model = withDependencies {
      $0.uuid = .incrementing
      $0.factClient.fetch = { "\($0) is the test's number." }
    } operation: {
      CountersModel()
    }
    model.addTapped()
    let counter = model.counters[0]
    counter.incrementTapped()
    counter.incrementTapped()
    counter.decrementTapped()
    #expect(model.total == 1)
    counter.factTapped()
    #expect(counter.isLoadingFact)
    await counter.factTask?.value
    #expect(!counter.isLoadingFact)
    #expect(counter.factPrompt == "1 is the test's number.")
    counter.dismissFactTapped()
    #expect(counter.factPrompt == nil)
  }

  @Test func removingACounterCancelsItsRequestBecauseTheModelRemembersTo() async {
    let clock = TestClock()
    let cancelled = LockIsolated(false)
    let model = withDependencies {
      $0.uuid = .incrementing
      $0.factClient.fetch = { number in
        do {
          try await clock.sleep(for: .seconds(1))
        } catch {
          cancelled.setValue(true)
          throw error
        }
        return "\(number) arrived too late."
      }
    } operation: {
      CountersModel()
    }
    model.addTapped()
    let counter = model.counters[0]
    counter.factTapped()
    await Task.megaYield()
    model.removeTapped(id: counter.id)
    await counter.factTask?.value
    #expect(cancelled.value)
    #expect(counter.factPrompt == nil)
    #expect(model.counters.isEmpty)
  }
}
