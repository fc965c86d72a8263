import ComposableArchitecture
import Observation
import Testing

@ObservableState
private struct Child: Equatable {
  var value = 0
}

@ObservableState
private struct Parent: Equatable {
  var count = 0
  var other = 0
  var child = Child()
  var optionalChild: Child?
  var rows: IdentifiedArrayOf<Row> = []
  var children: [Child] = []
  var screen = Screen.empty
  @ObservationStateIgnored var ignored = 0
}

@ObservableState
private struct Row: Equatable, Identifiable {
  let id: Int
  var title = ""
}

@ObservableState
@CasePathable
@dynamicMemberLookup
private enum Screen: Equatable {
  case list(Child)
  case detail(Child)
  case empty
}


@MainActor
struct ObservableStateTests {
  @Test func changingAReadFieldNotifiesOnce() {
    var state = Parent()
    let notifications = Notifications()
    notifications.track { _ = state.count }
    state.count += 1
    state.count += 1
    #expect(notifications.count == 1)
    #expect(state.count == 2)
  }

  @Test func changingAnUnreadFieldDoesNotNotify() {
    var state = Parent()
    let notifications = Notifications()
    notifications.track { _ = state.count }
    state.other = 5
    state.ignored = 5
    state.child.value = 1
    #expect(notifications.count == 0)
  }

  @Test func assigningAnEqualValueDoesNotNotify() {
    var state = Parent(count: 3)
    let notifications = Notifications()
    notifications.track { _ = state.count }
    state.count = 3
    #expect(notifications.count == 0)
  }

  @Test func copyingStateDoesNotNotifyAndCopiesShareObservers() {
    var state = Parent()
    let notifications = Notifications()
    notifications.track { _ = state.count }
    let copy = state
    #expect(notifications.count == 0)
    #expect(copy._$id == state._$id)
    state.count = 1
    #expect(notifications.count == 1)
  }

  @Test func reassigningTheSameChildDoesNotNotifyTheParentField() {
    var state = Parent()
    let notifications = Notifications()
    notifications.track { _ = state.child }
    let sameChild = state.child
    state.child = sameChild
    state.child.value += 1  // in place: the child's own observers hear it, not the parent's field
    #expect(notifications.count == 0)

    state.child = Child()  // a new child: another identity
    #expect(notifications.count == 1)
  }

  @Test func childFieldObserversHearInPlaceChanges() {
    var state = Parent()
    let notifications = Notifications()
    notifications.track { _ = state.child.value }
    state.child.value += 1
    #expect(notifications.count == 1)
  }

  @Test func optionalChildAndCollectionsNotifyOnIdentityChangesOnly() {
    var state = Parent(optionalChild: Child(), rows: [Row(id: 1)])
    let notifications = Notifications()
    notifications.track {
      _ = state.optionalChild
      _ = state.rows
    }
    state.optionalChild?.value += 1
    state.rows[id: 1]?.title = "Edited in place"
    #expect(notifications.count == 0)

    state.rows.append(Row(id: 2))
    #expect(notifications.count == 1)
  }

  @Test func anArrayOfChildrenNotifiesWhenItsChildrenChangeNotWhenOneIsEditedThroughAKeyPath() {
    var state = Parent(children: [Child(), Child()])
    let notifications = Notifications()
    notifications.track { _ = state.children }
    // A key path write through the property is a get, an edit of the copy, and a set: the set
    // brings back the same children, so observers of the array hear nothing.
    state[keyPath: \.children[0].value] += 1
    #expect(notifications.count == 0)
    #expect(state.children[0].value == 1)

    state.children[1] = Child()  // another child in its place
    #expect(notifications.count == 1)
  }

  @Test func enumCaseChangesNotifyObserversOfTheCase() {
    var state = Parent(screen: .list(Child()))
    let caseObservers = Notifications()
    caseObservers.track { _ = state.screen }
    let payloadObservers = Notifications()
    payloadObservers.track { _ = state.screen.list?.value }

    state.screen.modify(\.list) { $0.value += 1 }
    #expect(caseObservers.count == 0)
    #expect(payloadObservers.count == 1)

    state.screen = .detail(Child())
    #expect(caseObservers.count == 1)
  }

  @Test func identityIsStableAcrossMutationAndNewForNewValues() {
    var state = Parent()
    let id = state._$id
    state.count += 1
    state.child.value += 1
    #expect(state._$id == id)
    #expect(Parent()._$id != id)

    var draft = state
    draft._$willModify()
    #expect(draft._$id != state._$id)
  }

  @Test func equalityIgnoresTheRegistrar() {
    #expect(Parent(count: 1) == Parent(count: 1))
    #expect(Parent(count: 1) != Parent(count: 2))
  }
}
