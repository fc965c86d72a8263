import ConcurrencyExtras
import Dependencies

/// The root references of keyed shared values, so that every `@Shared` of one key shares one
/// reference. A dependency: each test gets its own, so tests never see each other's shared state.
final class PersistentReferences: Sendable {
  private struct Entry: @unchecked Sendable {
    // @unchecked Sendable: the references stored are themselves Sendable.
    let reference: AnyObject
  }

  private let references = LockIsolated<[RegistryID: Entry]>([:])

  func reference<Key: SharedReaderKey>(
    for key: Key, initialValue: @autoclosure () -> Key.Value
  ) -> RootReference<Key.Value> {
    let id = RegistryID(type: ObjectIdentifier(Key.Value.self), id: key.id)
    if let existing = references.value[id]?.reference as? RootReference<Key.Value> {
      return existing
    }
    // Made outside the lock (loading may take a while); if another thread made one meanwhile,
    // that one wins.
    let made = Entry(reference: RootReference(key: key, initialValue: initialValue()))
    let entry = references.withValue { references in
      if let existing = references[id], existing.reference is RootReference<Key.Value> {
        return existing
      }
      references[id] = made
      return made
    }
    return entry.reference as! RootReference<Key.Value>
  }

  private struct RegistryID: Hashable, @unchecked Sendable {
    // @unchecked Sendable: key ids are values of Sendable keys.
    let type: ObjectIdentifier
    let id: AnyHashable
  }
}

extension PersistentReferences: DependencyKey {
  static var liveValue: PersistentReferences { PersistentReferences() }
  static var testValue: PersistentReferences { PersistentReferences() }
}
