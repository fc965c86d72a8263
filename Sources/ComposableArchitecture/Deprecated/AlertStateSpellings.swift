// The alert and dialog initializers that take their buttons as an array, which TCA's earlier
// releases used (`AlertState(title: TextState("Hello"))`); deprecated there in favour of the
// builder initializers, and here the same.

extension AlertState {
  /// An alert with a title, an optional message and buttons given as an array.
  @available(*, deprecated, message: "Use 'init(title:actions:message:)' instead.")
  public init(title: TextState, message: TextState? = nil, buttons: [ButtonState<Action>] = []) {
    self.init(
      title: { title }, actions: { buttons }, message: message.map { message in { message } }
    )
  }
}

extension ConfirmationDialogState {
  /// A dialog with a title, an optional message and buttons given as an array.
  @available(*, deprecated, message: "Use 'init(titleVisibility:title:actions:message:)' instead.")
  public init(
    title: TextState,
    titleVisibility: ConfirmationDialogStateTitleVisibility = .automatic,
    message: TextState? = nil,
    buttons: [ButtonState<Action>] = []
  ) {
    self.init(
      titleVisibility: titleVisibility, title: { title }, actions: { buttons },
      message: message.map { message in { message } }
    )
  }
}
