import ComposableArchitecture
import Testing

/// Several concurrent effects feeding back several actions each.
private struct Pipeline: Reducer {
  struct State: Equatable { var log: [String] = [] }
  @CasePathable
  enum Action: Equatable { case start, step(String) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .merge(
        .run { send in
          for index in 1...3 { await send(.step("a\(index)")) }
        },
        .run { send in
          await send(.step("b1"))
          await Task.yield()
          await send(.step("b2"))
        },
        .send(.step("sync"))
      )
    case let .step(name):
      state.log.append(name)
      return .none
    }
  }
}

@MainActor
struct TestStoreDeterminismTests {
  @Test func effectsFeedBackInTheSameOrderAThousandTimes() async {
    var orders: Set<[String]> = []
    for _ in 0..<1_000 {
      let store = TestStore(initialState: Pipeline.State()) { Pipeline() }
      store.exhaustivity = .off
      await store.send(.start)
      await store.finish()
      await store.skipReceivedActions(strict: false)
      orders.insert(store.state.log)
    }
    #expect(orders.count == 1)
    #expect(orders.first?.first == "sync")
    #expect(orders.first?.count == 6)
  }

  @Test func anExhaustiveStoryOfTheOrder() async {
    let store = TestStore(initialState: Pipeline.State()) { Pipeline() }
    await store.send(.start)
    await store.receive(.step("sync")) { $0.log = ["sync"] }
    await store.receive(.step("a1")) { $0.log.append("a1") }
    await store.receive(.step("b1")) { $0.log.append("b1") }
    await store.receive(.step("a2")) { $0.log.append("a2") }
    await store.receive(.step("a3")) { $0.log.append("a3") }
    await store.receive(.step("b2")) { $0.log.append("b2") }
  }
}
