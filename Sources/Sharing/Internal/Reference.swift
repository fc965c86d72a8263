import ConcurrencyExtras
import Foundation
import IssueReporting
import Observation

/// What every `Shared` and `SharedReader` reads through: the root reference that holds a value,
/// or a view of part of another reference.
protocol ReaderReference<Value>: AnyObject, Sendable {
  associatedtype Value
  /// The current value; registers observation.
  var value: Value { get }
  /// The value as of the start of the test store step, when a test store is comparing.
  var snapshot: Value? { get }
  /// The root reference and the path from it: equal for two views of the same thing.
  var identity: ReferenceIdentity { get }
  var root: any RootReferenceProtocol { get }
  /// Where the value comes from, as `Shared`'s description shows it: the key
  /// (`.inMemory("count")`), `value: 0` for a value of its own, and the path from there.
  var description: String { get }
}

/// A reference that can be written.
protocol WritableReference<Value>: ReaderReference {
  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R
}

struct ReferenceIdentity: Hashable, @unchecked Sendable {
  // `AnyKeyPath` is immutable and thread-safe but not marked Sendable.
  let root: ObjectIdentifier
  let path: [AnyKeyPath]
}

/// The loading state and persistence operations every view of a root shares.
protocol RootReferenceProtocol: AnyObject, Sendable {
  var isLoading: Bool { get }
  var loadError: (any Error)? { get }
  var saveError: (any Error)? { get }
  func load() async throws
  func save() async throws
}

