import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Dispatch sources are thread-safe but not marked Sendable.
private struct SourceBox: @unchecked Sendable {
  let source: any DispatchSourceRead
}

/// Tells when a file is created, replaced, written or deleted by anyone. On Linux it watches the
/// file's folder with inotify (a replaced file is a new inode, so the folder is what to watch);
/// elsewhere it watches nothing.
enum FileWatcher {
  static func watch(_ url: URL, onChange: @escaping @Sendable () -> Void) -> SharedSubscription {
    #if os(Linux)
      let folder = url.deletingLastPathComponent()
      try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard descriptor >= 0 else { return SharedSubscription {} }
      let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE)
      guard inotify_add_watch(descriptor, folder.path, mask) >= 0 else {
        close(descriptor)
        return SharedSubscription {}
      }
      let name = url.lastPathComponent
      let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .global())
      source.setEventHandler {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var changed = false
        while true {
          let count = read(descriptor, &buffer, buffer.count)
          if count <= 0 { break }
          var offset = 0
          // Each event: wd (4), mask (4), cookie (4), len (4), then `len` bytes of name.
          while offset + 16 <= count {
            let length = buffer[offset + 12..<offset + 16].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
            let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + Int(length))]
            let eventName = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
            if eventName == name { changed = true }
            offset += 16 + Int(length)
          }
        }
        if changed { onChange() }
      }
      source.setCancelHandler { close(descriptor) }
      source.resume()
      let box = SourceBox(source: source)
      return SharedSubscription { box.source.cancel() }
    #else
      return SharedSubscription {}
    #endif
  }
}
