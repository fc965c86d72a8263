import ComposableArchitecture
import Observation
import Testing

@Reducer
private struct Counter {
  @ObservableState
  struct State: Equatable, Identifiable {
    var id = 0
    var count = 0
    var other = 0
  }
  enum Action { case incrementCount, incrementOther, incrementBoth }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementCount: state.count += 1
      case .incrementOther: state.other += 1
      case .incrementBoth:
        state.count += 1
        state.other += 1
      }
      return .none
    }
  }
}

@Reducer
private struct List {
  @ObservableState
  struct State: Equatable {
    var counters: IdentifiedArrayOf<Counter.State> = []
    var selected: Counter.State?
  }
  enum Action {
    case counters(IdentifiedActionOf<Counter>)
    case selected(Counter.Action)
    case select(Int?)
    case add(Int)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .select(id):
        state.selected = id.flatMap { state.counters[id: $0] }
      case let .add(id):
        state.counters.append(Counter.State(id: id))
      case .counters, .selected:
        break
      }
      return .none
    }
    .forEach(\.counters, action: \.counters) { Counter() }
    .ifLet(\.selected, action: \.selected) { Counter() }
  }
}

/// A list whose rows are plain values, not observable state: a row has no observers of its own,
/// so an edit of a row is a change of the array.
@Reducer
private struct PlainRow {
  struct State: Equatable, Identifiable {
    var id: Int
    var count = 0
  }
  enum Action { case increment }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

@Reducer
private struct PlainList {
  @ObservableState
  struct State: Equatable {
    var rows: IdentifiedArrayOf<PlainRow.State> = [PlainRow.State(id: 1)]
  }
  enum Action { case rows(IdentifiedActionOf<PlainRow>) }
  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.rows, action: \.rows) { PlainRow() }
  }
}

/// Enum state: one case or the other, each with its own counter.
@Reducer
private struct Either {
  @ObservableState
  @CasePathable
  @dynamicMemberLookup
  enum State: Equatable {
    case left(Counter.State)
    case right(Counter.State)
  }
  enum Action {
    case left(Counter.Action)
    case right(Counter.Action)
    case toggle
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      guard case .toggle = action else { return .none }
      switch state {
      case .left: state = .right(Counter.State())
      case .right: state = .left(Counter.State())
      }
      return .none
    }
    .ifCaseLet(\.left, action: \.left) { Counter() }
    .ifCaseLet(\.right, action: \.right) { Counter() }
  }
}

/// A value that is not observable state and counts how often it is hashed.
private struct Item: Hashable {
  static let hashes = LockIsolated(0)
  var id: Int
  func hash(into hasher: inout Hasher) {
    Self.hashes.withValue { $0 += 1 }
    hasher.combine(id)
  }
}

/// An enum state whose case holds plain values.
@Reducer
private struct Loader {
  @ObservableState
  enum State: Equatable {
    case loading
    case loaded([Item])
  }
  enum Action { case tick, append(Int), reload }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    guard case let .loaded(items) = state else { return .none }
    switch action {
    case .tick:
      return .none
    case let .append(id):
      state = .loaded(items + [Item(id: id)])
      return .none
    case .reload:
      state = .loaded(items.map { $0 })  // an equal array in a new buffer
      return .none
    }
  }
}

@MainActor
struct StoreObservationTests {
  /// The identity of `.loaded(items)` is read after every send: it must not cost a pass over the
  /// items, and must still change when they do.
  @Test func anEnumCaseOfPlainValuesIsComparedWithoutHashingIt() {
    let store = Store(initialState: .loaded((0..<1_000).map { Item(id: $0) })) { Loader() }
    let observers = Notifications()
    observers.track { _ = store.state }
    let hashesBefore = Item.hashes.value

    store.send(.tick)
    store.send(.reload)
    #expect(observers.count == 0)
    #expect(Item.hashes.value == hashesBefore)

    store.send(.append(1_000))
    #expect(observers.count == 1)
    #expect(store.state == .loaded((0...1_000).map { Item(id: $0) }))
  }

