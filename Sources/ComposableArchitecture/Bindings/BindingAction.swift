import CasePaths
import CustomDump

/// An action that sets one field of state to a value: what a form field sends as the user types.
///
/// ```swift
/// store.send(.binding(.set(\.title, "Daily standup")))
/// ```
///
/// Reducers match it by key path:
///
/// ```swift
/// case .binding(\.title):
///   state.isTitleValid = !state.title.isEmpty
///   return .none
/// ```
///
/// `@unchecked Sendable` is safe because every stored value is immutable: the key path, a
/// `Sendable` value (required by ``set(_:_:)``), and `@Sendable` closures.
public struct BindingAction<Root>: @unchecked Sendable {
  /// The field the action sets.
  public let keyPath: PartialKeyPath<Root>
  let value: any Sendable
  let apply: @Sendable (inout Root) -> Void
  let isEqual: @Sendable (any Sendable) -> Bool
  /// Set for an action a store's binding sent, so that one no `BindingReducer` applied is
  /// reported (see ``Store/subscript(dynamicMember:)-setter``).
  var handling: BindingHandling?

  /// An action that sets the field at `keyPath` to `value`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value>,
    _ value: Value
  ) -> Self {
    let unchecked = UncheckedSendable(keyPath)
    return setting(keyPath, to: value) { $0[keyPath: unchecked.value] = value }
  }

  /// The action that names the field at `keyPath`, compares by `value`, and applies `apply`.
  static func setting<Value: Equatable & Sendable>(
    _ keyPath: PartialKeyPath<Root>, to value: Value, apply: @escaping @Sendable (inout Root) -> Void
  ) -> Self {
    Self(keyPath: keyPath, value: value, apply: apply, isEqual: { ($0 as? Value) == value }, handling: nil)
  }

  /// Applies the action to `root`.
  public func set(_ root: inout Root) {
    apply(&root)
  }

  /// Matches a binding action by the field it sets: `case .binding(\.title):`.
  public static func ~= <Value>(keyPath: WritableKeyPath<Root, Value>, bindingAction: Self) -> Bool {
    keyPath == bindingAction.keyPath
  }
}

extension BindingAction: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.keyPath == rhs.keyPath && lhs.isEqual(rhs.value)
  }
}

extension BindingAction: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    // `\.title` rather than Linux's `\State.<computed 0x…>` for `@ObservableState` fields.
    let keyPath: Any = readableKeyPath(self.keyPath).map(KeyPathText.init) ?? self.keyPath
    return Mirror(self, children: ["set": (keyPath, value)], displayStyle: .enum)
  }
}

/// A key path's text, dumped as it is.
private struct KeyPathText: CustomDumpStringConvertible {
  let text: String
  var customDumpDescription: String { text }
}

extension BindingAction: CasePathable {
  public static var allCasePaths: AllCasePaths { AllCasePaths() }

  /// Case paths to each field: `\.binding.title` is the binding action that sets `title`.
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    public subscript<Value: Equatable & Sendable>(
      dynamicMember keyPath: WritableKeyPath<Root, Value>
    ) -> AnyCasePath<BindingAction, Value> {
      let keyPath = UncheckedSendable(keyPath)
      return AnyCasePath(
        embed: { .set(keyPath.value, $0) },
        extract: { $0.keyPath == keyPath.value ? $0.value as? Value : nil }
      )
    }
  }
}

/// An action with a `binding` case, so that ``BindingReducer`` can apply it.
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
///   case saveTapped
/// }
/// ```
#if compiler(>=6.2)
  /// Lets `binding` extract the case reflectively from a `@Sendable` closure.
  public typealias _BindableActionBase = SendableMetatype
#else
  public typealias _BindableActionBase = Any
#endif

public protocol BindableAction: _BindableActionBase {
  /// The state that binding actions change.
  associatedtype State

  /// Embeds a binding action.
  static func binding(_ action: BindingAction<State>) -> Self

  /// The binding action, if this is one.
  var binding: BindingAction<State>? { get }
}

extension BindableAction {
  /// The binding action that sets `keyPath` to `value`: `return .send(.set(\.isOn, true))`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value>, _ value: Value
  ) -> Self {
    binding(.set(keyPath, value))
  }

  public var binding: BindingAction<State>? {
    AnyCasePath(unsafe: { Self.binding($0) }).extract(from: self)
  }
}

/// Applies binding actions to state; put it first in `body` so your own logic sees the new value.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   BindingReducer()
///   Reduce { state, action in … }
/// }
/// ```
///
/// When the bindings live in a view action (`enum Action: ViewAction { case view(View) }` with
/// `enum View: BindableAction { case binding(BindingAction<State>) … }`), say where:
/// `BindingReducer(action: \.view)`.
public struct BindingReducer<State, Action, ViewAction: BindableAction>: Reducer
where ViewAction.State == State {
  let toViewAction: (Action) -> ViewAction?

  /// Applies the binding actions of `Action` itself.
  public init() where Action == ViewAction {
    toViewAction = { $0 }
  }

  /// Applies the binding actions found in the case `action` of `Action`.
  public init(action: CaseKeyPath<Action, ViewAction>) where Action: CasePathable {
    toViewAction = { $0[case: action] }
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    guard let bindingAction = toViewAction(action)?.binding else { return .none }
    bindingAction.handling?.markHandled()
    bindingAction.set(&state)
    return .none
  }
}
