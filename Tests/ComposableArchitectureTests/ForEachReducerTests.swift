@testable import ComposableArchitecture
import Testing

private struct Row: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var count = 0
  }
  @CasePathable
  enum Action: Equatable { case increment, startTimer, tick, stopTimer }
  @Dependency(\.continuousClock) var clock
  enum CancelID { case timer }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment, .tick:
      state.count += 1
      return .none
    case .startTimer:
      return .run { send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
      }
      .cancellable(id: CancelID.timer)
    case .stopTimer:
      return .cancel(id: CancelID.timer)
    }
  }
}

private struct List: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Row.State> = []
    var log: [String] = []
  }
  @CasePathable
  enum Action: Equatable {
    case rows(IdentifiedActionOf<Row>)
    case remove(id: Int)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .rows(.element(id, .increment)):
        state.log.append("parent saw \(state.rows[id: id]?.count ?? -1)")
      case let .remove(id):
        state.rows.remove(id: id)
      case .rows:
        break
      }
      return .none
    }
    .forEach(\.rows, action: \.rows) {
      Row()
    }
  }
}

@Reducer
private struct ObservableRow {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var count = 0
  }
  enum Action { case increment }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

@Reducer
private struct ObservableList {
  @ObservableState
  struct State: Equatable {
    var rows: IdentifiedArrayOf<ObservableRow.State>
  }
  enum Action { case rows(IdentifiedActionOf<ObservableRow>) }
  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.rows, action: \.rows) { ObservableRow() }
  }
}

/// A comment thread: each reply is a thread, 20 levels deep in the test.
private struct Thread: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var likes = 0
    var replies: IdentifiedArrayOf<State> = []
  }
  @CasePathable
  indirect enum Action: Equatable {
    case like
    case replies(IdentifiedActionOf<Thread>)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .like = action { state.likes += 1 }
      return .none
    }
    .forEach(\.replies, action: \.replies) {
      Self()
    }
  }
}

@MainActor
struct ForEachReducerTests {
  @Test func elementRunsBeforeParent() {
    let store = Store(initialState: List.State(rows: [Row.State(id: 1), Row.State(id: 2)])) { List() }
    store.send(.rows(.element(id: 2, action: .increment)))
    #expect(store.rows[id: 2]?.count == 1)
    #expect(store.rows[id: 1]?.count == 0)
    #expect(store.log == ["parent saw 1"])
  }

  @Test func caseKeyPathsAddressOneElement() {
    let path: CaseKeyPath<List.Action, Row.Action> = \.rows[id: 7]
    #expect(path(.increment) == .rows(.element(id: 7, action: .increment)))
    #expect(List.Action.rows(.element(id: 7, action: .tick))[case: path] == .tick)
    #expect(List.Action.rows(.element(id: 8, action: .tick))[case: path] == nil)
  }

  @Test func removingAnElementCancelsOnlyItsEffects() async {
    await serially {
      let clock = TestClock()
      let store = Store(initialState: List.State(rows: [Row.State(id: 1), Row.State(id: 2)])) {
        List()
      } withDependencies: {
        $0.continuousClock = clock
      }
      let first = store.send(.rows(.element(id: 1, action: .startTimer)))
      store.send(.rows(.element(id: 2, action: .startTimer)))
      await settle()
      await clock.advance(by: .seconds(1))
      #expect(store.rows.map(\.count) == [1, 1])

      store.send(.remove(id: 1))
      await first.finish()
      await clock.advance(by: .seconds(2))
      #expect(store.rows.map(\.count) == [3])
      #expect((store.core as? RootCore<List>)?.runningEffectCount == 1)

      // Each row's cancellation id is its own: stopping row 2 stops exactly its timer.
      store.send(.rows(.element(id: 2, action: .stopTimer)))
      await settle()
      #expect((store.core as? RootCore<List>)?.runningEffectCount == 0)
    }
  }

