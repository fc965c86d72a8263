import CaseStudiesCore
import Foundation
import Testing

@MainActor
struct NestedTests {
  @Test func addRenameAndRemoveRowsAtAnyDepth() async {
    let root = UUID(-1)
    let store = TestStore(initialState: Nested.State(id: root, name: "Root")) {
      Nested()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.addRowTapped) { $0.rows = [Nested.State(id: UUID(0), name: "Row 1")] }
    await store.send(.at([UUID(0)], .addRowTapped)) {
      $0.rows[id: UUID(0)]?.rows = [Nested.State(id: UUID(1), name: "Row 1")]
    }
    await store.send(.at([UUID(0), UUID(1)], .addRowTapped)) {
      $0.rows[id: UUID(0)]?.rows[id: UUID(1)]?.rows = [Nested.State(id: UUID(2), name: "Row 1")]
    }
    await store.send(.at([UUID(0), UUID(1), UUID(2)], .nameChanged("Deep"))) {
      $0.rows[id: UUID(0)]?.rows[id: UUID(1)]?.rows[id: UUID(2)]?.name = "Deep"
    }
    #expect(store.state[path: [UUID(0), UUID(1), UUID(2)]]?.name == "Deep")
    await store.send(.at([UUID(0)], .removeRowTapped(id: UUID(1)))) {
      $0.rows[id: UUID(0)]?.rows = []
    }
    #expect(store.state[path: [UUID(0), UUID(1)]] == nil)
  }

  @Test func anActionForARowThatIsGoneIsReported() async {
    let store = TestStore(initialState: Nested.State(id: UUID(0))) { Nested() }
    await withKnownIssue {
      await store.send(.at([UUID(5)], .addRowTapped))
    } matching: { issue in
      issue.description.contains("forEach")
    }
  }
}
