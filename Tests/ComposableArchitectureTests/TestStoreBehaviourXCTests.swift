import ComposableArchitecture
import XCTest

/// TestStore behaviours TCA's own XCTest suites check.
@MainActor
final class TestStoreBehaviourXCTests: XCTestCase {
  func testTestStoreTurnsOnTheMainSerialExecutorForItsLifetime() async {
    let before = uncheckedUseMainSerialExecutor
    XCTAssertFalse(before)
    do {
      let store = TestStore(initialState: 0) { EmptyReducer<Int, Void>() }
      XCTAssertTrue(uncheckedUseMainSerialExecutor)
      store.useMainSerialExecutor = false
      XCTAssertFalse(uncheckedUseMainSerialExecutor)
      store.useMainSerialExecutor = true
      XCTAssertTrue(uncheckedUseMainSerialExecutor)
    }
    XCTAssertEqual(uncheckedUseMainSerialExecutor, before)
  }

  func testTestStoreMadeInASynchronousTest() {
    let store = TestStore(initialState: 0) { EmptyReducer<Int, Void>() }
    XCTAssertTrue(uncheckedUseMainSerialExecutor)
    XCTAssertEqual(store.state, 0)
  }

  func testAnEffectCancelledWithItsFeatureIsNotStillRunningAtTheEnd() async {
    struct Stopped: Error {}
    let listening = AsyncThrowingStream.makeStream(of: Void.self)
    let store = TestStore(initialState: EditorHost.State()) { EditorHost() } withDependencies: {
      $0.continuousClock = TestClock()
      $0.listener = { for try await _ in listening.stream {} }
    }
    await store.send(.startTapped) { $0.recording = SelfDismissingEditor.State() }
    await store.receive(.recording(.startListening))
    listening.continuation.finish(throwing: Stopped())
    // The parent dismisses the recorder, which cancels its timer. The test ends right away, before
    // the cancelled effect has wound down: nothing is reported, as in TCA.
    await store.receive(.recording(.listeningEnded)) { $0.recording = nil }
  }

  // Each XCTest test gets fresh test dependencies: whichever of these two runs second would see
  // the stack ids go on from the first if they were shared.
  func testStackIDsStartAtZeroInEachTestA() async {
    var path = StackState<Int>()
    path.append(1)
    XCTAssertEqual(path.ids.first, 0)
  }

  func testStackIDsStartAtZeroInEachTestB() async {
    var path = StackState<Int>()
    path.append(1)
    XCTAssertEqual(path.ids.first, 0)
  }
}
