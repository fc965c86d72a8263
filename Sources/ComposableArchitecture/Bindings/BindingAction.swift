import CasePaths
import Foundation
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
/// `Sendable` value (required by `set(_:_:)`), and `@Sendable` closures.
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
  /// The case paths to each field (see ``AllCasePaths-swift.struct``).
  public static var allCasePaths: AllCasePaths { AllCasePaths() }

  /// Case paths to each field: `\.binding.title` is the binding action that sets `title`.
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    /// The case path of the binding action that sets the field at `keyPath`.
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

#if compiler(>=6.2)
  /// Lets `binding` extract the case reflectively from a `@Sendable` closure.
  public typealias _BindableActionBase = SendableMetatype
#else
  public typealias _BindableActionBase = Any
#endif

/// An action with a `binding` case, so that ``BindingReducer`` can apply it.
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
///   case saveTapped
/// }
/// ```
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

  /// The `binding` case's action, found by the case's shape (actions need not be `@CasePathable`).
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

/// A binding action is encoded by the field it sets, by name, and its value:
/// `{"field":"title","value":"Daily"}`, or `{"field":"standup.title",…}` for a field inside one.
/// The names come from `@ObservableState`, which lists its type's properties (and, below a
/// property, from the key path's own description). For other state, or a value that is not
/// `Codable`, coding throws (a recording then writes the action's dump and marks it not
/// replayable).
///
/// An action decoded from a path inside a field (`standup.title`) sets that part of the field's
/// encoded value and decodes the field again, so it replays when the field's type encodes that
/// part as the part's own type does (synthesized `Codable` does; a type that encodes a `Duration`
/// as seconds does not, and its replay stops there with a diff). It matches
/// `case .binding(\.standup)` rather than `\.standup.title`: a key path cannot be rebuilt from a
/// name.
extension BindingAction: Codable {
  private enum CodingKeys: String, CodingKey { case field, value }

  public func encode(to encoder: any Encoder) throws {
    if let nested = value as? NestedBindingValue {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(nested.path, forKey: .field)
      try container.encode(nested.value, forKey: .value)
      return
    }
    guard let field = Self.fieldPath(of: keyPath) else {
      throw EncodingError.invalidValue(
        keyPath,
        .init(codingPath: encoder.codingPath, debugDescription: "\(keyPath) does not name fields of an @ObservableState type")
      )
    }
    guard let value = value as? any Encodable else {
      throw EncodingError.invalidValue(
        self.value,
        .init(codingPath: encoder.codingPath, debugDescription: "The value of \(field) is not Encodable")
      )
    }
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(field, forKey: .field)
    try container.encode(value, forKey: .value)
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let field = try container.decode(String.self, forKey: .field)
    let path = field.split(separator: ".").map(String.init)
    guard let name = path.first, let keyPath = Self.fields.first(where: { $0.name == name })?.keyPath else {
      throw DecodingError.dataCorruptedError(
        forKey: .field, in: container, debugDescription: "\(Root.self) has no field named \(field)"
      )
    }
    guard let valueType = type(of: keyPath).valueType as? any (Codable & Equatable & Sendable).Type
    else {
      throw DecodingError.dataCorruptedError(
        forKey: .value, in: container, debugDescription: "\(Root.self).\(name) is not Codable, Equatable and Sendable"
      )
    }
    func make<Value: Codable & Equatable & Sendable>(_: Value.Type) throws -> Self {
      guard let writable = keyPath as? WritableKeyPath<Root, Value> else {
        throw DecodingError.dataCorruptedError(
          forKey: .field, in: container, debugDescription: "\(Root.self).\(name) cannot be set"
        )
      }
      guard path.count > 1 else {
        return .set(writable, try container.decode(Value.self, forKey: .value))
      }
      let inner = try container.decode(JSONValue.self, forKey: .value)
      let nested = NestedBindingValue(path: field, value: inner)
      let unchecked = UncheckedSendable(writable)
      let rest = Array(path.dropFirst())
      return Self.setting(writable, to: nested) { root in
        // Set the part of the field's JSON the path names, and decode the field again.
        guard
          let data = try? JSONEncoder().encode(root[keyPath: unchecked.value]),
          let object = try? JSONDecoder().decode(JSONValue.self, from: data),
          let patched = try? JSONEncoder().encode(object.replacing(at: rest[...], with: inner)),
          let value = try? JSONDecoder().decode(Value.self, from: patched)
        else { return }
        root[keyPath: unchecked.value] = value
      }
    }
    self = try make(valueType)
  }

  /// The fields `@ObservableState` listed for `Root`.
  private static var fields: [(keyPath: AnyKeyPath, name: String)] {
    (Root.self as? any _InPlaceModifiable.Type)?._$propertyKeyPaths ?? []
  }

  /// `title`, or `standup.title` for a key path through fields with names.
  private static func fieldPath(of keyPath: AnyKeyPath) -> String? {
    if let name = fields.first(where: { $0.keyPath == keyPath })?.name { return name }
    guard let text = readableKeyPath(keyPath), text.hasPrefix("\\."), !text.contains("<") else { return nil }
    let path = String(text.dropFirst(2))
    guard let first = path.split(separator: ".").first, fields.contains(where: { $0.name == first }) else {
      return nil
    }
    return path
  }
}

/// The value of a decoded binding action that sets a field inside a field: the path it was
/// encoded with (`standup.title`), so that it encodes the same again, and the value.
struct NestedBindingValue: Equatable, Sendable {
  let path: String
  let value: JSONValue
}

/// Any JSON value, kept exactly (64-bit integers stay integers).
enum JSONValue: Codable, Equatable, Sendable {
  case null
  case bool(Bool)
  case int(Int64)
  case unsigned(UInt64)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() { self = .null }
    else if let bool = try? container.decode(Bool.self) { self = .bool(bool) }
    else if let int = try? container.decode(Int64.self) { self = .int(int) }
    else if let unsigned = try? container.decode(UInt64.self) { self = .unsigned(unsigned) }
    else if let double = try? container.decode(Double.self) { self = .double(double) }
    else if let string = try? container.decode(String.self) { self = .string(string) }
    else if let array = try? container.decode([JSONValue].self) { self = .array(array) }
    else { self = .object(try container.decode([String: JSONValue].self)) }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case let .bool(bool): try container.encode(bool)
    case let .int(int): try container.encode(int)
    case let .unsigned(unsigned): try container.encode(unsigned)
    case let .double(double): try container.encode(double)
    case let .string(string): try container.encode(string)
    case let .array(array): try container.encode(array)
    case let .object(object): try container.encode(object)
    }
  }

  /// This value with the value at `path` (object keys) replaced by `value`.
  func replacing(at path: ArraySlice<String>, with value: JSONValue) -> JSONValue {
    guard let key = path.first else { return value }
    guard case var .object(object) = self else { return self }
    object[key] = (object[key] ?? .object([:])).replacing(at: path.dropFirst(), with: value)
    return .object(object)
  }
}
