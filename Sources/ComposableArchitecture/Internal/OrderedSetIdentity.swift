import OrderedCollections

/// Whether two ordered sets share their storage, which proves them equal in O(1). Code that did
/// not add or remove elements leaves the storage untouched, so this is the common case.
func areSameStorage<T>(_ lhs: OrderedSet<T>, _ rhs: OrderedSet<T>) -> Bool {
  withUnsafeBytes(of: lhs) { lhs in
    withUnsafeBytes(of: rhs) { rhs in
      lhs.elementsEqual(rhs)
    }
  }
}
