@testable import ComposableArchitecture
import Testing
import XCTest

/// A store does not push a child's navigation path into the dependencies: on the thread the store
/// reduces on, the operator running the child sets it beside them (see `ReducingStore`). These
/// tests pin that everything the path decides behaves as with the push, and that the push still
/// happens for a reducer called by hand on another thread: cancellation ids scoped to their row, effects that die with their row,
/// `dismiss()` from a presented child's effect, and a store made inside a child, which starts
/// from the root path.
@MainActor
final class ChildNavigationPathTests: XCTestCase {
  func testRowEffectsAreScopedToTheirRowAndDieWithIt() async {
    XCTAssertTrue(Thread.isMainThread)
    let seen = LockIsolated<[PathSeen]>([])
    let clock = TestClock()
    let store = TestStore(initialState: TickingRows.State(rows: [.init(id: 1), .init(id: 2)])) {
      TickingRows()
    } withDependencies: {
      $0.continuousClock = clock
      $0.pathsSeen = seen
    }
    await store.send(\.rows[id: 1].start)
    await clock.advance(by: .seconds(1))
    await store.receive(\.rows[id: 1].tick) { $0.rows[id: 1]?.ticks = 1 }
    await store.send(\.rows[id: 2].start)
    // The same cancellation id in another row: stopping row 1 leaves row 2 ticking.
    await store.send(\.rows[id: 1].stop)
    await clock.advance(by: .seconds(1))
    await store.receive(\.rows[id: 2].tick) { $0.rows[id: 2]?.ticks = 1 }
    // The parent removes row 2 itself: its timer is cancelled with it, or the test store fails
    // with an effect still running.
    await store.send(.remove(2)) { $0.rows.remove(id: 2) }
    await clock.advance(by: .seconds(3))

    // Every row action ran on the main thread with the row's path set beside the dependencies,
    // not pushed into them.
    XCTAssertFalse(seen.value.isEmpty)
    for path in seen.value {
      XCTAssertTrue(path.onMainThread)
      XCTAssertTrue(path.setBesideDependencies)
      XCTAssertEqual(path.depth, 1)
      XCTAssertEqual(path.depthInDependencies, 0)
    }
  }

  func testDismissFromAPresentedChildsEffectDismissesIt() async {
    let store = TestStore(initialState: TickingRows.State()) {
      TickingRows()
    }
    await store.send(.open(7)) { $0.detail = TickingRow.State(id: 7) }
    await store.send(\.detail.close)
    await store.receive(\.detail.dismiss) { $0.detail = nil }
  }

  func testAStoreMadeInsideAChildStartsFromTheRootPath() async {
    let seen = LockIsolated<[PathSeen]>([])
    let store = Store(initialState: TickingRows.State(rows: [.init(id: 1)])) {
      TickingRows()
    } withDependencies: {
      $0.pathsSeen = seen
    }
    store.send(.rows(.element(id: 1, action: .makeStore)))
    // The row's action, then the action of the store it made: the path of that store's root
    // reducer is empty again.
    XCTAssertEqual(seen.value.map(\.depth), [1, 0])
    XCTAssertEqual(seen.value.map(\.setBesideDependencies), [true, true])
  }

  func testOffTheMainThreadTheRowsPathIsPushedAndIsTheSame() async {
    let seen = LockIsolated<[PathSeen]>([])
    let onMain = Store(initialState: TickingRows.State(rows: [.init(id: 1)])) {
      TickingRows()
    } withDependencies: {
      $0.pathsSeen = seen
    }
    onMain.send(.rows(.element(id: 1, action: .tick)))
    // The same reducer called by hand on another thread: the operator pushes the row's path.
    await Task.detached {
      withDependencies {
        $0.pathsSeen = seen
      } operation: {
        var state = TickingRows.State(rows: [.init(id: 1)])
        _ = TickingRows().reduce(into: &state, action: .rows(.element(id: 1, action: .tick)))
      }
    }.value
    XCTAssertEqual(seen.value.count, 2)
    let (main, other) = (seen.value[0], seen.value[1])
    XCTAssertTrue(main.onMainThread)
    XCTAssertTrue(main.setBesideDependencies)
    XCTAssertFalse(other.onMainThread)
    XCTAssertFalse(other.setBesideDependencies)
    XCTAssertEqual(other.depthInDependencies, 1)
    XCTAssertEqual(main.path, other.path)
  }
}

