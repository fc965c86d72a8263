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
    sharedChanges stepChanges: SharedChangeTracker? = nil,
    at location: TestLocation
  ) {
    let sharedChanges = stepChanges ?? self.sharedChanges
    // Shared values compare as "before the step, with the test's changes" (the expected side)
    // against "now"; afterwards the current values are the baseline of the next step.
    defer { sharedChanges.reset() }
    do {
      var expectedFromPrevious = previousState
      try sharedChanges.asserting { try withStoreDependencies { try modify?(&expectedFromPrevious) } }
      let matchesFromPrevious = sharedChanges.track { expectedFromPrevious == actualState }

      if isExhaustive {
        if !matchesFromPrevious {
          report(
            TestFailure.stateMismatch(
              difference: difference(expectedFromPrevious, actualState, sharedChanges), step: step
            ),
            at: location
          )
        } else if case .assert = step {
          return
        } else if modify != nil, !sharedChanges.hasChanges, expectedFromPrevious == previousState,
          actualState == previousState
        {
          report(TestFailure.expectedStateToChange, at: location)
        }
        return
      }

      // Non-exhaustive: only what the closure states is checked, starting from the actual state
      // (shared values included: their unasserted changes are not compared).
      let skipped = matchesFromPrevious ? nil : difference(expectedFromPrevious, actualState, sharedChanges)
      sharedChanges.reset()
      var expectedFromActual = actualState
      try sharedChanges.asserting { try withStoreDependencies { try modify?(&expectedFromActual) } }
      if !sharedChanges.track({ expectedFromActual == actualState }) {
        report(
          TestFailure.stateMismatch(difference: difference(expectedFromActual, actualState, sharedChanges), step: step),
          at: location
        )
      } else if showsSkippedAssertions, let skipped {
        note(TestFailure.skippedStateChanges(difference: skipped), at: location)
      }
    } catch {
      report(TestFailure.assertionThrew(error), at: location)
    }
  }

  /// Runs an assertion closure with the store's dependencies in force, so that a
  /// `@Dependency(\.date.now) var now` declared in it sees the test's override.
  func withStoreDependencies<R>(_ operation: () throws -> R) rethrows -> R {
    try DependencyValues.$_current.withValue(dependencies, operation: operation)
  }

  /// The CustomDump diff of two states. When shared values changed, both sides point at the same
  /// shared references, so each side is dumped on its own (the expected one reading the shared
  /// values' snapshots) and the dumps are compared line by line.
  func difference(
    _ expected: State, _ actual: State, _ sharedChanges: SharedChangeTracker
  ) -> String {
    guard sharedChanges.hasChanges else {
      return diff(expected, actual, format: .proportional) ?? "(No difference)"
    }
    let expectedDump = sharedChanges.asserting { String(customDumping: expected) }
    let actualDump = String(customDumping: actual)
    return lineDifference(expectedDump, actualDump)
  }

  /// Fails the test at `location`.
  func report(_ message: String, at location: TestLocation) {
    reportIssue(
      message, fileID: location.fileID, filePath: location.filePath, line: location.line,
      column: location.column
    )
  }

  /// Tells the test what a non-exhaustive assertion skipped, without failing it: a warning in
  /// Swift Testing; in XCTest, which has no non-failing issue on Linux, a line on standard output.
  func note(_ message: String, at location: TestLocation) {
    if case .xcTest? = TestContext.current {
      print("\(location.filePath):\(location.line): note: \(message)")
      return
    }
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

/// A line diff in CustomDump's style: `−` for lines only expected, `+` for lines only actual, and
/// the lines around them.
func lineDifference(_ expected: String, _ actual: String) -> String {
  let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
  let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
  // Longest common subsequence, by dynamic programming from the ends.
  var lengths = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
  for i in stride(from: old.count - 1, through: 0, by: -1) {
    for j in stride(from: new.count - 1, through: 0, by: -1) {
      lengths[i][j] =
        old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
    }
  }
  var lines: [String] = []
  var (i, j) = (0, 0)
  while i < old.count || j < new.count {
    if i < old.count, j < new.count, old[i] == new[j] {
      lines.append("  \(old[i])")
      i += 1
      j += 1
    } else if i < old.count, j == new.count || lengths[i + 1][j] >= lengths[i][j + 1] {
      lines.append("− \(old[i])")
      i += 1
    } else {
      lines.append("+ \(new[j])")
      j += 1
    }
  }
  return lines.joined(separator: "\n")
}
