import CustomDump
import Dependencies
import IssueReporting

/// State shared by several features, and possibly persisted: every copy of a `Shared` (and every
/// `@Shared` with the same key) reads and writes one value.
///
/// ```swift
/// @ObservableState
/// struct State {
///   @Shared(.fileStorage(.standupsURL)) var standups: IdentifiedArrayOf<Standup> = []
///   @Shared(.inMemory("count")) var count = 0
/// }
///
/// state.$count.withLock { $0 += 1 }   // every feature holding `count` sees 1
/// ```
///
/// `wrappedValue` is read-only: change the value with ``withLock(_:fileID:filePath:line:column:)``,
/// which makes a read-modify-write exact even when several tasks change it at once. `$value`
/// is the `Shared` itself; `$settings.name` is a `Shared` of one member, `$items[id: id]` of one
/// element (unwrap it with `Shared($items[id: id])`).
@dynamicMemberLookup
@propertyWrapper
public struct Shared<Value> {
  /// Where this wrapper and its copies find their reference (see ``load(_:)``).
  let box: ReferenceBox<any WritableReference<Value>>

  var reference: any WritableReference<Value> { box.reference }

  init(reference: any WritableReference<Value>) {
    box = ReferenceBox(reference)
  }

  /// A shared value of its own, not backed by any key.
  public init(value: sending Value) {
    self.init(reference: RootReference(value: value))
  }

  /// A shared value backed by `key`; `wrappedValue` is used while the key holds nothing.
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedKey<Value>) where Value: Sendable {
    @Dependency(PersistentReferences.self) var references
    self.init(reference: references.reference(for: key, initialValue: wrappedValue()))
  }

  /// A shared value backed by a key that has a default (`@Shared(.standups) var standups`).
  ///
  /// Generic over the key (`Key.Default`), as swift-sharing 2.8.1 spells it: newer compilers
  /// reject the opaque `(some SharedKey<Value>).Default` form.
  public init<Key: SharedKey<Value>>(_ key: Key.Default) where Value: Sendable {
    self.init(wrappedValue: key.defaultValue(), key)
  }

  /// A shared value backed by a key that has a default, with another default here.
  @_disfavoredOverload
  public init<Key: SharedKey<Value>>(wrappedValue: @autoclosure () -> Value, _ key: Key.Default)
  where Value: Sendable {
    self.init(wrappedValue: wrappedValue(), key.base)
  }

  /// An optional shared value backed by `key`, nil while the key holds nothing.
  @_disfavoredOverload
  public init<Wrapped>(_ key: some SharedKey<Value>) where Value == Wrapped?, Value: Sendable {
    self.init(wrappedValue: nil, key)
  }

  /// A shared value backed by `key`, holding what the key loads now: throws what loading threw,
  /// or ``NothingToLoad`` when the key holds no value.
  ///
  /// ```swift
  /// let settings = try await Shared(require: .fileStorage(settingsURL))
  /// ```
  public init(require key: some SharedKey<Value>) async throws where Value: Sendable {
    @Dependency(PersistentReferences.self) var references
    self.init(reference: try await references.requiredReference(for: key))
  }

  /// The same shared value: `Shared(projectedValue: $count)`.
  public init(projectedValue: Shared<Value>) {
    self = projectedValue
  }

  /// The value of an optional shared value, or nil while it is nil.
  ///
  /// ```swift
  /// guard let standup = Shared($standups[id: id]) else { return }
  /// ```
  public init?(_ base: Shared<Value?>) {
    guard let initial = base.reference.value else { return nil }
    self.init(reference: UnwrappedReference(base: base.reference, initial: initial))
  }

  /// The current value. Reading it registers observation. Assigning it works, as in
  /// swift-sharing 2.8, but is deprecated: it is a `withLock` of its own, so `count += 1` reads
  /// and writes under two locks and can lose another task's change; use `withLock`.
  public var wrappedValue: Value {
    get { reference.value }
    @available(
      *, deprecated,
      message: "Use '$shared.withLock' to modify a shared value with exclusive access; when constructing a SwiftUI binding, use 'Binding($shared)'"
    )
    nonmutating set { withLock { $0 = newValue } }
  }

  /// The `Shared` itself: `$count`. Assigning one (`$count = Shared(.inMemory("other"))`)
  /// re-points this wrapper and every copy of it, as ``load(_:)`` does.
  public var projectedValue: Shared<Value> {
    get { self }
    nonmutating set { box.reference = newValue.reference }
  }

  /// Changes the value under a lock, so that a read-modify-write is exact even when other tasks
  /// change it too, and tells observers and the key (which saves it).
  ///
  /// ```swift
  /// $count.withLock { $0 += 1 }
  /// ```
  @discardableResult
  public func withLock<R>(
    _ operation: (inout Value) throws -> R,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) rethrows -> R {
    try reference.withLock(operation)
  }

  /// A `Shared` of one member: `$settings.name`.
  public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Shared<Member> {
    Shared<Member>(reference: KeyPathReference(base: reference, keyPath: keyPath))
  }

  /// A read-only view of one member: `$settings.count` for a `let` or computed member.
  @_disfavoredOverload
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> SharedReader<Member> {
    SharedReader<Member>(reference: KeyPathReference(base: reference as any ReaderReference<Value>, keyPath: keyPath))
  }

  /// A read-only value computed from this one, recomputed on each read:
  /// `$todos.read { $0.filter(\.isDone).count }`.
  public func read<Member>(_ body: @escaping @Sendable (Value) -> Member) -> SharedReader<Member> {
    SharedReader<Member>(reference: ComputedReference(base: reference as any ReaderReference<Value>, compute: body))
  }

  /// A read-only view of part of the value.
  public func read<Member>(_ keyPath: KeyPath<Value, Member>) -> SharedReader<Member> {
    SharedReader<Member>(reference: KeyPathReference(base: reference as any ReaderReference<Value>, keyPath: keyPath))
  }

  /// A read-only view of the whole value.
  public var reader: SharedReader<Value> {
    SharedReader(reference: reference)
  }

  /// Loads the value from its key again.
  public func load() async throws {
    try await reference.root.load()
  }

  /// Points this shared value, and every copy of it, at `key`, and loads it: the dynamic-key
  /// pattern, for a query that depends on what the user typed.
  ///
  /// ```swift
  /// try await $items.load(.fileStorage(.documentsDirectory.appending(component: "\(name).json")))
  /// ```
  ///
  /// Until the key has loaded, the value is the one it had; if loading fails, the value stays
  /// and the error is thrown (and is `loadError`). Observers hear the change of key.
  public func load(_ key: some SharedKey<Value>) async throws where Value: Sendable {
    @Dependency(PersistentReferences.self) var references
    try await references.load(key, keeping: wrappedValue) { box.reference = $0 }
  }

  /// Saves the value through its key now (writing any pending, coalesced write).
  public func save() async throws {
    try await reference.root.save()
  }

  /// Whether the key is loading the value.
  public var isLoading: Bool { reference.root.isLoading }

  /// The error of the last load, if it failed (the value then stays as it was).
  public var loadError: (any Error)? { reference.root.loadError }

  /// The error of the last save, if it failed.
  public var saveError: (any Error)? { reference.root.saveError }
}

