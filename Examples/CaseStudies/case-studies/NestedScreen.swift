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
