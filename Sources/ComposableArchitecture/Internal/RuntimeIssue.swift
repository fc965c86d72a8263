import CustomDump

/// The text of every runtime issue the library reports: what happened, where, why it is a problem
/// and how to fix it. Kept together so they read consistently.
enum RuntimeIssue {
  static func unhandledEffectError(
    _ error: any Error, fileID: StaticString, line: UInt
  ) -> String {
    """
    An 'Effect.run' returned from \(fileID):\(line) threw an unhandled error:

    \(dump(error))

    The store does not handle errors for an effect, so this one was dropped. Handle it with the \
    'catch:' parameter of 'Effect.run', or with 'do'/'catch' inside the operation, and send an \
    action that tells the feature what failed.
    """
  }

  static func ifLetActionForNilState<Action>(
    action: Action, location: OperatorLocation
  ) -> String {
    """
    An 'ifLet' at \(location.fileID):\(location.line) received a child action while its child \
    state was nil, so the action was dropped:

    \(dump(action))

    This usually happens because:

    • The parent set the child state to nil before this 'ifLet' ran. Apply 'ifLet' to the parent \
    reducer that dismisses the child, so the child sees its actions first.

    • An effect of the child sent this action after the child was dismissed. Dismissal cancels \
    the child's effects; make sure the effect was started by the child reducer (not the parent) \
    or cancel it yourself.

    • The action was sent to the store while the child was not presented. Only send child \
    actions while the child state is non-nil.
    """
  }

  static func ifCaseLetActionForOtherCase<Action, State>(
    action: Action, state: State, location: OperatorLocation
  ) -> String {
    """
    An 'ifCaseLet' at \(location.fileID):\(location.line) received a child action while state \
    was in another case, so the action was dropped:

    \(dump(action))

    State:

    \(dump(state))

    This usually happens because:

    • The parent changed the case before this 'ifCaseLet' ran. Apply 'ifCaseLet' to the parent \
    reducer that changes the case, so the child sees its actions first.

    • An effect of the child sent this action after state left the case. Leaving the case cancels \
    the child's effects; make sure the effect was started by the child reducer.

    • The action was sent to the store while state was in another case.
    """
  }

  static func scopeCaseMismatch<Action, State>(
    action: Action, state: State, fileID: StaticString, line: UInt
  ) -> String {
    """
    A 'Scope' at \(fileID):\(line) received a child action while state was in another case, so \
    the action was dropped:

    \(dump(action))

    State:

    \(dump(state))

    A 'Scope' over an enum case only runs its child while state is in that case. If the parent \
    changes the case, make sure it does so after the 'Scope' (put 'Scope' first in 'body'), and \
    only send child actions while state is in the child's case.
    """
  }

  static func forEachActionForMissingElement<ID, Action>(
    id: ID, action: Action, location: OperatorLocation
  ) -> String {
    """
    A 'forEach' at \(location.fileID):\(location.line) received an action for an element with id \
    \(String(customDumping: id)) that is not in the collection, so the action was dropped:

    \(dump(action))

    This usually happens because:

    • The parent removed the element before this 'forEach' ran. Apply 'forEach' to the parent \
    reducer that removes elements, so elements see their actions first.

    • An effect of the element sent this action after it was removed. Removal cancels the \
    element's effects; make sure the effect was started by the element reducer.

    • The action was sent with an id that was never in the collection.
    """
  }

  static func sendToDismissedStore<Action>(action: Action, fileID: StaticString, line: UInt) -> String {
    """
    An action was sent at \(fileID):\(line) to a store whose state is gone (its feature was \
    dismissed or removed), so the action was dropped:

    \(dump(action))

    A scoped store keeps showing its last state after its feature is dismissed, but it can no \
    longer change anything. Stop sending to the store once the parent's optional state is nil \
    (for example, re-scope with 'store.scope(state:action:)', which returns nil then).
    """
  }

