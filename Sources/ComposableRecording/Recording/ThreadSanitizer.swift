#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// ThreadSanitizer's annotations of a lock, when the program runs under it (`swift test
/// --sanitize=thread`, `Scripts/thread-sanitizer`), and nothing otherwise.
///
/// Why they are needed: Swift's `Mutex` takes and releases an uncontended lock with atomics
/// inlined into our code, which ThreadSanitizer instruments and understands; but a contended lock
/// is handed over in the standard library's `_MutexHandle._lockSlow` and `_unlockSlow` (Linux
/// priority-inheriting futexes: the kernel gives the waiter the lock, with no atomic in user space
/// at all), which are not instrumented. ThreadSanitizer then sees no order between what the
/// releasing thread did under the lock and what the waiting thread does next, and reports a race
/// that the lock prevents. `acquire` after taking the lock and `release` before letting it go
/// give it that order explicitly.
enum ThreadSanitizer {
  private typealias Annotation = @convention(c) (UnsafeMutableRawPointer?) -> Void

  /// ThreadSanitizer's runtime entry points, found once: present only in a sanitized program.
  private static let annotations: (acquire: Annotation, release: Annotation)? = {
    #if os(Windows)
      return nil
    #else
      guard
        let handle = dlopen(nil, RTLD_NOW),
        let acquire = dlsym(handle, "__tsan_acquire"),
        let release = dlsym(handle, "__tsan_release")
      else { return nil }
      return (unsafeBitCast(acquire, to: Annotation.self), unsafeBitCast(release, to: Annotation.self))
    #endif
  }()

  /// Whether the program runs under ThreadSanitizer.
  static let isActive = annotations != nil

  /// Tells ThreadSanitizer that this thread has just taken the lock at `address`.
  static func acquire(_ address: UnsafeMutableRawPointer) {
    annotations?.acquire(address)
  }

  /// Tells ThreadSanitizer that this thread is about to let go of the lock at `address`.
  static func release(_ address: UnsafeMutableRawPointer) {
    annotations?.release(address)
  }
}
