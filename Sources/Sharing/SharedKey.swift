import Dependencies
import IssueReporting

/// A key that loads a shared value from somewhere outside the feature (memory, a file, user
/// defaults, your own system) and is told when that value changes out there.
///
/// ```swift
/// struct ServerConfigKey: SharedReaderKey {
///   var id: some Hashable { "server-config" }
///   func load(context: LoadContext<Config>, continuation: LoadContinuation<Config>) {
///     continuation.resume(with: Result { try readConfig() })
///   }
///   func subscribe(context: LoadContext<Config>, subscriber: SharedSubscriber<Config>) -> SharedSubscription {
///     SharedSubscription {}
///   }
/// }
/// ```
public protocol SharedReaderKey<Value>: Sendable {
  associatedtype Value: Sendable
  /// What makes two keys the same key: `@Shared` values with keys of equal ids share one
  /// reference.
  associatedtype ID: Hashable = Self

  var id: ID { get }

  /// Loads the value. Resume the continuation exactly once, now or later.
  func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>)

  /// Starts listening for changes made outside the feature; give each to the subscriber. Stops
  /// when the returned subscription is cancelled or released.
  func subscribe(context: LoadContext<Value>, subscriber: SharedSubscriber<Value>) -> SharedSubscription
}

extension SharedReaderKey where ID == Self {
  public var id: ID { self }
}

/// A key that can also save: every change made through `withLock` is handed to `save`.
public protocol SharedKey<Value>: SharedReaderKey {
  /// Saves the value. Resume the continuation exactly once, now or later.
  func save(_ value: Value, context: SaveContext, continuation: SaveContinuation)
}

/// Why a value is being loaded.
public enum LoadContext<Value> {
  /// The first load of a `@Shared` value, with the value to use when there is nothing stored.
  case initialValue(Value)
  /// A `load()` asked for by the feature.
  case userInitiated

  /// The initial value, when loading for the first time.
  public var initialValue: Value? {
    guard case let .initialValue(value) = self else { return nil }
    return value
  }
}

extension LoadContext: Sendable where Value: Sendable {}

extension LoadContext: Equatable where Value: Equatable {}

/// Why a value is being saved.
public enum SaveContext: Hashable, Sendable {
  /// The value was changed through `withLock`.
  case didSet
  /// A `save()` asked for by the feature: write now.
  case userInitiated
}

/// How a key hands a loaded value back. Resume exactly once; later calls are ignored.
public struct LoadContinuation<Value>: Sendable {
  let callback: OnceCallback<Result<Value?, any Error>>

  /// A continuation that hands its result to `callback`, to drive a key by hand (in a test of
  /// the key, say): `key.load(context: .userInitiated, continuation: LoadContinuation { … })`.
  /// `description` names it in the issue reported when it is resumed twice or never.
  public init(
    _ description: @autoclosure @escaping @Sendable () -> String = "",
    callback: @escaping @Sendable (Result<Value?, any Error>) -> Void
  ) {
    self.callback = OnceCallback(
      callback, misuse: { continuationName(description(), kind: "load") }, ifNeverCalled: .success(nil)
    )
  }

  /// The loaded value.
  public func resume(returning value: Value) { callback.call(.success(value)) }
  /// Nothing is stored: keep the initial value.
  public func resumeReturningInitialValue() { callback.call(.success(nil)) }
  /// Loading failed: the value is unchanged and the error becomes `loadError`.
  public func resume(throwing error: any Error) { callback.call(.failure(error)) }
  /// A result: a value, nil for the initial value, or an error.
  public func resume(with result: Result<Value?, any Error>) { callback.call(result) }
}

/// How a key says a save finished. Resume exactly once; later calls are ignored.
public struct SaveContinuation: Sendable {
  let callback: OnceCallback<Result<Void, any Error>>

  init(resuming body: @escaping @Sendable (Result<Void, any Error>) -> Void) {
    callback = OnceCallback(body, misuse: { "A save continuation" }, ifNeverCalled: .success(()))
  }

  /// A continuation that hands its result to `callback`, to drive a key by hand, spelled as
  /// swift-sharing spells it: success is `.success(nil)`. `description` names it in the issue
  /// reported when it is resumed twice or never.
  public init(
    _ description: @autoclosure @escaping @Sendable () -> String = "",
    callback: @escaping @Sendable (Result<Never?, any Error>) -> Void
  ) {
    self.callback = OnceCallback(
      { callback($0.map { nil }) }, misuse: { continuationName(description(), kind: "save") },
      ifNeverCalled: .success(())
    )
  }

  /// Saving succeeded.
  public func resume() { callback.call(.success(())) }
  /// Saving failed: the error becomes `saveError`.
  public func resume(throwing error: any Error) { callback.call(.failure(error)) }
  /// Saving succeeded or failed, as `result` says.
  public func resume(with result: Result<Void, any Error>) { callback.call(result) }
}

/// How a key hands on changes made outside the feature.
public struct SharedSubscriber<Value>: Sendable {
  let callback: @Sendable (Result<Value?, any Error>) -> Void
  let onLoading: (@Sendable (Bool) -> Void)?

