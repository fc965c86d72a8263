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
}