/// The value of a `@Shared`, and where it came from: a key (loaded, saved and watched through
/// it) or nothing (`Shared(value:)`). Every access is under a lock, so it is safe to use from any
/// thread; observers are told through an `ObservationRegistrar`.
final class RootReference<Value>: WritableReference, RootReferenceProtocol, Observable,
  @unchecked Sendable
{
  // @unchecked Sendable: every stored mutable property is read and written only under `lock`.
  private let lock = NSRecursiveLock()
  private var _value: Value
  private var _isLoading = false
  private var _loadError: (any Error)?
  private var _saveError: (any Error)?
  private let observed = ObservedMembers()
  private let initialValue: Value
  private let persistence: Persistence?
  private var subscription: SharedSubscription?
  /// The key's description, made when asked for (`String(reflecting: key)`); nil for a value of
  /// its own.
  private let describeKey: (@Sendable () -> String)?

  /// What a key-backed root does with its key, with the key's types erased.
  struct Persistence: Sendable {
    let load: @Sendable (LoadContext<Value>, LoadContinuation<Value>) -> Void
    let subscribe: @Sendable (LoadContext<Value>, SharedSubscriber<Value>) -> SharedSubscription
    let save: (@Sendable (Value, SaveContext, SaveContinuation) -> Void)?
    /// Of a key that marks its saves: the mark to take before reading the value to save.
    let markSave: (@Sendable () -> any Sendable)?

    /// Saves `value` with `mark` (see ``_MarksSaves``).
    func save(
      _ value: Value, _ context: SaveContext, _ continuation: SaveContinuation, mark: (any Sendable)?
    ) {
      guard let save else { return }
      guard let mark else { return save(value, context, continuation) }
      SaveMark.$current.withValue(mark) { save(value, context, continuation) }
    }
  }

  init(value: Value) {
    _value = value
    initialValue = value
    persistence = nil
    describeKey = nil
  }

  /// A root backed by `key`, loaded at once unless `skipInitialLoad` (its caller loads it).
  init<Key: SharedReaderKey>(key: Key, initialValue: Value, skipInitialLoad: Bool = false)
  where Key.Value == Value {
    _value = initialValue
    self.initialValue = initialValue
    describeKey = { String(reflecting: key) }
    let save: (@Sendable (Value, SaveContext, SaveContinuation) -> Void)?
    if let writable = key as? any SharedKey<Value> {
      save = { writable.save($0, context: $1, continuation: $2) }
    } else {
      save = nil
    }
    let markSave: (@Sendable () -> any Sendable)?
    if let marks = key as? any _MarksSaves {
      markSave = { marks.markSave() }
    } else {
      markSave = nil
    }
    persistence = Persistence(
      load: { key.load(context: $0, continuation: $1) },
      subscribe: { key.subscribe(context: $0, subscriber: $1) },
      save: save,
      markSave: markSave
    )
    if !skipInitialLoad {
      startLoading(context: .initialValue(initialValue))
    }
    subscription = persistence?.subscribe(
      .initialValue(initialValue),
      SharedSubscriber(
        callback: { [weak self] result in self?.receive(result) },
        onLoading: { [weak self] isLoading in self?.setLoading(isLoading) }
      )
    )
  }

  var root: any RootReferenceProtocol { self }
  var identity: ReferenceIdentity { ReferenceIdentity(root: ObjectIdentifier(self), path: []) }
  var description: String {
    describeKey?() ?? "value: \(String(reflecting: lock.withLock { _value }))"
  }

  var value: Value {
    observed.access(\.value)
    if SharedChangeTracker.readsSnapshots, let snapshot {
      return snapshot
    }
    return lock.withLock { _value }
  }

  /// The value recorded at the start of the test store's step, if it changed since.
  ///
  /// (A recorded value is unwrapped from the tracker's optional before the cast: cast directly, a
  /// missing one would read as `nil` for an optional `Value`.)
  var snapshot: Value? {
    guard let recorded = SharedChangeTracker.current?.snapshot(of: self) else { return nil }
    return recorded as? Value
  }

  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    if let tracker = SharedChangeTracker.current, SharedChangeTracker.readsSnapshots {
      // A test store's assertion: the expected value changes, not the real one.
      var expected = snapshot ?? lock.withLock { _value }
      let result = try body(&expected)
      tracker.setSnapshot(expected, of: self)
      return result
    }
    let mark = persistence?.markSave?()
    let (result, newValue) = try observed.withMutation(\.value) {
      try lock.withLock {
        SharedChangeTracker.current?.recordSnapshotIfNeeded(_value, of: self)
        // `body` changes a copy, not `_value` in place: it may read this value, through this
        // share or one derived from it (`$items.withLock { $0.remove(id: item.id) }` where `item`
        // is `Shared($items[id: id])`), and such a read during an in-place write is a
        // simultaneous access, which aborts. Readers see the value from before the change, as
        // with swift-sharing.
        var newValue = _value
        let result = try body(&newValue)
        _value = newValue
        return (result, newValue)
      }
    }
    persistence?.save(
      newValue, .didSet, SaveContinuation(resuming: { [weak self] in self?.finishSave($0) }), mark: mark
    )
    return result
  }

  var isLoading: Bool {
    observed.access(\.isLoading)
    return lock.withLock { _isLoading }
  }

  var loadError: (any Error)? {
    observed.access(\.loadError)
    return lock.withLock { _loadError }
  }

  var saveError: (any Error)? {
    observed.access(\.saveError)
    return lock.withLock { _saveError }
  }

  func load() async throws {
    guard let persistence else { return }
    let error: (any Error)? = await withCheckedContinuation { continuation in
      setLoading(true)
      persistence.load(
        .userInitiated,
        LoadContinuation { [weak self] result in
          // A key that holds nothing now leaves the value as it is (swift-sharing 2.8).
          self?.receive(result, nothingMeans: .keep)
          if case let .failure(error) = result {
            continuation.resume(returning: error)
          } else {
            continuation.resume(returning: nil)
          }
        }
      )
    }
    if let error { throw error }
  }

  func save() async throws {
    guard let persistence, persistence.save != nil else { return }
    let mark = persistence.markSave?()
    let value = lock.withLock { _value }
    let result: Result<Void, any Error> = await withCheckedContinuation { continuation in
      persistence.save(
        value, .userInitiated, SaveContinuation(resuming: { continuation.resume(returning: $0) }), mark: mark
      )
    }
    finishSave(result)
    if case let .failure(error) = result { throw error }
  }

  private func startLoading(context: LoadContext<Value>) {
    guard let persistence else { return }
    lock.withLock { _isLoading = true }
    persistence.load(context, LoadContinuation { [weak self] in self?.receive($0) })
  }

  /// What a key that hands back nothing (nil) means: the initial value (a first load, a value
  /// removed outside), or no change (a `load()` the feature asked for).
  private enum Nothing {
    case initialValue, keep
  }

  /// A value (or an error) from the key: loaded, or changed outside the feature.
  private func receive(_ result: Result<Value?, any Error>, nothingMeans nothing: Nothing = .initialValue) {
    switch result {
    case let .success(newValue):
      observed.withMutation(\.value) {
        lock.withLock {
          if let newValue {
            _value = newValue
          } else if case .initialValue = nothing {
            _value = initialValue
          }
          _isLoading = false
          _loadError = nil
        }
      }
    case let .failure(error):
      observed.withMutation(\.loadError) {
        lock.withLock {
          _isLoading = false
          _loadError = error
        }
      }
    }
  }

  private func setLoading(_ isLoading: Bool) {
    observed.withMutation(\.isLoading) {
      lock.withLock { _isLoading = isLoading }
    }
  }

  private func finishSave(_ result: Result<Void, any Error>) {
    let error: (any Error)? = if case let .failure(error) = result { error } else { nil }
    // A successful save also clears a load error (as swift-sharing 2.8 does): what is stored is
    // now this value, readable again.
    if error == nil, lock.withLock({ _loadError != nil }) {
      observed.withMutation(\.loadError) {
        lock.withLock { _loadError = nil }
      }
    }
    // A success after a success changes nothing; anything else is news for observers.
    guard error != nil || lock.withLock({ _saveError != nil }) else { return }
    observed.withMutation(\.saveError) {
      lock.withLock { _saveError = error }
    }
  }
}

