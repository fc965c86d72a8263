import ComposableArchitecture

/// Which button of an alert or dialog has the focus. It remembers the alert it belongs to, so a
/// newly presented alert always starts with its first button focused. Keep one in the front
/// end's view state.
public struct AlertFocus: Hashable, Sendable {
  private var alertID: UniqueIdentity?
  private var index = 0

  /// No button focused yet: the first button of whatever alert comes.
  public init() {}

  /// The focused button of the alert identified by `id`.
  public func index(in id: UniqueIdentity) -> Int {
    alertID == id ? index : 0
  }

  mutating func set(_ index: Int, in id: UniqueIdentity) {
    alertID = id
    self.index = index
  }
}

/// What a key did to an alert.
public enum AlertResponse<Action> {
  /// The key means nothing to the alert.
  case ignored
  /// The focus moved to another button.
  case focusMoved
  /// A button was pressed; its action, or nil for a button that only dismisses.
  case pressed(Action?)
  /// Esc with no cancel button: dismiss the alert.
  case dismissed

  /// The presentation action to send to the store that presents the alert: `.presented(action)`
  /// for a button with an action (the presentation reducer then dismisses the alert), `.dismiss`
  /// for the others, nil when there is nothing to send.
  ///
  /// ```swift
  /// let response = alertView.handle(key, focus: &ui.alertFocus)
  /// if let action = response.presentationAction { store.send(.alert(action)) }
  /// ```
  public var presentationAction: PresentationAction<Action>? {
    switch self {
    case .ignored, .focusMoved: return nil
    case let .pressed(action): return action.map { .presented($0) } ?? .dismiss
    case .dismissed: return .dismiss
    }
  }
}

/// An alert or confirmation dialog drawn as a box over the screen, straight from
/// `AlertState`/`ConfirmationDialogState`: the title, the message, and the buttons in a row (or
/// one per line when they do not fit), the focused one reversed, destructive ones in red.
///
/// Keys (``handle(_:focus:)``): ← → (and ↑ ↓, Tab, Shift-Tab) move the focus, Enter presses the
/// focused button, Esc presses the cancel button (or dismisses when there is none). An alert with
/// no buttons shows an "OK" button that dismisses it, as on Apple platforms.
///
/// ```swift
/// if let alert = store.destination?.alert {
///   buffer.render(AlertView(alert, focus: ui.alertFocus), in: screen)
/// }
/// ```
public struct AlertView<Action>: Widget {
  /// A button as the view draws it.
  public struct Button {
    /// The button's text.
    public var label: String
    /// Its role: a destructive button is drawn in the theme's destructive style.
    public var role: ButtonStateRole?
    /// What pressing it sends, if anything.
    public var action: Action?
  }

  /// The identity of the alert or dialog shown (see ``AlertFocus``).
  public let id: UniqueIdentity
  /// The title, centred at the top.
  public var title: String
  /// The message, wrapped under the title.
  public var message: String
  /// The buttons, left to right.
  public var buttons: [Button]
  /// The index of the focused button, drawn reversed.
  public var focusedIndex: Int
  /// The colours it draws with.
  public var theme: Theme

  /// A view of `alert`, with the button `focus` says focused.
  public init(_ alert: AlertState<Action>, focus: AlertFocus = AlertFocus(), theme: Theme = .standard) {
    self.init(
      id: alert.id, title: String(state: alert.title), message: alert.message.map { String(state: $0) },
      buttons: alert.buttons, focus: focus, theme: theme
    )
  }

  /// A view of `dialog`, with the button `focus` says focused (no title when the dialog hides
  /// it).
  public init(
    _ dialog: ConfirmationDialogState<Action>, focus: AlertFocus = AlertFocus(), theme: Theme = .standard
  ) {
    self.init(
      id: dialog.id, title: dialog.titleVisibility == .hidden ? "" : String(state: dialog.title),
      message: dialog.message.map { String(state: $0) }, buttons: dialog.buttons, focus: focus,
      theme: theme
    )
  }

  private init(
    id: UniqueIdentity, title: String, message: String?, buttons: [ButtonState<Action>],
    focus: AlertFocus, theme: Theme
  ) {
    self.id = id
    self.title = title
    self.message = message ?? ""
    self.buttons = buttons.map {
      Button(label: String(state: $0.label), role: $0.role, action: $0.action.action)
    }
    if self.buttons.isEmpty { self.buttons = [Button(label: "OK", role: .cancel, action: nil)] }
    self.focusedIndex = min(focus.index(in: id), self.buttons.count - 1)
    self.theme = theme
  }

  /// Applies a key: moves the focus, presses a button or cancels.
  public func handle(_ key: Key, focus: inout AlertFocus) -> AlertResponse<Action> {
    switch key {
    case .left, .up, .backTab:
      focus.set(max(0, focusedIndex - 1), in: id)
      return .focusMoved
    case .right, .down, .tab:
      focus.set(min(buttons.count - 1, focusedIndex + 1), in: id)
      return .focusMoved
    case .enter:
      return .pressed(buttons[focusedIndex].action)
    case .escape:
      if let cancel = buttons.first(where: { $0.role == .cancel }) { return .pressed(cancel.action) }
      return .dismissed
    default:
      return .ignored
    }
  }

  public func render(in area: Rect, buffer: inout Buffer) {
    let labels = buttons.map { "[ \($0.label) ]" }
    let rowWidth = labels.map(\.displayWidth).reduce(0, +) + 2 * max(0, labels.count - 1)
    let maximumWidth = min(area.width - 4, 64)
    let innerWidth = min(
      maximumWidth - 4,
      max(title.displayWidth, min(message.displayWidth, 48), rowWidth, 24)
    )
    guard innerWidth > 0 else { return }
    let messageLines = message.isEmpty ? [] : message.wrapped(toWidth: innerWidth)
    let buttonsInRow = rowWidth <= innerWidth
    let buttonRows = buttonsInRow ? 1 : buttons.count
    let titleRows = title.isEmpty ? 0 : 1
    let height =
      2 + titleRows + (messageLines.isEmpty ? 0 : messageLines.count + (titleRows > 0 ? 1 : 0))
      + 1 + buttonRows
    let box = area.centered(width: innerWidth + 4, height: height)
    let inside = Box(borderStyle: theme.border).draw(in: box, buffer: &buffer)
    var y = inside.y
    if !title.isEmpty {
      buffer.render(Label(title, style: theme.accent, alignment: .center), in: inside.row(0))
      y += titleRows + (messageLines.isEmpty ? 0 : 1)
    }
    for line in messageLines where y < inside.maxY {
      buffer.render(Label(line, style: theme.text, alignment: .center), in: Rect(x: inside.x, y: y, width: inside.width, height: 1))
      y += 1
    }
    y += 1
    var x = inside.x + (buttonsInRow ? (inside.width - rowWidth) / 2 : 0)
    for (index, label) in labels.enumerated() where y < inside.maxY {
      var style = buttons[index].role == .destructive ? theme.destructive : theme.text
      if index == focusedIndex { style = style.patched(with: theme.selection) }
      let width = buffer.write(label.truncated(toWidth: inside.maxX - x), at: x, y, style: style, clip: inside)
      if buttonsInRow {
        x += width + 2
      } else {
        y += 1
      }
    }
  }
}
