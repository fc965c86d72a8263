import ComposableArchitecture
import ComposableRecording
import ComposableTerminal
import Testing

@Reducer
private struct TimelineSteps {
  @ObservableState
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case increment, reset }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment: state.count += 1
      case .reset: state.count = 0
      }
      return .none
    }
  }
}

@MainActor
struct TimelinePanelTests {
  fileprivate func make() -> (StoreOf<TimelineSteps>, TimeTravelHistory<TimelineSteps.State, TimelineSteps.Action>) {
    let history = TimeTravelHistory<TimelineSteps.State, TimelineSteps.Action>()
    let store = Store(initialState: TimelineSteps.State()) { TimelineSteps().timeTravel(history) }
    store.send(.increment)
    store.send(.increment)
    store.send(.reset)
    return (store, history)
  }

  @Test func listsEachActionAndWhatTheSelectedOneChanged() {
    let (store, history) = make()
    let panel = TimelinePanel(history: history, store: store)
    var buffer = Buffer(width: 50, height: 16)
    panel.render(in: buffer.area, buffer: &buffer)
    let text = buffer.text
    #expect(text.contains("Timeline"))
    #expect(text.contains("step 3 of 3"))
    #expect(text.contains("send  .increment"))
    #expect(text.contains("send  .reset"))
    #expect(text.contains("What it changed"))
    #expect(text.contains("-   _count: 2"))
    #expect(text.contains("+   _count: 0"))
  }

  @Test func arrowsMoveTheStoreEnterGoesOnEscapeReturns() {
    let (store, history) = make()
    var panel = TimelinePanel(history: history, store: store)
    #expect(panel.handle(.left) == .open)
    #expect(store.count == 2)
    #expect(panel.handle(.home) == .open)
    #expect(store.count == 0)
    #expect(panel.selection == -1)
    #expect(panel.handle(.end) == .open)
    #expect(panel.handle(.left) == .open)
    #expect(panel.handle(.character("x")) == .ignored)
    #expect(panel.handle(.escape) == .closed)
    #expect(store.count == 0)  // the present: after reset
    #expect(history.steps.count == 3)

    panel = TimelinePanel(history: history, store: store)
    _ = panel.handle(.left)
    #expect(panel.handle(.enter) == .closed)
    #expect(store.count == 2)
    #expect(history.steps.count == 2)  // went on from step 2
    store.send(.increment)
    #expect(store.count == 3)
  }
}