/// Under Swift Testing on Linux the main actor runs on another thread than the process's first
/// one, as it can in any async `main` after an `await`. A store reducing there sets its rows' paths
/// beside the dependencies all the same: the path beside them belongs to the thread the store
/// reduces on, not to the main thread (when only the main thread counted, every child action of
/// such a store pushed its path, and a row action cost twice as much).
@MainActor
@Suite struct ChildNavigationPathOnAMainActorThreadTests {
  @Test func aRowActionOnAMainActorThatIsNotTheMainThreadSetsThePathBesideTheDependencies() {
    #expect(!Thread.isMainThread, "the premise: Swift Testing runs the main actor on another thread")
    let seen = LockIsolated<[PathSeen]>([])
    let store = Store(initialState: TickingRows.State(rows: [.init(id: 1)])) {
      TickingRows()
    } withDependencies: {
      $0.pathsSeen = seen
    }
    store.send(.rows(.element(id: 1, action: .tick)))
    #expect(store.rows[id: 1]?.ticks == 1)
    #expect(seen.value.count == 1)
    #expect(seen.value.first?.setBesideDependencies == true)
    #expect(seen.value.first?.depth == 1)
    #expect(seen.value.first?.depthInDependencies == 0)
  }
}

/// What a reducer saw of its navigation path.
private struct PathSeen: Sendable {
  let onMainThread: Bool
  /// Whether the path came from beside the dependencies (`ReducingStore`).
  let setBesideDependencies: Bool
  let path: NavigationIDPath
  /// The path's length as reducers see it.
  var depth: Int { path.path.count }
  /// Its length in the task-local dependencies themselves.
  let depthInDependencies: Int

  static func now() -> Self {
    let besides = ReducingStore.isReducingThread && ReducingStore.navigation != nil
    // The path stored in the dependencies, read with nothing set beside them.
    let beside = ReducingStore.navigation.take()
    let stored = DependencyValues._current.navigationIDPath
    ReducingStore.navigation = beside
    return Self(
      onMainThread: Thread.isMainThread,
      setBesideDependencies: besides,
      path: NavigationIDPath.current,
      depthInDependencies: stored.path.count
    )
  }
}

private enum PathsSeenKey: DependencyKey {
  static let liveValue = LockIsolated<[PathSeen]>([])
  static let testValue = LockIsolated<[PathSeen]>([])
}

extension DependencyValues {
  fileprivate var pathsSeen: LockIsolated<[PathSeen]> {
    get { self[PathsSeenKey.self] }
    set { self[PathsSeenKey.self] = newValue }
  }
}

@Reducer
private struct PathNoting {
  struct State: Equatable {}
  enum Action { case note }
  @Dependency(\.pathsSeen) var pathsSeen
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    pathsSeen.withValue { $0.append(.now()) }
    return .none
  }
}

@Reducer
private struct TickingRow {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var ticks = 0
  }
  enum Action: Equatable { case start, stop, tick, close, makeStore }
  enum CancelID { case timer }
  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss
  @Dependency(\.pathsSeen) var pathsSeen

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    pathsSeen.withValue { $0.append(.now()) }
    switch action {
    case .start:
      return .run { send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
      }
      .cancellable(id: CancelID.timer)
    case .stop:
      return .cancel(id: CancelID.timer)
    case .tick:
      state.ticks += 1
      return .none
    case .close:
      return .run { _ in await dismiss() }
    case .makeStore:
      MainActor.assumeIsolated {
        let store = Store(initialState: PathNoting.State()) { PathNoting() }
        store.send(.note)
      }
      return .none
    }
  }
}

@Reducer
private struct TickingRows {
  @ObservableState
  struct State: Equatable {
    var rows: IdentifiedArrayOf<TickingRow.State> = []
    @Presents var detail: TickingRow.State?
  }
  enum Action {
    case rows(IdentifiedActionOf<TickingRow>)
    case detail(PresentationAction<TickingRow.Action>)
    case remove(Int)
    case open(Int)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .remove(id):
        state.rows.remove(id: id)
        return .none
      case let .open(id):
        state.detail = TickingRow.State(id: id)
        return .none
      case .rows, .detail:
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) { TickingRow() }
    .ifLet(\.$detail, action: \.detail) { TickingRow() }
  }
}
