import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A minimal WebSocket client over a plain loopback socket, sending exactly the headers a browser
/// page on `origin` would (the NIO client adds an `Origin` of its own, and Linux's URLSession has
/// no WebSockets): for tests and benchmarks that talk to a ``ComposableWeb`` server as a browser
/// tab does, including one that misbehaves. Blocking: run it on a thread of its own.
public final class LoopbackWebSocket: @unchecked Sendable {
  // @unchecked Sendable: a socket is used by one thread at a time (the caller's); nothing in it
  // is shared.
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  /// The status code of the close frame the server sent (1001: "going away"), once `receive`
  /// has thrown `closed` for it.
  public private(set) var closeCode: Int?

  public enum Failure: Error { case connect, handshake(String), closed }

  /// Connects to `path` as a page on `origin` would, with `headers` besides (a `Cookie`; a
  /// `Host` replaces `127.0.0.1:port`).
  public init(port: Int, path: String, origin: String, headers: [String: String] = [:]) throws {
    // Reads give up after 15 s: generous, so that a test suite running on a loaded machine (two
    // cores, other suites in parallel) does not fail for a reply that is only slow.
    descriptor = try connectToLoopback(port: port, timeoutSeconds: 15)
    let host = headers.first { $0.key.lowercased() == "host" }?.value ?? "127.0.0.1:\(port)"
    let request = """
      GET \(path) HTTP/1.1\r
      Host: \(host)\r
      Origin: \(origin)\r
      Upgrade: websocket\r
      Connection: Upgrade\r
      Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r
      Sec-WebSocket-Version: 13\r
      \(headers.filter { $0.key.lowercased() != "host" }.map { "\($0.key): \($0.value)\r\n" }.joined())\r

      """
    try write(Array(request.utf8))
    var head: [UInt8] = []
    while !head.suffix(4).elementsEqual([13, 10, 13, 10]) {
      head.append(try readByte())
    }
    let response = String(decoding: head, as: UTF8.self)
    guard response.hasPrefix("HTTP/1.1 101") else { throw Failure.handshake(response) }
  }

  deinit { close(descriptor) }

  /// Sends a text message (masked, as clients must).
  public func send(_ text: String) throws {
    try send(Array(text.utf8), opcode: 0x1)
  }

  /// Sends a text message split into frames of at most `frameSize` bytes (a text frame, then
  /// continuation frames, the last one final), as a client may for a long message.
  public func send(_ text: String, frameSize: Int) throws {
    let bytes = Array(text.utf8)
    let starts = Array(stride(from: 0, to: max(bytes.count, 1), by: max(frameSize, 1)))
    for (index, start) in starts.enumerated() {
      let end = min(start + frameSize, bytes.count)
      try send(Array(bytes[start..<end]), opcode: index == 0 ? 0x1 : 0x0, final: index == starts.count - 1)
    }
  }

  /// Sends a close frame with `code` (1000: normal), as a page that goes away does.
  public func sendClose(code: Int = 1000) throws {
    try send([UInt8(code >> 8), UInt8(code & 0xFF)], opcode: 0x8)
  }

  /// Sends a frame (masked; final unless `final` is false) of `payload` with `opcode`.
  private func send(_ payload: [UInt8], opcode: UInt8, final: Bool = true) throws {
    var frame: [UInt8] = [(final ? 0x80 : 0) | opcode]
    if payload.count < 126 {
      frame.append(0x80 | UInt8(payload.count))
    } else if payload.count < 65536 {
      frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    } else {
      frame.append(0x80 | 127)
      frame += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
    }
    let mask: [UInt8] = [1, 2, 3, 4]
    frame += mask
    frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    try write(frame)
  }

  /// The next text message. A ping on the way is answered with its pong, as a browser does.
  public func receive() throws -> String {
    while true {
      let first = try readByte()
      var length = Int(try readByte() & 0x7F)
      if length == 126 {
        length = Int(try readByte()) << 8 | Int(try readByte())
      } else if length == 127 {
        length = try (0..<8).reduce(0) { value, _ in value << 8 | Int(try readByte()) }
      }
      let payload = try (0..<length).map { _ in try readByte() }
      switch first & 0x0F {
      case 0x1: return String(decoding: payload, as: UTF8.self)
      case 0x8:
        if payload.count >= 2 { closeCode = Int(payload[0]) << 8 | Int(payload[1]) }
        throw Failure.closed
      case 0x9: try send(payload, opcode: 0xA)
      default: continue
      }
    }
  }

  private func write(_ bytes: [UInt8]) throws {
    try writeAll(bytes, to: descriptor)
  }

  private func readByte() throws -> UInt8 {
    if buffer.isEmpty {
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = recv(descriptor, &chunk, chunk.count, 0)
      guard count > 0 else { throw Failure.closed }
      buffer = Array(chunk[..<count]).reversed()
    }
    return buffer.removeLast()
  }
}

