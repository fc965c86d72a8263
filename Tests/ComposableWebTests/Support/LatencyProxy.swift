import ComposableWebTestSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A TCP proxy on a free loopback port in front of a server on `upstream`: every chunk waits
/// `delay` in each direction (a slow network, in order), and ``cutConnections()`` drops every open
/// connection, as Wi-Fi that blips does. While ``isRefusing`` is set, new connections are closed
/// as soon as they arrive (the server is unreachable).
///
/// The browser talks to the proxy's port, so its page's `Origin` and `Host` both name the proxy,
/// as they would name a reverse proxy in front of a real deployment.
final class LatencyProxy: @unchecked Sendable {
  // @unchecked Sendable: `connections` and `refusing` are guarded by `lock`; the descriptors are
  // used by the threads that own them.
  let port: Int
  private let upstream: Int
  private let delay: Duration
  private let listener: Int32
  private let lock = NSLock()
  private var connections: [Int32] = []
  private var refusing = false

  init(upstream: Int, delay: Duration) throws {
    self.upstream = upstream
    self.delay = delay
    let (listener, port) = try bindToFreeLoopbackPort(listens: true)
    self.listener = listener
    self.port = port
    Thread { [self] in acceptLoop() }.start()
  }

  var isRefusing: Bool {
    get { lock.withLock { refusing } }
    set { lock.withLock { refusing = newValue } }
  }

  /// Drops every connection now open (both sides see it end).
  func cutConnections() {
    let open = lock.withLock {
      defer { connections.removeAll() }
      return connections
    }
    for descriptor in open { shutdown(descriptor, Int32(SHUT_RDWR)) }
  }

  private func acceptLoop() {
    while true {
      let client = accept(listener, nil, nil)
      guard client >= 0 else { return }
      if isRefusing {
        close(client)
        continue
      }
      guard let server = try? connectToLoopback(port: upstream, timeoutSeconds: 0) else {
        close(client)
        continue
      }
      lock.withLock { connections += [client, server] }
      // One serial queue per direction keeps the delayed chunks in order.
      pump(from: client, to: server, queue: DispatchQueue(label: "proxy.up"))
      pump(from: server, to: client, queue: DispatchQueue(label: "proxy.down"))
    }
  }

  private func pump(from source: Int32, to destination: Int32, queue: DispatchQueue) {
    let delay = DispatchTimeInterval.milliseconds(Int(delay.components.seconds * 1000 + delay.components.attoseconds / 1_000_000_000_000_000))
    Thread {
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      while true {
        let count = buffer.withUnsafeMutableBytes { recv(source, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { break }
        let chunk = Array(buffer[0..<count])
        queue.asyncAfter(deadline: .now() + delay) { try? writeAll(chunk, to: destination) }
      }
      queue.asyncAfter(deadline: .now() + delay) { shutdown(destination, Int32(SHUT_RDWR)) }
    }.start()
  }
}
