import ComposableArchitecture
import ConcurrencyExtras
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#endif

/// The file a recorder writes, a line at a time.
///
/// Each line is in the file as soon as `append` returns, so a crash of the program loses at most
/// the line being written. Where the system can map files into memory, the file is written
/// through a shared mapping of space reserved ahead of the lines (a megabyte at a time): copying a
/// line there costs a few dozen instructions, a `write(2)` per line several times a whole store
/// send, and the system keeps what was copied even if the program crashes a moment later. Until
/// the file is closed (when the store goes away, or the program exits), the lines are followed by
/// the reserved space, zero bytes, which ``Recording`` skips; closing trims them. Elsewhere, or if
/// mapping fails, each line is written with one `write(2)`.
///
/// Once half of a window is written, the next one is made ready on a queue of the file's own:
/// its space reserved, its pages mapped and, on Linux, made writable ahead
/// (`MADV_POPULATE_WRITE`). The first write to each page of a shared file mapping otherwise
/// stops the program in the kernel, and those stops were a third of a recorded send. The window
/// left behind is unmapped on that queue too.
///
/// `@unchecked Sendable` is safe: every field is read and written with `lock` held (the exit
/// handler closes files from whichever thread exits, and the preparing queue installs the window
/// it made under the lock). The lock is taken through `locked`, which tells ThreadSanitizer about
/// it when the program runs under it (see ``ThreadSanitizer``).
final class RecordingFile: @unchecked Sendable {
  /// A futex-based lock: cheaper to take than `NSLock` (a `pthread_mutex_t`) on every line.
  private let lock = Mutex(())
  /// Whether to annotate `lock` for ThreadSanitizer: read once, so that an append tests a flag.
  private let annotatesLock = ThreadSanitizer.isActive
  private var descriptor: Int32
  /// The mapped window lines are copied to, or nil to write with `write(2)`.
  private var window: Window?
  /// The window after it, made ready by `preparer`.
  private var next: Window?
  private var isPreparing = false
  /// Whether a window could not be made ready once: windows are then mapped when needed.
  private var preparingFailed = false
  private var isClosing = false
  /// The bytes of lines written.
  private var length = 0
  /// Whether mapping failed once: the file is then written with `write(2)` from there on.
  private var mappingFailed = false
  /// Where windows are made ready and unmapped, off the thread that records.
  private let preparer = DispatchQueue(label: "ComposableArchitecture.RecordingFile")
  private static let preparerKey = DispatchSpecificKey<Bool>()

  /// Creates the file, replacing one that is there.
  init(url: URL) throws {
    try? FileManager.default.removeItem(at: url)
    descriptor = systemOpen(url.path)
    guard descriptor >= 0 else {
      throw RecordingFileError(code: errno)
    }
    preparer.setSpecific(key: Self.preparerKey, value: true)
    Self.openFiles.withValue { $0[ObjectIdentifier(self)] = self }
    _ = Self.closeAtExit
  }

  /// Runs `body` with `lock` held. (Always inlined: a call of its own cost an append 40
  /// instructions.)
  @inline(__always)
  private func locked<R>(_ body: (inout ()) throws -> R) rethrows -> R {
    try lock.withLock { unit in
      guard annotatesLock else { return try body(&unit) }
      let address = Unmanaged.passUnretained(self).toOpaque()
      ThreadSanitizer.acquire(address)
      defer { ThreadSanitizer.release(address) }
      return try body(&unit)
    }
  }

