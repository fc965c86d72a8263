import CustomDump

extension Reducer {
  /// Prints each action this reducer receives and a diff of the state it changed.
  ///
  /// ```swift
  /// Feature()
  ///   ._printChanges()
  /// ```
  ///
  /// ```
  /// received action:
  ///   Feature.Action.incrementTapped
  ///   Feature.State(
  /// −   count: 0
  /// +   count: 1
  ///   )
  /// ```
  ///
  /// A debugging aid: remove it before shipping. Printing goes to standard output unless you pass
  /// another printer.
  public func _printChanges(
    _ printer: _ReducerPrinter<State, Action>? = .customDump
  ) -> _PrintChangesReducer<Self> {
    _PrintChangesReducer(base: self, printer: printer)
  }
}

/// How `_printChanges` reports one action.
public struct _ReducerPrinter<State, Action> {
  let printChange: (_ receivedAction: Action, _ oldState: State, _ newState: State) -> Void

  /// A printer that calls `printChange` for each action.
  public init(
    printChange: @escaping (_ receivedAction: Action, _ oldState: State, _ newState: State) -> Void
  ) {
    self.printChange = printChange
  }

  /// Prints the action and a CustomDump diff of the state to standard output.
  public static var customDump: Self {
    Self { action, oldState, newState in
      print(changeDescription(action: action, oldState: oldState, newState: newState))
    }
  }

  /// Prints only the action's case label.
  public static var actionLabels: Self {
    Self { action, _, _ in
      print("received action: \(actionLabel(action))")
    }
  }
}

/// The text `_printChanges` prints with the `customDump` printer.
func changeDescription<State, Action>(action: Action, oldState: State, newState: State) -> String {
  var text = "received action:\n"
  customDump(action, to: &text, indent: 2)
  text += "\n"
  text += diff(oldState, newState).map { "\($0)" } ?? "  (No state changes)"
  return text
}

/// `Feature.Action.child(.tapped)` → `Feature.Action.child`.
func actionLabel<Action>(_ action: Action) -> String {
  var dump = ""
  customDump(action, to: &dump, maxDepth: 1)
  return dump.prefix { $0 != "(" }.description
}

public struct _PrintChangesReducer<Base: Reducer>: Reducer {
  let base: Base
  let printer: _ReducerPrinter<Base.State, Base.Action>?

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    guard let printer else {
      return base.reduce(into: &state, action: action)
    }
    let oldState = state
    let effects = base.reduce(into: &state, action: action)
    printer.printChange(action, oldState, state)
    return effects
  }
}
