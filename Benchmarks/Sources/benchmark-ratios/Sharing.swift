import ComposableArchitecture
import Foundation

// @Shared (SPEC 12): exact under contention, and few writes for a burst of changes.

/// 8 tasks each add 1 250 through `withLock`; returns the final value (exact: 10 000).
func sharedContention() async -> Int {
  let count = Shared(value: 0)
  await withTaskGroup(of: Void.self) { group in
    for _ in 0..<8 {
      group.addTask {
        for _ in 0..<1_250 { count.withLock { $0 += 1 } }
      }
    }
  }
  return count.wrappedValue
}

/// 1 000 changes in a burst to a value stored in a real file; returns how many times the file
/// was written (counted by watching its modification through the number of distinct contents is
/// not possible, so the writes are counted with a file storage that forwards to the disk).
func sharedBurstWrites() throws -> Int {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString)")
  let url = folder.appendingPathComponent("count.json")
  defer { try? FileManager.default.removeItem(at: folder) }
  let count = withDependencies {
    $0.defaultFileStorage = .fileSystem
  } operation: {
    Shared(wrappedValue: 0, .fileStorage(url))
  }
  var writes = 0
  var last = try? Data(contentsOf: url)
  for _ in 0..<1_000 {
    count.withLock { $0 += 1 }
    let now = try? Data(contentsOf: url)
    if now != last { writes += 1; last = now }
  }
  FileStorage.fileSystem.flushPendingWrites()
  if (try? Data(contentsOf: url)) != last { writes += 1 }
  guard try JSONDecoder().decode(Int.self, from: Data(contentsOf: url)) == 1_000 else { return -1 }
  return writes
}
