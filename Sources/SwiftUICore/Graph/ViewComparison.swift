@_spi(Reflection) import Swift

/// Whether two values of a view compare equal as SwiftUI compares a view's inputs: with `==`
/// when the view is `Equatable`, else stored property by stored property — `==` for an
/// `Equatable` property, identity for an object, each stored property in turn for a struct, and
/// the bytes for anything else (a closure is then the same closure with the same context). The
/// state the graph keeps for a view (`@State`, `@FocusState`, `@Environment`) is not an input.
///
/// Never equal when it cannot tell: the body is then evaluated again, which is always right.
@MainActor
func isSameView<V>(_ lhs: V, _ rhs: V) -> Bool {
  let compare = comparator(for: V.self)
  return withUnsafePointer(to: lhs) { lhs in
    withUnsafePointer(to: rhs) { rhs in compare(UnsafeRawPointer(lhs), UnsafeRawPointer(rhs)) }
  }
}

/// Whether two values of unknown types compare equal as ``isSameView(_:_:)`` compares inputs.
@MainActor
func isSameValue(_ lhs: Any, _ rhs: Any) -> Bool {
  func open<T>(_ lhs: T) -> Bool {
    guard let rhs = rhs as? T else { return false }
    return isSameView(lhs, rhs)
  }
  return _openExistential(lhs, do: open)
}

/// A property whose value the graph keeps for the view (not an input from its parent).
protocol GraphOwnedProperty {}

extension EnvironmentValues {
  /// The identity of the storage holding the values: two environments with the same one hold
  /// the same values (one is a copy of the other, unchanged).
  var storageIdentity: UInt {
    withUnsafeBytes(of: values) { $0.load(as: UInt.self) }
  }

  /// Whether every value is the same in both (see ``isSameValue(_:_:)``).
  @MainActor
  func isSame(as other: EnvironmentValues) -> Bool {
    guard values.count == other.values.count else { return false }
    for (key, value) in values {
      guard let otherValue = other.values[key], isSameValue(value, otherValue) else { return false }
    }
    return true
  }
}

private typealias Comparator = @MainActor (UnsafeRawPointer, UnsafeRawPointer) -> Bool

/// How values of each type are compared, made once per type.
@MainActor
private var comparators: [ObjectIdentifier: Comparator] = [:]

@MainActor
private func comparator(for type: Any.Type) -> Comparator {
  if let known = comparators[ObjectIdentifier(type)] { return known }
  let made = makeComparator(for: type)
  comparators[ObjectIdentifier(type)] = made
  return made
}

@MainActor
private func makeComparator(for type: Any.Type) -> Comparator {
  if type is any GraphOwnedProperty.Type {
    return { _, _ in true }
  }
  if let equatable = type as? any Equatable.Type {
    return { lhs, rhs in equatable.isEqual(lhs, rhs) }
  }
  if type is AnyObject.Type {
    return { lhs, rhs in lhs.load(as: UnsafeRawPointer?.self) == rhs.load(as: UnsafeRawPointer?.self) }
  }
  var fields: [(offset: Int, compare: Comparator)] = []
  var isStruct = false
  if isStructType(type) {
    isStruct = _forEachField(of: type, options: []) { _, offset, fieldType, _ in
      fields.append((offset, comparator(for: fieldType)))
      return true
    }
  }
  if isStruct {
    return { lhs, rhs in
      fields.allSatisfy { field in field.compare(lhs + field.offset, rhs + field.offset) }
    }
  }
  let size = byteSize(of: type)
  return { lhs, rhs in memcmp(lhs, rhs, size) == 0 }
}

private func isStructType(_ type: Any.Type) -> Bool {
  // A struct's metadata kind is 0x200 (MetadataKind::Struct).
  unsafeBitCast(type, to: UnsafePointer<Int>.self).pointee == 0x200
}

private func byteSize(of type: Any.Type) -> Int {
  func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
  return _openExistential(type, do: size)
}

extension Equatable {
  fileprivate static func isEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
    lhs.assumingMemoryBound(to: Self.self).pointee == rhs.assumingMemoryBound(to: Self.self).pointee
  }
}
