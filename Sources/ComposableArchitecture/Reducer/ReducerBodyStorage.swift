// `cachedValues`: see `buildListingChildren`.
@_spi(Internals) import Dependencies
import Synchronization

/// Where a reducer made with `@Reducer` keeps its `body` once built, so that an action does not
/// build it again.
///
/// `body` is a description of the reducer: `Scope(state: \.child, action: \.child) { Child() }`
/// builds operators and key paths, and on Linux each case key path literal costs about 17 000
/// instructions to instantiate, every time it is evaluated. Evaluating `body` for every action, at
/// every level of a feature, made the natural spelling of a feature several times slower than one
/// with its key paths hoisted into `static let`s. A reducer value never changes, so its `body` is
/// the same every time it is built, with two exceptions the `@Reducer` macro checks for before it
/// adds this storage: a `body` that reads a dependency while it is built (outside the closures of
/// `Reduce`), or that applies `.dependency` (a generator such as `.incrementing` would carry on
/// counting from one action to the next), and a struct with a stored `var` (a copy changed after
/// it was made would share the copy it came from's storage). Such reducers build `body` for
/// every action, as TCA does.
///
/// Each reducer value has its own storage (a `let` with a default value: the memberwise
/// initializer does not take it), so a parent's body, built once, holds children that build theirs
/// once too.
///
/// A kept body holds the reducer it was built from whenever one of its closures uses `self` (a
/// `Reduce` that reads a dependency), and so holds this storage: a cycle. The root store breaks
/// it when it goes away: the storages made while its reducer was made, and recursively those made
/// while each body was built (its children), let go of their bodies (see
/// ``_ReducerBodyStorages``). Without that, every store's reducers stayed in memory for good. A
/// reducer made where no store will break the cycle (outside a store's initializer and a body
/// being built: say, `Child().reduce(into:action:)` inside a `Reduce`) keeps nothing and builds
/// its body for every action, as TCA does.
///
/// A reducer struct with no stored property has one value: whichever value builds its body, the
/// body is the same. Its storage (`init(sameForEveryValue:)`) keeps the body once for the type,
/// for as long as the process runs, in the type's storage (`boxKept(forType:_:)`, which an enum
/// reducer's static body uses too). So a feature made outside a store, or made anew in a
/// `Reduce` for every action, does not build its key paths for every action either; what the
/// type keeps is bounded by the code, not by how many values or stores there are.
public final class _ReducerBodyStorage: Sendable, Hashable {
  // The built body, boxed so that storage of any reducer type is one class. A `Mutex` rather than
  // `Locked`: it is taken at every level of a feature on every action, and uncontended it costs
  // an atomic exchange where an `NSLock` costs a call into pthreads.
  private let built = Mutex<(any AnyObject & Sendable)?>(nil)
  /// How long the body is kept, and for whom.
  @usableFromInline let kind: Kind
  /// The storages of the reducers made while the body was built (none for a body kept by the
  /// type of a reducer with no stored property: its type's storage lists them).
  let children: _ReducerBodyStorages?

  /// How long a storage keeps its body.
  @usableFromInline
  enum Kind: Sendable {
    /// Made where no store will let go of it (say, `Child().reduce(into:action:)` inside a
    /// `Reduce`): keeps nothing, and the body is built for every action, as in TCA.
    case buildsEveryAction
    /// Made with a store's reducer, or while a body such a store keeps was built: kept until the
    /// store goes away and lets go of it.
    case keptByStore
    /// A reducer with no stored property: every value builds the same body, which the type's
    /// storage keeps.
    case keptByType
    /// A type's own storage, or one made while a body it keeps was built: kept for as long as the
    /// process runs. Built with no dependencies in force (see `buildListingChildren`).
    case keptForever
  }

  private init(kind: Kind) {
    self.kind = kind
    switch kind {
    case .buildsEveryAction, .keptByType: children = nil
    case .keptByStore: children = _ReducerBodyStorages(keepsForever: false)
    case .keptForever: children = _ReducerBodyStorages(keepsForever: true)
    }
  }

  /// Empty storage: the body is built at the first action, and kept as the store (or the body)
  /// being made keeps the reducers it makes.
  public convenience init() {
    let owner = _ReducerBodyStorages.current
    self.init(kind: owner.map { $0.keepsForever ? .keptForever : .keptByStore } ?? .buildsEveryAction)
    owner?.add(self)
  }

  /// Storage of a reducer with no stored property: its body is the type's, built once.
  public convenience init(sameForEveryValue: Void) {
    self.init(kind: .keptByType)
  }

  private static let types = Locked<[ObjectIdentifier: _ReducerBodyStorage]>([:])

  /// The box of what `build` makes for `type`, kept in the type's storage (built the first time).
  static func boxKept<Value>(forType type: Any.Type, _ build: () -> Value) -> Box<Value> {
    forType(type).box(of: type, build)
  }

  /// The storage kept for `type`: one per type, for as long as the process runs.
  private static func forType(_ type: Any.Type) -> _ReducerBodyStorage {
    types.withLock { types in
      if let storage = types[ObjectIdentifier(type)] { return storage }
      let storage = _ReducerBodyStorage(kind: .keptForever)
      types[ObjectIdentifier(type)] = storage
      return storage
    }
  }

  /// Lets go of the body, and of its children's bodies: it is built again if used again.
  func release() {
    children?.release()
    let body = built.withLock { built in
      defer { built = nil }
      return built
    }
    _ = body  // released here, outside the lock
  }

