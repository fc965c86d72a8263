import ComposableArchitecture

/// An alert drawn straight from `AlertState`, over the page: its title as a heading, its message,
/// and its buttons in their order, the first one focused. A button sends `.presented(action)` (or
/// `.dismiss` for a button with no action); Escape presses the cancel button, or dismisses when
/// there is none. An alert with no buttons gets an "OK" that dismisses it, as on Apple platforms.
///
/// ```swift
/// if let alert = store.destination?.alert {
///   alertDialog(alert) { store.send(.destination($0)) }
/// }
/// ```
@MainActor
public func alertDialog<Action>(
  _ alert: AlertState<Action>, send: @escaping @MainActor (PresentationAction<Action>) -> Void
) -> Node {
  modal(
    title: String(state: alert.title), message: alert.message.map { String(state: $0) },
    buttons: alert.buttons, role: "alertdialog", send: send
  )
}

/// A confirmation dialog drawn straight from `ConfirmationDialogState`, like ``alertDialog(_:send:)``
/// (its title shown unless its visibility is `.hidden`).
@MainActor
public func confirmationDialog<Action>(
  _ dialog: ConfirmationDialogState<Action>,
  send: @escaping @MainActor (PresentationAction<Action>) -> Void
) -> Node {
  modal(
    title: dialog.titleVisibility == .hidden ? nil : String(state: dialog.title),
    message: dialog.message.map { String(state: $0) }, buttons: dialog.buttons, role: "dialog",
    send: send
  )
}

/// An alert of a destination enum: `dismiss` for a button with no action (and Escape when there
/// is no cancel button), `send` with the action of any other button.
///
/// ```swift
/// if let alert = store.destination?.alert {
///   alertDialog(alert, dismiss: { store.send(.destination(.dismiss)) }) {
///     store.send(.destination(.presented(.alert($0))))
///   }
/// }
/// ```
@MainActor
public func alertDialog<Action>(
  _ alert: AlertState<Action>, dismiss: @escaping @MainActor () -> Void,
  send: @escaping @MainActor (Action) -> Void
) -> Node {
  alertDialog(alert, send: splitting(dismiss: dismiss, send: send))
}

/// A confirmation dialog of a destination enum, like ``alertDialog(_:dismiss:send:)``.
@MainActor
public func confirmationDialog<Action>(
  _ dialog: ConfirmationDialogState<Action>, dismiss: @escaping @MainActor () -> Void,
  send: @escaping @MainActor (Action) -> Void
) -> Node {
  confirmationDialog(dialog, send: splitting(dismiss: dismiss, send: send))
}

private func splitting<Action>(
  dismiss: @escaping @MainActor () -> Void, send: @escaping @MainActor (Action) -> Void
) -> @MainActor (PresentationAction<Action>) -> Void {
  { action in
    switch action {
    case .dismiss: dismiss()
    case let .presented(action): send(action)
    }
  }
}

/// A sheet over the page (a modal dialog named `title`), holding `content`; Escape calls
/// `onDismiss`, which usually sends the presentation's `.dismiss` or a cancel action.
///
/// ```swift
/// if let form = store.scope(state: \.destination?.edit, action: \.destination.edit) {
///   sheet("Edit standup", onDismiss: { store.send(.cancelEditButtonTapped) }) {
///     standupFormView(form)
///   }
/// }
/// ```
public func sheet(
  _ title: String, onDismiss: @escaping @MainActor () -> Void, @HTMLBuilder content: () -> [Node]
) -> Node {
  div(.class("cw-overlay"), .key("sheet-" + title)) {
    element(
      "div",
      [.class("cw-sheet"), .role("dialog"), .attribute("aria-modal", "true"), .ariaLabel(title),
       .on(.escape, onDismiss)],
      children: content
    )
  }
}

@MainActor
private func modal<Action>(
  title: String?, message: String?, buttons: [ButtonState<Action>],
  role: String, send: @escaping @MainActor (PresentationAction<Action>) -> Void
) -> Node {
  // Each button as its label, whether it is destructive, and what pressing it sends: `.presented`
  // with its action, or `.dismiss` for a button without one.
  typealias Choice = (label: String, role: ButtonStateRole?, press: @MainActor () -> Void)
  let choices: [Choice] = buttons.isEmpty
    ? [("OK", .cancel, { @MainActor in send(.dismiss) })]
    : buttons.map { button in
      let action = button.action.action
      return (String(state: button.label), button.role, { @MainActor in send(action.map { .presented($0) } ?? .dismiss) })
    }
  let cancel = choices.first { $0.role == .cancel }?.press ?? { @MainActor in send(.dismiss) }
  // Keyed by what it says: another alert replaces it, the same alert again changes nothing.
  return div(.class("cw-overlay"), .key("modal-" + (title ?? "") + (message ?? ""))) {
    element(
      "div",
      [.class("cw-dialog"), .role(role), .attribute("aria-modal", "true"),
       .ariaLabel(title ?? choices.map(\.label).joined(separator: ", ")), .on(.escape, cancel)]
    ) {
      if let title { h2(title) }
      if let message { p { message } }
      div(.class("cw-dialog-buttons")) {
        for (index, choice) in choices.enumerated() {
          element(
            "button",
            [.type("button"), .flag("autofocus", index == 0),
             .class(choice.role == .destructive ? "cw-destructive" : ""), .on(.click, choice.press)]
          ) { choice.label }
        }
      }
    }
  }
}
