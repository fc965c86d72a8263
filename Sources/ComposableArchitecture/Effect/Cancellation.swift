import Foundation
import ConcurrencyExtras
import Dependencies
import Synchronization

extension Effect {
  /// Makes this effect cancellable with ``cancel(id:)``, `Task.cancel(id:)` or another
  /// `cancellable(id:cancelInFlight: true)` with the same id.
  ///
  /// ```swift
  /// case .searchChanged(let query):
  ///   return .run { send in await send(.results(try await search(query))) }
  ///     .cancellable(id: CancelID.search, cancelInFlight: true)
  /// ```
  ///
  /// Ids are scoped to the store and to the navigation element running the reducer: two presented
  /// copies of one feature, or two rows of a `forEach`, never cancel each other's effects.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if case .none = operation { return .none }
    let navigationIDPath = NavigationIDPath.current
    return Self(
      operation: .cancellable(
        CancelKey(id: id, path: navigationIDPath), cancelInFlight: cancelInFlight, self
      )
    )
  }

  /// An effect that cancels every in-flight effect marked with `id`.
  ///
  /// ```swift
  /// case .stopButtonTapped:
  ///   return .cancel(id: CancelID.timer)
  /// ```
  public static func cancel(id: some Hashable & Sendable) -> Self {
    .cancel(ids: [id])
  }

  /// An effect that cancels every in-flight effect marked with any of `ids`.
  public static func cancel<ID: Hashable & Sendable>(ids: some Sequence<ID>) -> Self {
    let navigationIDPath = NavigationIDPath.current
    return Self(operation: .cancel(.keys(ids.map { CancelKey(id: $0, path: navigationIDPath) })))
  }

  /// An effect that cancels everything a child started: used when a child goes away.
  static func cancelAll(under navigationIDPath: NavigationIDPath) -> Self {
    Self(operation: .cancel(.navigation(navigationIDPath)))
  }

  /// Marks every effect of a child with the child's identity so tearing the child down cancels it.
  @usableFromInline
  func cancellable(navigationIDPath: NavigationIDPath) -> Self {
    if case .none = operation { return .none }
    return cancellable(id: ChildEffectsID(), path: navigationIDPath)
  }

  /// Marks this effect with `id` under an explicit navigation path (not the one in force).
  func cancellable(id: some Hashable & Sendable, path: NavigationIDPath) -> Self {
    Self(operation: .cancellable(CancelKey(id: id, path: path), cancelInFlight: false, self))
  }
}

private struct ChildEffectsID: Hashable, Sendable {}

/// Runs `operation` so that it can be cancelled with `Task.cancel(id:)` or an effect's
/// `.cancel(id:)`.
///
/// ```swift
/// return .run { send in
///   await withTaskCancellation(id: CancelID.load, cancelInFlight: true) {
///     await send(.loaded(try? await client.load()))
///   }
/// }
/// ```
public func withTaskCancellation<T: Sendable>(
  id: some Hashable & Sendable,
  cancelInFlight: Bool = false,
  isolation: isolated (any Actor)? = #isolation,
  operation: sending @escaping @isolated(any) () async throws -> T
) async throws -> T {
  let key = CancelKey(id: id, path: NavigationIDPath.current)
  let registry = DependencyValues._current.cancellationRegistry
  return try await registry.withCancellation(key, cancelInFlight: cancelInFlight, operation: operation)
}

/// Runs a non-throwing `operation` so that it can be cancelled with `Task.cancel(id:)` or an
/// effect's `.cancel(id:)`.
public func withTaskCancellation<T: Sendable>(
  id: some Hashable & Sendable,
  cancelInFlight: Bool = false,
  isolation: isolated (any Actor)? = #isolation,
  operation: sending @escaping @isolated(any) () async -> T
) async -> T {
  let key = CancelKey(id: id, path: NavigationIDPath.current)
  let registry = DependencyValues._current.cancellationRegistry
  return await registry.withCancellation(key, cancelInFlight: cancelInFlight, operation: operation)
}

extension Task where Success == Never, Failure == Never {
  /// Cancels every in-flight effect or `withTaskCancellation` operation marked with `id`.
  ///
  /// ```swift
  /// return .run { _ in Task.cancel(id: CancelID.timer) }
  /// ```
  public static func cancel(id: some Hashable & Sendable) {
    let navigationIDPath = NavigationIDPath.current
    @Dependency(\.cancellationRegistry) var registry
    registry.cancel(.keys([CancelKey(id: id, path: navigationIDPath)]))
  }
}

