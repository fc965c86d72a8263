import CustomDump

/// The text of every test store failure: what differs (with a CustomDump diff, `−` expected,
/// `+` actual), and how to fix the test.
enum TestFailure {
  static func stateMismatch<Action>(difference: String, step: TestStep<Action>) -> String {
    let subject: String
    switch step {
    case let .send(action): subject = "after sending \(describe(action))"
    case let .receive(action): subject = "after receiving \(describe(action))"
    case .assert: subject = ""
    }
    return """
      State \(subject.isEmpty ? "" : subject + " ")does not match the expectation:

      \(difference.indented)

      (Expected: −, Actual: +)
      """
  }

  static let expectedStateToChange = """
    Expected state to change, but no change occurred.

    The trailing closure did not change the state. If the action is not expected to change \
    state, leave the closure out.
    """

  static func assertionThrew(_ error: any Error) -> String {
    "The state assertion closure threw an error: \(describe(error))"
  }

  static func unhandledReceivedActions<Action>(_ received: [Action], beforeSending action: Action) -> String {
    """
    \(received.count) received action\(received.count == 1 ? " was" : "s were") not asserted \
    before sending \(describe(action)):

    \(list(received))

    Assert each with 'await store.receive(…)' before sending the next action, or skip them with \
    'await store.skipReceivedActions()'.
    """
  }

  static func expectedActionNeverArrived(_ expected: String, timeout: Duration?) -> String {
    guard let timeout else {
      return """
        Expected to receive \(expected), but no action was received and no effect is running.

        Check that the action you sent returns an effect that sends this action.
        """
    }
    return """
      Expected to receive \(expected), but none arrived within \(timeout).

      An effect is still running. If it waits on a 'TestClock', advance the clock before \
      'receive'; if it is slow, pass a longer 'timeout:'.
      """
  }

  static func expectedActionNotAmong<Action>(_ expected: String, received: [Action]) -> String {
    """
    Expected to receive \(expected), but none of the received actions matched:

    \(list(received))
    """
  }

  static func receivedActionMismatch<Action>(expected: Action, received: Action) -> String {
    let difference = diff(expected, received, format: .proportional) ?? "(No difference)"
    return """
      Received an unexpected action:

      \(difference.indented)

      (Expected: −, Received: +)
      """
  }

  static func sendToDismissedTestStore<Action>(_ action: Action) -> String {
    """
    Can't send an action to a test store whose feature dismissed itself:

    \(describe(action).indented)

    The feature under test called '@Dependency(\\.dismiss)' without being presented, which \
    dismisses the test store and cancels its effects. Assert what happens up to the dismissal, \
    or present the feature from a parent and test the parent.
    """
  }

  static func receivedActionDidNotMatch<Action>(description: String, received: Action) -> String {
    """
    Received an action that does not match \(description):

    \(describe(received).indented)
    """
  }

  static func effectsStillRunning(after timeout: Duration) -> String {
    """
    Expected effects to finish, but some are still running after \(timeout).

    If an effect waits on a 'TestClock', advance the clock; if it runs for as long as the \
    feature lives (a timer, a stream), cancel it by sending the action that stops it, or call \
    'await store.skipInFlightEffects()'.
    """
  }

  static func nothingToSkip(_ what: String) -> String {
    "There were no \(what) to skip. Remove the call, or pass 'strict: false'."
  }

  static func unreceivedActionsAtEnd<Action>(_ received: [Action]) -> String {
    """
    The store received \(received.count) action\(received.count == 1 ? "" : "s") that the test \
    never asserted:

    \(list(received))

    Assert each with 'await store.receive(…)', or skip them with \
    'await store.skipReceivedActions()', before the test ends.
    """
  }

  static func unreceivedActionsAtFinish<Action>(_ received: [Action]) -> String {
    """
    The store received \(received.count) action\(received.count == 1 ? "" : "s") that the test \
    did not assert before 'finish()':

    \(list(received))

    Assert each with 'await store.receive(…)', or skip them with \
    'await store.skipReceivedActions()', before awaiting 'finish()'.
    """
  }

  static func effectStillRunningAtEnd<Action>(
    startedBy action: Action, origin: TestOrigin
  ) -> String {
    let how: String
    switch origin {
    case .send: how = "sent here"
    case .receive: how = "fed back by an effect of the action sent here"
    }
    return """
      An effect started by \(describe(action)) (\(how)) is still running at the end of the test.

      Every effect must finish before the test ends, so that the test proves everything it \
      does. Send the action that stops it (for example one that returns '.cancel(id:)'), await \
      'store.finish()', or cancel everything with 'await store.skipInFlightEffects()'.
      """
  }

  static func skippedStateChanges(difference: String) -> String {
    """
      Skipped assertions of these state changes:

      \(difference.indented)

      (Expected: −, Actual: +)
      """
  }

  static func skippedReceivedActions<Action>(_ actions: [Action]) -> String {
    """
    Skipped assertions of \(actions.count) received action\(actions.count == 1 ? "" : "s"):

    \(list(actions))
    """
  }

  static func skippedEffects<Action>(_ actions: [Action]) -> String {
    """
    Cancelled \(actions.count) in-flight effect\(actions.count == 1 ? "" : "s"), started by:

    \(list(actions))
    """
  }

  private static func describe(_ value: some Any) -> String {
    String(customDumping: value)
  }

  private static func list<Action>(_ actions: [Action]) -> String {
    actions.map { "• " + describe($0).indented.dropFirst(2) }.joined(separator: "\n")
  }
}

extension String {
  fileprivate var indented: String {
    split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
  }
}
