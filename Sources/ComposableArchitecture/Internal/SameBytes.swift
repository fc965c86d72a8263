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

/// Whether `count` bytes at `lhs` and `rhs` are the same, word by word (see `haveSameBytes(_:_:)`).
@inlinable
func haveSameBytes(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, count: Int) -> Bool {
  var offset = 0
  while offset + MemoryLayout<UInt>.size <= count {
    if lhs.loadUnaligned(fromByteOffset: offset, as: UInt.self)
      != rhs.loadUnaligned(fromByteOffset: offset, as: UInt.self)
    {
      return false
    }
    offset += MemoryLayout<UInt>.size
  }
  while offset < count {
    if lhs.load(fromByteOffset: offset, as: UInt8.self) != rhs.load(fromByteOffset: offset, as: UInt8.self) {
      return false
    }
    offset += 1
  }
  return true
}

/// Where the innermost binding of `taskLocal` in force here keeps its value, or nil when none is
/// bound (its default value is in force): what `TaskLocal.get()` reads before it copies the value.
///
/// The concurrency runtime's own entry point, the one `get()` calls, keyed by the task-local's
/// address as `get()` keys it. The pointer is valid only until the binding ends: read it at once.
@inlinable
func boundTaskLocalValue<Value>(_ taskLocal: TaskLocal<Value>) -> UnsafeMutableRawPointer? {
  taskLocalValueGet(key: UnsafeRawPointer(Unmanaged.passUnretained(taskLocal).toOpaque()))
}

@usableFromInline
@_silgen_name("swift_task_localValueGet")
func taskLocalValueGet(key: UnsafeRawPointer) -> UnsafeMutableRawPointer?
