import ConcurrencyExtras
import Dependencies
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file system `.fileStorage` keys read and write: the real one (``fileSystem``) in an app,
/// an in-memory one (``inMemory(fileSystem:)``) in tests and previews, so tests never touch the
/// disk unless they ask for it (`$0.defaultFileStorage = .fileSystem`).
public struct FileStorage: Sendable {
  let id: ObjectIdentifier
  /// The writes of this storage's files, coalesced. Contents are kept as bytes, not `Data`:
  /// `Data` stores its buffer behind an enum whose tag bits hide the pointer from
  /// LeakSanitizer, which then reports the last contents written (kept here for good, to tell
  /// our own writes from other processes') as leaked.
  let writers: Writers<URL, [UInt8]>
  let read: @Sendable (URL) throws -> Data?
  let write: @Sendable (Data, URL) throws -> Void
  let moveItem: @Sendable (URL, URL) throws -> Void
  let now: @Sendable () -> ContinuousClock.Instant
  let schedule: @Sendable (Duration, @escaping @Sendable () -> Void) -> Void
  let watch: @Sendable (URL, @escaping @Sendable () -> Void) -> SharedSubscription

  init(
    read: @escaping @Sendable (URL) throws -> Data?,
    write: @escaping @Sendable (Data, URL) throws -> Void,
    moveItem: @escaping @Sendable (URL, URL) throws -> Void,
    now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
    schedule: @escaping @Sendable (Duration, @escaping @Sendable () -> Void) -> Void,
    watch: @escaping @Sendable (URL, @escaping @Sendable () -> Void) -> SharedSubscription
  ) {
    let writers = Writers<URL, [UInt8]>(now: now, schedule: schedule)
    self.id = ObjectIdentifier(writers)
    self.writers = writers
    self.read = read
    self.write = write
    self.moveItem = moveItem
    self.now = now
    self.schedule = schedule
    self.watch = watch
  }

  /// The real file system: atomic writes (a temporary file in the same folder, `fsync`, then
  /// `rename`), changes coalesced to at most one write a second, and changes made by other
  /// processes noticed (with inotify on Linux).
  public static let fileSystem = FileStorage(
    read: { url in
      do {
        return try Data(contentsOf: url)
      } catch CocoaError.fileReadNoSuchFile, CocoaError.fileNoSuchFile {
        return nil
      } catch let error as NSError where error.domain == NSPOSIXErrorDomain && error.code == Int(ENOENT) {
        return nil
      }
    },
    write: { data, url in try atomicWrite(data, to: url) },
    moveItem: { try FileManager.default.moveItem(at: $0, to: $1) },
    schedule: afterDelay,
    watch: { url, onChange in FileWatcher.watch(url, onChange: onChange) }
  )

  /// An empty file system in memory, for tests and previews, as TCA's SyncUps sets it:
  /// `prepareDependencies { $0.defaultFileStorage = .inMemory }`. Each use is a new one.
  public static var inMemory: Self {
    inMemory(fileSystem: LockIsolated([:]))
  }

  /// A file system in memory, for tests and previews: `fileSystem` holds the files' contents;
  /// writes happen at once, nothing is watched.
  public static func inMemory(fileSystem: LockIsolated<[URL: Data]> = LockIsolated([:])) -> Self {
    FileStorage(
      read: { url in fileSystem.value[url] },
      write: { data, url in fileSystem.withValue { $0[url] = data } },
      moveItem: { source, destination in
        try fileSystem.withValue {
          guard let data = $0[source] else { throw CocoaError(.fileNoSuchFile) }
          $0[destination] = data
          $0[source] = nil
        }
      },
      schedule: { _, work in work() },
      watch: { _, _ in SharedSubscription {} }
    )
  }

  /// Writes every change still waiting to be written, now: call it on the way out of the program
  /// (the terminal front end's `beforeExit`), so nothing typed is lost.
  public func flushPendingWrites() {
    writers.flushAll()
  }

  /// Writes every change any persistent key is holding back: the same as the module's
  /// ``Sharing/flushPendingWrites()``.
  public static func flushPendingWrites() {
    Sharing.flushPendingWrites()
  }
}

/// Writes `data` to `url` so that the file always holds either the old or the new contents: the
/// data goes to a temporary file in the same folder, is flushed to the disk, and replaces the file
/// with `rename`. `beforeRename` runs between the two (tests use it to simulate a crash).
func atomicWrite(_ data: Data, to url: URL, beforeRename: () throws -> Void = {}) throws {
  let folder = url.deletingLastPathComponent()
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
  let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
  guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  var renamed = false
  defer {
    if !renamed { unlink(temporary.path) }
  }
  do {
    try data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        offset += written
      }
    }
    guard fsync(descriptor) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  } catch {
    close(descriptor)
    throw error
  }
  close(descriptor)
  try beforeRename()
  guard rename(temporary.path, url.path) == 0 else {
    throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
  }
  renamed = true
  // Make the rename itself durable.
  let folderDescriptor = open(folder.path, O_RDONLY | O_CLOEXEC)
  if folderDescriptor >= 0 {
    fsync(folderDescriptor)
    close(folderDescriptor)
  }
}

private enum DefaultFileStorageKey: DependencyKey {
  static var liveValue: FileStorage { .fileSystem }
  static var testValue: FileStorage { .inMemory() }
  static var previewValue: FileStorage { .inMemory() }
}

extension DependencyValues {
  /// The file system of `.fileStorage` keys: the real one live, one in memory in tests and
  /// previews.
  public var defaultFileStorage: FileStorage {
    get { self[DefaultFileStorageKey.self] }
    set { self[DefaultFileStorageKey.self] = newValue }
  }
}

extension FileStorage: Hashable {
  /// The same storage: `.fileSystem` is equal to itself; each in-memory one only to itself.
  public static func == (lhs: FileStorage, rhs: FileStorage) -> Bool { lhs.id == rhs.id }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
  }
}
