import ComposableArchitecture
import SwiftUICore

extension View {
  /// An alert drawn from the `AlertState` in a presented store: its title, message and buttons.
  /// A button sends its action through the store (the feature then clears the alert, as an
  /// alert's state goes away after any of its actions); an alert dismissed otherwise sends
  /// `.dismiss`.
  ///
  /// ```swift
  /// .alert($store.scope(state: \.alert, action: \.alert))
  /// ```
  @MainActor
  public func alert<Action>(_ item: Binding<Store<AlertState<Action>, Action>?>) -> some View {
    let store = item.wrappedValue
    let alert = store?.withState { $0 }
    return self.alert(
      Text(verbatim: alert.map { String(state: $0.title) } ?? ""),
      isPresented: presented(item),
      actions: { buttons(alert?.buttons ?? [], store: store) },
      message: { alert?.message.map { Text(verbatim: String(state: $0)) } }
    )
  }

  /// A confirmation dialog drawn from the `ConfirmationDialogState` in a presented store; its
  /// buttons send their actions through the store, as ``alert(_:)``'s do.
  @MainActor
  public func confirmationDialog<Action>(_ item: Binding<Store<ConfirmationDialogState<Action>, Action>?>) -> some View {
    let store = item.wrappedValue
    let dialog = store?.withState { $0 }
    return self.confirmationDialog(
      dialog.map { String(state: $0.title) } ?? "",
      isPresented: presented(item),
      titleVisibility: dialog.map { visibility($0.titleVisibility) } ?? .automatic,
      actions: { buttons(dialog?.buttons ?? [], store: store) },
      message: { dialog?.message.map { Text(verbatim: String(state: $0)) } }
    )
  }
}

/// Whether an item is presented, as a binding: setting it to false sets the item to nil.
@MainActor
private func presented<Item>(_ item: Binding<Item?>) -> Binding<Bool> {
  Binding(
    get: { item.wrappedValue != nil },
    set: { isPresented, transaction in
      if !isPresented { item.transaction(transaction).wrappedValue = nil }
    }
  )
}

/// The buttons of an alert or a dialog: each sends its action through `store`.
@MainActor
private func buttons<Action>(_ buttons: [ButtonState<Action>], store: Store<some Any, Action>?) -> some View {
  ForEach(buttons) { button in
    Button(role: button.role.map(role)) {
      if let action = button.action.action {
        _ = store?.send(action, animation: button.action.animation)
      }
    } label: {
      Text(verbatim: String(state: button.label))
    }
  }
}

private func role(_ role: ButtonStateRole) -> ButtonRole {
  switch role {
  case .cancel: .cancel
  case .destructive: .destructive
  }
}

private func visibility(_ visibility: ConfirmationDialogStateTitleVisibility) -> Visibility {
  switch visibility {
  case .automatic: .automatic
  case .hidden: .hidden
  case .visible: .visible
  }
}

extension Text {
  /// The text of a `TextState` (an alert's title, a button's label).
  public init(_ state: TextState) {
    self.init(verbatim: String(state: state))
  }
}
