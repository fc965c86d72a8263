import CustomDump
import IssueReporting

/// What a state expectation is about, for failure messages.
enum TestStep<Action> {
  case send(Action)
  case receive(Action)
  case assert
}

extension TestStore {
  /// Checks that `modify` turns `previousState` into `actualState`, reporting a diff if not.
  ///
  /// Exhaustive: the expectation starts from the previous state, so every change must be stated.
  /// Non-exhaustive: it starts from the actual state, so only what is stated is checked; the
  /// changes left unstated are reported as skipped when `showSkippedAssertions` is on.
  func expectState(
    from previousState: State,
    to actualState: State,
    modify: ((inout State) throws -> Void)?,
    step: TestStep<Action>,
    at location: TestLocation
  ) {
    do {
      var expectedFromPrevious = previousState
      try modify?(&expectedFromPrevious)

      if isExhaustive {
        if expectedFromPrevious != actualState {
          report(TestFailure.stateMismatch(expected: expectedFromPrevious, actual: actualState, step: step), at: location)
        } else if case .assert = step {
          return
        } else if modify != nil, expectedFromPrevious == previousState, actualState == previousState {
          report(TestFailure.expectedStateToChange, at: location)
        }
        return
      }

      var expectedFromActual = actualState
      try modify?(&expectedFromActual)
      if expectedFromActual != actualState {
        report(TestFailure.stateMismatch(expected: expectedFromActual, actual: actualState, step: step), at: location)
      } else if showsSkippedAssertions, expectedFromPrevious != actualState {
        note(TestFailure.skippedStateChanges(expected: expectedFromPrevious, actual: actualState), at: location)
      }
    } catch {
      report(TestFailure.assertionThrew(error), at: location)
    }
  }

  /// Fails the test at `location`.
  func report(_ message: String, at location: TestLocation) {
    reportIssue(
      message, fileID: location.fileID, filePath: location.filePath, line: location.line,
      column: location.column
    )
  }

  /// Tells the test what a non-exhaustive assertion skipped, without failing it.
  func note(_ message: String, at location: TestLocation) {
    reportIssue(
      message, severity: .warning, fileID: location.fileID, filePath: location.filePath,
      line: location.line, column: location.column
    )
  }

  /// Drops the first `count` received actions, advancing the asserted state past them; with a
  /// location, says so as a note.
  func skipReceived(_ count: Int, reportingAt location: TestLocation?) {
    guard count > 0 else { return }
    let skipped = recorder.received.prefix(count)
    recorder.received.removeFirst(count)
    if let last = skipped.last {
      assertState(last.state)
    }
    if let location, showsSkippedAssertions {
      note(TestFailure.skippedReceivedActions(skipped.map(\.action)), at: location)
    }
  }
}
