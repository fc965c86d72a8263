import CaseStudiesCore
import ComposableTerminal
import Foundation
import Observation

@MainActor
@Observable
final class NestedScreen: CaseStudyScreen {
  let store = Store(initialState: Nested.State(id: UUID(), name: "Root")) { Nested() }
  /// The ids from the root down to the row whose children are shown.
  var path: [UUID] = []
  var selection = Selection()
  /// The new name being typed, while renaming the selected row.
  var renaming: TextInput?
  @ObservationIgnored let scroll = ScrollPosition()

  var current: Nested.State { store.state[path: path] ?? store.state }

  var breadcrumb: [String] {
    var names: [String] = []
    var node = store.state
    for id in path {
      guard let child = node.rows[id: id] else { break }
      names.append(child.name.isEmpty ? "Untitled" : child.name)
      node = child
    }
    return names
  }

  var hints: [KeyHint] {
    renaming != nil
      ? [KeyHint("type", "name"), KeyHint("enter", "rename"), KeyHint("esc", "cancel")]
      : [KeyHint("a", "add"), KeyHint("enter", "open"), KeyHint("←", "up"), KeyHint("r", "rename"), KeyHint("d", "remove")]
  }

  func render(in area: Rect, buffer: inout Buffer) {
    let rows = current.rows
    let selected = selection.clamped(to: rows.count)
    buffer.render(
      ListView(count: rows.count, selection: selected, scroll: scroll, emptyText: "No rows here. Press a to add one.") { index in
        let row = rows[index]
        if index == selected, let renaming = self.renaming {
          return ListRow(renaming.text + "▏", style: Style(bold: true))
        }
        return ListRow(
          row.name.isEmpty ? "Untitled" : row.name,
          detail: row.rows.isEmpty ? "" : "\(row.rows.count) inside ›",
          style: Style(bold: true), detailStyle: Theme.standard.muted
        )
      },
      in: area
    )
  }

  func handle(_ key: Key) -> KeyResponse {
    let rows = current.rows
    let selected = selection.clamped(to: rows.count).map { rows[$0] }
    if var input = renaming {
      switch key {
      case .enter:
        if let selected { store.send(.at(path + [selected.id], .nameChanged(input.text))) }
        renaming = nil
      case .escape:
        renaming = nil
      default:
        _ = input.handle(key)
        renaming = input
      }
      return .handled
    }
    switch key {
    case .character("a"):
      store.send(.at(path, .addRowTapped))
      selection.index = current.rows.count - 1
    case .up: selection.move(by: -1, count: rows.count)
    case .down: selection.move(by: 1, count: rows.count)
    case .enter, .right:
      guard let selected else { return .handled }
      path.append(selected.id)
      selection = Selection()
    case .left, .escape:
      guard let last = path.popLast() else { return .ignored }
      selection.index = current.rows.index(id: last) ?? 0
    case .character("r"):
      if let selected { renaming = TextInput(text: selected.name) }
    case .character("d"), .backspace:
      if let selected { store.send(.at(path, .removeRowTapped(id: selected.id))) }
    default: return .ignored
    }
    return .handled
  }
}

@MainActor
@Observable
final class LoginScreen: CaseStudyScreen {
  let store = Store(initialState: LoginFlow.State.loggedOut(Login.State())) { LoginFlow() }
  var username = TextInput(text: "")

  var breadcrumb: [String] { store.state.loggedIn != nil ? ["Home"] : ["Log in"] }
  var hints: [KeyHint] {
    store.state.loggedIn != nil ? [KeyHint("o", "log out")] : [KeyHint("type", "user name"), KeyHint("enter", "log in")]
  }

  func render(in area: Rect, buffer: inout Buffer) {
    switch store.state {
    case let .loggedOut(login):
      buffer.render(Label("User name", style: Theme.standard.muted), in: area.row(0))
      buffer.render(TextField(login.username, cursor: login.isLoggingIn ? nil : username.cursor, placeholder: "your name"), in: area.row(1))
      if login.isLoggingIn {
        buffer.render(Label("Logging in…", style: Theme.standard.accent), in: area.row(3))
      } else if let error = login.error {
        buffer.render(Label(error, style: Theme.standard.error), in: area.row(3))
      }
    case let .loggedIn(home):
      buffer.render(Label("Welcome, \(home.username).", style: Style(bold: true)), in: area.row(0))
      buffer.render(Label("Logged in for \(home.secondsLoggedIn) s.", style: Theme.standard.accent), in: area.row(2))
      buffer.render(
        Paragraph("The timer is an effect of the logged-in feature. Logging out switches the state to the other case, and ifCaseLet cancels it.", style: Theme.standard.muted),
        in: Rect(x: area.x, y: area.y + 4, width: area.width, height: max(0, area.height - 4))
      )
    }
  }

  func handle(_ key: Key) -> KeyResponse {
    switch store.state {
    case let .loggedOut(login):
      if key == .enter {
        store.send(.loggedOut(.logInTapped))
        return .handled
      }
      guard !login.isLoggingIn, key != .escape, username.handle(key) else { return .ignored }
      store.send(.loggedOut(.usernameChanged(username.text)))
      return .handled
    case .loggedIn:
      guard key == .character("o") else { return .ignored }
      store.send(.loggedIn(.logOutTapped))
      username = TextInput(text: "")
      return .handled
    }
  }
}

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