  static func sendAfterEffectFinished<Action>(action: Action) -> String {
    """
    An effect's 'send' was called after the effect had finished, so the action was dropped:

    \(dump(action))

    'Send' belongs to the effect that received it. Do not store it or hand it to code that \
    outlives the effect; if that code produces actions later, await them inside the effect (an \
    'AsyncStream' works well).
    """
  }

  static func dismissWithoutPresentation(fileID: StaticString, line: UInt) -> String {
    """
    'dismiss()' was called at \(fileID):\(line), but the feature is not presented, so nothing was \
    dismissed.

    'dismiss()' works in a feature presented with 'ifLet(\\.$destination, action:)' (a sheet, an \
    alert, a drill-down) or pushed on a stack with 'forEach(\\.path, action:)'. Check that the \
    parent integrates this feature with one of them, and that the effect calling 'dismiss()' was \
    returned by this feature's reducer.
    """
  }

  static func presentationActionWithoutState<Action>(
    action: Action, location: OperatorLocation
  ) -> String {
    """
    An 'ifLet' at \(location.fileID):\(location.line) received a presentation action while \
    nothing was presented, so the action was dropped:

    \(dump(action))

    This usually happens because:

    • The parent dismissed the feature (set its state to nil) before this 'ifLet' ran. Apply \
    'ifLet' to the parent reducer, so the presented feature sees its actions first.

    • An effect of the presented feature sent this action after it was dismissed. Dismissal \
    cancels its effects; make sure the effect was started by the presented feature's reducer.

    • The front end sent it (for example a second '.dismiss') after the feature was dismissed.
    """
  }

  static func stackActionForMissingElement<Action>(
    id: StackElementID, action: Action, location: OperatorLocation
  ) -> String {
    """
    A 'forEach' at \(location.fileID):\(location.line) received an action for stack element \
    \(id) that is not in the stack, so the action was dropped:

    \(dump(action))

    This usually happens because:

    • The element was popped before this 'forEach' ran. Apply 'forEach' to the parent reducer \
    that pops elements, so elements see their actions first.

    • An effect of the element sent this action after it was popped. Popping cancels the \
    element's effects; make sure the effect was started by the element's reducer.

    • The action was sent with an id that was never on the stack.
    """
  }

  static func pushWithExistingID<Action>(
    id: StackElementID, action: Action, location: OperatorLocation
  ) -> String {
    """
    A 'forEach' at \(location.fileID):\(location.line) received a push with id \(id), which is \
    already on the stack, so the push was dropped:

    \(dump(action))

    Push with a new id (the front end should use the next id of the stack), or append the \
    state to the stack in the parent reducer instead.
    """
  }

  /// TCA's text, word for word (its tests compare the whole of it): the case the state is in, in
  /// quotes, or nothing when there is no state.
  static func modifyUnrelatedCase<Root>(of root: Root?) -> String {
    "Can't modify unrelated case" + (root.map { " \(caseName(of: $0).debugDescription)" } ?? "")
  }

  static func pushWithUnexpectedID<Action>(
    id: StackElementID, expected: StackElementID, action: Action, location: OperatorLocation
  ) -> String {
    """
    A 'forEach' at \(location.fileID):\(location.line) received a push with id \(id), but the \
    next id of the stack is \(expected):

    \(dump(action))

    In tests, stack ids are handed out in order (0, 1, 2 …). Push with the id \
    'store.dependencies.stackElementID.peek()' gives, or append the state in the reducer instead.
    """
  }

  /// The name of the enum case `value` is in: `alert` for `.alert(…)`.
  private static func caseName(of value: some Any) -> String {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .enum, let label = mirror.children.first?.label {
      return label
    }
    // A case without a payload describes itself by name, but for Optional's, which is "nil".
    if mirror.displayStyle == .optional { return "none" }
    return String(describing: value)
  }

  private static func dump(_ value: some Any) -> String {
    var text = ""
    customDump(value, to: &text, indent: 2)
    return text
  }
}
