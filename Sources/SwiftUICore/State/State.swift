import IssueReporting
import Observation

/// A value a view owns: kept by the framework for as long as the view is on screen, and read
/// again by its `body` when it changes.
///
/// ```swift
/// struct Counter: View {
///   @State private var count = 0
///   var body: some View {
///     Button("Count: \(count)") { count += 1 }
///   }
/// }
/// ```
///
/// The initial value counts only the first time the view appears at its place; after that the
/// value kept there wins, as in SwiftUI.
@propertyWrapper
public struct State<Value>: DynamicProperty, GraphOwnedProperty {
  private let initialValue: Value
  private let location = StateLocation<Value>()

  /// A state whose first value is `value`.
  public init(wrappedValue value: Value) {
    initialValue = value
  }

  /// A state whose first value is `value`.
  public init(initialValue value: Value) {
    initialValue = value
  }

  /// The value kept for the view; setting it evaluates the body again.
  public var wrappedValue: Value {
    get { location.box?.value ?? initialValue }
    nonmutating set {
      guard let box = location.box else {
        reportIssue("A @State was set before its view was on screen: the change is lost. Set it in the body's actions, or pass the value in with State(initialValue:).")
        return
      }
      box.value = newValue
    }
  }

  /// A binding to the value: `TextField("Name", text: $name)`.
  public var projectedValue: Binding<Value> {
    let location = location
    let initialValue = initialValue
    return Binding(
      get: { location.box?.value ?? initialValue },
      set: { newValue, _ in location.box?.value = newValue }
    )
  }

  public static func _link(_ property: inout Self, slot: String, in context: ResolveContext) {
    let initialValue = property.initialValue
    property.location.box = context.storage(at: slot) { StateBox(initialValue) }
  }
}

extension State where Value: ExpressibleByNilLiteral {
  /// A state whose first value is nil.
  public init() {
    self.init(wrappedValue: nil)
  }
}

/// Where a `State` value is connected to its storage; shared by every copy of the view value.
final class StateLocation<Value> {
  var box: StateBox<Value>?
}

/// A value kept for a view, observable: a `body` that read it is evaluated again when it changes.
@Observable
final class StateBox<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}
