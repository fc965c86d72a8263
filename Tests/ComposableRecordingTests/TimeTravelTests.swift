import ComposableArchitecture
import ComposableRecording
import Foundation
import Testing

@Reducer
private struct Ticker {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var isTicking = false
  }
  enum Action: Equatable { case increment, startTicking, tick }
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .startTicking:
        state.isTicking = true
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        }
      case .tick:
        state.count += 10
        return .none
      }
    }
  }
}

@Reducer
private struct Holder {
  @ObservableState
  struct State: Equatable {
    var ticker = Ticker.State()
  }
  enum Action: Equatable { case ticker(Ticker.Action) }
  var body: some ReducerOf<Self> {
    Scope(state: \.ticker, action: \.ticker) { Ticker() }
  }
}

@MainActor
struct TimeTravelTests {
  @Test func scopedStoresReadTheStateTravelledTo() {
    let history = TimeTravelHistory<Holder.State, Holder.Action>()
    let store = Store(initialState: Holder.State()) { Holder().timeTravel(history) }
    let ticker = store.scope(state: \.ticker, action: \.ticker)
    store.send(.ticker(.increment))
    store.send(.ticker(.increment))
    #expect(ticker.count == 2)
    // A scoped store keeps the slice it read until something changes the root's state; moving
    // the store to another step is such a change.
    history.travel(store, to: 0)
    #expect(ticker.count == 1)
    history.returnToPresent(store)
    #expect(ticker.count == 2)
    #expect(history.steps.map(\.actionSummary) == [".ticker(.increment)", ".ticker(.increment)"])
    let changes = history.changes(at: 1) ?? ""
    #expect(changes.contains("-     _count: 1") && changes.contains("+     _count: 2"), "\(changes)")
  }

  @Test func theStoreMovesToAnyStepAndBackToThePresent() async {
    let history = TimeTravelHistory<Ticker.State, Ticker.Action>()
    let store = Store(initialState: Ticker.State()) { Ticker().timeTravel(history) }
    store.send(.increment)
    store.send(.increment)
    store.send(.increment)
    #expect(history.steps.map(\.state.count) == [1, 2, 3])
    #expect(history.steps.map(\.source) == [.send, .send, .send])

    var seen: [Int] = []
    let token = observe { seen.append(store.count) }
    // The observer re-runs on a later turn of the main actor: give it turns until it has.
    func observerCatchesUp() async {
      for _ in 0..<1_000 where seen.last != store.count { await Task.yield() }
    }
    history.travel(store, to: 0)
    #expect(store.count == 1)
    #expect(history.position == 0)
    await observerCatchesUp()
    history.travel(store, to: -1)
    #expect(store.count == 0)
    await observerCatchesUp()
    history.returnToPresent(store)
    #expect(store.count == 3)
    #expect(history.position == nil)
    await observerCatchesUp()
    // A view observing the store saw every stop.
    #expect(seen == [3, 1, 0, 3])
    token.cancel()
  }

  @Test func resumingForgetsTheStepsAfterTheOneShown() {
    let history = TimeTravelHistory<Ticker.State, Ticker.Action>()
    let store = Store(initialState: Ticker.State()) { Ticker().timeTravel(history) }
    for _ in 1...4 { store.send(.increment) }
    history.travel(store, to: 1)
    history.resume(store)
    #expect(history.steps.map(\.state.count) == [1, 2])
    store.send(.increment)
    #expect(store.count == 3)
    #expect(history.steps.map(\.state.count) == [1, 2, 3])

    // Sending while travelling resumes from the step shown, too.
    history.travel(store, to: 0)
    store.send(.increment)
    #expect(history.steps.map(\.state.count) == [1, 2])
    #expect(history.position == nil)
  }

  @Test func onlyTheLastStepsAreKept() {
    let history = TimeTravelHistory<Ticker.State, Ticker.Action>(limit: 2)
    let store = Store(initialState: Ticker.State()) { Ticker().timeTravel(history) }
    for _ in 1...5 { store.send(.increment) }
    #expect(history.steps.map(\.state.count) == [4, 5])
    #expect(history.initialState?.count == 3)
    history.travel(store, to: -5)  // clamped to the oldest kept state
    #expect(store.count == 3)
  }

  @Test func travellingCancelsRunningEffects() async {
    let clock = TestClock()
    let history = TimeTravelHistory<Ticker.State, Ticker.Action>()
    let store = Store(initialState: Ticker.State()) {
      Ticker().timeTravel(history)
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task = store.send(.startTicking)
    // A second at a time, each once the timer sleeps on the clock (its task starts, and sleeps
    // again after each tick, on other turns).
    for _ in 1...2 {
      for _ in 0..<1_000 {
        if (try? await clock.checkSuspension()) == nil { break }
      }
      await clock.advance(by: .seconds(1))
    }
    for _ in 0..<1_000 where store.count < 20 { await Task.yield() }
    #expect(store.count == 20)
    #expect(history.steps.map(\.source) == [.send, .receive, .receive])
    history.travel(store, to: 0)
    await task.finish()  // the timer was cancelled: it finishes without more time
    await clock.advance(by: .seconds(5))
    #expect(store.count == 0)
    #expect(history.steps.count == 3)
  }

  @Test func aRecordingBecomesAHistoryToTravelThrough() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/notes-session.jsonl")
    let recording = try Recording(contentsOf: url)
    let states = try replay(recording, through: RecordedNotes())
    let history = try TimeTravelHistory(replaying: recording, through: RecordedNotes())
    #expect(history.steps.count == 10)
    #expect(history.initialState == states[0])
    #expect(history.steps.map(\.state) == Array(states.dropFirst()))
    #expect(history.steps.map(\.source).filter { $0 == .receive }.count == 2)
    #expect(history.steps.first?.action == .addTapped("Buy milk"))

    let store = Store(initialState: history.steps.last!.state) { RecordedNotes().timeTravel(history) }
    history.travel(store, to: 1)
    #expect(store.notes.map(\.text) == ["Buy milk", "Call Blob"])

    let lastThree = try TimeTravelHistory(replaying: recording, through: RecordedNotes(), limit: 3)
    #expect(lastThree.steps.map(\.state) == Array(states.suffix(3)))
    #expect(lastThree.initialState == states[7])
  }
}
