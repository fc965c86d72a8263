import Foundation
import IdentifiedCollections

/// One row of a shared value kept in a database table, as the database keys store it: an
/// `IdentifiedArray` of `Codable` elements is one row per element (its id, its position, the
/// element as JSON), any other `Codable` value one row (id `""`).
public struct StoredRow: Hashable, Sendable {
  /// The element's id, as JSON (`"3F2504E0-…"` for a UUID, `7` for an Int); `""` for a whole value.
  public var id: String
  /// Where the element is in the array.
  public var position: Int
  /// The element (or the whole value) as JSON.
  public var json: Data

  /// A row.
  public init(id: String, position: Int, json: Data) {
    self.id = id
    self.position = position
    self.json = json
  }
}

/// What to write so that a table holding one set of rows holds another: the rows that are new or
/// changed (content or position), and the ids of the rows that went.
public struct RowChanges: Equatable, Sendable {
  /// Rows to insert or replace.
  public var upserts: [StoredRow]
  /// Ids of rows to delete.
  public var deletions: [String]

  /// Whether there is nothing to write.
  public var isEmpty: Bool { upserts.isEmpty && deletions.isEmpty }

  /// Changes that write `upserts` and delete the rows with ids `deletions`.
  public init(upserts: [StoredRow], deletions: [String]) {
    self.upserts = upserts
    self.deletions = deletions
  }
}

/// The changes that turn the rows `old` into the rows `new`: a pure function, so that a save
/// writes only what changed (a one-element edit of 10,000 elements is one row).
public func rowChanges(from old: [StoredRow], to new: [StoredRow]) -> RowChanges {
  var oldByID: [String: StoredRow] = [:]
  oldByID.reserveCapacity(old.count)
  for row in old { oldByID[row.id] = row }
  var upserts: [StoredRow] = []
  var kept = Set<String>()
  kept.reserveCapacity(new.count)
  for row in new {
    kept.insert(row.id)
    if oldByID[row.id] != row { upserts.append(row) }
  }
  let deletions = old.map(\.id).filter { !kept.contains($0) }
  return RowChanges(upserts: upserts, deletions: deletions)
}

/// A value kept as rows: one per element of an `IdentifiedArray` of `Codable` elements.
public protocol _StoredAsElementRows {
  /// The value's rows.
  func _rows(encoder: JSONEncoder) throws -> [StoredRow]
  /// The rows that changed since `old` (the value stored as `rows`: the header row, then one
  /// row per element in position order), found without encoding the elements that did not
  /// change; nil when that cannot be told cheaply (elements added, removed or moved).
  func _changedRows(since old: Any, rows: [StoredRow], encoder: JSONEncoder) throws -> [StoredRow]?
  /// The value made of `rows`, in their order.
  static func _value(rows: [StoredRow], decoder: JSONDecoder) throws -> Self
  /// The value made of `rows` (the header row, then one row per element in position order),
  /// decoding only `changed` (rows among them) and taking every other element from `old`, the
  /// value `oldRows` held (in the same order); nil when `old` is not such a value.
  static func _value(
    rows: [StoredRow], changed: [StoredRow], old: Any, oldRows: [StoredRow], decoder: JSONDecoder
  ) throws -> Self?
}

extension IdentifiedArray: _StoredAsElementRows
where Element: Codable & Identifiable, Element.ID == ID, ID: Codable {
  public func _rows(encoder: JSONEncoder) throws -> [StoredRow] {
    try enumerated().map { position, element in
      StoredRow(
        id: String(decoding: try encoder.encode(element.id), as: UTF8.self),
        position: position, json: try encoder.encode(element)
      )
    }
  }

  public func _changedRows(since old: Any, rows: [StoredRow], encoder: JSONEncoder) throws -> [StoredRow]? {
    guard let old = old as? Self, old.count == count, rows.count == count + 1 else { return nil }
    let oldElements = old.elements
    let newElements = elements
    var changed: [StoredRow] = []
    for position in differingPositions(oldElements, newElements) {
      guard oldElements[position].id == newElements[position].id, rows[position + 1].position == position else {
        return nil
      }
      var row = rows[position + 1]
      let json = try encoder.encode(newElements[position])
      // Changed and changed back: nothing to write.
      guard json != row.json else { continue }
      row.json = json
      changed.append(row)
    }
    return changed
  }

  public static func _value(rows: [StoredRow], decoder: JSONDecoder) throws -> Self {
    let elements = try rows.filter { !$0.id.isEmpty }
      .sorted { ($0.position, $0.id) < ($1.position, $1.id) }
      .map { try decoder.decode(Element.self, from: $0.json) }
    return Self(elements, uniquingIDsWith: { first, _ in first })
  }

  public static func _value(
    rows: [StoredRow], changed: [StoredRow], old: Any, oldRows: [StoredRow], decoder: JSONDecoder
  ) throws -> Self? {
    // `oldRows` holds the header, then `old`'s elements in order (a value with duplicate ids,
    // which `_value` dropped, is not: it is decoded whole).
    guard let old = old as? Self, oldRows.count == old.count + 1, oldRows.first?.id == "" else { return nil }
    if rows.count == oldRows.count {
      // Only contents changed, each row at its place: the old array with the changed elements
      // put in at their positions (a copy of its storage; neither the other rows nor the other
      // elements are looked at).
      var value = old
      var samePlaces = true
      for row in changed where !row.id.isEmpty {
        let index = row.position + 1
        guard rows.indices.contains(index), rows[index].id == row.id, oldRows[index].id == row.id else {
          samePlaces = false
          break
        }
        let element = try decoder.decode(Element.self, from: row.json)
        guard old.elements[row.position].id == element.id else {
          samePlaces = false
          break
        }
        value[id: element.id] = element
      }
      if samePlaces { return value }
    }
    let changed = Set(changed.map(\.id))
    // Rows added, removed or moved: the others are found by their row's id.
    var oldPositions: [String: Int] = [:]
    oldPositions.reserveCapacity(oldRows.count)
    for (index, row) in oldRows.enumerated().dropFirst() { oldPositions[row.id] = index - 1 }
    let elements = try rows.filter { !$0.id.isEmpty }.map { row in
      if !changed.contains(row.id), let position = oldPositions[row.id] { return old.elements[position] }
      return try decoder.decode(Element.self, from: row.json)
    }
    return Self(elements, uniquingIDsWith: { first, _ in first })
  }
}

