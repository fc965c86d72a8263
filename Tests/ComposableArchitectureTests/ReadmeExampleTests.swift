// The feature and test shown in README.md, kept here so the README's code always compiles and
// passes.
import ComposableArchitecture
import Testing

struct CounterFeature: Reducer {
  struct State: Equatable { var count = 0; var fact: String? }
  @CasePathable
  enum Action: Equatable { case incrementTapped, factButtonTapped, factResponse(String) }
  @Dependency(\.numberFact) var numberFact

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementTapped:
      state.count += 1
      return .none
    case .factButtonTapped:
      return .run { [count = state.count] send in
        await send(.factResponse(try await numberFact(count)))
      }
    case let .factResponse(fact):
      state.fact = fact
      return .none
    }
  }
}

@MainActor @Test func counterFact() async {
  let store = TestStore(initialState: CounterFeature.State()) {
    CounterFeature()
  } withDependencies: {
    $0.numberFact = { "\($0) is a good number." }
  }
  await store.send(.incrementTapped) { $0.count = 1 }
  await store.send(.factButtonTapped)
  await store.receive(\.factResponse) { $0.fact = "1 is a good number." }
}

extension DependencyValues {
  var numberFact: @Sendable (Int) async throws -> String {
    get { self[NumberFactKey.self] }
    set { self[NumberFactKey.self] = newValue }
  }
}

private enum NumberFactKey: DependencyKey {
  static let liveValue: @Sendable (Int) async throws -> String = { "\($0) is a number." }
}