/// A user's cancellation id, scoped to the navigation element that used it.
@usableFromInline
struct CancelKey: Hashable, Sendable {
  /// The id alone, with its type: ids of different types never match.
  struct ID: Hashable, Sendable {
    let type: ObjectIdentifier
    let value: AnyHashableSendable
  }
  let id: ID
  let path: NavigationIDPath

  init<Value: Hashable & Sendable>(id: Value, path: NavigationIDPath) {
    self.id = ID(type: ObjectIdentifier(Value.self), value: AnyHashableSendable(id))
    self.path = path
  }
}

/// What a `.cancel` effect cancels.
@usableFromInline
enum CancellationTarget: Sendable {
  /// The effects marked with these ids.
  case keys([CancelKey])
  /// Every effect started at or below this navigation path: a child that went away.
  case navigation(NavigationIDPath)
}

/// The cancellable work of one root store: which running tasks are marked with which ids.
///
/// Each root store has its own registry (it reaches effects as a dependency), so stores never
/// cancel each other's effects. Work outside any store uses a shared registry.
@usableFromInline
final class CancellationRegistry: Sendable {
  private struct Entries {
    var nextToken: UInt64 = 0
    /// By id, then by the navigation path it was used at: cancelling an id looks up that id's
    /// paths only, so cancelling n ids among n running effects is O(n), not O(n²).
    var cancellers: [CancelKey.ID: [NavigationIDPath: [UInt64: @Sendable () -> Void]]] = [:]
    var throttles: [CancelKey: any Sendable] = [:]
    var dismissals: [NavigationIDPath: AsyncStream<Void>.Continuation] = [:]
  }

  private let entries = Locked(Entries())

  /// Marks a running piece of work with `keys`; returns a token to unmark it when it ends.
  func insert(_ cancel: @escaping @Sendable () -> Void, keys: [CancelKey]) -> UInt64 {
    entries.withLock { entries in
      entries.nextToken += 1
      for key in keys {
        entries.cancellers[key.id, default: [:]][key.path, default: [:]][entries.nextToken] = cancel
      }
      return entries.nextToken
    }
  }

  func remove(_ token: UInt64, keys: [CancelKey]) {
    entries.withLock { entries in
      for key in keys {
        entries.cancellers[key.id]?[key.path]?[token] = nil
        if entries.cancellers[key.id]?[key.path]?.isEmpty == true {
          entries.cancellers[key.id]?[key.path] = nil
        }
        if entries.cancellers[key.id]?.isEmpty == true {
          entries.cancellers[key.id] = nil
        }
      }
    }
  }

  func cancel(_ target: CancellationTarget) {
    let cancellers = entries.withLock { entries in
      var cancelled: [@Sendable () -> Void] = []
      // Removes what `id` marked at the paths `isCancelled` picks.
      func cancel(_ id: CancelKey.ID, where isCancelled: (NavigationIDPath) -> Bool) {
        guard let byPath = entries.cancellers[id] else { return }
        for (path, tokens) in byPath where isCancelled(path) {
          cancelled.append(contentsOf: tokens.values)
          entries.cancellers[id]?[path] = nil
        }
        if entries.cancellers[id]?.isEmpty == true {
          entries.cancellers[id] = nil
        }
      }
      switch target {
      case let .keys(targetKeys):
        // An id cancels what was marked with it at its navigation path and below it, as in
        // TCA: a parent's `.cancel(id:)` reaches the same id in its presented children and
        // stack elements, while siblings (two rows, two presentations) stay apart.
        for key in targetKeys {
          cancel(key.id) { $0.hasPrefix(key.path) }
        }
      case let .navigation(path):
        for id in Array(entries.cancellers.keys) {
          cancel(id) { $0.hasPrefix(path) }
        }
        for key in entries.throttles.keys where key.path.hasPrefix(path) {
          entries.throttles[key] = nil
        }
        for dismissal in entries.dismissals.keys where dismissal.hasPrefix(path) {
          entries.dismissals.removeValue(forKey: dismissal)?.finish()
        }
      }
      return cancelled
    }
    for cancel in cancellers {
      cancel()
    }
  }