/// The positions at which `old` and `new` (of one count) may hold different elements: those whose
/// bytes differ. An element whose bytes are the same is the same value: its copy-on-write
/// storage is shared (and `old` holds a reference to it, so it cannot have been changed in
/// place). Compared a block at a time, so a long run of unchanged elements costs one `memcmp`.
func differingPositions<Element>(_ old: [Element], _ new: [Element]) -> [Int] {
  let stride = MemoryLayout<Element>.stride
  let size = MemoryLayout<Element>.size
  guard size > 0 else { return [] }
  return old.withUnsafeBytes { oldBytes in
    new.withUnsafeBytes { newBytes in
      guard oldBytes.baseAddress != newBytes.baseAddress else { return [] }
      var positions: [Int] = []
      let block = 64
      var start = 0
      while start < new.count {
        let end = min(start + block, new.count)
        let length = (end - start - 1) * stride + size
        if memcmp(oldBytes.baseAddress! + start * stride, newBytes.baseAddress! + start * stride, length) != 0 {
          for position in start..<end
          where memcmp(oldBytes.baseAddress! + position * stride, newBytes.baseAddress! + position * stride, size) != 0 {
            positions.append(position)
          }
        }
        start = end
      }
      return positions
    }
  }
}

/// The rows of a shared value as last read from or written to a database, with the value they
/// hold, so that the next save finds what changed without encoding what did not: a one-element
/// edit of 10,000 elements encodes one element and compares the rest's bytes.
public struct StoredRowsState: @unchecked Sendable {
  // @unchecked Sendable: `value` is the `Sendable` value the rows were made of (every initializer
  // and `apply` take it as `some Sendable`), kept as `Any` to compare with the next one.
  /// The rows in position order (the header row of an array first).
  public private(set) var rows: [StoredRow] = []
  private var value: Any?

  /// No rows: the value was never stored.
  public init() {}

  /// The rows read from a database, and the value they decode to.
  public init(rows: [StoredRow], value: (some Sendable)?) {
    self.rows = rows.sorted { ($0.position, $0.id) < ($1.position, $1.id) }
    self.value = value
  }

  /// The rows once `changed` (rows read again from the database: new, or changed in content or
  /// position) take the place of theirs and the rows with ids in `removed` go, in position order.
  public func rows(taking changed: [StoredRow], removing removed: Set<String>) -> [StoredRow] {
    if removed.isEmpty, isInPlace(changed) {
      var rows = rows
      for row in changed { rows[row.position + 1] = row }
      return rows
    }
    let changedIDs = Set(changed.map(\.id))
    var rows = rows.filter { !removed.contains($0.id) && !changedIDs.contains($0.id) }
    rows += changed
    return rows.sorted { ($0.position, $0.id) < ($1.position, $1.id) }
  }

  /// Takes in rows another connection or process changed (see ``rows(taking:removing:)``) and
  /// returns the value they now hold. Of an `IdentifiedArray`, only the changed rows are decoded:
  /// the other elements are those of the value last held (a one-row change of 10,000 rows decodes
  /// one element, and changes the rows in place).
  public mutating func take<Value: Decodable & Sendable>(
    _ changed: [StoredRow], removing removed: Set<String>, as _: Value.Type, decoder: JSONDecoder
  ) throws -> Value? {
    let oldRows: [StoredRow]
    // What to put back if a row does not decode: the rows stay those of the value held.
    let restore: (inout [StoredRow]) -> Void
    if removed.isEmpty, isInPlace(changed) {
      // The same ids at the same places: the rows are changed where they lie.
      let replaced = changed.map { rows[$0.position + 1] }
      for row in changed { rows[row.position + 1] = row }
      oldRows = rows
      restore = { rows in for row in replaced { rows[row.position + 1] = row } }
    } else {
      oldRows = rows
      rows = rows(taking: changed, removing: removed)
      restore = { rows in rows = oldRows }
    }
    do {
      var newValue: Value?
      if let old = value, !rows.isEmpty, let type = Value.self as? any _StoredAsElementRows.Type {
        newValue = try type._value(
          rows: rows, changed: changed, old: old, oldRows: oldRows, decoder: decoder
        ) as? Value
      }
      if newValue == nil {
        newValue = try Sharing.value(Value.self, fromStoredRows: rows, decoder: decoder)
      }
      value = newValue
      return newValue
    } catch {
      restore(&rows)
      throw error
    }
  }

