import NIOCore
import Synchronization

/// What one WebSocket may send: see ``WebApp/eventsPerSecond`` and ``WebApp/maximumEventSize``.
struct SocketCaps: Sendable {
  let eventsPerSecond: Int
  let maximumEventSize: Int
}

/// The open WebSockets of each client (an IPv6 client by its /64, as sign-ins are throttled),
/// counted from the upgrade decision to the end of the socket's handler, off the main actor: the
/// decision is made on the connection's event loop.
final class SocketsPerClient: Sendable {
  let limit: Int
  private let counts = Mutex<[String: Int]>([:])

  init(limit: Int) {
    self.limit = limit
  }

  /// Counts a socket for `client` unless it already has `limit`; whether it was counted.
  func open(_ client: String) -> Bool {
    counts.withLock { counts in
      guard counts[client, default: 0] < limit else { return false }
      counts[client, default: 0] += 1
      return true
    }
  }

  /// A socket of `client` ended.
  func close(_ client: String) {
    counts.withLock { counts in
      counts[client, default: 1] -= 1
      if counts[client] == 0 { counts[client] = nil }
    }
  }

}

/// How a socket's reading ended.
enum SocketEnding: Sendable {
  /// The page closed it, or the connection went.
  case byThePage
  /// It sent events faster than its cap: closed with 1008.
  case flooded
  /// Its messages broke the WebSocket layer's rules (a message of several frames over the size
  /// cap, a frame out of sequence): the error goes back to that layer, which closes the socket
  /// with the code the error names (1009 for the size, counted by ``MessageTooBigWatcher`` on
  /// its way out).
  case broken(any Error)
}

/// How a socket's reading ended, set by its reading task for the task that closes it.
final class SocketEndingBox: Sendable {
  let value = Mutex(SocketEnding.byThePage)
}

/// A token bucket: `perSecond` tokens a second, up to twice that held, one taken per event. A
/// page bursts (a paste, a held key) and then rests; a script that keeps sending runs it dry.
struct EventBucket {
  private let perSecond: Double
  private let capacity: Double
  private var tokens: Double
  private var last: ContinuousClock.Instant?

  init(perSecond: Int) {
    self.perSecond = Double(perSecond)
    capacity = Double(perSecond) * 2
    tokens = capacity
  }

  /// Takes a token at `now`; false when none is left.
  mutating func take(now: ContinuousClock.Instant) -> Bool {
    if let last {
      let elapsed = now - last
      let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      tokens = min(capacity, tokens + seconds * perSecond)
    }
    last = now
    guard tokens >= 1 else { return false }
    tokens -= 1
    return true
  }
}

/// Closes a connection whose request head has not arrived `timeout` after it began (a client
/// that drips its headers a byte at a time holds a connection for nothing). First in the
/// pipeline, it sees the bytes as they come: the first request's clock starts when the
/// connection opens; each later request's (keep-alive) with its first byte, once the answer to
/// the one before has begun, so a connection idle between requests is left to the idle
/// timeout. The blank line that ends a head stops the clock. A `101` answer (a WebSocket
/// upgrade) removes it: what follows is frames, not requests.
final class HeaderDeadline: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer
  typealias OutboundIn = IOData
  typealias OutboundOut = IOData

  private enum Phase {
    /// A head is expected: its clock runs (from the connection's start, or the head's first byte).
    case readingHead
    /// The head arrived; its body and the answer follow.
    case answering
    /// The answer began: the next byte starts the next head's clock.
    case betweenRequests
  }

  private let timeout: TimeAmount
  private let onTimeout: @Sendable () -> Void
  private var deadline: Scheduled<Void>?
  private var phase = Phase.readingHead
  /// The last three bytes seen, so a `\r\n\r\n` split over two reads is found.
  private var tail: [UInt8] = []

  init(timeout: TimeAmount, onTimeout: @escaping @Sendable () -> Void) {
    self.timeout = timeout
    self.onTimeout = onTimeout
  }

  func handlerAdded(context: ChannelHandlerContext) {
    startClock(context: context)
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    deadline?.cancel()
  }

  private func startClock(context: ChannelHandlerContext) {
    let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
    let onTimeout = onTimeout
    deadline = context.eventLoop.scheduleTask(in: timeout) {
      onTimeout()
      loopBound.value.close(promise: nil)
    }
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let buffer = unwrapInboundIn(data)
    if phase == .betweenRequests, buffer.readableBytes > 0 {
      phase = .readingHead
      tail = []
      startClock(context: context)
    }
    if phase == .readingHead {
      let bytes = tail + buffer.readableBytesView
      let ended = bytes.indices.dropLast(3).contains { index in
        bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10
      }
      tail = Array(bytes.suffix(3))
      if ended {
        deadline?.cancel()
        deadline = nil
        phase = .answering
      }
    }
    context.fireChannelRead(data)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    if phase == .answering, case let .byteBuffer(buffer) = unwrapOutboundIn(data),
      buffer.readableBytesView.starts(with: Array("HTTP/1.".utf8))
    {
      if buffer.readableBytesView.dropFirst(8).starts(with: Array(" 101".utf8)) {
        context.write(data, promise: promise)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        return
      }
      phase = .betweenRequests
    }
    context.write(data, promise: promise)
  }
}

/// Tells when the server closes a WebSocket with 1009 ("message too big"): the WebSocket layer
/// does that by itself for a frame over ``WebApp/maximumEventSize`` (before reading it) and
/// says nothing to the app, so the close frame is looked for on its way out. First in the
/// pipeline, where what is written is bytes: an unmasked close frame is `0x88`, its length, then
/// the code (the encoder may write the header and the payload as two buffers).
final class MessageTooBigWatcher: ChannelOutboundHandler, RemovableChannelHandler {
  typealias OutboundIn = IOData
  typealias OutboundOut = IOData

  private let onClose: @Sendable () -> Void
  /// A close frame's header was the last write: its code starts the next.
  private var closeHeaderWritten = false

  init(onClose: @escaping @Sendable () -> Void) {
    self.onClose = onClose
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    if case let .byteBuffer(buffer) = unwrapOutboundIn(data) {
      let bytes = buffer.readableBytesView
      if closeHeaderWritten {
        closeHeaderWritten = false
        if bytes.starts(with: [0x03, 0xF1]) { onClose() }
      } else if bytes.first == 0x88, bytes.count >= 2 {
        if bytes.count == 2 {
          closeHeaderWritten = bytes.last! >= 2
        } else if bytes.dropFirst(2).starts(with: [0x03, 0xF1]) {
          onClose()
        }
      }
    }
    context.write(data, promise: promise)
  }
}