  /// Requests to dismiss the presented feature at `path`, made by `@Dependency(\.dismiss)` in its
  /// effects. Registered when the feature is presented; finished when it goes away.
  func dismissRequests(for path: NavigationIDPath) -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream<Void>.makeStream()
    entries.withLock { $0.dismissals[path] = continuation }
    return stream
  }

  /// Asks the presented feature at `path` to be dismissed; `false` if it is not presented.
  func requestDismiss(_ path: NavigationIDPath) -> Bool {
    guard let continuation = entries.withLock({ $0.dismissals[path] }) else { return false }
    continuation.yield()
    return true
  }

  /// The number of running pieces of work marked with some id (for tests and benchmarks).
  var count: Int {
    entries.withLock { entries in
      Set(entries.cancellers.values.flatMap { $0.values.flatMap(\.keys) }).count
    }
  }

  /// Runs `operation` in a child task that `cancel` can reach under `key`.
  func withCancellation<T: Sendable, Failure: Error>(
    _ key: CancelKey,
    cancelInFlight: Bool,
    isolation: isolated (any Actor)? = #isolation,
    operation: sending @escaping @isolated(any) () async throws(Failure) -> T
  ) async throws(Failure) -> T {
    if cancelInFlight {
      cancel(.keys([key]))
    }
    let task = Task { () async -> Result<T, Failure> in
      do throws(Failure) {
        return .success(try await operation())
      } catch {
        return .failure(error)
      }
    }
    let token = insert({ task.cancel() }, keys: [key])
    defer { remove(token, keys: [key]) }
    let result = await withTaskCancellationHandler {
      await task.value
    } onCancel: {
      task.cancel()
    }
    return try result.get()
  }

  /// The state a `throttle` keeps between the effects that share its id.
  func withThrottle<Value: Sendable, R>(
    _ key: CancelKey, _ body: (inout Value?) -> R
  ) -> R {
    entries.withLock { entries in
      var value = entries.throttles[key] as? Value
      defer { entries.throttles[key] = value }
      return body(&value)
    }
  }
}

extension CancellationRegistry {
  /// The registry of work outside any store.
  static let shared = CancellationRegistry()
}

/// Set only in dependencies that a store pushed or an effect carries; unset where a store runs its
/// reducer without pushing its dependencies (see `ReducingStore`).
private enum CancellationRegistryKey: DependencyKey {
  static let liveValue: CancellationRegistry? = nil
  static let testValue: CancellationRegistry? = nil
}

extension DependencyValues {
  /// The registry of the store whose reducer or effect is running: the one these dependencies
  /// carry, else that of the root store reducing on this thread without pushing its dependencies,
  /// else the shared one.
  var cancellationRegistry: CancellationRegistry {
    get { self[CancellationRegistryKey.self] ?? ReducingStore.registry ?? .shared }
    set { self[CancellationRegistryKey.self] = newValue }
  }

  /// Whether these dependencies carry a store's registry.
  var carriesCancellationRegistry: Bool {
    self[CancellationRegistryKey.self] != nil
  }

  /// These dependencies, carrying what the store reducing on this thread keeps out of them (its
  /// registry, if they carry none, and the navigation path of the child being reduced): what an
  /// effect made now takes with it.
  var forEscaping: DependencyValues {
    let registry = carriesCancellationRegistry ? nil : ReducingStore.registry
    // At a store's root the dependencies' own path is the root path already.
    let path = ReducingStore.childNavigationPath.flatMap { $0.path.isEmpty ? nil : $0 }
    guard registry != nil || path != nil else { return self }
    var dependencies = self
    if let registry { dependencies.cancellationRegistry = registry }
    if let path { dependencies.navigationIDPath = path }
    return dependencies
  }
}

