/// Whether two values have the same bytes, which proves them equal in O(1): the same inline
/// fields and the same references (for an `OrderedSet` or an `Array`, the same storage). Different
/// bytes prove nothing (padding, or an equal copy in another buffer): callers fall back to `==`.
///
/// Code that did not add or remove elements leaves a collection's storage untouched, so for the
/// ids a `forEach` or a stack compares after every action, this is the common case. Inlinable and
/// word by word: it runs twice for every action a `forEach` sees, and a generic comparison of the
/// bytes cost more than the rest of a row action's bookkeeping.
@inlinable
func haveSameBytes<T>(_ lhs: T, _ rhs: T) -> Bool {
  withUnsafeBytes(of: lhs) { lhs in
    withUnsafeBytes(of: rhs) { rhs in
      var offset = 0
      while offset + MemoryLayout<UInt>.size <= lhs.count {
        if lhs.load(fromByteOffset: offset, as: UInt.self)
          != rhs.load(fromByteOffset: offset, as: UInt.self)
        {
          return false
        }
        offset += MemoryLayout<UInt>.size
      }
      while offset < lhs.count {
        if lhs[offset] != rhs[offset] { return false }
        offset += 1
      }
      return true
    }
  }
}
