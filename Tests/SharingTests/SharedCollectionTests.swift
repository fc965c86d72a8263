import ComposableArchitecture
import Foundation
import Testing

struct Todo: Codable, Equatable, Identifiable, Sendable {
  let id: Int
  var title: String
  var isDone = false
}

/// `Array($todos)` gives one `Shared` per element that follows its element's id, as in
/// swift-sharing: after a removal, an insertion or a reorder each still reads and writes its own.
@Suite struct SharedCollectionTests {
  let a = Todo(id: 1, title: "A")
  let b = Todo(id: 2, title: "B")
  let c = Todo(id: 3, title: "C")

  @Test func sharedElementsFollowTheirIdThroughARemovalAnInsertionAndAReorder() {
    @Shared(value: IdentifiedArrayOf<Todo>(uniqueElements: [a, b, c])) var todos
    let rows = Array($todos)
    #expect(rows.map(\.wrappedValue.title) == ["A", "B", "C"])

    // A removal: the rows after it still write their own element (by position they would
    // write the next one, or trap out of bounds).
    $todos.withLock { _ = $0.remove(id: 1) }
    rows[1].withLock { $0.title = "B!" }
    rows[2].withLock { $0.title = "C!" }
    #expect(todos.map(\.title) == ["B!", "C!"])
    // The removed element's share keeps its last value, and writing it changes nothing.
    #expect(rows[0].wrappedValue.title == "A")
    rows[0].withLock { $0.title = "gone" }
    #expect(todos.map(\.title) == ["B!", "C!"])

    // An insertion in front and a reorder.
    $todos.withLock {
      $0.insert(Todo(id: 4, title: "D"), at: 0)
      $0.swapAt(1, 2)  // D, C!, B!
    }
    rows[1].withLock { $0.isDone = true }
    #expect(todos.map(\.title) == ["D", "C!", "B!"])
    #expect(todos[id: 2]?.isDone == true)
    #expect(todos.filter(\.isDone).map(\.id) == [2])
  }

  @Test func countFirstAndIsEmptyAreReadersAsInSwiftSharing() {
    @Shared(value: IdentifiedArrayOf<Todo>(uniqueElements: [a, b])) var todos
    let count: SharedReader<Int> = $todos.count
    let first: SharedReader<Todo?> = $todos.first
    let isEmpty: SharedReader<Bool> = $todos.isEmpty
    #expect(count.wrappedValue == 2 && first.wrappedValue == a && !isEmpty.wrappedValue)
    $todos.withLock { $0.removeAll() }
    #expect(count.wrappedValue == 0 && first.wrappedValue == nil && isEmpty.wrappedValue)
  }

  @Test func readersOfElementsOptionalsAndComputedValues() throws {
    @Shared(value: IdentifiedArrayOf<Todo>(uniqueElements: [a, b, c])) var todos
    let reader = SharedReader($todos)
    let rows = Array(reader)
    $todos.withLock { _ = $0.remove(id: 1) }
    $todos.withLock { $0[id: 3]?.title = "C!" }
    #expect(rows.map(\.wrappedValue.title) == ["A", "B", "C!"])

    // Unwrapping optionals, from a Shared and from a reader.
    let second = try #require(SharedReader($todos[id: 2]))
    let third = try #require(SharedReader(reader[id: 3]))
    #expect(SharedReader($todos[id: 9]) == nil)
    $todos.withLock { $0[id: 2]?.title = "Bee" }
    #expect(second.wrappedValue.title == "Bee" && third.wrappedValue.title == "C!")

    // `read` derives a value, recomputed from the shared one.
    let done = $todos.read { $0.filter(\.isDone).count }
    #expect(done.wrappedValue == 0)
    $todos.withLock { $0[id: 2]?.isDone = true }
    #expect(done.wrappedValue == 1)
    #expect(reader.read { $0.map(\.title) }.wrappedValue == ["Bee", "C!"])
  }

  @Reducer
  struct Todos {
    @ObservableState
    struct State: Equatable {
      @Shared var todos: IdentifiedArrayOf<Todo>
      var rows: [Shared<Todo>]
      init(todos: IdentifiedArrayOf<Todo>) {
        _todos = Shared(value: todos)
        rows = Array(_todos.projectedValue)
      }
    }
    enum Action {
      case delete(Todo.ID)
      case moveLastToFront
      case rename(row: Int, String)
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .delete(id):
        _ = state.$todos.withLock { $0.remove(id: id) }
      case .moveLastToFront:
        state.$todos.withLock { $0.move(fromOffsets: [$0.count - 1], toOffset: 0) }
      case let .rename(row, title):
        state.rows[row].withLock { $0.title = title }
      }
      return .none
    }
  }

  @MainActor
  @Test func inATestStoreRowsKeepTheirElementAfterARemovalAndAReorder() async {
    let store = TestStore(initialState: Todos.State(todos: [a, b, c])) { Todos() }
    await store.send(.delete(1)) {
      _ = $0.$todos.withLock { $0.remove(id: 1) }
    }
    // Row 1 was made for B: it renames B, not C (which is now at position 1).
    await store.send(.rename(row: 1, "B!")) {
      $0.$todos.withLock { $0[id: 2]?.title = "B!" }
    }
    await store.send(.moveLastToFront) {
      $0.$todos.withLock { $0.move(fromOffsets: [1], toOffset: 0) }
    }
    await store.send(.rename(row: 2, "C!")) {
      $0.$todos.withLock { $0[id: 3]?.title = "C!" }
    }
    #expect(store.state.todos.map(\.title) == ["C!", "B!"])
  }
}
