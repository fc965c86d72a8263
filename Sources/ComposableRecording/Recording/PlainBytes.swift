import ComposableArchitecture
import CustomDump
import Dependencies
import ConcurrencyExtras
import Foundation
import Sharing

/// The bytes of a value whose type holds no references and fits in 16 bytes; nil for others.
struct PlainBytes: Hashable, Sendable {
  let type: ObjectIdentifier
  let low: UInt64
  let high: UInt64

  init(type: ObjectIdentifier, low: UInt64, high: UInt64) {
    self.type = type
    self.low = low
    self.high = high
  }

  /// The value these are the bytes of (of the type they were taken from).
  func load<Value>(as _: Value.Type) -> Value {
    withUnsafeBytes(of: (low, high)) { $0.loadUnaligned(as: Value.self) }
  }

  init?<Value>(_ value: Value) {
    guard _isPOD(Value.self), MemoryLayout<Value>.size <= 16 else { return nil }
    var words: (UInt64, UInt64) = (0, 0)
    withUnsafeBytes(of: value) { source in
      withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: source) }
    }
    self.type = ObjectIdentifier(Value.self)
    self.low = words.0
    self.high = words.1
  }
}

/// The fields of plain actions by their bytes: a table of fixed size, open addressing, looked up
/// with one multiplication rather than `Hasher` (whose SipHash cost a row action a tenth of its
/// recording), the fields' bytes kept one after another in one buffer, so that a lookup retains
/// nothing. Holds at most half as many entries as slots; once full, new actions are not kept.
///
/// Not thread-safe: its ``LineMaker``'s thread uses it.
final class PlainBytesTable {
  private static let slotBits = 11
  private static let slotCount = 1 << slotBits
  /// The slots' keys and where their fields are in `fields`: allocated at the first insertion
  /// (a recording whose actions hold references never makes them).
  private var keys: UnsafeMutablePointer<PlainBytes?>?
  private var ranges: UnsafeMutablePointer<(start: Int, count: Int)>?
  private let fields = JSONLine()
  private(set) var count = 0

  deinit {
    keys?.deinitialize(count: Self.slotCount).deallocate()
    ranges?.deallocate()
  }

  /// The slot `bytes` hashes to first.
  private static func firstSlot(_ bytes: PlainBytes) -> Int {
    let type = UInt64(UInt(bitPattern: bytes.type))
    let mixed = (bytes.low ^ (bytes.high &<< 29 | bytes.high &>> 35) ^ type) &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: mixed &>> UInt64(UInt64.bitWidth - slotBits))
  }

  /// The slot holding `bytes`, or the empty one where they would go.
  private func slot(of bytes: PlainBytes, in keys: UnsafeMutablePointer<PlainBytes?>) -> Int {
    var slot = Self.firstSlot(bytes)
    while let key = keys[slot], key != bytes {
      slot = (slot + 1) & (Self.slotCount - 1)
    }
    return slot
  }

  /// Appends the field kept for `bytes` to `line`; false when there is none.
  func append(_ bytes: PlainBytes, to line: JSONLine) -> Bool {
    guard let keys, let ranges else { return false }
    let slot = slot(of: bytes, in: keys)
    guard keys[slot] != nil else { return false }
    let range = ranges[slot]
    line.append(UnsafeRawBufferPointer(rebasing: fields.bytes[range.start..<range.start + range.count]))
    return true
  }

  /// Keeps `field` for `bytes`, unless the table is full.
  func insert(_ field: UnsafeRawBufferPointer, for bytes: PlainBytes) {
    if keys == nil {
      keys = .allocate(capacity: Self.slotCount)
      keys!.initialize(repeating: nil, count: Self.slotCount)
      ranges = .allocate(capacity: Self.slotCount)
    }
    guard let keys, let ranges, count < Self.slotCount / 2 else { return }
    let slot = slot(of: bytes, in: keys)
    guard keys[slot] == nil else { return }
    keys[slot] = bytes
    ranges[slot] = (fields.count, field.count)
    fields.append(field)
    count += 1
  }
}
