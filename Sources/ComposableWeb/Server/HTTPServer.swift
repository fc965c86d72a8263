import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import ServiceLifecycle

/// The HTTP server every ``WebApp`` runs: `builder`'s channel (plain HTTP/1, or with WebSocket
/// upgrades) answering with `router`'s routes, a request that fails answered 500 (a malformed
/// one is closed by the channel), and every answer given a `Date` header.
///
/// Hummingbird's own server, not its `Application`: `Application.run()` adds a service that keeps
/// the Date header by iterating a timer merged with the graceful shutdown every second, and that
/// merge (swift-async-algorithms 1.1.4 holds a lock across a suspension) can leave a thread
/// blocked for ever, which hung a test run and would hang a long-running server.
///
/// Public for the benchmarks only (`@_spi(Benchmarks)`): their static baseline page is served by
/// this same stack, so that `web-first-render-vs-static` compares rendering, not servers.
@_spi(Benchmarks)
public func httpServer(
  _ builder: HTTPServerBuilder, router: Router<WebRequestContext>, host: String, port: Int, logger: Logger,
  onServerRunning: @escaping @Sendable (any Channel) async -> Void
) throws -> any Service {
  let responder = router.buildResponder()
  return try builder.buildServer(
    configuration: ServerConfiguration(address: .hostname(host, port: port)),
    eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
    logger: logger,
    responder: { request, writer, channel in
      let context = WebRequestContext(source: ApplicationRequestContextSource(channel: channel, logger: logger))
      var response: Response
      do {
        response = try await responder.respond(to: request, context: context)
      } catch let error as HTTPParserError {
        throw error  // the channel answers 400 and closes
      } catch {
        logger.debug("A request failed: \(error)")
        response = Response(status: .internalServerError)
      }
      response.headers[.date] = HTTPDate.now()
      do {
        try await writer.write(response: response.head, body: response.body)
      } catch is HTTPParserError {
        // Not the parser error itself: the channel would answer the request a second time.
        throw ResponseNotWritten()
      }
    },
    onServerRunning: onServerRunning
  )
}

/// A response that could not be written because its request turned out malformed on the way.
private struct ResponseNotWritten: Error {}

/// What a route of a ``WebApp`` knows of its request besides the request: Hummingbird's basic
/// context, and the address of the connection's other end (for throttling sign-ins by client).
@_spi(Benchmarks)
public struct WebRequestContext: RequestContext {
  /// Hummingbird's own part of the context.
  public var coreContext: CoreRequestContextStorage
  /// The connection's peer: the browser, or a proxy in front of the server.
  public let remoteAddress: SocketAddress?

  /// The context of a request that arrived on `source`'s channel.
  public init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    remoteAddress = source.channel.remoteAddress
  }
}
