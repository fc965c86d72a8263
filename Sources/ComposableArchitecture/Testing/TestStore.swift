import ConcurrencyExtras
import CustomDump
import Dependencies
import IssueReporting

/// A store for tests: every action you send and every action an effect feeds back must be
/// asserted, along with exactly how it changed state.
///
/// ```swift
/// @MainActor @Test func timer() async {
///   let clock = TestClock()
///   let store = TestStore(initialState: Timer.State()) {
///     Timer()
///   } withDependencies: {
///     $0.continuousClock = clock
///   }
///   await store.send(.startTapped) { $0.isRunning = true }
///   await clock.advance(by: .seconds(1))
///   await store.receive(\.tick) { $0.secondsElapsed = 1 }
///   await store.send(.stopTapped) { $0.isRunning = false }
/// }
/// ```
///
/// Failures are reported through IssueReporting at the line of the call that failed, so they fail
/// XCTest and Swift Testing tests alike. When the store is released, actions that were received but
/// never asserted, and effects still running, fail the test.
@MainActor
public final class TestStore<State: Equatable, Action> {
  let core: RootCore<TestReducer<State, Action>>
  let recorder: TestRecorder<State, Action>
  /// Records the value each `@Shared` had before it changed, so steps can assert shared changes.
  let sharedChanges = SharedChangeTracker()
  let creation: TestLocation
  private var assertedState: State
  private var holdsSerialExecutorLease = false
  /// Whether the feature under test dismissed itself through `@Dependency(\.dismiss)` while not
  /// presented by a parent; a dismissed store accepts no more actions.
  public internal(set) var isDismissed = false

  /// How much the test must assert; `.on` by default.
  public var exhaustivity: Exhaustivity = .on

  /// How long `receive` and `finish` wait for an effect before failing; 1 second by default.
  public var timeout: Duration = .seconds(1)

  /// Whether every task runs on the main thread, in order, so that tests of effects are
  /// deterministic. On by default.
  public var useMainSerialExecutor: Bool {
    get { holdsSerialExecutorLease }
    set {
      guard newValue != holdsSerialExecutorLease else { return }
      holdsSerialExecutorLease = newValue
      if newValue { SerialExecution.acquire() } else { SerialExecution.release() }
    }
  }

  /// Creates a test store for a feature.
  ///
  /// Dependencies start from their test values; `prepareDependencies` overrides them.
  public init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let (initialState, reducer, dependencies) = Dependencies.withDependencies {
      $0.context = .test
      prepareDependencies(&$0)
    } operation: {
      @Dependency(\.self) var dependencies
      return (initialState(), reducer(), dependencies)
    }
    let recorder = TestRecorder<State, Action>()
    self.recorder = recorder
    self.assertedState = initialState
    self.creation = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    self.core = RootCore(
      initialState: initialState,
      reducer: TestReducer(base: reducer, recorder: recorder),
      dependencies: dependencies
    )
    self.useMainSerialExecutor = true
    core.dependencies.rootDismissal = RootDismissal { [weak self] in self?.dismiss() }
  }

  /// The feature under test dismissed itself: cancel everything it runs, refuse later sends.
  private func dismiss() {
    isDismissed = true
    core.cancelAllEffects()
  }

  deinit {
    MainActor.assumeIsolated {
      self.checkCompleted()
      self.useMainSerialExecutor = false
    }
  }

  /// The state as of the last assertion: what the test has proven so far.
  public var state: State {
    assertedState
  }

  /// The dependencies the feature sees. Changing them affects every action sent afterwards.
  ///
  /// ```swift
  /// store.dependencies.apiClient.fetch = { throw Failure() }
  /// ```
  public var dependencies: DependencyValues {
    get { core.dependencies }
    set { core.dependencies = newValue }
  }

  /// Runs `operation` with the dependencies changed by `updateValuesForOperation`, then restores
  /// them.
  ///
  /// ```swift
  /// await store.withDependencies {
  ///   $0.apiClient.fetch = { throw Failure() }
  /// } operation: {
  ///   await store.send(.refresh)
  ///   await store.receive(\.failed)
  /// }
  /// ```
  public func withDependencies<R>(
    _ updateValuesForOperation: (inout DependencyValues) throws -> Void,
    operation: () async throws -> R
  ) async rethrows -> R {
    let saved = dependencies
    defer { dependencies = saved }
    try updateValuesForOperation(&dependencies)
    return try await operation()
  }

  /// Runs `operation` with another exhaustivity, then restores it.
  ///
  /// ```swift
  /// await store.withExhaustivity(.off) {
  ///   await store.send(.refresh)
  ///   await store.receive(\.loaded) { $0.items = [.mock] }
  /// }
  /// ```
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity,
    operation: () async throws -> R
  ) async rethrows -> R {
    let saved = self.exhaustivity
    defer { self.exhaustivity = saved }
    self.exhaustivity = exhaustivity
    return try await operation()
  }

  var isExhaustive: Bool { exhaustivity == .on }

  var showsSkippedAssertions: Bool { exhaustivity == .off(showSkippedAssertions: true) }

  /// Advances the asserted state; used by every step that proves a state change.
  func assertState(_ state: State) {
    assertedState = state
  }
}

/// A test store of a reducer's state and action: `TestStoreOf<Feature>`.
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action> where R.State: Equatable

/// How much a ``TestStore`` requires the test to assert.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, received action and running effect must be asserted.
  case on
  /// Only what the test states is checked. With `showSkippedAssertions`, what was skipped is
  /// reported as a warning (not a failure).
  case off(showSkippedAssertions: Bool)

  /// Only what the test states is checked, silently.
  public static let off = Self.off(showSkippedAssertions: false)
}

/// The effects started by one `TestStore.send`.
public struct TestStoreTask: Hashable, Sendable {
  let rawValue: Task<Void, Never>?
  let timeout: Duration

  /// Cancels the effects and waits until they have stopped.
  public func cancel() async {
    rawValue?.cancel()
    await rawValue?.value
  }

  /// Waits for the effects to finish; fails the test if they are still running after `timeout`.
  ///
  /// ```swift
  /// let task = await store.send(.onAppear)
  /// await store.receive(\.loaded) { … }
  /// await task.finish()
  /// ```
  @MainActor
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    guard let rawValue else { return }
    let timeout = timeout ?? self.timeout
    let isFinished = LockIsolated(false)
    Task {
      await rawValue.value
      isFinished.setValue(true)
    }
    if await !waitUntil(timeout: timeout, { isFinished.value }) {
      reportIssue(
        TestFailure.effectsStillRunning(after: timeout),
        fileID: fileID, filePath: filePath, line: line, column: column
      )
    }
  }

  /// Whether the effects were cancelled.
  public var isCancelled: Bool {
    rawValue?.isCancelled ?? true
  }
}
