#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif os(Windows)
  import WinSDK
#endif

/// Whether the action a store is reducing now came from an effect (`.send`, `send` in `.run`, or
/// anything else reduced from a store's buffer) rather than from the front end: a recording
/// writes it down, so that a test generated from it `receive`s the action instead of sending it,
/// and the time-travel history shows it.
///
/// A count per thread: a store reduces synchronously on the thread that runs the main actor at
/// that moment, so the recording and time-travel reducers it calls read, on that thread, the
/// count that store set, without reaching into main-actor state from their nonisolated
/// `reduce` (a `MainActor.assumeIsolated` there costs a third of a simple send).
package enum ActionSource {
  /// The count, as a word per thread (nil for zero).
  package static let depth = ThreadLocalWord()

  /// How many effect sends this thread is reducing.
  package static var effectDepth: Int {
    get { Int(bitPattern: depth.value) }
    set { depth.value = UnsafeMutableRawPointer(bitPattern: newValue) }
  }

  /// Whether the action being reduced on this thread came from an effect.
  package static var isEffectAction: Bool { isEffectAction(reading: depth) }

  /// The same, through a copy of `depth` its caller keeps (a `static let` costs a `swift_once`
  /// check at every use; a recorder asks on every action). Inlinable, as `ThreadLocalWord` is:
  /// `ComposableRecording` asks on every action, and a call into this module cost more than
  /// the question.
  @inlinable
  package static func isEffectAction(reading depth: ThreadLocalWord) -> Bool {
    depth.value != nil
  }
}

/// A word of storage per thread: each thread reads what it wrote (nil until it writes).
/// A fraction of the cost of a task-local push, for state that belongs to a synchronous stretch
/// of code on one thread.
package struct ThreadLocalWord: Sendable {
  // The accessors are inlinable: `ComposableRecording` reads and writes its words on every
  // recorded action.
  package init() {}

  #if os(Windows)
    @usableFromInline let key: DWORD = TlsAlloc()

    @inlinable
    package var value: UnsafeMutableRawPointer? {
      get { TlsGetValue(key) }
      nonmutating set { TlsSetValue(key, newValue) }
    }
  #else
    @usableFromInline let key: pthread_key_t = {
      var key = pthread_key_t()
      pthread_key_create(&key, nil)
      return key
    }()

    @inlinable
    package var value: UnsafeMutableRawPointer? {
      get { pthread_getspecific(key) }
      nonmutating set { pthread_setspecific(key, newValue) }
    }
  #endif
}
