@_spi(Reflection) import Swift

/// A stored property of a view that the framework keeps up to date before each `body`:
/// `@State`, `@Binding`, `@Environment`, `@FocusState`, `@Bindable`, or a struct of yours made of
/// them.
///
/// ```swift
/// struct Counter: DynamicProperty {
///   @State private var count = 0
///   mutating func update() { … }   // called before each `body` of the view holding it
/// }
/// ```
public protocol DynamicProperty {
  /// Connects the property to the storage the framework keeps for it at `slot`. The default
  /// connects the dynamic properties it is made of.
  @MainActor static func _link(_ property: inout Self, slot: String, in context: ResolveContext)

  /// Called before each `body` of the view holding the property, after its storage is
  /// connected.
  mutating func update()
}

extension DynamicProperty {
  @MainActor public static func _link(_ property: inout Self, slot: String, in context: ResolveContext) {
    linkDynamicProperties(of: &property, slot: slot, in: context)
  }

  /// Does nothing.
  public mutating func update() {}
}

/// The stored properties of a type that are dynamic properties: where they sit in its memory.
@MainActor
private var dynamicFieldsByType: [ObjectIdentifier: [(offset: Int, type: any DynamicProperty.Type)]] = [:]

@MainActor
private func dynamicFields(of type: Any.Type) -> [(offset: Int, type: any DynamicProperty.Type)] {
  if let known = dynamicFieldsByType[ObjectIdentifier(type)] { return known }
  var fields: [(offset: Int, type: any DynamicProperty.Type)] = []
  _ = _forEachField(of: type, options: []) { _, offset, fieldType, _ in
    if let property = fieldType as? any DynamicProperty.Type { fields.append((offset, property)) }
    return true
  }
  dynamicFieldsByType[ObjectIdentifier(type)] = fields
  return fields
}

/// Connects each dynamic property stored in `value` (a view, or a dynamic property made of
/// others) to its storage: the one at `slot` plus the property's place, and calls its `update()`.
@MainActor
func linkDynamicProperties<Value>(of value: inout Value, slot: String, in context: ResolveContext) {
  let fields = dynamicFields(of: Value.self)
  guard !fields.isEmpty else { return }
  withUnsafeMutableBytes(of: &value) { bytes in
    for (index, field) in fields.enumerated() {
      @MainActor func link<Property: DynamicProperty>(_: Property.Type) {
        let pointer = (bytes.baseAddress! + field.offset).assumingMemoryBound(to: Property.self)
        Property._link(&pointer.pointee, slot: "\(slot)#\(index)", in: context)
        pointer.pointee.update()
      }
      link(field.type)
    }
  }
}
