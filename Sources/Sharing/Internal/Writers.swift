import ConcurrencyExtras
import Foundation

/// Coalesces the writes of each file: the first change is written at once, later ones at most
/// once per ``interval``, the last of a burst always. Remembers what it last wrote, so that a
/// file watcher can tell our own writes from another process's.
final class Writers: Sendable {
  static let interval: Duration = .seconds(1)

  private struct File {
    var lastWrite: ContinuousClock.Instant?
    var lastWritten: Data?
    var pending: Data?
    var waiting: [SaveContinuation] = []
    var isScheduled = false
    var isBlocked = false

    /// Writes `data` now; returns the result and the saves that were waiting for it.
    mutating func write(
      _ data: Data, to url: URL, storage: FileStorage
    ) -> (Result<Void, any Error>, waiting: [SaveContinuation]) {
      pending = nil
      let result = Result { try storage.write(data, url) }
      lastWrite = storage.now()
      if case .success = result { lastWritten = data }
      defer { waiting = [] }
      return (result, waiting)
    }
  }

  private let files = LockIsolated<[URL: File]>([:])

  /// Writes `data` now, or schedules it; resumes `continuation` when it is on disk (or failed).
  func write(
    _ data: Data, to url: URL, immediately: Bool, storage: FileStorage,
    continuation: SaveContinuation
  ) {
    enum Decision {
      case written(Result<Void, any Error>, earlier: [SaveContinuation])
      case scheduled(Duration)
      case waiting
    }
    let decision = files.withValue { files -> Decision in
      var file = files[url] ?? File()
      defer { files[url] = file }
      if file.isBlocked { return .written(.failure(FileStorageError.refusingToOverwrite(url)), earlier: []) }
      let now = storage.now()
      let sinceLastWrite = file.lastWrite.map { $0.duration(to: now) }
      if immediately || (!file.isScheduled && (sinceLastWrite ?? Self.interval) >= Self.interval) {
        let (result, earlier) = file.write(data, to: url, storage: storage)
        return .written(result, earlier: earlier)
      }
      file.pending = data
      file.waiting.append(continuation)
      if file.isScheduled { return .waiting }
      file.isScheduled = true
      return .scheduled(Self.interval - (sinceLastWrite ?? .zero))
    }
    switch decision {
    case let .written(result, earlier):
      for continuation in earlier + [continuation] { continuation.resume(with: result) }
    case let .scheduled(delay):
      storage.schedule(delay) { [self] in flush(url, storage: storage) }
    case .waiting:
      break
    }
  }

  /// Writes the file's pending change, if any.
  func flush(_ url: URL, storage: FileStorage) {
    let (result, waiting) = files.withValue { files -> (Result<Void, any Error>?, [SaveContinuation]) in
      guard var file = files[url] else { return (nil, []) }
      defer { files[url] = file }
      file.isScheduled = false
      guard let data = file.pending else { return (nil, []) }
      return file.write(data, to: url, storage: storage)
    }
    if let result {
      for continuation in waiting { continuation.resume(with: result) }
    }
  }

  func flushAll(with storage: FileStorage) {
    for url in files.value.keys { flush(url, storage: storage) }
  }

  /// Whether `data` is what this storage last wrote to `url` (or is about to write).
  func isOwnWrite(_ data: Data, at url: URL) -> Bool {
    guard let file = files.value[url] else { return false }
    return file.lastWritten == data || file.pending == data
  }

  /// Refuses every write to `url` from now on: it holds data that could not be read or moved.
  func block(_ url: URL) {
    files.withValue { $0[url, default: File()].isBlocked = true }
  }

  /// Remembers `data` as the file's contents (after loading it), so a watcher ignores it.
  func noteContents(_ data: Data?, at url: URL) {
    files.withValue { $0[url, default: File()].lastWritten = data }
  }
}