  /// A subscriber that hands each change to `callback` and each loading state to `onLoading`, to
  /// drive a key's `subscribe` by hand.
  public init(
    callback: @escaping @Sendable (Result<Value?, any Error>) -> Void,
    onLoading: (@Sendable (Bool) -> Void)? = nil
  ) {
    self.callback = callback
    self.onLoading = onLoading
  }

  /// A new value from outside.
  public func yield(_ value: Value) { callback(.success(value)) }
  /// The value went away outside: go back to the initial value.
  public func yieldReturningInitialValue() { callback(.success(nil)) }
  /// Reading the new value failed.
  public func yield(throwing error: any Error) { callback(.failure(error)) }
  /// A new value (`nil`: back to the initial value) or an error, as `result` says.
  public func yield(with result: Result<Value?, any Error>) { callback(result) }
  /// Says whether the key is loading (`isLoading`).
  public func yieldLoading(_ isLoading: Bool = true) { onLoading?(isLoading) }
}

/// Stops a subscription when cancelled or released.
public final class SharedSubscription: Sendable {
  private let onCancel: OnceCallback<Void>

  /// A subscription that calls `cancel` once, when cancelled or released.
  public init(_ cancel: @escaping @Sendable () -> Void) {
    onCancel = OnceCallback { _ in cancel() }
  }

  /// Stops the subscription (later calls do nothing).
  public func cancel() { onCancel.call(()) }

  deinit { onCancel.call(()) }
}

/// How a misused continuation is named: by its description, or by its kind.
private func continuationName(_ description: String, kind: String) -> String {
  description.isEmpty ? "A \(kind) continuation" : "The \(kind) continuation of '\(description)'"
}

/// A callback that runs at most once.
///
/// With `misuse`, a continuation handed to a key: a second call is a reported issue (and ignored),
/// and one never called is called with `ifNeverCalled` when released, also reported, so that the
/// `load()` or `save()` waiting for it does not hang.
final class OnceCallback<Argument>: @unchecked Sendable {
  // @unchecked Sendable: `ifNeverCalled` is only read in `deinit`, when nothing else can touch
  // the callback; every other stored property is Sendable.
  private let body: LockIsolated<(@Sendable (Argument) -> Void)?>
  private let misuse: (@Sendable () -> String)?
  private let ifNeverCalled: Argument?

  init(
    _ body: @escaping @Sendable (Argument) -> Void, misuse: (@Sendable () -> String)? = nil,
    ifNeverCalled: Argument? = nil
  ) {
    self.body = LockIsolated(body)
    self.misuse = misuse
    self.ifNeverCalled = ifNeverCalled
  }

  func call(_ argument: Argument) {
    let body = self.body.withValue { body in
      defer { body = nil }
      return body
    }
    guard let body else {
      if let misuse {
        reportIssue(
          "\(misuse()) was resumed more than once; only its first result counts. Resume it exactly once."
        )
      }
      return
    }
    body(argument)
  }

  deinit {
    guard let misuse, let ifNeverCalled, let body = body.value else { return }
    reportIssue(
      """
      \(misuse()) was released without being resumed; it resumes with nothing so that what waits \
      for it does not wait forever. Resume it exactly once.
      """
    )
    body(ifNeverCalled)
  }
}

extension SharedReaderKey {
  /// A key with a default value, for `@Shared(.key) var value` with nothing after it:
  ///
  /// ```swift
  /// extension SharedKey where Self == FileStorageKey<[Standup]>.Default {
  ///   static var standups: Self {
  ///     Self[.fileStorage(.documentsDirectory.appending(component: "standups.json")), default: []]
  ///   }
  /// }
  /// ```
  public typealias Default = _SharedKeyDefault<Self>
}

/// A key and the value to use when it holds none; see ``SharedReaderKey/Default``.
public struct _SharedKeyDefault<Base: SharedReaderKey>: SharedReaderKey {
  public typealias Value = Base.Value
  let base: Base
  let defaultValue: @Sendable () -> Base.Value

  /// `key`, whose value is `value` while it holds none: `@Shared(.count) var count` with
  /// `.count` declared as `Self[.appStorage("count"), default: 0]`.
  public static subscript(
    _ key: Base, default value: @autoclosure @escaping @Sendable () -> Base.Value
  ) -> Self {
    Self(base: key, defaultValue: value)
  }

  public var id: Base.ID { base.id }

  /// The value used while the key holds none.
  public var initialValue: Value { defaultValue() }

  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    base.load(context: context, continuation: continuation)
  }

  public func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    base.subscribe(context: context, subscriber: subscriber)
  }
}

extension _SharedKeyDefault: CustomStringConvertible {
  /// The key's own description: a default does not change where the value lives.
  public var description: String { String(reflecting: base) }
}

extension _SharedKeyDefault: SharedKey where Base: SharedKey {
  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    base.save(value, context: context, continuation: continuation)
  }
}
