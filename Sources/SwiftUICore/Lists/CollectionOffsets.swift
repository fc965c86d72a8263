extension RangeReplaceableCollection where Self: MutableCollection {
  /// Removes the elements at `offsets` (what `onDelete` hands its action).
  public mutating func remove(atOffsets offsets: IndexSet) {
    for offset in offsets.reversed() {
      remove(at: index(startIndex, offsetBy: offset))
    }
  }
}

extension MutableCollection where Self: RangeReplaceableCollection {
  /// Moves the elements at `source` so that they come before the element now at `destination`
  /// (what `onMove` hands its action).
  public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
    let moved = source.map { self[index(startIndex, offsetBy: $0)] }
    let before = source.filter { $0 < destination }.count
    remove(atOffsets: source)
    let target = index(startIndex, offsetBy: destination - before)
    insert(contentsOf: moved, at: target)
  }
}
