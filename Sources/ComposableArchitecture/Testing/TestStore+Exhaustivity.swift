extension TestStore {
  /// Waits until every effect has finished; fails the test if some are still running after
  /// `timeout`.
  ///
  /// ```swift
  /// await store.send(.saveTapped)
  /// await store.finish()
  /// ```
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let timeout = timeout ?? self.timeout
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let finished = await waitUntil(timeout: timeout) { core.runningEffects.isEmpty }
    if !finished {
      report(TestFailure.effectsStillRunning(after: timeout), at: location)
    }
    // As in TCA, what the effects fed back must have been asserted by now.
    let received = recorder.received
    guard !received.isEmpty else { return }
    if isExhaustive {
      report(TestFailure.unreceivedActionsAtFinish(received.map(\.action)), at: location)
      recorder.reportedUnreceivedCount = received.count
    } else {
      skipReceived(received.count, reportingAt: location)
    }
  }

  /// Drops every received action that has not been asserted, advancing the state past them.
  ///
  /// With `strict` (the default), having nothing to skip fails the test.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await Task.megaYield()
    guard !recorder.received.isEmpty else {
      if strict {
        report(TestFailure.nothingToSkip("received actions"), at: location)
      }
      return
    }
    let skipped = recorder.received.map(\.action)
    skipReceived(recorder.received.count, reportingAt: nil)
    if showsSkippedAssertions {
      note(TestFailure.skippedReceivedActions(skipped), at: location)
    }
  }

  /// Stops tracking the effects that are still running, as TCA does: the test no longer has to
  /// wait for them to finish, and they are not reported when it ends. They are not cancelled, so
  /// an action one of them sends later is still received and must be asserted (or skipped).
  ///
  /// With `strict` (the default), having nothing to skip fails the test.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await Task.megaYield()
    let running = core.runningEffects
    guard !running.isEmpty else {
      if strict {
        report(TestFailure.nothingToSkip("in-flight effects"), at: location)
      }
      return
    }
    core.stopTrackingRunningEffects()
    if showsSkippedAssertions {
      note(TestFailure.skippedEffects(running.map(\.action.action)), at: location)
    }
  }

  /// What is left unasserted when the store goes away: received actions and running effects.
  func checkCompleted() {
    let received = recorder.received
    // Those `finish()` already reported are not reported again.
    if !received.isEmpty, received.count != recorder.reportedUnreceivedCount {
      if isExhaustive {
        report(TestFailure.unreceivedActionsAtEnd(received.map(\.action)), at: creation)
      } else if showsSkippedAssertions {
        note(TestFailure.skippedReceivedActions(received.map(\.action)), at: creation)
      }
    }
    for effect in core.runningEffects {
      let origin = effect.action.origin
      if isExhaustive {
        report(TestFailure.effectStillRunningAtEnd(startedBy: effect.action.action, origin: origin), at: origin.location)
      } else if showsSkippedAssertions {
        note(TestFailure.effectStillRunningAtEnd(startedBy: effect.action.action, origin: origin), at: origin.location)
      }
    }
    core.cancelAllEffects()
  }
}