/// What observers of a reference register with, one per reference: a class that is not generic,
/// so that the key paths naming its members are made once for the program (a key path into a
/// generic class, `\RootReference<Value>.value`, is built anew at every access, which cost a
/// first render of a page about a tenth of its time).
final class ObservedMembers: Observable, Sendable {
  private let registrar = ObservationRegistrar()

  // The members are only names for observation: each says which part of the reference changed.
  var value: Void { () }
  var isLoading: Void { () }
  var loadError: Void { () }
  var saveError: Void { () }
  var reference: Void { () }

  func access(_ member: KeyPath<ObservedMembers, Void>) {
    registrar.access(self, keyPath: member)
  }

  func withMutation<R>(_ member: KeyPath<ObservedMembers, Void>, _ body: () throws -> R) rethrows -> R {
    try registrar.withMutation(of: self, keyPath: member, body)
  }
}

/// Where a `Shared` or `SharedReader` and all its copies find their reference: one box per
/// wrapper, shared by its copies, so that re-pointing it (`$items.load(.newKey)`,
/// `$items = Shared(.other)`) re-points every copy. Readers of the wrapper's value observe the
/// box too, so they hear a re-pointing as a change.
final class ReferenceBox<Reference>: Observable, @unchecked Sendable {
  // @unchecked Sendable: `_reference` is read and written only under `lock`, and the references
  // stored are themselves Sendable.
  private let lock = NSLock()
  private var _reference: Reference
  private let observed = ObservedMembers()

  init(_ reference: Reference) {
    _reference = reference
  }

  var reference: Reference {
    get {
      observed.access(\.reference)
      return lock.withLock { _reference }
    }
    set {
      observed.withMutation(\.reference) {
        lock.withLock { _reference = newValue }
      }
    }
  }
}

/// A view of a member of another reference (`$settings.name`).
final class KeyPathReference<BaseValue, Value>: WritableReference, @unchecked Sendable {
  // @unchecked Sendable: the base is Sendable and key paths are immutable.
  let base: any ReaderReference<BaseValue>
  let keyPath: KeyPath<BaseValue, Value>
  /// The same base and key path, when both can be written.
  private let writable: (base: any WritableReference<BaseValue>, keyPath: WritableKeyPath<BaseValue, Value>)?

  /// A read-only view.
  init(base: any ReaderReference<BaseValue>, keyPath: KeyPath<BaseValue, Value>) {
    self.base = base
    self.keyPath = keyPath
    self.writable = nil
  }

  /// A view that can be written.
  init(base: any WritableReference<BaseValue>, keyPath: WritableKeyPath<BaseValue, Value>) {
    self.base = base
    self.keyPath = keyPath
    self.writable = (base, keyPath)
  }

