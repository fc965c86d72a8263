/// A key press, decoded from the bytes a terminal sends (see ``KeyDecoder``).
///
/// ```swift
/// switch key {
/// case .character("a"): store.send(.addButtonTapped)
/// case .up, .character("k"): store.send(.moveSelection(-1))
/// case .ctrl("s"): store.send(.saveButtonTapped)
/// default: break
/// }
/// ```
public enum Key: Hashable, Sendable, CustomStringConvertible {
  /// A printable character (one Unicode scalar as typed; combining marks arrive on their own).
  case character(Character)
  case enter
  case escape
  case tab
  /// Shift-Tab.
  case backTab
  case backspace
  case delete
  case up
  case down
  case left
  case right
  case home
  case end
  case pageUp
  case pageDown
  /// Control and a letter (`.ctrl("s")` for Ctrl-S), lowercase. Ctrl-I, Ctrl-M and Ctrl-H arrive
  /// as ``tab``, ``enter`` and ``backspace``, as terminals send the same bytes for them.
  case ctrl(Character)
  /// Text pasted while the terminal's bracketed paste mode was on, as one event.
  case paste(String)
  /// A press of the mouse's primary button on the cell in `column` of `row` (from 0, at the
  /// top left), when the program asked for mouse reports (`TerminalApp.run(reportingMouse:)`).
  case click(column: Int, row: Int)

  public var description: String {
    switch self {
    case let .character(character): return String(character)
    case .enter: return "enter"
    case .escape: return "esc"
    case .tab: return "tab"
    case .backTab: return "shift-tab"
    case .backspace: return "backspace"
    case .delete: return "delete"
    case .up: return "↑"
    case .down: return "↓"
    case .left: return "←"
    case .right: return "→"
    case .home: return "home"
    case .end: return "end"
    case .pageUp: return "page up"
    case .pageDown: return "page down"
    case let .ctrl(letter): return "ctrl-\(letter)"
    case let .paste(text): return "paste(\(text.count) characters)"
    case let .click(column, row): return "click(\(column), \(row))"
    }
  }
}
