import ComposableArchitecture
import Observation
import Testing

// The observation details TCA's own tests check, each with `withObservationTracking`.

@ObservableState
private struct Child: Equatable {
  var count = 0
  var name = ""

  /// A new child with the same fields: another identity, as TCA's tests build it.
  func copy(count: Int) -> Self {
    Self(count: count, name: name)
  }
}

@ObservableState
private struct Parent: Equatable {
  var child = Child()
  var children: [Child] = [Child(), Child()]
  var rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2)]
  var path = StackState<Child>([Child()])
}

@ObservableState
private struct Row: Equatable, Identifiable {
  let id: Int
  var child = Child()
}

@ObservableState
@CasePathable
private enum Value: Equatable {
  case int(Int)
  case text(String)
  case child(Child)
}

@Reducer
private struct ValueFeature {
  typealias State = Value
  enum Action { case setInt(Int), setText(String), incrementChild }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .setInt(value): state = .int(value)
    case let .setText(value): state = .text(value)
    case .incrementChild: state.modify(\.child) { $0.count += 1 }
    }
    return .none
  }
}

@MainActor
struct ObservationDetailsTests {
  @Test func replacingAChildWithAChangedCopyOfItselfNotifiesObserversOfTheChangedField() {
    var state = Parent()
    let countObservers = Notifications()
    countObservers.track { _ = state.child.count }
    let nameObservers = Notifications()
    nameObservers.track { _ = state.child.name }
    var copy = state.child
    copy.count = 42
    state.child = copy
    #expect(state.child.count == 42)
    #expect(countObservers.count == 1)
    #expect(nameObservers.count == 0)
  }

  @Test func assigningANewCopyOfAChildNotifies() {
    var state = Parent()
    let observers = Notifications()
    observers.track { _ = state.child.count }
    state.child = state.child.copy(count: 42)
    #expect(observers.count == 1)
  }

  @Test func editingAnElementDoesNotNotifyObserversOfTheCollection() {
    var state = Parent()
    let arrayObservers = Notifications()
    arrayObservers.track { _ = state.children }
    let rowsObservers = Notifications()
    rowsObservers.track { _ = state.rows }
    let pathObservers = Notifications()
    pathObservers.track { _ = state.path }
    let elementObservers = Notifications()
    elementObservers.track { _ = state.rows[id: 1]?.child.count }

    state.children[0].count += 1
    state.rows[id: 1]?.child.count += 1
    state.path[id: 0]?.count += 1
    #expect(arrayObservers.count == 0)
    #expect(rowsObservers.count == 0)
    #expect(pathObservers.count == 0)
    #expect(elementObservers.count == 1)
  }

  @Test func aStoreOfEnumStateNotifiesWhenThePayloadOfTheCaseChanges() {
    let store = Store(initialState: Value.int(0)) { ValueFeature() }
    let observers = Notifications()
    observers.track { _ = store.state }
    store.send(.setInt(1))
    #expect(observers.count == 1)
    #expect(store.state == .int(1))

    let textObservers = Notifications()
    textObservers.track { _ = store.state }
    store.send(.setText("a"))
    #expect(textObservers.count == 1)
  }

  @Test func aStoreOfEnumStateDoesNotNotifyStateObserversForEditsInsideAnObservablePayload() {
    let store = Store(initialState: Value.child(Child())) { ValueFeature() }
    let stateObservers = Notifications()
    stateObservers.track { _ = store.state }
    let countObservers = Notifications()
    countObservers.track { _ = store.state[case: \.child]?.count }
    store.send(.incrementChild)
    #expect(stateObservers.count == 0)
    #expect(countObservers.count == 1)
  }

  // TCA's `testEnumStateWithInertCases` and `…Tricky`: a case whose payload is itself an
  // observable enum with inert cases.
  @Test func aStoreOfEnumStateNotifiesWhenAnInertPayloadEnumChangesCase() {
    for (start, end) in [(InertCounts.count(.one), InertCounts.count(.two)), (.count(.one), .anotherCount(.one)), (.int(0), .int(1))] {
      let store = Store<InertCounts, Void>(initialState: start) {
        Reduce { state, _ in
          state = end
          return .none
        }
      }
      let observers = Notifications()
      observers.track { _ = store.state }
      store.send(())
      #expect(observers.count == 1, "\(start) → \(end)")
      #expect(store.state == end)
    }
    // The same case and payload is the same identity: nothing to hear.
    let store = Store<InertCounts, Void>(initialState: .count(.two)) {
      Reduce { state, _ in
        state = .count(.two)
        return .none
      }
    }
    let observers = Notifications()
    observers.track { _ = store.state }
    store.send(())
    #expect(observers.count == 0)
  }

  @Test func nestedInertTagsStayApart() {
    #expect(InertCounts.count(.one)._$id != InertCounts.count(.two)._$id)
    #expect(InertCounts.count(.two)._$id != InertCounts.anotherCount(.one)._$id)
    #expect(InertCounts.count(.one)._$id == InertCounts.count(.one)._$id)
  }
}

@ObservableState
private enum InertCounts: Equatable {
  case count(Count)
  case anotherCount(Count)
  case int(Int)
  @ObservableState
  enum Count: String {
    case one, two
  }
}
