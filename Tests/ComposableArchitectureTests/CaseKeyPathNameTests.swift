import ComposableArchitecture
import Testing

// Failure messages name case key paths as they were written (`\.response`), never by the
// `<computed 0x…>` that a case key path prints on Linux.

private struct Search: Reducer {
  struct State: Equatable {}
  @CasePathable
  enum Action: Equatable {
    case cancelTapped
    case child(Child)
    case queryChanged(String)
    case response(Int)
    case searchTapped
  }
  @CasePathable
  enum Child: Equatable {
    case closeTapped
    case loaded(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .searchTapped: .send(.response(42))
    case .cancelTapped: .send(.child(.closeTapped))
    case .child, .queryChanged, .response: .none
    }
  }
}

@MainActor
struct CaseKeyPathNameTests {
  /// Sends `action`, expects `receive(expected)` to fail, and returns the failure's text.
  private func receiveFailure<Value>(
    after action: Search.Action, expecting expected: CaseKeyPath<Search.Action, Value>
  ) async -> String {
    let store = TestStore(initialState: Search.State()) { Search() }
    await store.send(action)
    let text = LockIsolated("")
    await withKnownIssue {
      await store.receive(expected)
    } matching: { issue in
      text.setValue(message(of: issue))
      return true
    }
    return text.value
  }

  @Test func casesWithAndWithoutPayloadsAreNamed() async {
    // Payload cases and cases without one are numbered apart in the enum's metadata; both kinds,
    // before and after each other in declaration order, must get their own name.
    #expect(
      await receiveFailure(after: .searchTapped, expecting: \.queryChanged)
        .hasPrefix("Received an action that does not match \\.queryChanged:")
    )
    #expect(
      await receiveFailure(after: .searchTapped, expecting: \.cancelTapped)
        .hasPrefix("Received an action that does not match \\.cancelTapped:")
    )
    #expect(
      await receiveFailure(after: .cancelTapped, expecting: \.response)
        .hasPrefix("Received an action that does not match \\.response:")
    )
  }

  @Test func nestedCasesAreNamedByTheirPath() async {
    let text = await receiveFailure(after: .searchTapped, expecting: \.child.loaded)
    #expect(text.hasPrefix("Received an action that does not match \\.child.loaded:"))
    #expect(text.contains("Search.Action.response(42)"))
    #expect(!text.contains("computed"))
  }

  @Test func aCaseHoldingAnotherEnumIsNamedAlone() async {
    let store = TestStore(initialState: Search.State()) { Search() }
    await store.send(.searchTapped)
    await withKnownIssue {
      await store.receive(\.child)
    } matching: { issue in
      message(of: issue).hasPrefix("Received an action that does not match \\.child:")
    }
  }
}
