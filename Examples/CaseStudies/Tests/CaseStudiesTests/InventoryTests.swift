import CaseStudiesCore
import Foundation
import Testing

@MainActor
struct InventoryTests {
  @Test func theFormSavesAndClosesItself() async {
    let store = TestStore(initialState: Inventory.State()) {
      Inventory()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    let item = Item(id: UUID(0), name: "")
    await store.send(.addTapped) { $0.destination = .form(ItemForm.State(item: item)) }
    await store.send(\.destination.form.nameChanged, "Keyboard") {
      $0.destination?.modify(\.form) { $0.item.name = "Keyboard" }
    }
    await store.send(\.destination.form.quantityIncremented) {
      $0.destination?.modify(\.form) { $0.item.quantity = 2 }
    }
    await store.send(\.destination.form.saveTapped)
    let saved = Item(id: UUID(0), name: "Keyboard", quantity: 2)
    await store.receive(\.destination.form.delegate.save, saved) { $0.items = [saved] }
    await store.receive(\.destination.dismiss) { $0.destination = nil }
  }

  @Test func cancellingTheFormChangesNothing() async {
    let item = Item(id: UUID(0), name: "Mouse")
    let store = TestStore(initialState: Inventory.State(items: [item])) { Inventory() }
    await store.send(.editTapped(id: item.id)) { $0.destination = .form(ItemForm.State(item: item)) }
    await store.send(\.destination.form.nameChanged, "Trackpad") {
      $0.destination?.modify(\.form) { $0.item.name = "Trackpad" }
    }
    await store.send(\.destination.form.cancelTapped)
    await store.receive(\.destination.dismiss) { $0.destination = nil }
    #expect(store.state.items == [item])
  }

  @Test func deletingAsksFirst() async {
    let item = Item(id: UUID(0), name: "Mouse")
    let store = TestStore(initialState: Inventory.State(items: [item])) { Inventory() }
    await store.send(.deleteTapped(id: item.id)) {
      $0.destination = .alert(
        AlertState {
          TextState("Delete Mouse?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmDeletion(id: item.id)) { TextState("Delete") }
          ButtonState(role: .cancel) { TextState("Cancel") }
        } message: {
          TextState("It cannot be brought back.")
        }
      )
    }
    await store.send(\.destination.alert.confirmDeletion, item.id) {
      $0.destination = nil
      $0.items = []
    }
  }

  @Test func sortingThroughTheConfirmationDialog() async {
    let items: IdentifiedArrayOf<Item> = [
      Item(id: UUID(0), name: "b", quantity: 1), Item(id: UUID(1), name: "a", quantity: 5),
    ]
    let dialog = ConfirmationDialogState<Inventory.Destination.Sort> {
      TextState("Sort items")
    } actions: {
      ButtonState(action: .byName) { TextState("By name") }
      ButtonState(action: .byQuantity) { TextState("By quantity") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    }
    let store = TestStore(initialState: Inventory.State(items: items)) { Inventory() }
    await store.send(.sortTapped) { $0.destination = .sortDialog(dialog) }
    await store.send(\.destination.sortDialog.byName) {
      $0.destination = nil
      $0.items = [items[1], items[0]]
    }
    await store.send(.sortTapped) { $0.destination = .sortDialog(dialog) }
    await store.send(\.destination.dismiss) { $0.destination = nil }
  }
}
