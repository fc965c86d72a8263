import IdentifiedCollections

extension RangeReplaceableCollection {
  /// One `Shared` per element of a shared identified collection, each following its element by
  /// **id**: after a removal, an insertion or a reorder, each still reads and writes its own
  /// element (one whose element was removed keeps its last value, and its writes go nowhere).
  ///
  /// ```swift
  /// @Shared(.todos) var todos: IdentifiedArrayOf<Todo>
  ///
  /// for $todo in Array($todos) { … }
  /// ```
  public init<Value: _MutableIdentifiedCollection>(
    _ shared: Shared<Value>
  ) where Element == Shared<Value.Element>, Value.Index == Value.IDs.Index {
    self.init()
    let value = shared.wrappedValue
    reserveCapacity(value.count)
    for id in value.ids {
      // Every id of the value has an element, so each unwraps.
      append(Shared(shared[dynamicMember: \Value.[id: id]])!)
    }
  }

  /// One `SharedReader` per element of a shared identified collection, each following its
  /// element by id.
  public init<Value: _IdentifiedCollection>(
    _ shared: SharedReader<Value>
  ) where Element == SharedReader<Value.Element>, Value.Index == Value.IDs.Index {
    self.init()
    let value = shared.wrappedValue
    reserveCapacity(value.count)
    for id in value.ids {
      append(SharedReader(shared[dynamicMember: \Value.[id: id]])!)
    }
  }
}
