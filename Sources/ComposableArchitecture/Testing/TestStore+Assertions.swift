@_spi(Internals) import CasePaths
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
    stackElementIDs: StackElementIDGenerator? = nil,
    at location: TestLocation
  ) {
    let sharedChanges = stepChanges ?? self.sharedChanges
    // Shared values compare as "before the step, with the test's changes" (the expected side)
    // against "now"; afterwards the current values are the baseline of the next step.
    defer { sharedChanges.reset() }
    do {
      if isExhaustive {
        var expectedFromPrevious = previousState
        try sharedChanges.asserting { try withStoreDependencies(stackElementIDs) { try modify?(&expectedFromPrevious) } }
        let matchesFromPrevious = sharedChanges.track { expectedFromPrevious == actualState }
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
      // (shared values included: their unasserted changes are not compared), where an
      // `XCTModify` that changes nothing is no failure: the change is already there. Only to show what
      // was skipped does the closure also run on the previous state, as in TCA, where what it
      // reports (an `#expect` that holds only after the action) is expected, not a failure.
      let skipped =
        showsSkippedAssertions
        ? skippedChanges(
          from: previousState, to: actualState, modify: modify, sharedChanges, stackElementIDs
        ) : nil
      sharedChanges.reset()
      var expectedFromActual = actualState
      try XCTModifyLocals.$isExhaustive.withValue(false) {
        try sharedChanges.asserting { try withStoreDependencies(stackElementIDs) { try modify?(&expectedFromActual) } }
      }
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

  /// What a non-exhaustive step's closure left unstated: the difference between the previous state
  /// with the closure applied and the actual state, or nil when there is none.
  ///
  /// The closure runs on a state it was not written for, so what it reports there is expected;
  /// Linux XCTest cannot expect a failure, so there it does not run and nothing is shown.
  private func skippedChanges(
    from previousState: State,
    to actualState: State,
    modify: ((inout State) throws -> Void)?,
    _ sharedChanges: SharedChangeTracker,
    _ stackElementIDs: StackElementIDGenerator?
  ) -> String? {
    guard case .swiftTesting? = TestContext.current else { return nil }
    var expectedFromPrevious = previousState
    withExpectedIssue(isIntermittent: true) {
      try XCTModifyLocals.$isExhaustive.withValue(false) {
        try sharedChanges.asserting { try withStoreDependencies(stackElementIDs) { try modify?(&expectedFromPrevious) } }
      }
    }
    guard !sharedChanges.track({ expectedFromPrevious == actualState }) else { return nil }
    return difference(expectedFromPrevious, actualState, sharedChanges)
  }

  /// Runs an assertion closure with the store's dependencies in force, so that a
  /// `@Dependency(\.date.now) var now` declared in it sees the test's override; with
  /// `stackElementIDs`, a copy of the id generator as it was before the step, so that
  /// `$0.path.append(…)` gets the ids the reducer got (TCA does the same).
  func withStoreDependencies<R>(
    _ stackElementIDs: StackElementIDGenerator? = nil, _ operation: () throws -> R
  ) rethrows -> R {
    var dependencies = dependencies
    if let stackElementIDs {
      dependencies.stackElementID = stackElementIDs.copy()
    }
    return try DependencyValues.$_current.withValue(dependencies, operation: operation)
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