  @Test func readingAFieldThroughTheStoreTracksOnlyThatField() {
    let store = Store(initialState: Counter.State()) { Counter() }
    let countObservers = Notifications()
    countObservers.track { _ = store.count }

    store.send(.incrementOther)
    #expect(countObservers.count == 0)

    store.send(.incrementCount)
    #expect(countObservers.count == 1)
  }

  @Test func scopedStoresObserveTheirSlice() throws {
    let store = Store(initialState: List.State(counters: [Counter.State(id: 1), Counter.State(id: 2)])) {
      List()
    }
    let rows = store.scope(state: \.counters, action: \.counters)
    #expect(rows.count == 2)
    let first = try #require(rows.first)
    let second = try #require(rows.last)
    #expect(first === store.scope(state: \.counters, action: \.counters).first)

    let firstObservers = Notifications()
    firstObservers.track { _ = first.count }
    second.send(.incrementCount)
    #expect(firstObservers.count == 0)
    #expect(second.count == 1)

    first.send(.incrementCount)
    #expect(firstObservers.count == 1)
    #expect(store.counters[id: 1]?.count == 1)
  }

  @Test func collectionObserversHearInsertionsNotRowEdits() throws {
    let store = Store(initialState: List.State(counters: [Counter.State(id: 1)])) { List() }
    let listObservers = Notifications()
    listObservers.track { _ = store.scope(state: \.counters, action: \.counters).map(\.id) }
    store.scope(state: \.counters, action: \.counters).first?.send(.incrementCount)
    #expect(listObservers.count == 0)
    store.send(.add(2))
    #expect(listObservers.count == 1)
  }

  @Test func aRowActionReachesTheRowsObserversAndNotTheArrays() throws {
    // `forEach` edits an observable row past the array property's accessor: the row tells its own
    // observers, and the array, whose ids cannot change, stays quiet.
    let store = Store(initialState: List.State(counters: [Counter.State(id: 1), Counter.State(id: 2)])) {
      List()
    }
    let arrayObservers = Notifications()
    arrayObservers.track { _ = store.counters }
    let rows = store.scope(state: \.counters, action: \.counters)
    let rowObservers = Notifications()
    rowObservers.track { _ = rows.first?.count }
    let otherRowObservers = Notifications()
    otherRowObservers.track { _ = rows.last?.count }
    store.send(.counters(.element(id: 1, action: .incrementCount)))
    #expect(store.counters[id: 1]?.count == 1)
    #expect(rowObservers.count == 1)
    #expect(otherRowObservers.count == 0)
    #expect(arrayObservers.count == 0)
  }

  @Test func aRowActionOnPlainRowsReachesTheArraysObservers() {
    // Rows that are not observable state have no observers of their own: the edit goes through
    // the array property's accessor, which tells the array's observers.
    let store = Store(initialState: PlainList.State()) { PlainList() }
    let arrayObservers = Notifications()
    arrayObservers.track { _ = store.rows }
    store.send(.rows(.element(id: 1, action: .increment)))
    #expect(store.rows[id: 1]?.count == 1)
    #expect(arrayObservers.count == 1)
  }

  @Test func optionalScopeObserversHearPresentation() {
    let store = Store(initialState: List.State(counters: [Counter.State(id: 7)])) { List() }
    let observers = Notifications()
    observers.track { _ = store.scope(state: \.selected, action: \.selected) }
    store.send(.select(7))
    #expect(observers.count == 1)
    #expect(store.scope(state: \.selected, action: \.selected)?.id == 7)
  }

