import Dependencies
import Foundation
import Synchronization

extension SharedReaderKey {
  /// A `Codable` value kept in a JSON file.
  ///
  /// ```swift
  /// @Shared(.fileStorage(URL(filePath: "/tmp/standups.json"))) var standups: [Standup] = []
  /// ```
  ///
  /// * Writes are atomic: a crash mid-write leaves the old file whole.
  /// * Changes are coalesced: the first is written at once, then at most one write a second
  ///   (the last change of a burst is always written); `save()` and
  ///   `FileStorage.flushPendingWrites()` write what is pending now.
  /// * When another process changes the file, the value is reloaded and observers told (Linux:
  ///   inotify).
  /// * A file that cannot be decoded is never overwritten: it is moved aside to
  ///   `NAME.corrupt-<date>` and the error (``FileStorageError/corruptFile(_:backup:underlying:)``)
  ///   becomes `loadError`; the value starts from its default.
  ///
  /// `nil` coders (the default) are a plain `JSONDecoder()` and `JSONEncoder()`.
  public static func fileStorage<Value: Codable>(
    _ url: URL, decoder: JSONDecoder? = nil, encoder: JSONEncoder? = nil
  ) -> Self where Self == FileStorageKey<Value> {
    let decoder = decoder ?? JSONDecoder()
    let encoder = encoder ?? JSONEncoder()
    return FileStorageKey(
      url: url,
      decode: { try decoder.decode(Value.self, from: $0) },
      encode: { try encoder.encode($0) }
    )
  }

  /// A value kept in a file, with your own encoding.
  public static func fileStorage<Value>(
    _ url: URL, decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data
  ) -> Self where Self == FileStorageKey<Value> {
    FileStorageKey(url: url, decode: decode, encode: encode)
  }
}

/// A key whose value lives in a file; see ``SharedReaderKey/fileStorage(_:decoder:encoder:)``.
public struct FileStorageKey<Value: Sendable>: SharedKey {
  let storage: FileStorage
  let url: URL
  let decode: @Sendable (Data) throws -> Value
  let encode: @Sendable (Value) throws -> Data

  init(
    url: URL, decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data
  ) {
    @Dependency(\.defaultFileStorage) var storage
    self.storage = storage
    self.url = url
    self.decode = decode
    self.encode = encode
  }

  public var id: FileStorageKeyID {
    FileStorageKeyID(url: standardized(url), storage: storage.id)
  }

  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    continuation.resume(with: read())
  }

  public func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    storage.watch(url) { [self] in
      guard let data = try? storage.read(url) else {
        return  // Deleted: keep the value; the next change writes it again.
      }
      guard !storage.writers.isOwnWrite(Array(data), at: url) else { return }
      subscriber.yield(with: read(data))
    }
  }

  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    do {
      let data = try encode(value)
      // The write captures the storage's write function, not the storage: the storage holds
      // the writers, which hold this closure until it runs (a cycle would keep both, and the
      // last contents written, for good).
      storage.writers.write(
        Array(data), to: url, immediately: context == .userInitiated, continuation: continuation
      ) { [write = storage.write, url] in try write(Data($0), url) }
    } catch {
      continuation.resume(throwing: error)
    }
  }

  private func read() -> Result<Value?, any Error> {
    do {
      guard let data = try storage.read(url) else { return .success(nil) }
      return read(data)
    } catch {
      return .failure(error)
    }
  }

  /// Decodes `data`; a file that does not decode is moved aside before anything can overwrite it.
  private func read(_ data: Data) -> Result<Value?, any Error> {
    // An empty file holds nothing to lose: it means "no value yet".
    guard !data.isEmpty else { return .success(nil) }
    do {
      let value = try decode(data)
      storage.writers.noteContents(Array(data), at: url)
      return .success(value)
    } catch {
      let backup = Self.backupURL(for: url)
      do {
        try storage.moveItem(url, backup)
      } catch let moveError {
        storage.writers.block(url, with: FileStorageError.refusingToOverwrite(url))
        return .failure(FileStorageError.unreadableFile(url, underlying: error, moveError: moveError))
      }
      return .failure(FileStorageError.corruptFile(url, backup: backup, underlying: error))
    }
  }

  static func backupURL(for url: URL) -> URL {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    var backup = url.deletingLastPathComponent()
      .appendingPathComponent("\(url.lastPathComponent).corrupt-\(formatter.string(from: Date()))")
    var counter = 1
    while FileManager.default.fileExists(atPath: backup.path) {
      counter += 1
      backup = url.deletingLastPathComponent().appendingPathComponent(
        "\(url.lastPathComponent).corrupt-\(formatter.string(from: Date()))-\(counter)"
      )
    }
    return backup
  }
}

extension FileStorageKey: CustomStringConvertible {
  /// `.fileStorage(file:///path/to/file.json)`, as swift-sharing writes it.
  public var description: String { ".fileStorage(\(url.absoluteString))" }
}

/// `url.standardizedFileURL`, remembered: standardizing is slow enough to show in a web page's
/// first render, which makes its keys anew. At most 256 are kept (a program that names more
/// files starts over).
private func standardized(_ url: URL) -> URL {
  if let known = standardizedURLs.withLock({ $0[url] }) { return known }
  let standardized = url.standardizedFileURL
  standardizedURLs.withLock { urls in
    if urls.count >= 256 { urls.removeAll() }
    urls[url] = standardized
  }
  return standardized
}

private let standardizedURLs = Mutex<[URL: URL]>([:])

/// The identity of a `.fileStorage` key: its file, in its storage. Keys with the same id share
/// one value.
public struct FileStorageKeyID: Hashable, Sendable {
  let url: URL
  let storage: ObjectIdentifier
}

/// Why a `.fileStorage` value could not be loaded.
public enum FileStorageError: Error, CustomStringConvertible {
  /// The file did not decode; it was moved to `backup`, untouched, and the value starts from its
  /// default.
  case corruptFile(URL, backup: URL, underlying: any Error)
  /// The file did not decode and could not be moved aside; it is left as it is and will not be
  /// overwritten until it is moved or fixed.
  case unreadableFile(URL, underlying: any Error, moveError: any Error)
  /// A save was refused because the file holds data that could not be read nor moved aside.
  case refusingToOverwrite(URL)

  public var description: String {
    switch self {
    case let .corruptFile(url, backup, underlying):
      return "\(url.path) could not be read (\(underlying)); it was moved to \(backup.path)."
    case let .unreadableFile(url, underlying, moveError):
      return "\(url.path) could not be read (\(underlying)) nor moved aside (\(moveError))."
    case let .refusingToOverwrite(url):
      return """
        Not saving over \(url.path): it holds data that could not be read nor moved aside. \
        Move or fix the file, then start again.
        """
    }
  }

  /// Where the unreadable file was moved, if it was.
  public var backupURL: URL? {
    if case let .corruptFile(_, backup, _) = self { return backup }
    return nil
  }
}
