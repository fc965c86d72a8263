import CustomDump

/// Text in state (an alert's title, a button's label), comparable in tests and renderable by any
/// front end.
///
/// ```swift
/// TextState("Delete “\(standup.title)”?")
/// String(state: alert.title)  // "Delete “Daily”?"
/// ```
public struct TextState: Equatable, Hashable, Sendable {
  private var content: String

  /// Text from a string.
  public init(_ content: some StringProtocol) {
    self.content = String(content)
  }

  /// Text shown exactly as given.
  public init(verbatim content: String) {
    self.content = content
  }

  /// Two texts, one after the other.
  public static func + (lhs: Self, rhs: Self) -> Self {
    Self(verbatim: lhs.content + rhs.content)
  }
}

extension TextState: ExpressibleByStringInterpolation {
  /// The text `value`: `TextState("Delete")` or a string literal where a `TextState` is expected.
  public init(stringLiteral value: String) {
    self.init(verbatim: value)
  }
}

extension String {
  /// The plain text of a ``TextState``.
  public init(state: TextState) {
    self = state.plainText
  }
}

extension TextState {
  var plainText: String { content }
}

extension TextState: CustomDumpRepresentable {
  public var customDumpValue: Any { content }
}

/// What a button does: a role tells a front end how to show it.
public enum ButtonStateRole: Codable, Equatable, Hashable, Sendable {
  /// Dismisses without doing anything (Cancel).
  case cancel
  /// Destroys something (Delete).
  case destructive
}

/// A button in an alert or a confirmation dialog: a label, an optional role, and the action it
/// sends.
///
/// ```swift
/// ButtonState(role: .destructive, action: .confirmDeletion) {
///   TextState("Delete")
/// }
/// ```
public struct ButtonState<Action>: Identifiable {
  /// A new identity for every button made.
  public let id = UniqueIdentity()
  /// What tapping the button sends, if anything (a plain Cancel sends nothing but dismisses).
  public let action: ButtonStateAction<Action>
  /// The button's text.
  public let label: TextState
  /// The button's role (`.cancel`, `.destructive`), which front ends show and order by.
  public let role: ButtonStateRole?

  /// A button that performs `action` when tapped.
  public init(
    role: ButtonStateRole? = nil,
    action: ButtonStateAction<Action> = .send(nil),
    label: () -> TextState
  ) {
    self.role = role
    self.action = action
    self.label = label()
  }

  /// A button that sends `action` when tapped.
  public init(role: ButtonStateRole? = nil, action: Action, label: () -> TextState) {
    self.init(role: role, action: .send(action), label: label)
  }

  /// The same button sending a transformed action.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> ButtonState<NewAction> {
    ButtonState<NewAction>(role: role, action: .send(transform(action.action), animation: action.animation)) { label }
  }
}

/// What a ``ButtonState`` sends.
public struct ButtonStateAction<Action> {
  fileprivate enum Kind {
    case send(Action?)
    case animatedSend(Action?, animation: Animation?)
  }
  private let kind: Kind

  /// The action, or `nil` for a button that only dismisses.
  public var action: Action? {
    switch kind {
    case let .send(action), let .animatedSend(action, _): return action
    }
  }

  /// The animation to send it with, where the front end animates.
  public var animation: Animation? {
    guard case let .animatedSend(_, animation) = kind else { return nil }
    return animation
  }

  /// Sends `action` (or nothing) when tapped.
  public static func send(_ action: Action?) -> Self {
    Self(kind: .send(action))
  }

  /// Sends `action` with `animation` when tapped. A front end with nothing to animate (a terminal,
  /// a web page) sends the action alone.
  ///
  /// ```swift
  /// ButtonState(action: .send(.confirm, animation: .default)) { TextState("OK") }
  /// ```
  public static func send(_ action: Action?, animation: Animation?) -> Self {
    Self(kind: .animatedSend(action, animation: animation))
  }
}

/// The identity of a button, alert or dialog: distinct for every value made, ignored by equality.
public struct UniqueIdentity: Hashable, Sendable {
  private let value = ObservableStateID()
}

extension ButtonStateAction: Equatable where Action: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.action == rhs.action && lhs.animation == rhs.animation
  }
}

extension ButtonStateAction: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(action)
    hasher.combine(animation)
  }
}
extension ButtonStateAction: Sendable where Action: Sendable {}
extension ButtonStateAction.Kind: Sendable where Action: Sendable {}

extension ButtonState: Equatable where Action: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.action == rhs.action && lhs.label == rhs.label && lhs.role == rhs.role
  }
}

extension ButtonState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(action)
    hasher.combine(label)
    hasher.combine(role)
  }
}

extension ButtonState: Sendable where Action: Sendable {}

extension ButtonState: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    var children: [(label: String?, value: Any)] = []
    if let role { children.append(("role", role)) }
    if let action = action.action { children.append(("action", action)) }
    children.append(("label", label))
    return Mirror(self, children: children, displayStyle: .struct)
  }
}

/// Builds the buttons of an alert or a dialog.
@resultBuilder
public enum ButtonStateBuilder<Action> {
  public static func buildBlock(_ components: [ButtonState<Action>]...) -> [ButtonState<Action>] {
    components.flatMap { $0 }
  }
  public static func buildExpression(_ button: ButtonState<Action>) -> [ButtonState<Action>] {
    [button]
  }
  public static func buildOptional(_ component: [ButtonState<Action>]?) -> [ButtonState<Action>] {
    component ?? []
  }
  public static func buildEither(first component: [ButtonState<Action>]) -> [ButtonState<Action>] {
    component
  }
  public static func buildEither(second component: [ButtonState<Action>]) -> [ButtonState<Action>] {
    component
  }
  public static func buildArray(_ components: [[ButtonState<Action>]]) -> [ButtonState<Action>] {
    components.flatMap { $0 }
  }
}
