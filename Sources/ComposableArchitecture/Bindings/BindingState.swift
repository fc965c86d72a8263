import CustomDump

/// A field of state that views may write through a binding: the pre-observation spelling, still in
/// most existing form features.
///
/// ```swift
/// struct State: Equatable {
///   @BindingState var title = ""
///   var isSaving = false
/// }
///
/// // In the reducer:
/// case .binding(\.$title):
///   …
/// // In tests:
/// await store.send(.binding(.set(\.$title, "Daily"))) { $0.title = "Daily" }
/// ```
///
/// With `@ObservableState` every field is writable and the wrapper is not needed: write
/// `.binding(.set(\.title, …))`. As in TCA, it is deprecated on Apple platforms in favour of
/// `@ObservableState`.
@available(iOS, deprecated: 9999, message: "Use '@ObservableState', instead.")
@available(macOS, deprecated: 9999, message: "Use '@ObservableState', instead.")
@available(tvOS, deprecated: 9999, message: "Use '@ObservableState', instead.")
@available(watchOS, deprecated: 9999, message: "Use '@ObservableState', instead.")
@propertyWrapper
public struct BindingState<Value> {
  /// The field's value.
  public var wrappedValue: Value

  /// A bindable field holding `wrappedValue`.
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }

  /// The wrapper itself, so that `\.$title` names the bindable field.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }
}

extension BindingState: Equatable where Value: Equatable {}
extension BindingState: Hashable where Value: Hashable {}
extension BindingState: Sendable where Value: Sendable {}

extension BindingState: Decodable where Value: Decodable {
  /// Decodes the value alone, so adding or removing the wrapper does not change the format.
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try Value(from: decoder))
  }
}

extension BindingState: Encodable where Value: Encodable {
  public func encode(to encoder: any Encoder) throws {
    try wrappedValue.encode(to: encoder)
  }
}

extension BindingState: CustomDumpRepresentable {
  /// Diffs and dumps show the value, not the wrapper.
  public var customDumpValue: Any { wrappedValue }
}

extension BindingState: CustomStringConvertible {
  public var description: String { String(describing: wrappedValue) }
}

extension BindingAction {
  /// The binding action that sets a `@BindingState` field: `.set(\.$title, "Daily")`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, BindingState<Value>>,
    _ value: Value
  ) -> Self {
    let unchecked = UncheckedSendable(keyPath)
    return setting(keyPath, to: value) { $0[keyPath: unchecked.value].wrappedValue = value }
  }
}

extension BindableAction {
  /// The binding action that sets a `@BindingState` field: `return .send(.set(\.$isOn, true))`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, BindingState<Value>>, _ value: Value
  ) -> Self {
    binding(.set(keyPath, value))
  }
}

extension BindingAction.AllCasePaths {
  /// The case path to a `@BindingState` field, by its value: `action[case: \.binding.$title]`
  /// is the `String` a binding action sets `title` to, as in TCA.
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<Root, BindingState<Value>>
  ) -> AnyCasePath<BindingAction, Value> {
    let keyPath = UncheckedSendable(keyPath)
    return AnyCasePath(
      embed: { .set(keyPath.value, $0) },
      extract: { $0.keyPath == keyPath.value ? $0.value as? Value : nil }
    )
  }
}
