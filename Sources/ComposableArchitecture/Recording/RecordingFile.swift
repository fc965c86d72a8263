import ConcurrencyExtras
import Foundation

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
/// `@unchecked Sendable` is safe: every field is read and written with `lock` held (the exit
/// handler closes files from whichever thread exits).
final class RecordingFile: @unchecked Sendable {
  private let lock = NSLock()
  private var descriptor: Int32
  /// The mapped window of the file, or nil to write with `write(2)`.
  private var window: UnsafeMutableRawPointer?
  /// Where `window` starts in the file (a multiple of the page size), and its size.
  private var windowOffset = 0
  private var windowSize = 0
  /// The bytes of lines written.
  private var length = 0
  /// Whether mapping failed once: the file is then written with `write(2)` from there on.
  private var mappingFailed = false

  /// Creates the file, replacing one that is there.
  init(url: URL) throws {
    try? FileManager.default.removeItem(at: url)
    descriptor = systemOpen(url.path)
    guard descriptor >= 0 else {
      throw RecordingFileError(code: errno)
    }
    Self.openFiles.withValue { $0[ObjectIdentifier(self)] = WeakFile(file: self) }
    _ = Self.closeAtExit
  }

  deinit {
    close()
    Self.openFiles.withValue { _ = $0.removeValue(forKey: ObjectIdentifier(self)) }
  }

  /// Appends `bytes` (whole lines) to the file.
  func append(_ bytes: UnsafeRawBufferPointer) throws {
    try lock.withLock {
      guard descriptor >= 0 else { return }
      #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        if !mappingFailed, window == nil || length + bytes.count > windowOffset + windowSize {
          remap(toFit: bytes.count)
        }
        if let window {
          (window + (length - windowOffset)).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
          length += bytes.count
          return
        }
      #endif
      try writeAll(bytes)
      length += bytes.count
    }
  }

  /// Trims the reserved space and closes the file.
  func close() {
    lock.withLock {
      guard descriptor >= 0 else { return }
      #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        if let window {
          munmap(window, windowSize)
          self.window = nil
          _ = ftruncate(descriptor, off_t(length))
        }
      #endif
      _ = systemClose(descriptor)
      descriptor = -1
    }
  }

  #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    /// Maps a window that holds what is written and `count` more bytes, reserving the space in
    /// the file first (so that a full disk is an error here, not a crash when the mapped page is
    /// written). On failure, leaves no window: the file is then written with `write(2)`.
    private func remap(toFit count: Int) {
      let page = Int(sysconf(Int32(_SC_PAGESIZE)))
      if let window {
        munmap(window, windowSize)
        self.window = nil
      }
      let offset = length / page * page
      let size = max(1 << 20, (length - offset + count + page - 1) / page * page)
      guard reserve(offset: offset, size: size) else {
        _ = ftruncate(descriptor, off_t(length))
        mappingFailed = true
        return
      }
      #if os(Linux)
        // Its pages made present now, not one fault per page as lines reach them.
        let flags = MAP_SHARED | MAP_POPULATE
      #else
        let flags = MAP_SHARED
      #endif
      guard
        let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, flags, descriptor, off_t(offset)),
        mapped != MAP_FAILED
      else {
        _ = ftruncate(descriptor, off_t(length))
        mappingFailed = true
        return
      }
      window = mapped
      windowOffset = offset
      windowSize = size
    }

    /// Gives the file real blocks up to `offset + size`.
    private func reserve(offset: Int, size: Int) -> Bool {
      #if canImport(Darwin)
        return ftruncate(descriptor, off_t(offset + size)) == 0
      #else
        return posix_fallocate(descriptor, off_t(offset), off_t(size)) == 0
      #endif
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

  private struct WeakFile {
    weak var file: RecordingFile?
  }

  /// The files not yet closed, so that a program that exits with stores still alive leaves its
  /// recordings trimmed.
  private static let openFiles = LockIsolated<[ObjectIdentifier: WeakFile]>([:])

  private static let closeAtExit: Void = {
    atexit {
      for file in RecordingFile.openFiles.value.values {
        file.file?.close()
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