/// What a store reducing keeps out of the task-local dependencies, because pushing them costs
/// more than a trivial reducer: the cancellation registry of a root store whose own dependencies
/// are in force already (see `RootCore.reduce`), and the navigation path of the child reducer that
/// is running (see `Reducer.reduceAsChild`).
///
/// They are read only on the thread a store is reducing on: whichever thread runs the main actor
/// at that moment (on Linux the main actor's jobs can run on another thread than the process's
/// first one, after an `await` in an async `main` or under Swift Testing). A reducer called by
/// hand on another thread, or outside any store's reduce, gets both from the dependencies, which
/// the store and the operators then push there.
@usableFromInline
enum ReducingStore {
  // `nonisolated(unsafe)`: written only by the thread a store reduces on, around a synchronous
  // reduce (stores reduce on the main actor, one at a time), and read through `registry`, which
  // answers nil on any other thread without reading it. Unretained: the store holds its registry
  // while it reduces. `@exclusivity(unchecked)`: its accesses are single loads and stores, never
  // held across a call.
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) static var current:
    Unmanaged<CancellationRegistry>?

  /// The navigation path of the reducer running now: a store sets `.root` around its reduce, and
  /// an operator its child's path around the child's (`nil` outside a reduce). A case rather than
  /// an empty path, so that a store sets and restores it without reference counting.
  // `nonisolated(unsafe)` and `@exclusivity(unchecked)` for the reasons given for `current`: set
  // around synchronous reduces only, read only through `childNavigationPath`, on the thread the
  // store reduces on.
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) static var navigation: Navigation?

  /// The thread a store is reducing on (`currentThreadID()`), or 0 when none is. Atomic: a
  /// reducer called by hand on another thread reads it to learn that the two values above are
  /// not its own.
  @usableFromInline static let reducingThread = Atomic<UInt>(0)

  /// Whether a store is reducing on this thread.
  @inlinable
  static var isReducingThread: Bool {
    reducingThread.load(ordering: .relaxed) == currentThreadID()
  }

  @usableFromInline
  enum Navigation {
    case root
    case child(NavigationIDPath)
  }

  /// The registry of the store reducing on this thread, if one is and it keeps it here.
  static var registry: CancellationRegistry? {
    guard isReducingThread, let current else { return nil }
    return current.takeUnretainedValue()
  }

  /// The navigation path of the reducer running on this thread, if a store is reducing on it.
  @usableFromInline
  static var childNavigationPath: NavigationIDPath? {
    guard isReducingThread else { return nil }
    switch navigation {
    case nil: return nil
    case .root: return NavigationIDPath()
    case let .child(path): return path
    }
  }

  /// Runs `body` with `navigation` as the navigation path of the reducer running on the main
  /// thread, and puts back the one it replaced.
  @inlinable
  static func with<R>(_ navigation: Navigation, _ body: () -> R) -> R {
    let outer = self.navigation.take()
    self.navigation = navigation
    defer { self.navigation = outer }
    return body()
  }

  /// Runs `body` as a store's reduce on this thread: at the root path, with `registry` as the
  /// store's registry when the store reduces in the dependencies in force (which do not carry
  /// it).
  @inlinable
  static func reducing<R>(registry: Unmanaged<CancellationRegistry>?, _ body: () -> R) -> R {
    // A load and a store rather than an exchange: only the thread running the main actor writes.
    let outerThread = reducingThread.load(ordering: .relaxed)
    reducingThread.store(currentThreadID(), ordering: .relaxed)
    let outerRegistry = current
    if let registry { current = registry }
    defer {
      current = outerRegistry
      reducingThread.store(outerThread, ordering: .relaxed)
    }
    return with(.root, body)
  }
}

/// This thread's identity, as a word: what `pthread_self()` answers (a call that reads a
/// register), not an id the system gives out again while the thread lives.
@inlinable
func currentThreadID() -> UInt {
  #if os(Windows)
    UInt(GetCurrentThreadId())
  #elseif canImport(Glibc)
    UInt(pthread_self())
  #else
    UInt(bitPattern: Int(bitPattern: pthread_self()))
  #endif
}

/// Whether the current thread is the main thread, asked of Foundation once per thread and then
/// remembered in a thread-specific value.
///
/// On Linux `Thread.isMainThread` makes two system calls (`gettid` and `getpid`) every time it is
/// asked, which costs more than a whole root send; a store and its operators ask on every action
/// that reaches a child (see `ReducingStore`).
enum MainThread {
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  static var isCurrent: Bool {
    if let remembered = pthread_getspecific(key) {
      return Int(bitPattern: remembered) == 1
    }
    let isMain = Thread.isMainThread
    pthread_setspecific(key, UnsafeRawPointer(bitPattern: isMain ? 1 : 2))
    return isMain
  }
}
