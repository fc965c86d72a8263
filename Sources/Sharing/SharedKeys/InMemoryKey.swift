import ConcurrencyExtras
import Dependencies
import Foundation

extension SharedReaderKey {
  /// A value kept in memory for as long as the process runs, shared by every `@Shared` with the
  /// same name.
  ///
  /// ```swift
  /// @Shared(.inMemory("isLoggedIn")) var isLoggedIn = false
  /// ```
  public static func inMemory<Value>(_ key: String) -> Self where Self == InMemoryKey<Value> {
    InMemoryKey(key)
  }
}

/// A key whose value lives in memory; see ``SharedReaderKey/inMemory(_:)``.
public struct InMemoryKey<Value: Sendable>: SharedKey {
  let key: String
  let storage: InMemoryStorage

  /// The value named `key` in the current `defaultInMemoryStorage`.
  public init(_ key: String) {
    @Dependency(\.defaultInMemoryStorage) var storage
    self.key = key
    self.storage = storage
  }

  public var id: InMemoryKeyID {
    InMemoryKeyID(key: key, storage: ObjectIdentifier(storage))
  }

  /// The value the storage holds under this name (kept there by the last save), else the
  /// initial value, which the storage then keeps: a default given by a first share outlives it,
  /// as a saved value does (`@Shared(.inMemory("count")) var count = 10`, let go of, then
  /// `@Shared(.inMemory("count")) var again = 0` reads 10).
  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    if let value = storage.value(named: key, keepingIfAbsent: context.initialValue) as? Value {
      continuation.resume(returning: value)
    } else {
      continuation.resumeReturningInitialValue()
    }
  }

  public func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    SharedSubscription {}
  }

  /// Keeps `value` in the storage: a share of this name made after every other was let go of
  /// starts from it.
  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    storage.setValue(value, named: key)
    continuation.resume()
  }
}

extension InMemoryKey: CustomStringConvertible {
  public var description: String { ".inMemory(\(String(reflecting: key)))" }
}

/// The identity of an `.inMemory` key: its name, in its storage.
public struct InMemoryKeyID: Hashable, Sendable {
  let key: String
  let storage: ObjectIdentifier
}

/// Where `.inMemory` values live: the names are scoped to a storage, and each test gets a new
/// one, so tests never share in-memory values.
public final class InMemoryStorage: Hashable, Sendable {
  /// The last value saved under each name.
  private let values = LockIsolated<[String: any Sendable]>([:])

  /// An empty storage.
  public init() {}

  /// The value saved under `name`; when there is none, `initialValue` is kept there (if given)
  /// and returned, in one step, so that two first shares made at once keep one of their defaults.
  func value(named name: String, keepingIfAbsent initialValue: (any Sendable)?) -> (any Sendable)? {
    values.withValue { values in
      if let value = values[name] { return value }
      values[name] = initialValue
      return initialValue
    }
  }

  func setValue(_ value: any Sendable, named name: String) {
    values.withValue { $0[name] = value }
  }

  /// The same storage: two storages are equal only if they are one object.
  public static func == (lhs: InMemoryStorage, rhs: InMemoryStorage) -> Bool { lhs === rhs }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

private enum DefaultInMemoryStorageKey: DependencyKey {
  static var liveValue: InMemoryStorage { InMemoryStorage() }
  static var testValue: InMemoryStorage { InMemoryStorage() }
}

extension DependencyValues {
  /// The storage of `.inMemory` keys.
  public var defaultInMemoryStorage: InMemoryStorage {
    get { self[DefaultInMemoryStorageKey.self] }
    set { self[DefaultInMemoryStorageKey.self] = newValue }
  }
}