  var root: any RootReferenceProtocol { base.root }
  var identity: ReferenceIdentity {
    let baseIdentity = base.identity
    return ReferenceIdentity(root: baseIdentity.root, path: baseIdentity.path + [keyPath])
  }
  var value: Value { base.value[keyPath: keyPath] }
  var snapshot: Value? { base.snapshot?[keyPath: keyPath] }
  var description: String { "\(base.description)[dynamicMember: \(keyPath)]" }

  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    guard let (base, keyPath) = writable else {
      // Unreachable: only `Shared` hands out writable views, and it makes them with the
      // writable initializer.
      preconditionFailure("A read-only shared value cannot be written.")
    }
    return try base.withLock { try body(&$0[keyPath: keyPath]) }
  }
}

/// A view of an optional reference's value while it is not nil (`Shared($optional)`); keeps the
/// last value when it becomes nil, so that a feature holding it does not crash.
final class UnwrappedReference<Wrapped>: WritableReference, @unchecked Sendable {
  // @unchecked Sendable: `last` is read and written only under `lock`; the bases are Sendable.
  let base: any ReaderReference<Wrapped?>
  /// The same base, when it can be written (a `Shared`'s; nil for a `SharedReader`'s, which
  /// never calls `withLock`).
  private let writableBase: (any WritableReference<Wrapped?>)?
  private let lock = NSLock()
  private var last: Wrapped

  init(base: any WritableReference<Wrapped?>, initial: Wrapped) {
    self.base = base
    self.writableBase = base
    self.last = initial
  }

  init(readOnly base: any ReaderReference<Wrapped?>, initial: Wrapped) {
    self.base = base
    self.writableBase = nil
    self.last = initial
  }

  var root: any RootReferenceProtocol { base.root }
  var identity: ReferenceIdentity {
    ReferenceIdentity(root: base.identity.root, path: base.identity.path + [\Wrapped?.!])
  }

  var value: Wrapped {
    if let value = base.value {
      lock.withLock { last = value }
      return value
    }
    return lock.withLock { last }
  }

  var snapshot: Wrapped? { base.snapshot ?? nil }
  var description: String { "\(base.description)!" }

  func withLock<R>(_ body: (inout Wrapped) throws -> R) rethrows -> R {
    guard let writableBase else {
      // Only `Shared` writes, and a `Shared` is only made of a writable base.
      preconditionFailure("A read-only unwrapped reference was written to")
    }
    return try writableBase.withLock { optional in
      var value = optional ?? lock.withLock { last }
      let result = try body(&value)
      if optional != nil { optional = value }
      lock.withLock { last = value }
      return result
    }
  }
}

/// A read-only value computed from another reference's (`$todos.read { $0.filter(\.isDone) }`).
final class ComputedReference<BaseValue, Value>: ReaderReference, @unchecked Sendable {
  // @unchecked Sendable: the base is Sendable and `compute` is a `@Sendable` closure.
  let base: any ReaderReference<BaseValue>
  let compute: @Sendable (BaseValue) -> Value

  init(base: any ReaderReference<BaseValue>, compute: @escaping @Sendable (BaseValue) -> Value) {
    self.base = base
    self.compute = compute
  }

  var root: any RootReferenceProtocol { base.root }
  /// A closure has no identity to compare: each computed view is its own.
  var identity: ReferenceIdentity { ReferenceIdentity(root: ObjectIdentifier(self), path: []) }
  var value: Value { compute(base.value) }
  var snapshot: Value? { base.snapshot.map(compute) }
  var description: String { ".map(\(base.description), as: \(Value.self).self)" }
}

/// Whether two shared values are equal. While a test store compares two views of the same shared
/// value, the left one is the expectation (its snapshot: the value before the step, with the
/// test's changes) and the right one the actual value.
func areEqual<Value: Equatable>(
  _ lhs: any ReaderReference<Value>, _ rhs: any ReaderReference<Value>
) -> Bool {
  guard SharedChangeTracker.current != nil, lhs.identity == rhs.identity else {
    return lhs.value == rhs.value
  }
  return SharedChangeTracker.$readsSnapshots.withValue(false) {
    (lhs.snapshot ?? lhs.value) == rhs.value
  }
}