  @Test func scopingToAnEnumCaseObservesTheCaseChanging() throws {
    // A view that shows whichever case is current: it scopes to both, and must hear the switch
    // in either direction (the case it shows goes away, the one it could not show arrives).
    let store = Store(initialState: Either.State.left(Counter.State())) { Either() }
    let observers = Notifications()
    observers.track {
      _ = store.scope(state: \.left, action: \.left)?.count
      _ = store.scope(state: \.right, action: \.right)?.count
    }
    store.send(.toggle)
    #expect(observers.count == 1)
    #expect(store.scope(state: \.right, action: \.right) != nil)

    // The view as a front end writes it: the first case that is there.
    let afterToggle = Notifications()
    let view = {
      if store.scope(state: \.left, action: \.left) == nil {
        _ = store.scope(state: \.right, action: \.right)?.count
      }
    }
    afterToggle.track(view)
    try #require(store.scope(state: \.right, action: \.right)).send(.incrementCount)
    #expect(afterToggle.count == 1)
    afterToggle.track(view)
    store.send(.toggle)
    #expect(afterToggle.count == 2)
    #expect(store.scope(state: \.left, action: \.left) != nil)
  }

  @Test func observeRunsNowAndAgainOncePerBurst() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    var renders: [Int] = []
    let token = observe { renders.append(store.count) }
    #expect(renders == [0])

    store.send(.incrementCount)
    store.send(.incrementCount)
    store.send(.incrementCount)
    #expect(renders == [0])
    await Task.megaYield()
    #expect(renders == [0, 3])

    store.send(.incrementOther)
    await Task.megaYield()
    #expect(renders == [0, 3])
    token.cancel()
  }

  @Test func observeStopsWhenCancelledOrReleased() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    var cancelledRenders = 0
    let token = observe { _ = store.count; cancelledRenders += 1 }
    store.send(.incrementCount)
    token.cancel()
    await Task.megaYield()
    #expect(cancelledRenders == 1)
    #expect(token.isCancelled)

    var releasedRenders = 0
    var released: ObserveToken? = observe { _ = store.count; releasedRenders += 1 }
    #expect(released != nil)
    released = nil
    store.send(.incrementCount)
    await Task.megaYield()
    #expect(releasedRenders == 1)
  }

  @Test func storeIsObservableWhenStateIs() {
    func requiresObservable(_: some Observable) {}
    let store = Store(initialState: Counter.State()) { Counter() }
    requiresObservable(store)
  }
}

@Reducer
private struct Replacing {
  @ObservableState
  struct State: Equatable { var count = 0 }
  enum Action { case replace, increment }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .replace: state = State(count: state.count)  // a new identity: the store notifies
      case .increment: state.count += 1
      }
      return .none
    }
  }
}

@MainActor
struct StoreObservationReentrancyTests {
  @Test func anObserverMaySendSynchronouslyWhenTheStoreNotifies() {
    let store = Store(initialState: Replacing.State()) { Replacing() }
    withObservationTracking {
      _ = store.state
    } onChange: {
      MainActor.assumeIsolated { _ = store.send(.increment) }
    }
    store.send(.replace)
    #expect(store.count == 1)
  }
}

/// A parent of `Replacing` whose child is read through a property that counts its reads.
@Reducer
private struct Holder {
  @ObservableState
  struct State: Equatable {
    static let childReads = LockIsolated(0)
    var child = Replacing.State()
    var countedChild: Replacing.State {
      Self.childReads.withValue { $0 += 1 }
      return child
    }
  }
  @CasePathable
  enum Action { case child(Replacing.Action) }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Replacing() }
  }
}

/// `Holder` with a state that is not observable.
@Reducer
private struct PlainHolder {
  struct State: Equatable { var child = Replacing.State() }
  @CasePathable
  enum Action { case child(Replacing.Action) }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Replacing() }
  }
}

@MainActor
struct StoreObservationCostTests {
  /// After a send, a store compares its state's identity only if someone read the state since
  /// observers were last told: a parent screen's store that no view reads costs nothing.
  @Test func aStoreNoOneReadsDoesNotReadItsStateAfterASend() {
    let store = Store(initialState: Holder.State()) { Holder() }
    let child = store.scope(state: \.countedChild, action: \.child)
    let readsBefore = Holder.State.childReads.value
    for _ in 0..<10 { child.send(.increment) }
    child.send(.replace)
    #expect(Holder.State.childReads.value == readsBefore)

    // Read (with an observer), it watches the way to its state: an edit in place reads nothing,
    // and its observers hear a replacement.
    let observers = Notifications()
    observers.track { _ = child.state }
    #expect(Holder.State.childReads.value > readsBefore)
    let readsWhileObserved = Holder.State.childReads.value
    child.send(.increment)
    #expect(Holder.State.childReads.value == readsWhileObserved)
    #expect(observers.count == 0)
    child.send(.replace)
    #expect(Holder.State.childReads.value > readsWhileObserved)
    #expect(observers.count == 1)
    #expect(child.count == 11)
  }

