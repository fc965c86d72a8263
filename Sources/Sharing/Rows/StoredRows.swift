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
  /// The value made of `rows`, in their order.
  static func _value(rows: [StoredRow], decoder: JSONDecoder) throws -> Self
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

  public static func _value(rows: [StoredRow], decoder: JSONDecoder) throws -> Self {
    let elements = try rows.filter { !$0.id.isEmpty }
      .sorted { ($0.position, $0.id) < ($1.position, $1.id) }
      .map { try decoder.decode(Element.self, from: $0.json) }
    return Self(elements, uniquingIDsWith: { first, _ in first })
  }
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
