import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// Where a ``WebApp`` serves `/metrics` apart from its pages (``WebApp/metricsListener``).
public struct MetricsListener: Sendable, Equatable {
  /// The address to listen on (`127.0.0.1`: this machine only).
  public var host: String
  /// The port (0: any free one, said in the log).
  public var port: Int

  /// A listener on `host` and `port`.
  public init(host: String = "127.0.0.1", port: Int) {
    self.host = host
    self.port = port
  }

  /// `"HOST:PORT"`, `"[IPV6]:PORT"` or `"PORT"` (on 127.0.0.1), as `--metrics-listen` takes it;
  /// nil when `text` is none of these.
  public init?(_ text: String) {
    let host: Substring
    let port: Substring
    if let colon = text.lastIndex(of: ":") {
      host = text[..<colon]
      port = text[text.index(after: colon)...]
    } else {
      host = "127.0.0.1"
      port = text[...]
    }
    guard let number = Int(port), (0...65_535).contains(number), !host.isEmpty else { return nil }
    let bare = host.hasPrefix("[") && host.hasSuffix("]") ? host.dropFirst().dropLast() : host
    self.init(host: String(bare), port: number)
  }
}

extension WebApp {
  /// The listener of ``metricsListener``: `/metrics` and nothing else.
  func metricsService(_ listener: MetricsListener, tabs: Tabs, page: PageTemplate, logger: Logger) throws -> any Service {
    let router = Router(context: WebRequestContext.self)
    router.add(middleware: SecurityHeaders(strictTransportSecurity: false))
    router.get("/metrics") { _, _ in await metricsAnswer(tabs: tabs, page: page) }
    var serverLogger = logger
    if logger.logLevel == .info { serverLogger.logLevel = .notice }
    return try httpServer(
      .http1(), router: router, host: listener.host, port: listener.port, logger: serverLogger,
      onServerRunning: { channel in
        logger.notice("metrics at http://\(listener.host):\(channel.localAddress?.port ?? listener.port)/metrics")
      }
    )
  }
}

/// Every figure, with the tabs counted now.
func metricsAnswer(tabs: Tabs, page: PageTemplate) async -> Response {
  await tabs.countTabs()
  return page.respond(.ok, tabs.metrics.text(), contentType: "text/plain; version=0.0.4; charset=utf-8")
}

/// Whether a request comes from this machine directly: a loopback peer, and no header a proxy
/// adds (`X-Forwarded-For`, `Forwarded`). Behind nginx every request has a loopback peer, so the
/// headers are what tell a visitor from a local monitor.
func isLocalAndUnproxied(peer: SocketAddress?, fields: HTTPFields) -> Bool {
  guard let address = peer?.ipAddress else { return false }
  let isLoopback = address.hasPrefix("127.") || address == "::1" || address.hasPrefix("::ffff:127.")
  return isLoopback && fields[HTTPField.Name("X-Forwarded-For")!] == nil && fields[HTTPField.Name("Forwarded")!] == nil
}
