import OrderedCollections

/// Whether two ordered sets share their storage, which proves them equal in O(1). Code that did
/// not add or remove elements leaves the storage untouched, so this is the common case.
///
/// Inlinable and word by word: it runs twice for every action a `forEach` sees, and a generic
/// comparison of the bytes cost more than the rest of a row action's bookkeeping.
@inlinable
func areSameStorage<T>(_ lhs: OrderedSet<T>, _ rhs: OrderedSet<T>) -> Bool {
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
      return offset == lhs.count
    }
  }
}