  @Test func actionForMissingElementIsReportedAtTheForEach() {
    let store = Store(initialState: List.State()) { List() }
    withKnownIssue {
      store.send(.rows(.element(id: 42, action: .increment)))
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("A 'forEach' at ComposableArchitectureTests/ForEachReducerTests.swift:52")
        && text.contains("for an element with id 42 that is not in the collection")
        && text.contains("List.Action.rows(")
        && issue.sourceLocation?.line == 52
    }
  }

  @Test func elementIsMutatedInPlace() {
    var state = List.State(rows: IdentifiedArray(uniqueElements: (0..<1_000).map { Row.State(id: $0) }))
    let before = state.rows.elements.withUnsafeBufferPointer { $0.baseAddress }
    _ = List().reduce(into: &state, action: .rows(.element(id: 500, action: .increment)))
    let after = state.rows.elements.withUnsafeBufferPointer { $0.baseAddress }
    #expect(state.rows[id: 500]?.count == 1)
    #expect(before == after)
  }

  @Test func observableElementsAreMutatedInPlaceToo() {
    // Properties of @ObservableState types are computed; a key path write through one would copy
    // the whole array. The operators mutate through the property's `_modify` instead.
    var state = ObservableList.State(
      rows: IdentifiedArray(uniqueElements: (0..<1_000).map { ObservableRow.State(id: $0) })
    )
    let before = state.rows.elements.withUnsafeBufferPointer { $0.baseAddress }
    _ = ObservableList().reduce(into: &state, action: .rows(.element(id: 500, action: .increment)))
    let after = state.rows.elements.withUnsafeBufferPointer { $0.baseAddress }
    #expect(state.rows[id: 500]?.count == 1)
    #expect(before == after)
  }

  @Test func recursiveReducerTwentyLevelsDeep() {
    func thread(depth: Int) -> Thread.State {
      Thread.State(id: depth, replies: depth == 20 ? [] : [thread(depth: depth + 1)])
    }
    var action = Thread.Action.like
    for depth in (1...20).reversed() {
      action = .replies(.element(id: depth, action: action))
    }
    let store = Store(initialState: thread(depth: 0)) { Thread() }
    store.send(action)

    var node = store.state
    var likes: [Int] = [node.likes]
    while let reply = node.replies.first {
      node = reply
      likes.append(node.likes)
    }
    #expect(likes.count == 21)
    #expect(likes == Array(repeating: 0, count: 20) + [1])
  }

  /// A row runs with the dependencies of the store as they are now: the dependencies a `forEach`
  /// keeps from a row's last action are not reused once the store's have changed.
  @Test func aRowSeesTheStoresDependenciesAsTheyAreNow() async {
    let store = TestStore(
      initialState: StampedList.State(rows: [StampedRow.State(id: 1), StampedRow.State(id: 2)])
    ) {
      StampedList()
    } withDependencies: {
      $0.stamp = 1
    }
    await store.send(.rows(.element(id: 1, action: .stamp))) {
      $0.rows[id: 1]?.stamp = 1
    }
    await store.send(.rows(.element(id: 1, action: .stamp)))
    store.dependencies.stamp = 2
    await store.send(.rows(.element(id: 1, action: .stamp))) {
      $0.rows[id: 1]?.stamp = 2
    }
    await store.send(.rows(.element(id: 2, action: .stamp))) {
      $0.rows[id: 2]?.stamp = 2
    }
  }
}

private enum StampKey: DependencyKey {
  static let liveValue = 0
}

extension DependencyValues {
  fileprivate var stamp: Int {
    get { self[StampKey.self] }
    set { self[StampKey.self] = newValue }
  }
}

private struct StampedRow: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var stamp: Int?
  }
  @CasePathable
  enum Action: Equatable { case stamp }
  @Dependency(\.stamp) var stamp

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.stamp = stamp
    return .none
  }
}

private struct StampedList: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<StampedRow.State>
  }
  @CasePathable
  enum Action: Equatable {
    case rows(IdentifiedActionOf<StampedRow>)
  }
  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.rows, action: \.rows) { StampedRow() }
  }
}