  /// A scoped store's refresher runs after a send only while someone read the store since its
  /// observers were last told; read again, it is back for the next send. Each round here reads,
  /// replaces and reads again, and each replacement is heard once, by the observers of that round.
  /// An observer that reads again as it is told (from inside its notification) hears the next
  /// replacement too.
  @Test func aScopedStoreIsRefreshedAgainAfterEachReadThatFollowsANotification() {
    // The parent's state is not observable, so the child's observers hear a replacement only
    // from the child store's refresher, never from a property on the way.
    let store = Store(initialState: PlainHolder.State()) { PlainHolder() }
    let child = store.scope(state: \.child, action: \.child)
    var rounds: [Notifications] = []
    for _ in 0..<3 {
      let observers = Notifications()
      observers.track { _ = child.state }
      child.send(.increment)
      #expect(observers.count == 0)
      child.send(.replace)
      #expect(observers.count == 1)
      child.send(.replace)  // read by no one since: no one to tell
      rounds.append(observers)
    }
    #expect(rounds.map(\.count) == [1, 1, 1])

    @MainActor final class Rereading {
      var heard = 0
      func track(_ store: StoreOf<Replacing>) {
        withObservationTracking { _ = store.state } onChange: {
          MainActor.assumeIsolated {
            self.heard += 1
            self.track(store)
          }
        }
      }
    }
    let rereading = Rereading()
    rereading.track(child)
    child.send(.replace)
    child.send(.increment)
    child.send(.replace)
    child.send(.replace)
    #expect(rereading.heard == 3)
    #expect(child.count == 4)
  }

  /// Observers registered after the state was replaced unread compare with the state they read,
  /// not with the one before the replacement: an edit does not tell them, a replacement does.
  @Test func observersCompareWithTheStateTheyRead() {
    let store = Store(initialState: Replacing.State()) { Replacing() }
    let first = Notifications()
    first.track { _ = store.state }
    store.send(.replace)
    #expect(first.count == 1)
    store.send(.replace)  // no one reads: no one to tell
    store.send(.increment)

    let second = Notifications()
    second.track { _ = store.state }
    store.send(.increment)
    #expect(second.count == 0)
    store.send(.replace)
    #expect(second.count == 1)
    #expect(first.count == 1)
    #expect(store.count == 2)
  }
}

/// A list whose storage the tests watch.
@Reducer
private struct Appending {
  @ObservableState
  struct State: Equatable {
    var list = Listing.State()
  }
  @CasePathable
  enum Action { case list(Listing.Action) }
  var body: some ReducerOf<Self> {
    Scope(state: \.list, action: \.list) { Listing() }
  }
}

@Reducer
private struct Listing {
  @ObservableState
  struct State: Equatable {
    var items: [Int] = { var items = [Int](); items.reserveCapacity(100); return items }()
  }
  enum Action { case append }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.items.append(state.items.count)
    return .none
  }
}

@MainActor
struct ScopedStateCopyTests {
  /// A scoped store keeps the slice it read until the next send, which drops it before reducing:
  /// the reducer then mutates the only copy of the storage, in place.
  @Test func aSliceReadBetweenSendsIsDroppedBeforeTheNextOne() {
    let store = Store(initialState: Appending.State()) { Appending() }
    let list = store.scope(state: \.list, action: \.list)
    func storage() -> UnsafePointer<Int>? {
      store.withState { $0.list.items.withUnsafeBufferPointer { $0.baseAddress } }
    }
    list.send(.append)
    let before = storage()
    for expected in 2...20 {
      #expect(list.items.count == expected - 1)  // the store keeps this slice
      list.send(.append)
      #expect(list.items.count == expected)
    }
    #expect(storage() == before)
  }
}
