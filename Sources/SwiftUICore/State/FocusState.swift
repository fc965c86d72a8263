/// Which field has the keyboard focus, as a view's state: `@FocusState var isFocused: Bool`,
/// or `@FocusState var field: Field?` with `.focused($field, equals: .title)`. Setting it moves
/// the focus; the user moving it (a click, Tab) sets it.
@propertyWrapper
public struct FocusState<Value: Hashable>: DynamicProperty, GraphOwnedProperty {
  private let initialValue: Value
  private let location = StateLocation<Value>()

  /// A focus state for one field: whether it has the focus.
  public init() where Value == Bool {
    initialValue = false
  }

  /// A focus state for several fields: which one has the focus (nil: none).
  public init<T: Hashable>() where Value == T? {
    initialValue = nil
  }

  /// Which field has the focus; set it to move the focus.
  public var wrappedValue: Value {
    get { location.box?.value ?? initialValue }
    nonmutating set { location.box?.value = newValue }
  }

  public var projectedValue: Binding { Binding(location: location, initialValue: initialValue) }

  public static func _link(_ property: inout Self, slot: String, in context: ResolveContext) {
    let initialValue = property.initialValue
    property.location.box = context.storage(at: slot) { StateBox(initialValue) }
  }

  /// A binding to a focus state, which `focused(_:)` and `focused(_:equals:)` take.
  @propertyWrapper
  public struct Binding {
    let location: StateLocation<Value>
    let initialValue: Value

    /// Which field has the focus; set it to move the focus.
    public var wrappedValue: Value {
      get { location.box?.value ?? initialValue }
      nonmutating set { location.box?.value = newValue }
    }

    public var projectedValue: Binding { self }
  }
}

/// The field being resolved gets the focus when `isFocused` and reports gaining and losing it.
struct FocusBinding {
  var isFocused: Bool
  var set: @MainActor (Bool) -> Void
}

extension EnvironmentValues {
  private enum FocusBindingKey: EnvironmentKey {
    static var defaultValue: FocusBinding? { nil }
  }
  var focusBinding: FocusBinding? {
    get { self[FocusBindingKey.self] }
    set { self[FocusBindingKey.self] = newValue }
  }
}

extension View {
  /// Gives the field inside this view the focus when `condition` is true, and sets it when the
  /// user moves the focus to the field or away from it.
  public func focused(_ condition: FocusState<Bool>.Binding) -> some View {
    EnvironmentWriter(content: self) { values in
      values.focusBinding = FocusBinding(isFocused: condition.wrappedValue) { condition.wrappedValue = $0 }
    }
  }

  /// Gives the field inside this view the focus when `binding` holds `value`, and sets
  /// `binding` to `value` when the user moves the focus to the field, or back to its focus
  /// state's default (nil, false) when the user moves it away. Any focus state, as in SwiftUI:
  /// `@FocusState var field: Field?` with `.focused($field, equals: .title)`, or a non-optional
  /// one.
  public func focused<Value: Hashable>(_ binding: FocusState<Value>.Binding, equals value: Value) -> some View {
    EnvironmentWriter(content: self) { values in
      values.focusBinding = FocusBinding(isFocused: binding.wrappedValue == value) { isFocused in
        if isFocused {
          binding.wrappedValue = value
        } else if binding.wrappedValue == value {
          binding.wrappedValue = binding.initialValue
        }
      }
    }
  }
}
