import Dependencies
import Foundation

/// A key whose value lives in `UserDefaults`; see `SharedReaderKey.appStorage(_:store:)`.
///
/// ```swift
/// @Shared(.appStorage("hasSeenOnboarding")) var hasSeenOnboarding = false
/// ```
///
/// Supported values, as in swift-sharing: `Bool`, `Int`, `Double`, `String`, `URL`, `Data`,
/// `Date`, `RawRepresentable` with `Int` or `String` raw values, and optionals of these.
public struct AppStorageKey<Value: Sendable>: SharedKey {
  let key: String
  let store: UserDefaultsBox
  let get: @Sendable (UserDefaults, String) -> Value?
  let set: @Sendable (UserDefaults, String, Value) -> Void

  init(
    _ key: String, store: UserDefaults?,
    get: @escaping @Sendable (UserDefaults, String) -> Value?,
    set: @escaping @Sendable (UserDefaults, String, Value) -> Void
  ) {
    @Dependency(\.defaultAppStorage) var defaultStore
    self.key = key
    self.store = UserDefaultsBox(store ?? defaultStore)
    self.get = get
    self.set = set
  }

  public var id: AppStorageKeyID {
    AppStorageKeyID(key: key, store: ObjectIdentifier(store.defaults))
  }

  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    continuation.resume(with: .success(get(store.defaults, key)))
  }

  public func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    let store = store
    let observer = NotificationCenter.default.addObserver(
      forName: UserDefaults.didChangeNotification, object: nil, queue: nil
    ) { [get, key] _ in
      subscriber.yield(with: .success(get(store.defaults, key)))
    }
    let token = ObserverBox(observer)
    return SharedSubscription { NotificationCenter.default.removeObserver(token.observer) }
  }

  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    set(store.defaults, key, value)
    continuation.resume()
  }
}

extension AppStorageKey: CustomStringConvertible {
  public var description: String { ".appStorage(\(String(reflecting: key)))" }
}

/// The identity of an `.appStorage` key: its name, in its defaults. Keys with the same id share
/// one value.
public struct AppStorageKeyID: Hashable, Sendable {
  let key: String
  let store: ObjectIdentifier
}

/// `UserDefaults` is thread-safe but not marked Sendable.
struct UserDefaultsBox: @unchecked Sendable {
  let defaults: UserDefaults
  init(_ defaults: UserDefaults) { self.defaults = defaults }
}

/// A notification observer token, which is immutable once made.
private struct ObserverBox: @unchecked Sendable {
  let observer: any NSObjectProtocol
  init(_ observer: any NSObjectProtocol) { self.observer = observer }
}

extension AppStorageKey {
  /// A key for a value stored as a property-list type.
  fileprivate static func plain(_ key: String, store: UserDefaults?) -> Self
  where Value: Sendable {
    Self(key, store: store, get: { $0.object(forKey: $1) as? Value }, set: { $0.set($2, forKey: $1) })
  }

  /// A key for an optional: nil removes the value.
  fileprivate static func optional<Wrapped>(
    _ base: AppStorageKey<Wrapped>
  ) -> Self where Value == Wrapped? {
    Self(
      base.key, store: base.store.defaults,
      get: { defaults, key in base.get(defaults, key).map { .some($0) } ?? .some(nil) },
      set: { defaults, key, value in
        if let value { base.set(defaults, key, value) } else { defaults.removeObject(forKey: key) }
      }
    )
  }
}

extension SharedReaderKey {
  /// A `Bool` in `UserDefaults` under `key` (`store`: another suite than the standard one).
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Bool> { .plain(key, store: store) }

  /// A `Int` in `UserDefaults` under `key` (`store`: another suite than the standard one).
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Int> {
    AppStorageKey(key, store: store, get: { ($0.object(forKey: $1) as? NSNumber)?.intValue }, set: { $0.set($2, forKey: $1) })
  }

