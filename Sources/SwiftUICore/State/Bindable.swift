/// Bindings to the properties of an `@Observable` object: `@Bindable var model: Model`, then
/// `TextField("Title", text: $model.title)`.
@propertyWrapper
@dynamicMemberLookup
public struct Bindable<Value> {
  /// The object.
  public var wrappedValue: Value

  /// Bindings to `wrappedValue`'s properties.
  public init(wrappedValue: Value) where Value: AnyObject & Observable {
    self.wrappedValue = wrappedValue
  }

  /// Bindings to `wrappedValue`'s properties.
  public init(_ wrappedValue: Value) where Value: AnyObject & Observable {
    self.wrappedValue = wrappedValue
  }

  public init(projectedValue: Bindable<Value>) {
    self = projectedValue
  }

  public var projectedValue: Bindable<Value> { self }

  /// A binding to the object's property at `keyPath`.
  public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
    let object = wrappedValue
    return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
  }
}

extension Bindable: DynamicProperty {}
extension Bindable: Identifiable where Value: Identifiable {
  public var id: Value.ID { wrappedValue.id }
}
