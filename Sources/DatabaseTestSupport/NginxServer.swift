import ComposableWebTestSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A real nginx for a test, in front of servers on loopback: the configuration is a file of the
/// repository (the one the README gives), its upstream servers and listening port replaced, run
/// with a prefix in a temporary folder. Stopped and deleted when released.
///
/// A missing nginx is an error that says what to install, never a skipped test.
public final class NginxServer: Sendable {
  public let port: Int
  public let folder: URL

  /// Starts nginx with `configuration` (a file for nginx's `http` block) sending to `upstreams`;
  /// returns once it answers on its port.
  public init(configuration: URL, upstreams: [Int]) throws {
    let nginx = "/usr/sbin/nginx"
    guard FileManager.default.isExecutableFile(atPath: nginx) else {
      throw TestServerError("nginx is not installed (no /usr/sbin/nginx): run ./test, which installs Debian's nginx-light, or apt-get install nginx-light")
    }
    let port = try freeLoopbackPort()
    self.port = port
    folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nginx-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("logs"), withIntermediateDirectories: true)
    var site = try String(contentsOf: configuration, encoding: .utf8)
    site = try Self.replacing(#/upstream standups \{[^}]*\}/#, in: site) {
      "upstream standups {\n" + upstreams.map { "  server 127.0.0.1:\($0);\n" }.joined() + "}"
    }
    site = try Self.replacing(#/listen [0-9.:]+;/#, in: site) { "listen 127.0.0.1:\(port);" }
    let conf = """
      worker_processes 1;
      pid \(folder.path)/nginx.pid;
      error_log \(folder.path)/logs/error.log info;
      events { worker_connections 1024; }
      http {
        access_log \(folder.path)/logs/access.log;
        client_body_temp_path \(folder.path)/body;
        proxy_temp_path \(folder.path)/proxy;
      \(site)
      }
      """
    let file = folder.appendingPathComponent("nginx.conf")
    try conf.write(to: file, atomically: true, encoding: .utf8)
    // nginx goes to the background once it listens.
    try runCommand([nginx, "-p", folder.path, "-c", file.path])
    guard isListening(port: port) else { throw TestServerError("nginx did not start: \(log)") }
  }

  deinit {
    stop()
    try? FileManager.default.removeItem(at: folder)
  }

  /// Stops nginx; returns once it no longer listens.
  public func stop() {
    guard let pid = try? String(contentsOf: folder.appendingPathComponent("nginx.pid"), encoding: .utf8),
      let number = Int32(pid.trimmingCharacters(in: .whitespacesAndNewlines))
    else { return }
    kill(number, SIGTERM)
    let deadline = Date().addingTimeInterval(10)
    while isListening(port: port), Date() < deadline { usleep(20_000) }
  }

  /// nginx's error log and what it printed.
  public var log: String {
    ["logs/error.log"].compactMap {
      try? String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
    }.joined(separator: "\n")
  }

  /// The `upstream` lines of the access log's requests: which process answered each.
  public var accessLog: String {
    (try? String(contentsOf: folder.appendingPathComponent("logs/access.log"), encoding: .utf8)) ?? ""
  }

  private static func replacing(
    _ pattern: Regex<Substring>, in text: String, with replacement: () -> String
  ) throws -> String {
    guard text.contains(pattern) else { throw TestServerError("the nginx configuration has no \(pattern)") }
    return text.replacing(pattern) { _ in replacement() }
  }
}

/// Whether something accepts connections on 127.0.0.1:`port`.
public func isListening(port: Int) -> Bool {
  let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  guard descriptor >= 0 else { return false }
  defer { close(descriptor) }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = in_port_t(UInt16(port).bigEndian)
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  return withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
  } == 0
}
