extension TestStore {
  /// Sends an action and asserts how it changed state.
  ///
  /// ```swift
  /// await store.send(.incrementTapped) {
  ///   $0.count = 1
  /// }
  /// ```
  ///
  /// In the closure, mutate the state as it was before the action into the state you expect. The
  /// test fails, at this line, with a diff if the actual state differs. In exhaustive mode, sending
  /// while received actions are still unasserted fails too.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    guard !isDismissed else {
      report(TestFailure.sendToDismissedTestStore(action), at: location)
      return TestStoreTask(rawValue: nil, timeout: timeout)
    }
    settleReceivedActionsBeforeSending(action, at: location)

    let previousState = state
    recorder.stateAfterSend = nil
    recorder.stackElementIDsBeforeSend = nil
    let task = sharedChanges.track {
      core.send(TestReducer.TestAction(action: action, origin: .send(location)))
    }
    let actualState = recorder.stateAfterSend ?? core.state
    // As in TCA, the expectation runs while `store.state` is still the state before the action.
    expectState(
      from: previousState,
      to: actualState,
      modify: updateStateToExpectedResult,
      step: .send(action),
      stackElementIDs: recorder.stackElementIDsBeforeSend,
      at: location
    )
    assertState(actualState)
    // Let the effects that were just started run up to their first suspension.
    await Task.megaYield()
    return TestStoreTask(rawValue: task, timeout: timeout)
  }

  /// Sends the action at a case key path with no associated value: `await store.send(\.onAppear)`.
  @discardableResult
  public func send(
    _ action: CaseKeyPath<Action, Void>,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask where Action: CasePathable {
    await send(
      action(()), assert: updateStateToExpectedResult,
      fileID: fileID, file: filePath, line: line, column: column
    )
  }

  /// Sends the action at a case key path with a value:
  /// `await store.send(\.binding.title, "Daily")`, `await store.send(\.queryChanged, "swift")`.
  @discardableResult
  public func send<Value>(
    _ action: CaseKeyPath<Action, Value>,
    _ value: Value,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask where Action: CasePathable {
    await send(
      action(value), assert: updateStateToExpectedResult,
      fileID: fileID, file: filePath, line: line, column: column
    )
  }

  /// Asserts the current state without sending anything.
  ///
  /// ```swift
  /// store.assert {
  ///   $0.count = 1
  /// }
  /// ```
  public func assert(
    _ updateStateToExpectedResult: @escaping (_ state: inout State) throws -> Void,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    expectState(
      from: state, to: state, modify: updateStateToExpectedResult, step: .assert, at: location
    )
  }

  /// Unasserted received actions before a send: a failure in exhaustive mode, skipped otherwise.
  private func settleReceivedActionsBeforeSending(_ action: Action, at location: TestLocation) {
    guard !recorder.received.isEmpty else { return }
    if isExhaustive {
      // The actions stay queued, as in TCA: a later `receive` or `skipReceivedActions` still
      // sees them.
      report(
        TestFailure.unhandledReceivedActions(recorder.received.map(\.action), beforeSending: action),
        at: location
      )
    } else {
      skipReceived(recorder.received.count, reportingAt: location)
    }
  }
}
