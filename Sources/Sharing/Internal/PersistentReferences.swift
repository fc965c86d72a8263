import ConcurrencyExtras
import Dependencies

/// The root references of keyed shared values, so that every `@Shared` of one key shares one
/// reference while any holds it. A dependency: each test gets its own, so tests never see each
/// other's shared state.
///
/// Held weakly, as swift-sharing holds them: a reference that every share let go of is freed,
/// with its subscription (a file watch, a database observation), and a later share of the key
/// loads the value from the key again (an `.inMemory` key from its storage, where saves keep it).
final class PersistentReferences: Sendable {
  private struct Entry: @unchecked Sendable {
    // @unchecked Sendable: the references stored are themselves Sendable.
    weak var reference: AnyObject?
  }

  private struct Registry {
    var entries: [RegistryID: Entry] = [:]
    /// How many entries there were after the last sweep of freed ones: the next sweep comes when
    /// there are twice as many, so that registering stays O(1) on average.
    var swept = 0
  }

  private let registry = LockIsolated(Registry())

  /// The reference of `key`, made (and loaded, unless `skipInitialLoad`) if there is none yet.
  func reference<Key: SharedReaderKey>(
    for key: Key, initialValue: @autoclosure () -> Key.Value, skipInitialLoad: Bool = false
  ) -> RootReference<Key.Value> {
    let id = RegistryID(type: ObjectIdentifier(Key.Value.self), id: key.id)
    if let existing = registry.value.entries[id]?.reference as? RootReference<Key.Value> {
      return existing
    }
    // Made outside the lock (loading may take a while); if another thread made one meanwhile,
    // that one wins.
    let value = initialValue()
    // Dependencies first, references second (swift-sharing's locking order): a dependency being
    // built on another thread may be making this very key's reference and writing to it (a
    // dependency's `@Shared` changed in its `init`). Reading through the dependency cache waits
    // for that to finish, so the reference found below holds what it wrote.
    @Dependency(ReferencesLockingOrder.self) var waitForDependenciesBeingBuilt
    _ = waitForDependenciesBeingBuilt
    let made = RootReference(key: key, initialValue: value, skipInitialLoad: skipInitialLoad)
    return registry.withValue { registry in
      if let existing = registry.entries[id]?.reference as? RootReference<Key.Value> {
        return existing
      }
      registry.entries[id] = Entry(reference: made)
      if registry.entries.count > max(64, 2 * registry.swept) {
        registry.entries = registry.entries.filter { $0.value.reference != nil }
        registry.swept = registry.entries.count
      }
      return made
    }
  }

  /// `load(_:)` of a `Shared` or `SharedReader`: hands `repoint` the reference of `key` (made
  /// with `value`, the wrapper's value until the key has loaded), then loads it.
  func load<Key: SharedReaderKey>(
    _ key: Key, keeping value: Key.Value, repoint: (RootReference<Key.Value>) -> Void
  ) async throws {
    let reference = reference(for: key, initialValue: value, skipInitialLoad: true)
    repoint(reference)
    try await reference.load()
  }

  /// The reference of `key` holding what the key loads now, for `Shared(require:)`: throws what
  /// loading threw, or ``NothingToLoad`` when the key holds nothing.
  func requiredReference<Key: SharedReaderKey>(for key: Key) async throws -> RootReference<Key.Value> {
    // Another share of the key already holds its value (an `.inMemory` key has nothing to load
    // otherwise): that value, as swift-sharing 2.8 finds it.
    let id = RegistryID(type: ObjectIdentifier(Key.Value.self), id: key.id)
    if let existing = registry.value.entries[id]?.reference as? RootReference<Key.Value> {
      if let error = existing.loadError { throw error }
      return existing
    }
    let loaded: Key.Value? = try await withCheckedThrowingContinuation { continuation in
      key.load(context: .userInitiated, continuation: LoadContinuation { continuation.resume(with: $0) })
    }
    guard let loaded else { throw NothingToLoad(key: String(describing: key)) }
    let reference = reference(for: key, initialValue: loaded, skipInitialLoad: true)
    if let error = reference.loadError { throw error }
    return reference
  }

  private struct RegistryID: Hashable, @unchecked Sendable {
    // @unchecked Sendable: key ids are values of Sendable keys.
    let type: ObjectIdentifier
    let id: AnyHashable
  }
}

/// A dependency read only for its lock (see `PersistentReferences.reference(for:…)`): the
/// dependency cache is locked while a dependency is built, so reading any cached value waits for
/// that.
private enum ReferencesLockingOrder: DependencyKey {
  static let liveValue = true
  static let testValue = true
}

extension PersistentReferences: DependencyKey {
  static var liveValue: PersistentReferences { PersistentReferences() }
  static var testValue: PersistentReferences { PersistentReferences() }
}

/// What `Shared(require:)` and `SharedReader(require:)` throw when their key holds no value.
public struct NothingToLoad: Error, CustomStringConvertible {
  /// The key, as it describes itself.
  public let key: String

  public var description: String {
    "\(key) holds no value: give the shared value a default instead of using require:, or save one first."
  }
}
