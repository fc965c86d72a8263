import IssueReporting
/// A key for a value of the environment, with the value views see when no one set it.
///
/// ```swift
/// private struct AccentKey: EnvironmentKey { static let defaultValue = Color.blue }
/// extension EnvironmentValues {
///   var accent: Color {
///     get { self[AccentKey.self] }
///     set { self[AccentKey.self] = newValue }
///   }
/// }
/// ```
public protocol EnvironmentKey {
  associatedtype Value
  static var defaultValue: Value { get }
}

/// The values a view's environment holds: set for a subtree with `environment(_:_:)`, read with
/// `@Environment`.
public struct EnvironmentValues: CustomStringConvertible {
  /// The values set, by key (compared by `isSame(as:)`).
  private(set) var values: [ObjectIdentifier: Any] = [:]


  /// An environment where every key has its default value.
  public init() {}

  /// The value of `key` (its default when no one set it).
  public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
    get { values[ObjectIdentifier(key)].map { $0 as! Key.Value } ?? Key.defaultValue }
    set { values[ObjectIdentifier(key)] = newValue }
  }

  /// An `@Observable` object put in the environment by type (`environment(model)`).
  subscript<Object: AnyObject>(object type: Object.Type) -> Object? {
    get { values[ObjectIdentifier(type)] as? Object }
    set { values[ObjectIdentifier(type)] = newValue }
  }

  public var description: String { "EnvironmentValues(\(values.count) values set)" }
}

/// Reads a value of the environment: `@Environment(\.dismiss) var dismiss`, or an `@Observable`
/// object put there by type: `@Environment(Model.self) var model`.
@propertyWrapper
public struct Environment<Value>: DynamicProperty, GraphOwnedProperty {
  private let read: (EnvironmentValues) -> Value
  private let box = EnvironmentBox()

  /// Reads the environment value at `keyPath`.
  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
    read = { $0[keyPath: keyPath] }
  }

  /// The value, as the environment of the view holds it.
  public var wrappedValue: Value {
    guard let values = box.values else {
      reportIssue("An @Environment was read outside of a view's body: it sees the default value.")
      return read(EnvironmentValues())
    }
    return read(values)
  }

  public static func _link(_ property: inout Self, slot: String, in context: ResolveContext) {
    property.box.values = context.environment
  }
}

extension Environment {
  /// The `@Observable` object of type `Value` in the environment; reading it when none was put
  /// there is a programming error, as in SwiftUI.
  public init(_ objectType: Value.Type) where Value: AnyObject & Observable {
    read = { values in
      guard let object = values[object: objectType] else {
        fatalError("No \(objectType) in the environment: put one there with .environment(\(objectType)(…)) on a view above.")
      }
      return object
    }
  }

  /// The `@Observable` object of type `T` in the environment, or nil.
  public init<T: AnyObject & Observable>(_ objectType: T.Type) where Value == T? {
    read = { $0[object: objectType] }
  }
}

final class EnvironmentBox {
  var values: EnvironmentValues?
}

/// Sets an environment value for a view and everything inside it.
struct EnvironmentWriter<Content: View>: PrimitiveView {
  let content: Content
  let change: (inout EnvironmentValues) -> Void

  static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    context.withEnvironment(view.change) { context.resolve(view.content, into: &nodes) }
  }
}

extension View {
  /// Sets the environment value at `keyPath` to `value` for this view and its content.
  public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
    EnvironmentWriter(content: self) { $0[keyPath: keyPath] = value }
  }

  /// Puts an `@Observable` object in the environment of this view and its content, where
  /// `@Environment(T.self)` finds it.
  public func environment<T: AnyObject & Observable>(_ object: T?) -> some View {
    EnvironmentWriter(content: self) { $0[object: T.self] = object }
  }

  /// Changes the environment of this view and its content.
  public func transformEnvironment<V>(
    _ keyPath: WritableKeyPath<EnvironmentValues, V>, transform: @escaping (inout V) -> Void
  ) -> some View {
    EnvironmentWriter(content: self) { transform(&$0[keyPath: keyPath]) }
  }
}