  /// Appends `bytes` (whole lines) to the file.
  func append(_ bytes: UnsafeRawBufferPointer) throws {
    try locked { _ in
      guard descriptor >= 0 else { return }
      #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        if !mappingFailed, window.map({ length + bytes.count > $0.end }) ?? true {
          moveWindow(toFit: bytes.count)
        }
        if let window {
          (window.start + (length - window.offset)).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
          length += bytes.count
          if next == nil, !isPreparing, !preparingFailed, !isClosing, length - window.offset >= window.size / 2 {
            prepareNext(after: window)
          }
          return
        }
      #endif
      try writeAll(bytes)
      length += bytes.count
    }
  }

  /// Run once, first thing, when the file closes: a buffered recording writes what waits.
  var beforeClosing: (@Sendable () -> Void)? {
    get { locked { _ in _beforeClosing } }
    set { locked { _ in _beforeClosing = newValue } }
  }
  private var _beforeClosing: (@Sendable () -> Void)?

  /// Trims the reserved space and closes the file (its recorder does when it goes, and the exit
  /// handler does for the files still open).
  func close() {
    let hook = locked { _ in
      defer { _beforeClosing = nil }
      return _beforeClosing
    }
    hook?()
    let closes = locked { _ -> Bool in
      guard descriptor >= 0, !isClosing else { return false }
      isClosing = true
      return true
    }
    guard closes else { return }
    Self.openFiles.withValue { _ = $0.removeValue(forKey: ObjectIdentifier(self)) }
    // The window being made ready (and the unmapping of earlier ones) finishes first: the
    // descriptor it uses must not be closed, and perhaps reused, under it. (Not when the file
    // goes away on that queue itself, which then has nothing else in flight.)
    if DispatchQueue.getSpecific(key: Self.preparerKey) == nil {
      preparer.sync {}
    }
    locked { _ in
      #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        next?.unmap()
        next = nil
        if let window {
          window.unmap()
          self.window = nil
          _ = ftruncate(descriptor, off_t(length))
        }
      #endif
      _ = systemClose(descriptor)
      descriptor = -1
    }
  }

  #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    /// A mapped part of the file: `size` bytes from `offset` (a multiple of the page size).
    struct Window: @unchecked Sendable {
      // @unchecked Sendable: the pointer is to a mapping that only the file's lock holder writes
      // through, and that is unmapped once, by whoever took it out of the file.
      let start: UnsafeMutableRawPointer
      let offset: Int
      let size: Int
      var end: Int { offset + size }

      /// Reserves the space in the file first (so that a full disk is an error here, not a crash
      /// when a mapped page is written), then maps it; nil on failure.
      static func map(_ descriptor: Int32, offset: Int, size: Int, writableAhead: Bool) -> Window? {
        guard reserve(descriptor, offset: offset, size: size) else { return nil }
        #if os(Linux)
          // Pages made present now, not one fault per page as lines reach them (made writable
          // too off the recording thread, where the wait costs nothing).
          let flags = writableAhead ? MAP_SHARED : MAP_SHARED | MAP_POPULATE
        #else
          let flags = MAP_SHARED
        #endif
        guard
          let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, flags, descriptor, off_t(offset)),
          mapped != MAP_FAILED
        else { return nil }
        #if os(Linux)
          if writableAhead {
            // MADV_POPULATE_WRITE (Linux 5.14): faults every page in writable without writing it.
            _ = madvise(mapped, size, 23)
          }
        #endif
        return Window(start: mapped, offset: offset, size: size)
      }

      func unmap() {
        munmap(start, size)
      }

      /// Gives the file real blocks up to `offset + size`.
      private static func reserve(_ descriptor: Int32, offset: Int, size: Int) -> Bool {
        #if canImport(Darwin)
          return ftruncate(descriptor, off_t(offset + size)) == 0
        #else
          return posix_fallocate(descriptor, off_t(offset), off_t(size)) == 0
        #endif
      }
    }

    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
    private static let windowSize = 1 << 20
    /// How much of the window before the next one covers too: a line that starts there still
    /// fits in the next window.
    private static let overlap = 64 << 10

    /// Moves to a window that holds what is written and `count` more bytes: the one made ready
    /// if it does, otherwise one mapped now. On failure, leaves no window: the file is then
    /// written with `write(2)`.
    private func moveWindow(toFit count: Int) {
      if let window {
        let old = window
        preparer.async { old.unmap() }
        self.window = nil
      }
      if let ready = next {
        next = nil
        if ready.offset <= length, length + count <= ready.end {
          window = ready
          return
        }
        preparer.async { ready.unmap() }
      }
      let offset = length / Self.pageSize * Self.pageSize
      let size = max(Self.windowSize, (length - offset + count + Self.pageSize - 1) / Self.pageSize * Self.pageSize)
      guard let mapped = Window.map(descriptor, offset: offset, size: size, writableAhead: false) else {
        _ = ftruncate(descriptor, off_t(length))
        mappingFailed = true
        return
      }
      window = mapped
    }

    /// Makes the window after `window` ready on `preparer`.
    private func prepareNext(after window: Window) {
      isPreparing = true
      let descriptor = descriptor
      let offset = max(window.offset, window.end - Self.overlap)
      // `self` held strongly (a weak reference would make every retain of the file, one per
      // action, go through a side table); `close()` waits for this.
      preparer.async { [self] in
        let ready = Window.map(descriptor, offset: offset, size: Self.windowSize, writableAhead: true)
        self.locked { _ in
          self.isPreparing = false
          guard let ready else {
            self.preparingFailed = true
            return
          }
          if self.isClosing || self.descriptor < 0 || self.mappingFailed {
            ready.unmap()
          } else {
            self.next = ready
          }
        }
      }
    }
  #endif

  /// Writes `bytes` with `write(2)`, in as many calls as it takes.
  private func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
    var offset = 0
    while offset < bytes.count {
      let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        throw RecordingFileError(code: errno)
      }
      offset += written
    }
  }

  // MARK: Closing at exit

  /// The files not yet closed, so that a program that exits with stores still alive leaves its
  /// recordings trimmed; a file leaves the list when it is closed. Strong references, not weak
  /// ones: an object with a weak reference pays for every retain and release through a side
  /// table, and the recorder retains its file on every action.
  private static let openFiles = LockIsolated<[ObjectIdentifier: RecordingFile]>([:])

  private static let closeAtExit: Void = {
    atexit {
      for file in RecordingFile.openFiles.value.values {
        file.close()
      }
    }
  }()
}

/// A failed write, with the system's words for it.
struct RecordingFileError: Error, CustomStringConvertible {
  let code: Int32
  var description: String { String(cString: strerror(code)) }
}

/// `open(2)`: creates the file for reading and writing (a shared writable mapping needs both).
private func systemOpen(_ path: String) -> Int32 {
  #if os(Windows)
    var descriptor: Int32 = -1
    _ = _sopen_s(&descriptor, path, _O_RDWR | _O_CREAT | _O_TRUNC | _O_BINARY, _SH_DENYNO, _S_IREAD | _S_IWRITE)
    return descriptor
  #else
    return open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
  #endif
}

/// `write(2)`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  #if os(Windows)
    Int(_write(descriptor, bytes, UInt32(truncatingIfNeeded: count)))
  #else
    write(descriptor, bytes, count)
  #endif
}

/// `close(2)`.
private func systemClose(_ descriptor: Int32) -> Int32 {
  #if os(Windows)
    _close(descriptor)
  #else
    close(descriptor)
  #endif
}
