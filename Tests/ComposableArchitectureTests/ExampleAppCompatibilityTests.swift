import ComposableArchitecture
import Foundation
import Testing

// What TCA's example apps use beyond the core: `@DependencyClient` after importing only
// ComposableArchitecture, bindings inside a view action, and animation arguments.

@DependencyClient
struct FactClient: Sendable {
  var fetch: @Sendable (_ number: Int) async throws -> String
}

extension FactClient: TestDependencyKey {
  static let testValue = FactClient()
}

extension DependencyValues {
  var factClient: FactClient {
    get { self[FactClient.self] }
    set { self[FactClient.self] = newValue }
  }
}

@Reducer
struct SearchForm {
  @ObservableState
  struct State: Equatable {
    var query = ""
    var fact: String?
    var count = 0
  }

  enum Action: Equatable {
    case factResponse(String)
    case view(View)

    enum View: BindableAction, Equatable {
      case binding(BindingAction<State>)
      case factButtonTapped
      case incrementButtonTapped
    }
  }

  @Dependency(\.factClient) var factClient

  var body: some ReducerOf<Self> {
    BindingReducer(action: \.view)
    Reduce { state, action in
      switch action {
      case let .factResponse(fact):
        state.fact = fact
        return .none
      case .view(.binding):
        return .none
      case .view(.factButtonTapped):
        return .run { [count = state.count] send in
          await send(.factResponse(try await factClient.fetch(count)), animation: .default)
        }
      case .view(.incrementButtonTapped):
        state.count += 1
        return .send(.factResponse("counted"), animation: .spring(response: 0.3, dampingFraction: 0.8))
      }
    }
  }
}

@MainActor
@Suite struct ExampleAppCompatibilityTests {
  @Test func bindingsInAViewAction() async {
    let store = TestStore(initialState: SearchForm.State()) { SearchForm() }
    await store.send(.view(.binding(.set(\.query, "swift")))) {
      $0.query = "swift"
    }
  }

  @Test func dependencyClientOverriddenInATestStore() async {
    let store = TestStore(initialState: SearchForm.State()) {
      SearchForm()
    } withDependencies: {
      $0.factClient.fetch = { "\($0) is a good number." }
    }
    await store.send(.view(.factButtonTapped))
    await store.receive(.factResponse("0 is a good number.")) {
      $0.fact = "0 is a good number."
    }
  }

  @Test func anUnimplementedEndpointFailsTheTest() async {
    let store = TestStore(initialState: SearchForm.State()) { SearchForm() }
    await withKnownIssue {
      await store.send(.view(.factButtonTapped))
      await store.finish()
    } matching: { issue in
      // The endpoint says it is unimplemented, and the error it throws is not handled.
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("Unimplemented: 'FactClient.fetch'") || text.contains("threw an unhandled error")
    }
  }

  @Test func animatedSendsBehaveAsPlainSends() async {
    let store = TestStore(initialState: SearchForm.State()) { SearchForm() }
    await store.send(.view(.incrementButtonTapped)) {
      $0.count = 1
    }
    await store.receive(.factResponse("counted")) {
      $0.fact = "counted"
    }
    let live = Store(initialState: SearchForm.State()) { SearchForm() }
    live.send(.view(.incrementButtonTapped), animation: .easeInOut(duration: 0.2))
    #expect(live.count == 1)
    #expect(live.fact == "counted")  // `.send(_:animation:)` is delivered synchronously
    live.send(.view(.incrementButtonTapped), transaction: Transaction(animation: .default))
    #expect(live.count == 2)
    withAnimation { live.send(.view(.incrementButtonTapped)) }
    #expect(live.count == 3)
  }
}