  /// Whether each of `changed` has the id and position of the row at its place (the header row,
  /// position -1, first): a change of contents only.
  private func isInPlace(_ changed: [StoredRow]) -> Bool {
    changed.allSatisfy { row in
      let index = row.position + 1
      return rows.indices.contains(index) && rows[index].id == row.id && rows[index].position == row.position
    }
  }

  /// What writing `value` changes: the rows to write and delete.
  public func update<Value: Encodable & Sendable>(to value: Value, encoder: JSONEncoder) throws -> StoredRowsUpdate {
    if let previous = self.value, let elements = value as? any _StoredAsElementRows,
      let changed = try elements._changedRows(since: previous, rows: rows, encoder: encoder)
    {
      return StoredRowsUpdate(changes: RowChanges(upserts: changed, deletions: []), rows: nil, value: value)
    }
    let new = try storedRows(of: value, encoder: encoder)
    return StoredRowsUpdate(changes: rowChanges(from: rows, to: new), rows: new, value: value)
  }

  /// What writing `value` changes when the rows with ids in `newer` were taken in from the
  /// database after `value` was made: `value` never saw those rows, so they stay as stored (its
  /// copies of them are older, not edits) and the rest of it is written. The update's value is
  /// the rows it leaves, decoded: both the other writer's rows and this value's edits.
  public func update<Value: Codable & Sendable>(
    to value: Value, keepingNewer newer: Set<String>, encoder: JSONEncoder, decoder: JSONDecoder
  ) throws -> StoredRowsUpdate {
    let plain = try update(to: value, encoder: encoder)
    guard !newer.isEmpty else { return plain }
    let changes = RowChanges(
      upserts: plain.changes.upserts.filter { !newer.contains($0.id) },
      deletions: plain.changes.deletions.filter { !newer.contains($0) }
    )
    let merged = rows(taking: changes.upserts, removing: Set(changes.deletions))
    let mergedValue = try Sharing.value(Value.self, fromStoredRows: merged, decoder: decoder)
    return StoredRowsUpdate(changes: changes, rows: merged, value: mergedValue as Any)
  }

  /// The rows once `update` is written.
  public mutating func apply(_ update: StoredRowsUpdate) {
    if let new = update.rows {
      rows = new
    } else {
      // Only elements' contents changed: each row stays at its index (header first).
      for row in update.changes.upserts { rows[row.position + 1] = row }
    }
    value = update.value
  }
}

/// What writing a value changes (see ``StoredRowsState/update(to:encoder:)``).
public struct StoredRowsUpdate: @unchecked Sendable {
  // @unchecked Sendable: `value` is the `Sendable` value given to `update(to:encoder:)`.
  /// The rows to write and delete.
  public let changes: RowChanges
  /// Every row of the new value, when more than contents changed.
  let rows: [StoredRow]?
  let value: Any

  /// The value the rows hold once written (of an update that kept newer rows, the merge).
  public func value<Value>(as _: Value.Type) -> Value? { value as? Value }
}

/// The rows of `value`: one per element of an `IdentifiedArray` of `Codable` elements (and a row
/// with id `""` that says the value exists, so that an empty array is not taken for a value never
/// saved), otherwise one row with id `""`.
public func storedRows<Value: Encodable>(of value: Value, encoder: JSONEncoder) throws -> [StoredRow] {
  if let elements = value as? any _StoredAsElementRows {
    return [StoredRow(id: "", position: -1, json: Data("[]".utf8))] + (try elements._rows(encoder: encoder))
  }
  return [StoredRow(id: "", position: 0, json: try encoder.encode(value))]
}

/// The value stored as `rows` (see ``storedRows(of:encoder:)``); nil when there are none.
public func value<Value: Decodable>(
  _: Value.Type, fromStoredRows rows: [StoredRow], decoder: JSONDecoder
) throws -> Value? {
  guard !rows.isEmpty else { return nil }
  if let type = Value.self as? any _StoredAsElementRows.Type {
    return try type._value(rows: rows, decoder: decoder) as? Value
  }
  guard let row = rows.first(where: { $0.id == "" }) else { return nil }
  return try decoder.decode(Value.self, from: row.json)
}

/// The JSON coders of stored rows: sorted keys (so that an unchanged element encodes to the same
/// bytes, and compares equal to its stored row) and ISO 8601 dates; one pair for every engine.
package enum StoredRowsCoding {
  package static var encoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    encoder.dateEncodingStrategy = .iso8601
    return encoder
  }

  package static var decoder: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }
}
