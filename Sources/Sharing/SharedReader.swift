import CustomDump
import Dependencies

/// A read-only view of shared state: `@SharedReader(.appStorage("isOn")) var isOn = false`, or
/// `SharedReader($shared)` to hand a feature a value it may read but not change.
@dynamicMemberLookup
@propertyWrapper
public struct SharedReader<Value> {
  /// Where this reader and its copies find their reference (see ``load(_:)``).
  let box: ReferenceBox<any ReaderReference<Value>>

  var reference: any ReaderReference<Value> { box.reference }

  init(reference: any ReaderReference<Value>) {
    box = ReferenceBox(reference)
  }

  /// A read-only view of a shared value.
  public init(_ base: Shared<Value>) {
    self.init(reference: base.reference)
  }

  /// A reader backed by `key`, holding what the key loads now: throws what loading threw, or
  /// ``NothingToLoad`` when the key holds no value.
  public init(require key: some SharedReaderKey<Value>) async throws where Value: Sendable {
    @Dependency(PersistentReferences.self) var references
    self.init(reference: try await references.requiredReference(for: key))
  }

  /// A reader of an optional shared value's value, or nil while it is nil; it keeps the last
  /// value once the optional becomes nil (`SharedReader($todos[id: id])` after a removal).
  public init?(_ base: Shared<Value?>) {
    self.init(SharedReader<Value?>(base))
  }

  /// A reader of an optional reader's value, or nil while it is nil; it keeps the last value
  /// once the optional becomes nil.
  public init?(_ base: SharedReader<Value?>) {
    guard let initial = base.reference.value else { return nil }
    self.init(reference: UnwrappedReference(readOnly: base.reference, initial: initial))
  }

  /// A read-only value computed from this one, recomputed on each read:
  /// `$todos.read { $0.filter(\.isDone).count }`.
  public func read<Member>(_ body: @escaping @Sendable (Value) -> Member) -> SharedReader<Member> {
    SharedReader<Member>(reference: ComputedReference(base: reference, compute: body))
  }

  /// The same reader: `SharedReader(projectedValue: $value)`.
  public init(projectedValue: SharedReader<Value>) {
    self = projectedValue
  }

  /// A reader of a value of its own.
  public init(value: sending Value) {
    self.init(reference: RootReference(value: value))
  }

  /// A reader of a value that never changes.
  public static func constant(_ value: sending Value) -> Self {
    Self(value: value)
  }

  /// A reader backed by `key`; `wrappedValue` is used while the key holds nothing.
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedReaderKey<Value>)
  where Value: Sendable {
    @Dependency(PersistentReferences.self) var references
    self.init(reference: references.reference(for: key, initialValue: wrappedValue()))
  }

  /// A reader backed by a key that has a default.
  public init<Key: SharedReaderKey<Value>>(_ key: Key.Default) where Value: Sendable {
    self.init(wrappedValue: key.defaultValue(), key.base)
  }

  /// A reader backed by a key that has a default, with another value to use while the key holds
  /// nothing: `@SharedReader(.items) var items = []`.
  @_disfavoredOverload
  public init<Key: SharedReaderKey<Value>>(
    wrappedValue: @autoclosure () -> Value, _ key: Key.Default
  ) where Value: Sendable {
    self.init(wrappedValue: wrappedValue(), key.base)
  }

  /// An optional reader backed by `key`, nil while the key holds nothing.
  @_disfavoredOverload
  public init<Wrapped>(_ key: some SharedReaderKey<Value>) where Value == Wrapped?, Value: Sendable {
    self.init(wrappedValue: nil, key)
  }

  /// The current value; reading it registers observation.
  public var wrappedValue: Value { reference.value }

  /// The reader itself: `$items`. Assigning one (`$items = SharedReader(.other)`) re-points this
  /// reader and every copy of it, as ``load(_:)`` does.
  public var projectedValue: SharedReader<Value> {
    get { self }
    nonmutating set { box.reference = newValue.reference }
  }

  /// A reader of one part of the value: `$settings.theme`.
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> SharedReader<Member> {
    SharedReader<Member>(reference: KeyPathReference(base: reference, keyPath: keyPath))
  }

  /// Reads the value from its key again (the file, the defaults), throwing what reading threw.
  public func load() async throws { try await reference.root.load() }
  /// Points this reader, and every copy of it, at `key`, and loads it: the dynamic-query
  /// pattern.
  ///
  /// ```swift
  /// .run { [items = state.$items, text = state.searchText] _ in
  ///   try await items.load(.fetch(Search(text: text)))
  /// }
  /// ```
  ///
  /// Until the key has loaded, the value is the one it had; if loading fails, the value stays
  /// and the error is thrown (and is `loadError`). Observers hear the change of key.
  public func load(_ key: some SharedReaderKey<Value>) async throws where Value: Sendable {
    @Dependency(PersistentReferences.self) var references
    try await references.load(key, keeping: wrappedValue) { box.reference = $0 }
  }

  /// Whether the key is reading the value.
  public var isLoading: Bool { reference.root.isLoading }
  /// The error the last read threw, if it failed.
  public var loadError: (any Error)? { reference.root.loadError }
}

// Readers are safe to send: every access goes through a reference that locks.
extension SharedReader: @unchecked Sendable {}

extension SharedReader: Equatable where Value: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    areEqual(lhs.reference, rhs.reference)
  }
}

extension SharedReader: Hashable where Value: Hashable {
  public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}

extension SharedReader: Identifiable where Value: Identifiable {
  public var id: Value.ID { wrappedValue.id }
}

extension SharedReader: CustomDumpRepresentable {
  public var customDumpValue: Any { wrappedValue }
}

/// Dumped as a reference, as `Shared` is.
extension SharedReader: _CustomDiffObject {
  public var _customDiffValues: (Any, Any) { (reference.snapshot ?? reference.value, reference.value) }
  public var _objectIdentifier: ObjectIdentifier { reference.identity.root }
}

extension SharedReader: CustomReflectable {
  public var customMirror: Mirror { Mirror(reflecting: wrappedValue) }
}

extension SharedReader: CustomStringConvertible {
  /// The type and where the value comes from: `SharedReader<Int>(.appStorage("count"))`.
  public var description: String { "SharedReader<\(Value.self)>(\(reference.description))" }
}
