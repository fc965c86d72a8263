import CustomDump
import IssueReporting

extension BindingAction {
  /// `set(keyPath, value)`, reported when it goes away without a `BindingReducer` applying it:
  /// what a store sends when a front end sets one of its fields.
  static func checkedSet<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value>, _ value: Value, actionType: Any.Type
  ) -> Self {
    var action = set(keyPath, value)
    let field = readableKeyPath(keyPath) ?? "\(keyPath)"
    action.handling = BindingHandling(
      action: "\(readableTypeName(actionType)).binding(.set(\(field), \(String(customDumping: value))))"
    )
    return action
  }
}

/// Whether a binding action a store sent reached a `BindingReducer`; reported when the action is
/// released without having done so, as TCA reports it.
final class BindingHandling: Sendable {
  private let isHandled = Locked(false)
  private let action: String

  init(action: String) {
    self.action = action
  }

  func markHandled() {
    isHandled.withLock { $0 = true }
  }

  deinit {
    guard !isHandled.withLock({ $0 }) else { return }
    reportIssue(
      """
      A binding action sent from a store was not handled, so the field did not change:

        \(action)

      To fix this, invoke 'BindingReducer()' from your feature reducer's 'body' (or \
      'BindingReducer(action: \\.view)' when the bindings are view actions).
      """
    )
  }
}

/// A type's name as written in code: `Feature.Action`, without the module or the
/// `(unknown context at …)` of private and local types.
func readableTypeName(_ type: Any.Type) -> String {
  String(reflecting: type)
    .split(separator: ".")
    .dropFirst()
    .filter { !$0.hasPrefix("(unknown context") }
    .joined(separator: ".")
}