// Shared values are safe to send: every access goes through a reference that locks.
extension Shared: @unchecked Sendable {}

extension Shared: Equatable where Value: Equatable {
  /// Equal when the values are. A test store compares two views of the same shared value as
  /// "the value before this step, with the test's expected changes" and "the value now".
  public static func == (lhs: Self, rhs: Self) -> Bool {
    areEqual(lhs.reference, rhs.reference)
  }
}

extension Shared: Hashable where Value: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}

extension Shared: Identifiable where Value: Identifiable {
  public var id: Value.ID { wrappedValue.id }
}

extension Shared: CustomDumpRepresentable {
  public var customDumpValue: Any { wrappedValue }
}

/// Dumped as a reference, as swift-sharing 2.8 dumps it: `#1 0`, and a second appearance of the
/// same shared value (or a part of it) as `#1 Int(↩︎)`.
extension Shared: _CustomDiffObject {
  public var _customDiffValues: (Any, Any) { (reference.snapshot ?? reference.value, reference.value) }
  public var _objectIdentifier: ObjectIdentifier { reference.identity.root }
}

extension Shared: CustomReflectable {
  public var customMirror: Mirror { Mirror(reflecting: wrappedValue) }
}

extension Shared: CustomStringConvertible {
  /// The type and where the value comes from: `Shared<Int>(.inMemory("count"))`,
  /// `Shared<Int>(value: 0)`.
  public var description: String { "Shared<\(Value.self)>(\(reference.description))" }
}

/// Encoded as its value; decoded as a shared value of its own, backed by no key (a decoded state
/// — a replayed recording, a generated test's expectation — never writes to the file or store a
/// recorded `@Shared` was backed by).
extension Shared: Encodable where Value: Encodable {
  public func encode(to encoder: any Encoder) throws {
    (encoder.userInfo[.sharedValuesRead] as? SharedValuesRead)?.count += 1
    try wrappedValue.encode(to: encoder)
  }
}

/// Counts the shared values an encoding reads. A shared value is encoded as its value at the
/// moment of encoding, not at the moment its state was copied: an encoder that works on a copy of
/// a state later, on another thread (a recording's state snapshots), puts one of these in its
/// `userInfo` under `.sharedValuesRead` and discards what it made if the count is not zero.
///
/// `@unchecked Sendable` is safe: one encoding, on one thread, uses a counter.
package final class SharedValuesRead: @unchecked Sendable {
  package var count = 0
  package init() {}
}

extension CodingUserInfoKey {
  /// Where an encoder keeps its ``SharedValuesRead``.
  package static let sharedValuesRead = CodingUserInfoKey(rawValue: "Sharing.sharedValuesRead")!
}

extension Shared: Decodable where Value: Decodable {
  public init(from decoder: any Decoder) throws {
    // A value decoded here is not reachable from anywhere else, so it can be sent.
    let value = try Value(from: decoder)
    self.init(reference: RootReference(value: value))
  }
}
