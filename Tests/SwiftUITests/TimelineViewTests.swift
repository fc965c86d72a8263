import Foundation
@testable import SwiftUICore
import Synchronization
import Testing

/// A clock a test moves by hand: `TimelineView`'s waits end when it passes their dates.
final class ManualTimelineTime: Sendable {
  private struct Waiter {
    let id: Int
    let date: Date
    let continuation: CheckedContinuation<Void, any Error>
  }
  private struct State {
    var now: Date
    var waiters: [Waiter] = []
    var nextID = 0
  }
  private let state: Mutex<State>

  init(now: Date) {
    state = Mutex(State(now: now))
  }

  var time: TimelineTime {
    TimelineTime(now: { self.state.withLock { $0.now } }, sleep: { date in try await self.sleep(until: date) })
  }

  /// How many waits are pending.
  var waiting: Int { state.withLock { $0.waiters.count } }

  private func sleep(until date: Date) async throws {
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let due = state.withLock { state -> Bool in
          guard date > state.now else { return true }
          state.waiters.append(Waiter(id: id, date: date, continuation: continuation))
          return false
        }
        if due { continuation.resume() }
      }
    } onCancel: {
      let waiter = state.withLock { state -> Waiter? in
        guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
        return state.waiters.remove(at: index)
      }
      waiter?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves the time to `date`, ending the waits it passes.
  func advance(to date: Date) {
    let due = state.withLock { state -> [Waiter] in
      state.now = date
      let due = state.waiters.filter { $0.date <= date }
      state.waiters.removeAll { $0.date <= date }
      return due
    }
    for waiter in due { waiter.continuation.resume() }
  }
}

@MainActor
struct TimelineViewTests {
  typealias LinesRenderer = WindowTests.LinesRenderer
  // On a minute.
  let start = Date(timeIntervalSinceReferenceDate: 800_000_040)

  /// The window's lines once they are `expected` (a task's change is drawn on the next pass), or
  /// the last ones after a bounded number of turns.
  func lines(of window: ViewWindow<LinesRenderer>, becoming expected: [String]) async -> [String] {
    var lines = window.render()
    for _ in 0..<200 where lines != expected {
      await Task.yield()
      lines = window.render()
    }
    return lines
  }

  struct Seconds: View {
    let start: Date
    var body: some View {
      TimelineView(.periodic(from: start, by: 1)) { context in
        Text("t+\(Int(context.date.timeIntervalSince(start)))")
      }
    }
  }

  @Test func aPeriodicTimelineIsDrawnAtEachDateAndALateWakeUpDrawsThePresent() async {
    let clock = ManualTimelineTime(now: start + 0.5)
    let window = ViewWindow(
      root: AnyView(Seconds(start: start).environment(\.timelineTime, clock.time)), renderer: LinesRenderer()
    )
    // Half a second in: the schedule's latest date, the start.
    #expect(window.render() == ["t+0"])
    for _ in 0..<100 where clock.waiting == 0 { await Task.yield() }
    #expect(clock.waiting == 1)
    clock.advance(to: start + 1)
    #expect(await lines(of: window, becoming: ["t+1"]) == ["t+1"])
    // Woken late (the process was busy): the present second, not the date it waited for.
    for _ in 0..<100 where clock.waiting == 0 { await Task.yield() }
    clock.advance(to: start + 3.2)
    #expect(await lines(of: window, becoming: ["t+3"]) == ["t+3"])
  }

  @Test func explicitEveryMinuteAndAnimationSchedulesGiveTheirDates() {
    let explicit = ExplicitTimelineSchedule([start + 5, start + 10])
    #expect(explicit.currentEntry(at: start) == start)
    #expect(explicit.currentEntry(at: start + 7) == start + 5)
    let minute = EveryMinuteTimelineSchedule().entries(from: start + 90, mode: .normal).prefix(2).map { $0 }
    #expect(minute == [start + 60, start + 120])
    let periodic = PeriodicTimelineSchedule(from: start, by: 2).entries(from: start + 5, mode: .normal).prefix(2).map { $0 }
    #expect(periodic == [start + 4, start + 6])
    // At most 30 ticks a second; none while paused.
    let ticks = AnimationTimelineSchedule().entries(from: start, mode: .normal).prefix(2).map { $0 }
    #expect(abs(ticks[1].timeIntervalSince(ticks[0]) - 1.0 / 30) < 0.0001)
    #expect(Array(AnimationTimelineSchedule(paused: true).entries(from: start, mode: .normal)) == [start])
    let slow = AnimationTimelineSchedule(minimumInterval: 0.5).entries(from: start, mode: .normal).prefix(2).map { $0 }
    #expect(slow == [start, start + 0.5])
  }

  @Test func aTimelineThatLeavesTheWindowStopsWaiting() async {
    struct Toggled: View {
      let start: Date
      @State var shown = true
      var body: some View {
        VStack {
          if shown { Seconds(start: start) }
          Button("Hide") { shown = false }
        }
      }
    }
    let clock = ManualTimelineTime(now: start)
    let renderer = LinesRenderer()
    let window = ViewWindow(root: AnyView(Toggled(start: start).environment(\.timelineTime, clock.time)), renderer: renderer)
    #expect(window.render() == ["t+0", "[Hide]"])
    for _ in 0..<100 where clock.waiting == 0 { await Task.yield() }
    #expect(clock.waiting == 1)
    renderer.press("Hide")
    #expect(window.render() == ["[Hide]"])
    // Its task was cancelled: its wait ended.
    for _ in 0..<100 where clock.waiting == 1 { await Task.yield() }
    #expect(clock.waiting == 0)
  }
}
