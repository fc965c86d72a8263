import Foundation

/// The files of the app's own a page may load (the pictures of its asset catalogue), each at an
/// address of the server's choosing: `/_cw/file/TOKEN/NAME`, where the token is random and
/// names that file only. The server serves a file only once a renderer asked for its address,
/// so no address a browser makes up reaches any other file on the machine.
public enum ServedFiles {
  private static let lock = NSLock()
  // `nonisolated(unsafe)` is safe: both tables are only read and written while `lock` is held.
  nonisolated(unsafe) private static var addresses: [URL: String] = [:]
  nonisolated(unsafe) private static var files: [String: URL] = [:]

  /// The folder of the addresses.
  public static let prefix = "/_cw/file/"

  /// The address `file` is served at, the same for the process's life.
  public static func address(for file: URL) -> String {
    let file = file.standardizedFileURL
    lock.lock()
    defer { lock.unlock() }
    if let address = addresses[file] { return address }
    let token = randomHex(words: 2)
    let name = file.lastPathComponent.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? "file"
    let address = prefix + token + "/" + name
    addresses[file] = address
    files[token] = file
    return address
  }

  /// The file served at `path` (an address ``address(for:)`` gave: its token decides, the name
  /// after it is for the browser's sake), or nil.
  public static func file(atPath path: String) -> URL? {
    guard path.hasPrefix(prefix) else { return nil }
    let token = path.dropFirst(prefix.count).prefix { $0 != "/" }
    lock.lock()
    defer { lock.unlock() }
    return files[String(token)]
  }

  /// The `Content-Type` a picture file is served with, by its extension.
  public static func contentType(of file: URL) -> String {
    switch file.pathExtension.lowercased() {
    case "png": "image/png"
    case "jpg", "jpeg": "image/jpeg"
    case "gif": "image/gif"
    case "webp": "image/webp"
    case "svg": "image/svg+xml"
    default: "application/octet-stream"
    }
  }
}

/// `words` × 64 random bits from the system's generator, as `16 × words` hexadecimal digits: the
/// ids of sessions and tabs, and the tokens of served files.
package func randomHex(words: Int) -> String {
  var generator = SystemRandomNumberGenerator()
  return (0..<words).map { _ in
    let text = String(generator.next() as UInt64, radix: 16)
    return String(repeating: "0", count: 16 - text.count) + text
  }.joined()
}