/// A TCP socket bound to 127.0.0.1 on a port the system picks (listening, with a backlog of 64,
/// when `listens`), and that port.
public func bindToFreeLoopbackPort(listens: Bool) throws -> (descriptor: Int32, port: Int) {
  let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  var yes: Int32 = 1
  setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = 0
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let bound = withUnsafeMutablePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
      bind(descriptor, pointer, length) == 0 && (!listens || listen(descriptor, 64) == 0)
        && getsockname(descriptor, pointer, &length) == 0
    }
  }
  guard bound else {
    close(descriptor)
    throw LoopbackWebSocket.Failure.connect
  }
  return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
}

/// A port on 127.0.0.1 that no socket is bound to now, for a program to bind (bound only to learn
/// it, then closed).
public func freeLoopbackPort() throws -> Int {
  let (descriptor, port) = try bindToFreeLoopbackPort(listens: false)
  close(descriptor)
  return port
}

/// A TCP connection to 127.0.0.1:`port` whose reads give up after `timeoutSeconds`.
public func connectToLoopback(port: Int, timeoutSeconds: Int) throws -> Int32 {
  let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = in_port_t(UInt16(port).bigEndian)
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
  setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  let connected = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
    }
  }
  guard connected == 0 else {
    close(descriptor)
    throw LoopbackWebSocket.Failure.connect
  }
  return descriptor
}

public func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws {
  var offset = 0
  while offset < bytes.count {
    let sent = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, 0) }
    guard sent > 0 else { throw LoopbackWebSocket.Failure.closed }
    offset += sent
  }
}

/// One HTTP/1.1 request to 127.0.0.1:`port` over its own connection, and the response body.
/// (Linux's URLSession failed on chromedriver's slow replies: "Failed writing header".)
public func loopbackHTTP(port: Int, method: String, path: String, body: Data?) throws -> Data {
  try loopbackRequest(port: port, method: method, path: path, headers: ["Content-Type": "application/json"], body: body)
    .body
}

/// What ``loopbackRequest(port:method:path:headers:body:)`` got back.
public struct LoopbackResponse: Sendable {
  /// The status code (303).
  public var status: Int
  /// The header lines, in order, names as sent.
  public var headers: [(name: String, value: String)]
  public var body: Data

  /// The first value of the header `name` (any case).
  public func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }

  /// Every value of the header `name` (any case): `Set-Cookie` comes once per cookie.
  public func headers(_ name: String) -> [String] {
    headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
  }

  public var text: String { String(decoding: body, as: UTF8.self) }
}

/// One HTTP/1.1 request to 127.0.0.1:`port` with `headers` (a `Cookie`, an `Origin`; a `Host`
/// replaces `127.0.0.1:port`) over its own connection, and the whole response: status, headers
/// and body.
public func loopbackRequest(
  port: Int, method: String, path: String, headers: [String: String] = [:], body: Data? = nil
) throws -> LoopbackResponse {
  let descriptor = try connectToLoopback(port: port, timeoutSeconds: 60)
  defer { close(descriptor) }
  let payload = body ?? Data()
  let host = headers.first { $0.key.lowercased() == "host" }?.value ?? "127.0.0.1:\(port)"
  var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n"
  for (name, value) in headers where name.lowercased() != "host" { head += "\(name): \(value)\r\n" }
  head += "Content-Length: \(payload.count)\r\n\r\n"
  try writeAll(Array(head.utf8) + Array(payload), to: descriptor)
  // Read the head, then as many body bytes as `Content-Length` says (the driver may keep the
  // connection open).
  var response: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 65536)
  func parsed(_ end: Range<Int>, length: Int?) -> LoopbackResponse {
    let lines = String(decoding: response[..<end.lowerBound], as: UTF8.self).split(separator: "\r\n")
    let status = lines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
    let fields = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
      guard let colon = line.firstIndex(of: ":") else { return nil }
      return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }
    let bodyEnd = length.map { end.upperBound + $0 } ?? response.count
    return LoopbackResponse(status: status, headers: fields, body: Data(response[end.upperBound..<bodyEnd]))
  }
  while true {
    if let end = response.firstRange(of: [13, 10, 13, 10]) {
      let head = String(decoding: response[..<end.lowerBound], as: UTF8.self).lowercased()
      let length = head.split(separator: "\r\n")
        .first { $0.hasPrefix("content-length:") }
        .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }
      if let length, response.count - end.upperBound >= length {
        return parsed(end, length: length)
      }
    }
    let count = recv(descriptor, &chunk, chunk.count, 0)
    guard count > 0 else { break }
    response += chunk[..<count]
  }
  guard let end = response.firstRange(of: [13, 10, 13, 10]) else { throw LoopbackWebSocket.Failure.closed }
  return parsed(end, length: nil)
}

/// Runs blocking socket work on a thread of its own, off the cooperative pool (a blocked `recv`
/// there could starve the server under test).
public func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try work() }) }.start()
  }
}

/// Waits (up to `seconds`) until `condition` holds, trying it every 20 ms off the cooperative
/// pool (conditions run programs and HTTP requests); returns whether it held.
public func eventually(
  seconds: Double = 5, _ condition: @escaping @Sendable () throws -> Bool
) async throws -> Bool {
  let deadline = ContinuousClock.now + .seconds(seconds)
  while ContinuousClock.now < deadline {
    if try await blocking(condition) { return true }
    try await Task.sleep(for: .milliseconds(20))
  }
  return try await blocking(condition)
}