  /// Runs the kept `body` of `reducer` (building it the first time) without copying it out of
  /// its box: a copy of a built body retains every operator, key path and child it holds, and
  /// releases them after the action.
  @inlinable
  public func reduce<R: Reducer>(
    _ reducer: R, into state: inout R.State, action: R.Action
  ) -> Effect<R.Action> where R.Body: Reducer<R.State, R.Action> {
    let box = box(of: R.self) { reducer.body }
    return withExtendedLifetime(box) {
      Self.reduce(&box.pointer.pointee, into: &state, action: action)
    }
  }

  /// `body.reduce(into:action:)` on the body where it lies. Taken `inout` only so that Swift runs
  /// the method on it in place: passed by value, memory that Swift cannot prove unchanged during
  /// the call (a pointer's `pointee`, a class's property) is copied first. Nothing writes to it.
  @inlinable
  static func reduce<Body: Reducer>(
    _ body: inout Body, into state: inout Body.State, action: Body.Action
  ) -> Effect<Body.Action> {
    body.reduce(into: &state, action: action)
  }

  /// The box of what `build` makes for a reducer of type `reducer`, made the first time and kept.
  @inlinable
  func box<Value>(of reducer: Any.Type, _ build: () -> Value) -> Box<Value> {
    if case .buildsEveryAction = kind { return Box(build()) }
    if let box = load() {
      return unsafeDowncast(box, to: Box<Value>.self)
    }
    return unsafeDowncast(buildAndStore(of: reducer, build), to: Box<Value>.self)
  }

  /// The first action's path: the box is built here, or taken from the type's storage.
  @usableFromInline
  func buildAndStore<Value>(of reducer: Any.Type, _ build: () -> Value) -> any AnyObject & Sendable {
    if case .keptByType = kind {
      return store(Self.boxKept(forType: reducer, build))
    }
    // Built outside the lock: building a body never reads another reducer's storage, but it runs
    // code we do not own. If two threads build it at once, the first one stored wins.
    return store(Box(buildListingChildren(build)))
  }

  /// `build()`, listing the storages of the reducers it makes as this storage's children.
  ///
  /// A body that outlives stores is built with no dependencies in force: a reducer made in it with an
  /// `@Dependency` property captures the dependencies in force when it is made, and its reads
  /// prefer those to the ones in force when it runs, for what the latter do not set. Built in the
  /// first store that ran it, it would carry that store's overrides (a test's clock, a collecting
  /// client) into every later store. Capturing none, it reads what each store provides, as a
  /// body built for every action does.
  ///
  /// "None" keeps the process's cache of resolved values (`cachedValues`, swift-dependencies'
  /// internal interface, shared by every `DependencyValues` made from the one the process started
  /// with): a read through a captured set prefers that set's cache, and the values given to
  /// `prepareDependencies` live there. A fresh `DependencyValues()` has a cache of its own, so
  /// an app's prepared clients (say, `--mock`'s speech client) would have read as their defaults.
  func buildListingChildren<Value>(_ build: () -> Value) -> Value {
    guard case .keptForever = kind else {
      return _ReducerBodyStorages.$current.withValue(children, operation: build)
    }
    var none = DependencyValues()
    none.cachedValues = DependencyValues._current.cachedValues
    return DependencyValues.$_current.withValue(none) {
      _ReducerBodyStorages.$current.withValue(children, operation: build)
    }
  }

  @usableFromInline
  func load() -> (any AnyObject & Sendable)? {
    built.withLock { $0 }
  }

  @usableFromInline
  func store(_ box: any AnyObject & Sendable) -> any AnyObject & Sendable {
    built.withLock { built in
      if let existing = built { return existing }
      built = box
      return box
    }
  }

  /// A built body at an address of its own, so that `reduce` runs on it in place (`pointee` is an
  /// addressor): a method called on a `let` property of a class copies the value out first,
  /// retaining everything the body holds, and releases it all after the action.
  ///
  /// `@unchecked Sendable`: the value is written once, before the box is shared, and only read
  /// after that, by whichever thread runs the reducer, like the reducer value it was built from.
  @usableFromInline
  final class Box<Value>: @unchecked Sendable {
    @usableFromInline let pointer: UnsafeMutablePointer<Value>

    @usableFromInline init(_ value: Value) {
      pointer = .allocate(capacity: 1)
      pointer.initialize(to: value)
    }

    deinit {
      pointer.deinitialize(count: 1)
      pointer.deallocate()
    }
  }

  // A reducer's storage takes no part in comparing or hashing reducer values: two values made the
  // same way build the same body.
  public static func == (lhs: _ReducerBodyStorage, rhs: _ReducerBodyStorage) -> Bool { true }
  public func hash(into hasher: inout Hasher) {}
}

/// The body storages of the reducers made while something was made: a root store's reducer, or a
/// body being built. Weak: listing a storage does not keep it.
public final class _ReducerBodyStorages: Sendable {
  private struct Entry: Sendable {
    weak var storage: _ReducerBodyStorage?
  }

  private let entries = Locked<[Entry]>([])
  /// Whether the storages listed here keep their bodies for as long as the process runs.
  let keepsForever: Bool

  /// Where the storages made now are listed.
  @TaskLocal static var current: _ReducerBodyStorages?

  @usableFromInline init(keepsForever: Bool = false) {
    self.keepsForever = keepsForever
  }

  func add(_ storage: _ReducerBodyStorage) {
    entries.withLock { $0.append(Entry(storage: storage)) }
  }

  /// `make()`, and the storages of the reducers it made.
  @usableFromInline
  static func collecting<R>(_ make: () throws -> R) rethrows -> (R, _ReducerBodyStorages) {
    let storages = _ReducerBodyStorages()
    let made = try $current.withValue(storages, operation: make)
    return (made, storages)
  }

  /// Lets go of every listed storage's body (and of its children's).
  @usableFromInline
  func release() {
    let entries = entries.withLock { entries in
      defer { entries = [] }
      return entries
    }
    for entry in entries { entry.storage?.release() }
  }
}
