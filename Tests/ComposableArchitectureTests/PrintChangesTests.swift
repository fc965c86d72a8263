@testable import ComposableArchitecture
import Testing

private struct Counter: Reducer {
  struct State: Equatable {
    var count = 0
    var label = "counter"
  }
  enum Action: Equatable { case incrementTapped, noop }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if action == .incrementTapped { state.count += 1 }
    return .none
  }
}

@MainActor
struct PrintChangesTests {
  @Test func printerReceivesActionAndBothStates() {
    var printed: [(Counter.Action, Int, Int)] = []
    let store = Store(initialState: Counter.State()) {
      Counter()._printChanges(_ReducerPrinter { action, old, new in
        printed.append((action, old.count, new.count))
      })
    }
    store.send(.incrementTapped)
    #expect(printed.count == 1)
    #expect(printed.first?.0 == .incrementTapped)
    #expect(printed.first?.1 == 0)
    #expect(printed.first?.2 == 1)
  }

  @Test func customDumpDescriptionShowsTheDiff() {
    let text = changeDescription(
      action: Counter.Action.incrementTapped,
      oldState: Counter.State(count: 0),
      newState: Counter.State(count: 1)
    )
    #expect(
      text == """
        received action:
          Counter.Action.incrementTapped
          Counter.State(
        -   count: 0,
        +   count: 1,
            label: "counter"
          )
        """
    )
  }

  @Test func unchangedStateSaysSo() {
    let text = changeDescription(
      action: Counter.Action.noop, oldState: Counter.State(), newState: Counter.State()
    )
    #expect(text.hasSuffix("(No state changes)"))
  }

  @Test func actionLabelDropsThePayload() {
    #expect(actionLabel(IdentifiedAction<Int, Counter.Action>.element(id: 1, action: .noop)) == "IdentifiedAction.element")
  }
}
