import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1

/// The server's connections, HTTP/1.1 with the WebSocket upgrade, closed as soon as their bytes
/// are not HTTP (or a header is too long: over 80 KiB). Without it such a connection would stay
/// open, unanswered: the upgrade pipeline leaves HTTP parse errors to a handler that only exists
/// once a request's head was read.
///
/// A connection whose request head (the first, or a later one on a kept-alive connection) takes
/// longer than `headerTimeout` is closed too (see ``HeaderDeadline``).
struct ClosingMalformedRequests: ServerChildChannel {
  let base: HTTP1WebSocketUpgradeChannel
  let headerTimeout: Duration
  let onMalformed: @Sendable (any Error) -> Void
  let onSlowHeaders: @Sendable () -> Void
  let onOversizedFrame: @Sendable () -> Void

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1WebSocketUpgradeChannel.Value> {
    // A connection keeps its last receive buffer for the next read. NIO's default starts at
    // 2 KB (and a second one is made while the first is still held); a tab's messages are a few
    // hundred bytes, so starting at 512 keeps less per open tab. The allocator still grows the
    // buffer for a connection whose reads fill it.
    try? channel.syncOptions?.setOption(
      ChannelOptions.recvAllocator,
      value: AdaptiveRecvByteBufferAllocator(minimum: 64, initial: 512, maximum: 65_536)
    )
    let deadline = HeaderDeadline(
      timeout: .nanoseconds(Int64(headerTimeout / .nanoseconds(1))), onTimeout: onSlowHeaders
    )
    try? channel.pipeline.syncOperations.addHandlers([deadline, MessageTooBigWatcher(onClose: onOversizedFrame)], position: .first)
    let value = base.setup(channel: channel, logger: logger)
    // Last in the pipeline the base set up, so that the HTTP decoder's errors reach it.
    return channel.pipeline.addHandler(CloseOnParseError(onMalformed: onMalformed)).flatMap { value }
  }

  func handle(value: HTTP1WebSocketUpgradeChannel.Value, logger: Logger) async {
    await base.handle(value: value, logger: logger)
  }
}

/// Closes the connection when the HTTP decoder could not parse what arrived; passes everything
/// else on.
private final class CloseOnParseError: ChannelInboundHandler, RemovableChannelHandler, Sendable {
  typealias InboundIn = NIOAny
  let onMalformed: @Sendable (any Error) -> Void

  init(onMalformed: @escaping @Sendable (any Error) -> Void) {
    self.onMalformed = onMalformed
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    context.fireChannelRead(data)
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    guard error is HTTPParserError else {
      context.fireErrorCaught(error)
      return
    }
    // A parse error on a connection already closed is the decoder's word for a request cut off
    // (its client went, or the header deadline closed it, which counts it as slow): not bytes that
    // are not HTTP, and nothing to close.
    guard context.channel.isActive else { return }
    onMalformed(error)
    context.close(promise: nil)
  }
}