  /// A `Double` in `UserDefaults` under `key` (`store`: another suite than the standard one).
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Double> {
    AppStorageKey(key, store: store, get: { ($0.object(forKey: $1) as? NSNumber)?.doubleValue }, set: { $0.set($2, forKey: $1) })
  }

  /// A `String` in `UserDefaults` under `key` (`store`: another suite than the standard one).
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<String> { .plain(key, store: store) }

  /// A `Data` in `UserDefaults` under `key` (`store`: another suite than the standard one).
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Data> { .plain(key, store: store) }

  /// A `Date` in `UserDefaults` under `key` (`store`: another suite than the standard one).
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Date> { .plain(key, store: store) }

  /// A `URL` in `UserDefaults` under `key` (`store`: another suite than the standard one).
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<URL> {
    AppStorageKey(key, store: store, get: { $0.url(forKey: $1) }, set: { $0.set($2.absoluteString, forKey: $1) })
  }

  /// A `UserDefaults` value of a type whose raw value is `Int`, stored as that raw value.
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Value.RawValue == Int, Self == AppStorageKey<Value> {
    AppStorageKey(
      key, store: store,
      get: { ($0.object(forKey: $1) as? NSNumber).flatMap { Value(rawValue: $0.intValue) } },
      set: { $0.set($2.rawValue, forKey: $1) }
    )
  }

  /// A `UserDefaults` value of a type whose raw value is `String`, stored as that raw value.
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Value.RawValue == String, Self == AppStorageKey<Value> {
    AppStorageKey(
      key, store: store,
      get: { ($0.object(forKey: $1) as? String).flatMap(Value.init(rawValue:)) },
      set: { $0.set($2.rawValue, forKey: $1) }
    )
  }

  /// An optional `Bool` in `UserDefaults` under `key` (`nil` removes it).
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Bool?> { .optional(.appStorage(key, store: store)) }

  /// An optional `Int` in `UserDefaults` under `key` (`nil` removes it).
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Int?> { .optional(.appStorage(key, store: store)) }

  /// An optional `Double` in `UserDefaults` under `key` (`nil` removes it).
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Double?> { .optional(.appStorage(key, store: store)) }

  /// An optional `String` in `UserDefaults` under `key` (`nil` removes it).
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<String?> { .optional(.appStorage(key, store: store)) }

  /// An optional `Data` in `UserDefaults` under `key` (`nil` removes it).
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Data?> { .optional(.appStorage(key, store: store)) }

  /// An optional `Date` in `UserDefaults` under `key` (`nil` removes it).
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Date?> { .optional(.appStorage(key, store: store)) }

  /// An optional `URL` in `UserDefaults` under `key` (`nil` removes it).
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<URL?> { .optional(.appStorage(key, store: store)) }

  /// An optional `UserDefaults` value of a type whose raw value is `Int` (`nil` removes it).
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Value.RawValue == Int, Self == AppStorageKey<Value?> {
    .optional(.appStorage(key, store: store))
  }

  /// An optional `UserDefaults` value of a type whose raw value is `String` (`nil` removes it).
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Value.RawValue == String, Self == AppStorageKey<Value?> {
    .optional(.appStorage(key, store: store))
  }
}

private enum DefaultAppStorageKey: DependencyKey {
  static var liveValue: UserDefaultsBox { UserDefaultsBox(.standard) }
  static var testValue: UserDefaultsBox {
    // A private, empty suite for each test.
    let suite = "co.composable-architecture.tests.\(UUID().uuidString)"
    let defaults = UserDefaults(suiteName: suite)!
    defaults.removePersistentDomain(forName: suite)
    return UserDefaultsBox(defaults)
  }
}

extension DependencyValues {
  /// The `UserDefaults` of `.appStorage` keys: `.standard` live, a private suite in each test.
  public var defaultAppStorage: UserDefaults {
    get { self[DefaultAppStorageKey.self].defaults }
    set { self[DefaultAppStorageKey.self] = UserDefaultsBox(newValue) }
  }
}
