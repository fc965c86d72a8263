@testable import ComposableArchitecture
import Testing

/// A timer that ticks every second until it is cancelled.
private struct Timer: Reducer {
  struct State: Equatable, Identifiable {
    var id: Int
    var ticks = 0
  }
  @CasePathable
  enum Action: Equatable { case start, tick, stop }
  @Dependency(\.continuousClock) var clock
  enum CancelID { case timer }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        for await _ in clock.timer(interval: .seconds(1)) {
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.timer)
    case .tick:
      state.ticks += 1
      return .none
    case .stop:
      return .cancel(id: CancelID.timer)
    }
  }
}

private struct Parent: Reducer {
  struct State: Equatable {
    var timer: Timer.State?
    var log: [String] = []
  }
  @CasePathable
  enum Action: Equatable {
    case timer(Timer.Action)
    case present(id: Int)
    case dismiss
    case cancelTimerFromParent
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .present(id):
        state.timer = Timer.State(id: id)
      case .dismiss:
        state.timer = nil
      case .cancelTimerFromParent:
        return .cancel(id: Timer.CancelID.timer)
      case .timer(.tick):
        state.log.append("parent saw ticks == \(state.timer?.ticks ?? -1)")
      case .timer:
        break
      }
      return .none
    }
    .ifLet(\.timer, action: \.timer) {
      Timer()
    }
  }
}

@MainActor
struct IfLetReducerTests {
  @Test func childRunsBeforeParent() async {
    await serially {
      let clock = TestClock()
      let store = Store(initialState: Parent.State(timer: Timer.State(id: 1))) {
        Parent()
      } withDependencies: {
        $0.continuousClock = clock
      }
      store.send(.timer(.tick))
      #expect(store.log == ["parent saw ticks == 1"])
    }
  }

  @Test func settingChildStateToNilCancelsItsEffects() async {
    await serially {
      let clock = TestClock()
      let store = Store(initialState: Parent.State()) {
        Parent()
      } withDependencies: {
        $0.continuousClock = clock
      }
      store.send(.present(id: 1))
      let timer = store.send(.timer(.start))
      await settle()
      await clock.advance(by: .seconds(2))
      #expect(store.timer?.ticks == 2)

      store.send(.dismiss)
      await timer.finish()
      await clock.advance(by: .seconds(5))
      #expect(store.timer == nil)
      #expect(store.log.count == 2)
      #expect((store.core as? RootCore<Parent>)?.runningEffectCount == 0)
    }
  }

  @Test func replacingChildWithAnotherIdentityCancelsTheOldChildsEffects() async {
    await serially {
      let clock = TestClock()
      let store = Store(initialState: Parent.State()) {
        Parent()
      } withDependencies: {
        $0.continuousClock = clock
      }
      store.send(.present(id: 1))
      let timer = store.send(.timer(.start))
      await settle()
      store.send(.present(id: 2))
      await timer.finish()
      await clock.advance(by: .seconds(3))
      #expect(store.timer == Timer.State(id: 2, ticks: 0))
    }
  }

  @Test func theChildCancelsItsOwnIdAndSoDoesTheParent() async {
    await serially {
      let clock = TestClock()
      let store = Store(initialState: Parent.State()) {
        Parent()
      } withDependencies: {
        $0.continuousClock = clock
      }
      store.send(.present(id: 1))
      store.send(.timer(.start))
      await settle()
      await clock.advance(by: .seconds(1))
      #expect(store.timer?.ticks == 1)

      // Inside the child, its id cancels its timer.
      store.send(.timer(.stop))
      await clock.advance(by: .seconds(1))
      #expect(store.timer?.ticks == 1)

      // The parent cancelling the same id reaches the child's effects too, as in TCA.
      store.send(.timer(.start))
      await settle()
      store.send(.cancelTimerFromParent)
      await clock.advance(by: .seconds(1))
      #expect(store.timer?.ticks == 1)
    }
  }

  @Test func actionForNilChildIsReportedAtTheIfLet() {
    let store = Store(initialState: Parent.State()) { Parent() }
    withKnownIssue {
      store.send(.timer(.tick))
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("An 'ifLet' at ComposableArchitectureTests/IfLetReducerTests.swift:61")
        && text.contains("received a child action while its child state was nil")
        && text.contains("Parent.Action.timer(.tick)")
        && text.contains("Apply 'ifLet' to the parent reducer")
        && issue.sourceLocation?.line == 61
    }
    #expect(store.log == ["parent saw ticks == -1"])
  }
}
