import Dependencies
import Foundation

/// A key whose value lives in `UserDefaults`; see `SharedReaderKey.appStorage(_:store:)`.
///
/// ```swift
/// @Shared(.appStorage("hasSeenOnboarding")) var hasSeenOnboarding = false
/// ```
///
/// Supported values, as in swift-sharing: `Bool`, `Int`, `Double`, `String`, `[String]`, `URL`,
/// `Data`, `Date`, `RawRepresentable` with `Int` or `String` raw values, `Codable` values (as JSON
/// data), and optionals of these.
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

  /// A `[String]` in `UserDefaults` under `key` (`store`: another suite than the standard one).
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<[String]> {
    AppStorageKey(key, store: store, get: { $0.stringArray(forKey: $1) }, set: { $0.set($2, forKey: $1) })
  }

  /// A `Codable` value in `UserDefaults` under `key`, stored as JSON data (a value that no longer
  /// decodes reads as absent, so the default is used).
  @_disfavoredOverload
  public static func appStorage<Value: Codable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Value> {
    AppStorageKey(
      key, store: store,
      get: { defaults, key in
        defaults.data(forKey: key).flatMap { try? JSONDecoder().decode(Value.self, from: $0) }
      },
      set: { defaults, key, value in
        // Encoding a `Codable` value that encodes can only fail for values JSON cannot hold
        // (a non-finite Double): then nothing is written and the old value stays.
        if let data = try? JSONEncoder().encode(value) { defaults.set(data, forKey: key) }
      }
    )
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

  /// An optional `[String]` in `UserDefaults` under `key` (`nil` removes it).
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<[String]?> { .optional(.appStorage(key, store: store)) }

  /// An optional `Codable` value in `UserDefaults` under `key`, as JSON data (`nil` removes it).
  @_disfavoredOverload
  public static func appStorage<Value: Codable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Value?> {
    .optional(.appStorage(key, store: store))
  }

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
  static var testValue: UserDefaultsBox { UserDefaultsBox(.inMemory) }
}

extension UserDefaults {
  /// A new, empty suite of defaults of its own, for tests and previews:
  /// `prepareDependencies { $0.defaultAppStorage = .inMemory }`. Each use is another suite, so
  /// nothing is shared with the standard defaults or with another test.
  public static var inMemory: UserDefaults {
    let suite = "co.composable-architecture.in-memory.\(UUID().uuidString)"
    // A suite name that is not the app's own always makes defaults.
    let defaults = UserDefaults(suiteName: suite)!
    defaults.removePersistentDomain(forName: suite)
    return defaults
  }
}

private enum AppStorageKeyFormatWarningEnabledKey: DependencyKey {
  static let liveValue = true
  static let testValue = true
}

extension DependencyValues {
  /// The `UserDefaults` of `.appStorage` keys: `.standard` live, a private suite in each test.
  public var defaultAppStorage: UserDefaults {
    get { self[DefaultAppStorageKey.self].defaults }
    set { self[DefaultAppStorageKey.self] = UserDefaultsBox(newValue) }
  }

  /// Whether an `.appStorage` key containing `.` or starting with `@` is reported, as
  /// swift-sharing does. On Apple platforms such keys cannot be observed with key-value
  /// observation; here every key is observed through `UserDefaults.didChangeNotification`, so
  /// any key works and none is reported. Set it as there (`prepareDependencies {
  /// $0.appStorageKeyFormatWarningEnabled = false }`); it changes nothing on Linux.
  public var appStorageKeyFormatWarningEnabled: Bool {
    get { self[AppStorageKeyFormatWarningEnabledKey.self] }
    set { self[AppStorageKeyFormatWarningEnabledKey.self] = newValue }
  }
}
