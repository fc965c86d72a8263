import ComposableArchitecture
import Observation
import Testing

// Observation through copies and inert enum cases, in the shapes of TCA's own
// `ObservableTests`: a copy changed and assigned back through the child's property is heard (the
// child takes a new identity before every in-place edit, as in TCA), a case whose payload is not
// observable state is heard when it changes, and a store hears a child replaced or reset. Not
// heard, in TCA either: a copy of an array element, changed before anyone observed it and
// assigned back by subscript, unless it is given a new identity (`_$willModify()`).

@ObservableState
private struct Item: Equatable, Identifiable {
  var id = 0
  var count = 0
  mutating func replace(with other: Self) { self = other }
  mutating func reset() { self = Self() }
  mutating func copy() -> Self { self }
}

@ObservableState
@CasePathable
private enum Destination: Equatable {
  case item(Item)
  case inert(Int)
}

@ObservableState
private struct Holder: Equatable {
  var item = Item()
  var sibling = Item()
  var items: IdentifiedArrayOf<Item> = []
  var children: [Item] = []
  @Presents var destination: Destination?
}

@MainActor
@Suite struct ObservationOfCopiesTests {
  @Test func aCopyChangedAndAssignedBackIsHeard() {
    let item = Item(count: 1)
    var copy = item
    copy.count = 2
    var state = Holder(item: item, sibling: copy)
    let counts = Notifications()
    counts.track { _ = state.item.count }
    state.item.replace(with: state.sibling)
    #expect(state.item.count == 2)
    #expect(state.sibling.count == 2)
    #expect(counts.count == 1)
  }

  @Test func aCopyTakenThroughTheChildChangedAndAssignedBackIsHeard() {
    var state = Holder()
    var copy = state.item.copy()
    copy.count = 42
    let counts = Notifications()
    counts.track { _ = state.item.count }
    state.item.replace(with: copy)
    #expect(state.item.count == 42)
    #expect(counts.count == 1)
  }

  @Test func anInPlaceEditOfTheChildIsHeardByItsFieldAloneAndKeepsItsObservers() {
    var state = Holder()
    let counts = Notifications()
    counts.track { _ = state.item.count }
    let items = Notifications()
    items.track { _ = state.item }
    let before = state.item._$id
    state.item.count += 1
    #expect(counts.count == 1)
    #expect(items.count == 0)
    #expect(state.item._$id != before)
    let again = Notifications()
    again.track { _ = state.item.count }
    state.item.count += 1
    #expect(again.count == 1)
    #expect(items.count == 0)
  }

  @Test func aCopyOfAnArrayElementAssignedBackIsHeard() {
    var state = Holder(items: [Item(id: 1, count: 42)])
    var copy = state.items[0]
    copy.count += 1
    let counts = Notifications()
    counts.track { _ = state.items[0].count }
    state.items[0] = copy
    #expect(state.items[0].count == 43)
    // TCA marks the same test `XCTTODO`: the copy's edit told the observers there were then, and
    // assigning it back changes no identity.
    withKnownIssue("a copy changed before it was observed and assigned back by subscript") {
      #expect(counts.count == 1)
    }
  }

  @Test func aPerturbedCopyIsHeard() {
    var state = Holder(children: [Item(id: 1, count: 42)])
    var copy = state.children[0]
    copy.count += 1
    let counts = Notifications()
    counts.track { _ = state.children[0].count }
    state.children[0] = copy
    state.children[0]._$willModify()
    #expect(counts.count == 1)
    #expect(state.children[0].count == 43)
  }

  @Test func anInertCaseChangingItsPayloadIsHeard() {
    var state = Holder(destination: .inert(0))
    let destinations = Notifications()
    destinations.track { _ = state.destination }
    state.destination = .inert(1)
    #expect(state.destination == .inert(1))
    #expect(destinations.count == 1)
  }

  @Test func anInertCaseInAStoreIsHeardWhenItChangesAndOnlyThen() async {
    let store = Store(initialState: Holder(destination: .inert(0))) {
      Reduce<Holder, Int> { state, value in
        state.destination = .inert(value)
        return .none
      }
    }
    let destinations = Notifications()
    destinations.track { _ = store.destination }
    store.send(0)
    #expect(destinations.count == 0)
    store.send(1)
    #expect(destinations.count == 1)
    #expect(store.destination == .inert(1))
  }

  @Test func aStoreHearsAResetAndAReplace() async {
    let store = Store(initialState: Holder(item: Item(count: 42))) {
      Reduce<Holder, Bool> { state, reset in
        if reset { state.item.reset() } else { state.item.replace(with: Item(count: 7)) }
        return .none
      }
    }
    let items = Notifications()
    items.track { _ = store.item }
    store.send(true)
    #expect(items.count == 1)
    #expect(store.item.count == 0)
    let counts = Notifications()
    counts.track { _ = store.item.count }
    store.send(false)
    #expect(counts.count == 1)
    #expect(store.item.count == 7)
  }

  @Test func aStoreOfTheChildHearsAReplaceOfTheWholeState() async {
    let store = Store(initialState: Item(count: 42)) {
      Reduce<Item, Void> { state, _ in
        state.replace(with: Item(count: 3))
        return .none
      }
    }
    let counts = Notifications()
    counts.track { _ = store.count }
    store.send(())
    #expect(counts.count == 1)
    #expect(store.count == 3)
  }
}
