import CaseStudiesCore
import ComposableTerminal
import Foundation
import Observation

@MainActor
@Observable
final class InventoryScreen: CaseStudyScreen {
  let store = Store(
    initialState: Inventory.State(items: [
      Item(id: UUID(), name: "Keyboard", quantity: 2), Item(id: UUID(), name: "Mouse", quantity: 5),
    ])
  ) {
    Inventory()
  }
  var selection = Selection()
  var alertFocus = AlertFocus()
  var name = TextInput(text: "")
  @ObservationIgnored let scroll = ScrollPosition()

  var breadcrumb: [String] { store.destination?.form != nil ? ["Item"] : [] }
  var hints: [KeyHint] {
    switch store.destination {
    case .form: [KeyHint("type", "name"), KeyHint("↑↓", "quantity"), KeyHint("enter", "save"), KeyHint("esc", "cancel")]
    case .alert, .sortDialog: [KeyHint("←→", "choose"), KeyHint("enter", "press")]
    case nil: [KeyHint("a", "add"), KeyHint("enter", "edit"), KeyHint("d", "delete"), KeyHint("s", "sort")]
    }
  }

  func render(in area: Rect, buffer: inout Buffer) {
    let items = store.items
    buffer.render(
      ListView(count: items.count, selection: selection.clamped(to: items.count), scroll: scroll, emptyText: "No items. Press a to add one.") {
        ListRow(items[$0].name.isEmpty ? "Untitled" : items[$0].name, detail: "× \(items[$0].quantity)", style: Style(bold: true), detailStyle: Theme.standard.muted)
      },
      in: area
    )
    switch store.destination {
    case let .alert(alert):
      buffer.render(AlertView(alert, focus: alertFocus), in: area)
    case let .sortDialog(dialog):
      buffer.render(AlertView(dialog, focus: alertFocus), in: area)
    case let .form(form):
      let sheet = area.centered(width: min(area.width, 44), height: min(area.height, 7))
      let inside = Box(title: "Item").draw(in: sheet, buffer: &buffer)
      guard inside.height >= 3 else { return }
      buffer.render(Label("Name", style: Theme.standard.muted), in: inside.row(0))
      buffer.render(TextField(form.item.name, cursor: name.cursor, placeholder: "What is it?"), in: inside.row(1))
      buffer.render(Label("Quantity: \(form.item.quantity)", style: Theme.standard.accent), in: inside.row(inside.height - 1))
    case nil:
      break
    }
  }

  func handle(_ key: Key) -> KeyResponse {
    switch store.destination {
    case let .alert(alert):
      if let action = AlertView(alert, focus: alertFocus).handle(key, focus: &alertFocus).presentationAction {
        store.send(.destination(embed(action, Inventory.Destination.Action.alert)))
      }
      return .handled
    case let .sortDialog(dialog):
      if let action = AlertView(dialog, focus: alertFocus).handle(key, focus: &alertFocus).presentationAction {
        store.send(.destination(embed(action, Inventory.Destination.Action.sortDialog)))
      }
      return .handled
    case .form:
      let send = { (action: ItemForm.Action) in _ = self.store.send(.destination(.presented(.form(action)))) }
      switch key {
      case .enter: send(.saveTapped)
      case .escape: send(.cancelTapped)
      case .up: send(.quantityIncremented)
      case .down: send(.quantityDecremented)
      default:
        if name.handle(key) { send(.nameChanged(name.text)) }
      }
      return .handled
    case nil:
      break
    }
    let items = store.items
    let selected = selection.clamped(to: items.count).map { items[$0] }
    switch key {
    case .up: selection.move(by: -1, count: items.count)
    case .down: selection.move(by: 1, count: items.count)
    case .character("a"):
      name = TextInput(text: "")
      store.send(.addTapped)
    case .enter:
      guard let selected else { return .handled }
      name = TextInput(text: selected.name)
      store.send(.editTapped(id: selected.id))
    case .character("d"), .backspace:
      if let selected { store.send(.deleteTapped(id: selected.id)) }
    case .character("s"):
      store.send(.sortTapped)
    default: return .ignored
    }
    return .handled
  }
}

/// An alert's or dialog's presentation action, as one of the destination's.
private func embed<Action>(
  _ action: PresentationAction<Action>, _ toDestination: (Action) -> Inventory.Destination.Action
) -> PresentationAction<Inventory.Destination.Action> {
  switch action {
  case let .presented(action): .presented(toDestination(action))
  case .dismiss: .dismiss
  }
}
