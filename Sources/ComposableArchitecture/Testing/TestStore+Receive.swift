import CustomDump

extension TestStore where Action: Equatable {
  /// Asserts that an effect fed back `expectedAction` next, and how it changed state.
  ///
  /// ```swift
  /// await store.receive(.factResponse("1 is a good number.")) {
  ///   $0.fact = "1 is a good number."
  /// }
  /// ```
  public func receive(
    _ expectedAction: Action,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveAction(
      describedAs: { String(customDumping: expectedAction) },
      matching: { $0 == expectedAction },
      mismatch: { TestFailure.receivedActionMismatch(expected: expectedAction, received: $0) },
      timeout: timeout,
      assert: updateStateToExpectedResult,
      at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension TestStore {
  /// Asserts that an effect fed back an action matching `isMatching` next.
  ///
  /// ```swift
  /// await store.receive({ if case .loaded = $0 { true } else { false } }) { … }
  /// ```
  public func receive(
    _ isMatching: (_ action: Action) -> Bool,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveAction(
      describedAs: { "an action matching the predicate" },
      matching: isMatching,
      mismatch: { TestFailure.receivedActionDidNotMatch(description: "the predicate", received: $0) },
      timeout: timeout,
      assert: updateStateToExpectedResult,
      at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Asserts that an effect fed back an action in the case at `actionCase` next.
  ///
  /// ```swift
  /// await store.receive(\.timerTicked) {
  ///   $0.secondsElapsed = 1
  /// }
  /// ```
  public func receive<Value>(
    _ actionCase: CaseKeyPath<Action, Value>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: CasePathable {
    await receiveAction(
      describedAs: { caseKeyPathName(actionCase) },
      matching: { $0[case: actionCase] != nil },
      mismatch: {
        TestFailure.receivedActionDidNotMatch(description: caseKeyPathName(actionCase), received: $0)
      },
      timeout: timeout,
      assert: updateStateToExpectedResult,
      at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Asserts that an effect fed back the action at `actionCase` with `value` next.
  ///
  /// ```swift
  /// await store.receive(\.searchResponse, ["Swift"]) {
  ///   $0.results = ["Swift"]
  /// }
  /// ```
  public func receive<Value: Equatable>(
    _ actionCase: CaseKeyPath<Action, Value>,
    _ value: Value,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: CasePathable {
    let expectedAction = actionCase(value)
    await receiveAction(
      describedAs: { String(customDumping: expectedAction) },
      matching: { $0[case: actionCase] == value },
      mismatch: { TestFailure.receivedActionMismatch(expected: expectedAction, received: $0) },
      timeout: timeout,
      assert: updateStateToExpectedResult,
      at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// The shared receive: wait for an action, check it, then check the state it produced.
  ///
  /// Exhaustive: the next received action must match. Non-exhaustive: earlier received actions
  /// that do not match are skipped, and a missing action is still a failure.
  func receiveAction(
    describedAs describe: () -> String,
    matching isMatching: (Action) -> Bool,
    mismatch: (Action) -> String,
    timeout: Duration?,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)?,
    at location: TestLocation
  ) async {
    let timeout = timeout ?? self.timeout
    func hasArrived() -> Bool {
      isExhaustive
        ? !recorder.received.isEmpty
        : recorder.received.contains { isMatching($0.action) }
    }
    // Nothing running means nothing more can arrive: fail now rather than at the timeout.
    _ = await waitUntil(timeout: timeout) { hasArrived() || core.runningEffectCount == 0 }
    guard hasArrived() else {
      let inFlight = !core.runningEffects.isEmpty
      report(
        isExhaustive || recorder.received.isEmpty
          ? TestFailure.expectedActionNeverArrived(describe(), timeout: inFlight ? timeout : nil)
          : TestFailure.expectedActionNotAmong(describe(), received: recorder.received.map(\.action)),
        at: location
      )
      return
    }

    if !isExhaustive, let index = recorder.received.firstIndex(where: { isMatching($0.action) }) {
      skipReceived(index, reportingAt: location)
    }
    let next = recorder.received.removeFirst()
    guard isMatching(next.action) else {
      report(mismatch(next.action), at: location)
      assertState(next.state)
      return
    }
    expectState(
      from: state,
      to: next.state,
      modify: updateStateToExpectedResult,
      step: .receive(next.action),
      sharedChanges: next.sharedChanges,
      stackElementIDs: next.stackElementIDsBefore,
      at: location
    )
    assertState(next.state)
    // Let the effect that fed the action back run on, as after a send: one that just sent its
    // last action finishes instead of being reported as still running, as in TCA.
    await Task.megaYield()
  }
}
