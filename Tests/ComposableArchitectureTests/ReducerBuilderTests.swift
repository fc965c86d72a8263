@testable import ComposableArchitecture
import Testing

/// A reducer that appends its name to a log in state, to see which reducers ran and in what order.
private struct Logging: Reducer {
  struct State: Equatable { var log: [String] = [] }
  enum Action { case tap }
  let name: String
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.log.append(name)
    return .none
  }
}

private struct Composed: Reducer {
  typealias State = Logging.State
  typealias Action = Logging.Action
  let includeOptional: Bool
  let useFirstBranch: Bool
  let names: [String]

  var body: some ReducerOf<Self> {
    Logging(name: "first")
    if includeOptional {
      Logging(name: "optional")
    }
    if useFirstBranch {
      Logging(name: "if")
    } else {
      Reduce { state, _ in
        state.log.append("else")
        return .none
      }
    }
    if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
      Logging(name: "available")
    }
    for name in names {
      Logging(name: name)
    }
    CombineReducers {
      Logging(name: "combined-1")
      Logging(name: "combined-2")
    }
    EmptyReducer()
    Reduce(Logging(name: "erased"))
  }
}

@MainActor
struct ReducerBuilderTests {
  @Test func reducersRunInTheOrderTheyAreWritten() {
    var state = Logging.State()
    _ = Composed(includeOptional: true, useFirstBranch: true, names: ["a", "b"])
      .reduce(into: &state, action: .tap)
    #expect(
      state.log == [
        "first", "optional", "if", "available", "a", "b", "combined-1", "combined-2", "erased",
      ]
    )
  }

  @Test func optionalAndElseBranches() {
    var state = Logging.State()
    _ = Composed(includeOptional: false, useFirstBranch: false, names: [])
      .reduce(into: &state, action: .tap)
    #expect(state.log == ["first", "else", "available", "combined-1", "combined-2", "erased"])
  }

  @Test func bodyDrivesTheStore() {
    let store = Store(initialState: Logging.State()) {
      Composed(includeOptional: false, useFirstBranch: true, names: ["x"])
    }
    store.send(.tap)
    #expect(store.log == ["first", "if", "available", "x", "combined-1", "combined-2", "erased"])
  }

  @Test func emptyReducerChangesNothing() {
    var state = Logging.State(log: ["kept"])
    let effect = EmptyReducer<Logging.State, Logging.Action>().reduce(into: &state, action: .tap)
    #expect(state.log == ["kept"])
    guard case .none = effect.operation else {
      Issue.record("EmptyReducer returned an effect")
      return
    }
  }
}
