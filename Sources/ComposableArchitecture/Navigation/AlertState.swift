@_spi(Reflection) import CasePaths
import CustomDump

/// An alert as state: a title, an optional message, and buttons whose actions the feature
/// handles. Any button dismisses it.
///
/// ```swift
/// state.destination = .alert(
///   AlertState {
///     TextState("Delete?")
///   } actions: {
///     ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Yes") }
///     ButtonState(role: .cancel) { TextState("Nevermind") }
///   } message: {
///     TextState("Are you sure you want to delete this meeting?")
///   }
/// )
/// ```
public struct AlertState<Action>: Identifiable {
  /// A new identity for every alert made, so that presenting an equal alert again is a new
  /// presentation.
  public let id = UniqueIdentity()
  /// The alert's title.
  public var title: TextState
  /// The text under the title, if any.
  public var message: TextState?
  /// The buttons, in order (none: the front end shows an OK that dismisses).
  public var buttons: [ButtonState<Action>]

  /// An alert with a title, buttons and an optional message.
  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.title = title()
    self.buttons = actions()
    self.message = message?()
  }

  /// The same alert with transformed button actions.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> AlertState<NewAction> {
    AlertState<NewAction>(title: { title }, actions: { buttons.map { $0.map(transform) } }, message: message.map { message in { message } })
  }
}

/// A confirmation dialog (an action sheet) as state.
///
/// ```swift
/// ConfirmationDialogState(titleVisibility: .visible) {
///   TextState("Share")
/// } actions: {
///   ButtonState(action: .copyLink) { TextState("Copy link") }
///   ButtonState(role: .cancel) { TextState("Cancel") }
/// }
/// ```
public struct ConfirmationDialogState<Action>: Identifiable {
  /// A new identity for every dialog made, so that presenting an equal dialog again is a new
  /// presentation.
  public let id = UniqueIdentity()
  /// Whether the front end shows the title.
  public var titleVisibility: ConfirmationDialogStateTitleVisibility
  /// The dialog's title.
  public var title: TextState
  /// The text under the title, if any.
  public var message: TextState?
  /// The buttons, in order.
  public var buttons: [ButtonState<Action>]

  /// A dialog with a title, buttons and an optional message.
  public init(
    titleVisibility: ConfirmationDialogStateTitleVisibility = .automatic,
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.titleVisibility = titleVisibility
    self.title = title()
    self.buttons = actions()
    self.message = message?()
  }
}

/// Whether a confirmation dialog shows its title.
public enum ConfirmationDialogStateTitleVisibility: Codable, Equatable, Hashable, Sendable {
  case automatic, hidden, visible
}

extension ButtonStateBuilder {
  public static func buildExpression(_ buttons: [ButtonState<Action>]) -> [ButtonState<Action>] {
    buttons
  }
}

extension AlertState: Equatable where Action: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}

extension AlertState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}

extension AlertState: Sendable where Action: Sendable {}

extension ConfirmationDialogState: Equatable where Action: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.titleVisibility == rhs.titleVisibility && lhs.title == rhs.title
      && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}

extension ConfirmationDialogState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(titleVisibility)
    hasher.combine(title)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}

extension ConfirmationDialogState: Sendable where Action: Sendable {}

extension AlertState: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    var children: [(label: String?, value: Any)] = [("title", title)]
    if !buttons.isEmpty { children.append(("actions", buttons)) }
    if let message { children.append(("message", message)) }
    return Mirror(self, children: children, displayStyle: .struct)
  }
}

extension ConfirmationDialogState: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    var children: [(label: String?, value: Any)] = [
      ("titleVisibility", titleVisibility), ("title", title),
    ]
    if !buttons.isEmpty { children.append(("actions", buttons)) }
    if let message { children.append(("message", message)) }
    return Mirror(self, children: children, displayStyle: .struct)
  }
}

/// State that lives only until one of its actions is sent: alerts and dialogs. A presentation
/// `ifLet` dismisses it after any of its own actions (not another case's), and it needs no
/// reducer.
public protocol _EphemeralState<Action> {
  /// The actions its buttons send.
  associatedtype Action
  /// `Action.self`, for checking an action against it at run time.
  static var actionType: Any.Type { get }
}

extension _EphemeralState {
  /// `Action.self`.
  public static var actionType: Any.Type { Action.self }

  /// Whether `action` is one of this state's own: its action type, or an enum whose current case
  /// holds one (`Destination.Action.alert(…)` for a destination's `.alert` case).
  static func canSend<SentAction>(_ action: SentAction) -> Bool {
    if SentAction.self == actionType { return true }
    guard let payload = EnumMetadata.project(action) else { return false }
    return type(of: payload) == actionType
  }
}

extension AlertState: _EphemeralState {}
extension ConfirmationDialogState: _EphemeralState {}
