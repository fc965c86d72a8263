import ComposableArchitecture
import Observation
import Testing

// Observation through copies and inert enum cases, in the shapes of TCA's own
// `ObservableTests`: a case whose payload is not observable state is heard when it changes, and
// a store hears a child replaced or reset. Not yet: a copy of observable state, changed and
// assigned back over the original, keeps the original's identity, so observers of the changed
// field are not told (a known limitation, in the README; these tests say so until it is fixed).

@ObservableState
private struct Item: Equatable, Identifiable {
  var id = 0
  var count = 0
  mutating func replace(with other: Self) { self = other }
  mutating func reset() { self = Self() }
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
    withKnownIssue("a copy assigned back keeps its identity; its changed fields are not heard") {
      #expect(counts.count == 1)
    }
  }

  @Test func aCopyOfAnArrayElementAssignedBackIsHeard() {
    var state = Holder(items: [Item(id: 1, count: 42)])
    var copy = state.items[0]
    copy.count += 1
    let counts = Notifications()
    counts.track { _ = state.items[0].count }
    state.items[0] = copy
    #expect(state.items[0].count == 43)
    withKnownIssue("a copy assigned back keeps its identity; its changed fields are not heard") {
      #expect(counts.count == 1)
    }
  }

  @Test func aPerturbedCopyIsHeard() {
    var state = Holder(items: [Item(id: 1, count: 42)])
    var copy = state.items[0]
    copy.count += 1
    let counts = Notifications()
    counts.track { _ = state.items[0].count }
    state.items[0] = copy
    state.items[0]._$willModify()
    withKnownIssue("a copy assigned back keeps its identity; its changed fields are not heard") {
      #expect(counts.count == 1)
    }
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
