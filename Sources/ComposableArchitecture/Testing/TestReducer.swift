import Dependencies

/// Wraps the reducer under test to record what the test store needs to check: the state right
/// after each sent action, and every action effects fed back with the state it produced.
struct TestReducer<State, Action>: Reducer {
  struct TestAction {
    let action: Action
    let origin: TestOrigin
  }

  let base: any Reducer<State, Action>
  let recorder: TestRecorder<State, Action>

  func reduce(into state: inout State, action: TestAction) -> Effect<TestAction> {
    let effects: Effect<Action>
    @Dependency(\.stackElementID) var stackElementID
    let stackElementIDsBefore = stackElementID.copy()
    switch action.origin {
    case .send:
      recorder.stackElementIDsBeforeSend = stackElementIDsBefore
      effects = base.reduce(into: &state, action: action.action)
      recorder.stateAfterSend = state
    case let .receive(location):
      // Each received action records its own changes to shared state, so that the step that
      // receives it asserts them (and the step that sent the action before it does not).
      let sharedChanges = SharedChangeTracker()
      effects = sharedChanges.track { base.reduce(into: &state, action: action.action) }
      recorder.received.append(
        ReceivedAction(
          action: action.action, state: state, location: location, sharedChanges: sharedChanges,
          stackElementIDsBefore: stackElementIDsBefore
        )
      )
    }
    let location = action.origin.location
    return effects.map { TestAction(action: $0, origin: .receive(location)) }
  }
}

/// Where an action reduced by a test store came from.
enum TestOrigin: Sendable {
  /// Sent by the test at this location.
  case send(TestLocation)
  /// Fed back by an effect of an action that the test sent at this location.
  case receive(TestLocation)

  var location: TestLocation {
    switch self {
    case let .send(location), let .receive(location): return location
    }
  }
}

/// What the test reducer saw, read by the test store.
final class TestRecorder<State, Action> {
  var stateAfterSend: State?
  /// The stack id generator as it was before the sent action was reduced.
  var stackElementIDsBeforeSend: StackElementIDGenerator?
  var received: [ReceivedAction<State, Action>] = []
  /// How many unasserted received actions `finish()` reported, so the end of the test does not
  /// report the same ones again.
  var reportedUnreceivedCount: Int?
}

/// An action an effect fed back, and the state right after it was reduced.
struct ReceivedAction<State, Action> {
  let action: Action
  let state: State
  let location: TestLocation
  /// The shared values this action changed, and what they were before.
  let sharedChanges: SharedChangeTracker
  /// The stack id generator as it was before this action was reduced.
  let stackElementIDsBefore: StackElementIDGenerator
}

/// Where in a test something happened.
struct TestLocation: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt
}
