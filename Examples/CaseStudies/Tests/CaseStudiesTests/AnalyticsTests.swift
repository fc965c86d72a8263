import CaseStudiesCore
import Testing

/// The higher-order reducer on its own, wrapped around the smallest feature that shows it.
@Reducer
private struct Tapper {
  struct State: Equatable { var taps = 0 }
  enum Action: Equatable { case tapped, ignored }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if action == .tapped { state.taps += 1 }
      return .none
    }
    .analytics { state, action in
      action == .tapped ? AnalyticsEvent("tap \(state.taps)") : nil
    }
  }
}

@MainActor
struct AnalyticsTests {
  @Test func eventsAreReportedAfterTheFeatureRanAndOnlyForTheActionsNamed() async {
    let events = LockIsolated<[AnalyticsEvent]>([])
    let store = TestStore(initialState: Tapper.State()) {
      Tapper()
    } withDependencies: {
      $0.analytics = .collecting(into: events)
    }
    await store.send(.tapped) { $0.taps = 1 }
    await store.send(.ignored)
    await store.send(.tapped) { $0.taps = 2 }
    // The event sees the state after the action: "tap 1", not "tap 0".
    #expect(events.value == [AnalyticsEvent("tap 1"), AnalyticsEvent("tap 2")])
  }

  @Test func anUnsetAnalyticsClientFailsTheTest() async {
    let store = TestStore(initialState: Tapper.State()) { Tapper() }
    await withKnownIssue {
      await store.send(.tapped) { $0.taps = 1 }
      await store.finish()
    } matching: { issue in
      issue.description.contains("AnalyticsClient.track")
    }
  }
}
