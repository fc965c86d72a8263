import ComposableArchitecture
@testable import ComposableWeb
import ComposableWebTestSupport
import Foundation
import Testing

/// The caps on what one visitor may take, tried as an attacker would: a session opening tab after
/// tab, a socket sending events as fast as it can, a frame over the size cap, a connection that
/// drips its headers. Each is refused with its answer and counted in `/metrics`.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct CapsTests {
  typealias Accounts = AccountsTests

  /// A figure of the server's `/metrics`.
  func dropped(_ port: Int, _ reason: String) async throws -> Double? {
    figure(#"composable_web_dropped_total{reason="\#(reason)"}"#, in: try await Accounts.get(port, "/metrics").text)
  }

  /// The socket of tab `tab`, opened with `cookie`.
  func socket(_ port: Int, tab: String, cookie: String? = nil) throws -> LoopbackWebSocket {
    try Accounts.socket(port, tab: tab, cookie: cookie)
  }

  @Test func aSessionHoldsAtMostItsCapOfTabsLettingGoOfThoseWithoutASocketFirst() async throws {
    let (app, port) = try await Accounts.start(store: .inMemory, time: .init(), configureApp: { $0.tabsPerSession = 3 })
    let ada = try await Accounts.signUp(port, "ada@example.com")
    let bea = try await Accounts.signUp(port, "bea@example.com")
    let first = try await Accounts.get(port, "/", cookie: ada)
    let handler = try #require(firstMatch(#"aria-label="Increment" data-on-click="[^"]+""#, in: first.text))
    var tabs = [try #require(firstMatch(#"name="cw-session" content="[0-9a-f]+""#, in: first.text))]
    for _ in 0..<2 { tabs.append(try await Accounts.openTab(port, cookie: ada)) }
    // A fourth, with none connected: the oldest goes.
    tabs.append(try await Accounts.openTab(port, cookie: ada))
    let unconnected = figure(#"composable_web_tabs{state="unconnected"}"#, in: try await Accounts.get(port, "/metrics").text)
    #expect(unconnected == 3)
    // With all three connected, a fourth page is refused, and so is the first tab's socket
    // coming back (it would start its tab again): its page is told to reload.
    let sockets = try await blocking { [tabs] in
      try tabs[1...].map { tab in
        let socket = try self.socket(port, tab: tab, cookie: ada)
        // Answered: the tab holds its socket.
        try socket.send(#"{"h":"\#(handler)"}"#)
        _ = try socket.receive()
        return socket
      }
    }
    let reload = try await blocking { [tabs] in try self.socket(port, tab: tabs[0], cookie: ada).receive() }
    #expect(reload == #"[["reload"]]"#)
    let refused = try await Accounts.get(port, "/", cookie: ada)
    #expect(refused.status == 429)
    #expect(refused.header("Retry-After") == "10")
    #expect(refused.text.contains("Too many tabs are open for this sign-in"))
    // Another account is not held up by it.
    #expect(try await Accounts.get(port, "/", cookie: bea).status == 200)
    // One closed: its tab is let go of first, and the page opens again.
    try sockets[0].sendClose()
    #expect(try await eventuallyStatus(port, cookie: ada) == 200)
    // The refused page and socket (and any page refused before the closed socket was noticed).
    #expect(try await dropped(port, "tabs") ?? 0 >= 2)
    try await app.stop()
  }

  @Test func aFullServerLetsGoOfTabsThatNeverConnectedThenAnswers503() async throws {
    var tally = tallyApp()
    tally.maximumTabs = 2
    let app = try await RunningApp.start(tally)
    let port = Int(app.port)!
    func tab(of page: LoopbackResponse) throws -> String {
      try #require(firstMatch(#"name="cw-session" content="[0-9a-f]+""#, in: page.text))
    }
    let first = try await Accounts.get(port, "/")
    let handler = try #require(firstMatch(#"aria-label="Increment" data-on-click="[^"]+""#, in: first.text))
    // Two tabs, one connected; a third lets go of the one that never connected.
    let connected = try await blocking { [tab = try tab(of: first)] in
      let socket = try self.socket(port, tab: tab)
      try socket.send(#"{"h":"\#(handler)"}"#)
      _ = try socket.receive()
      return socket
    }
    let second = try await Accounts.get(port, "/")
    #expect(second.status == 200)
    let third = try await Accounts.get(port, "/")
    #expect(third.status == 200)
    let metrics = try await Accounts.get(port, "/metrics").text
    #expect(figure(#"composable_web_tabs{state="connected"}"#, in: metrics) == 1)
    #expect(figure(#"composable_web_tabs{state="unconnected"}"#, in: metrics) == 1)
    // Both tabs connected: the server is full for anyone, and says when to come back.
    let thirdSocket = try await blocking { [tab = try tab(of: third)] in
      let socket = try self.socket(port, tab: tab)
      try socket.send(#"{"h":"\#(handler)"}"#)
      _ = try socket.receive()
      return socket
    }
    let refused = try await Accounts.get(port, "/")
    #expect(refused.status == 503)
    #expect(refused.header("Retry-After") == "60")
    #expect(refused.text.contains("The server is full right now"))
    #expect(try await dropped(port, "server_full") ?? 0 >= 1)
    _ = (connected, thirdSocket)
    try await app.stop()
  }

  /// The status of `GET /` once it is 200 (the server noticing a closed socket takes a turn), or
  /// the last one after a bounded number of tries.
  func eventuallyStatus(_ port: Int, cookie: String) async throws -> Int {
    var status = 0
    for _ in 0..<200 {
      status = try await Accounts.get(port, "/", cookie: cookie).status
      if status == 200 { break }
      await Task.yield()
    }
    return status
  }

  @Test func aSocketSendingEventsFasterThanItsCapIsClosedWith1008() async throws {
    var tally = tallyApp()
    tally.eventsPerSecond = 5
    let app = try await RunningApp.start(tally)
    let port = Int(app.port)!
    let page = try await Accounts.get(port, "/")
    let tab = try #require(firstMatch(#"name="cw-session" content="[0-9a-f]+""#, in: page.text))
    let handler = try #require(firstMatch(#"aria-label="Increment" data-on-click="[^"]+""#, in: page.text))
    // A burst of ten (twice the rate) is served; the events after it close the socket.
    let (patches, code) = try await blocking { () -> ([String], Int?) in
      let socket = try socket(port, tab: tab)
      for _ in 0..<10 { try socket.send(#"{"h":"\#(handler)"}"#) }
      var patches: [String] = []
      for _ in 0..<10 { patches.append(try socket.receive()) }
      for _ in 0..<40 { try? socket.send(#"{"h":"\#(handler)"}"#) }
      while (try? socket.receive()) != nil {}
      return (patches, socket.closeCode)
    }
    #expect(patches.last == #"[["t",[0,0],"Count: 10"]]"#)
    #expect(code == 1008)
    #expect(try await dropped(port, "flood") == 1)
    try await app.stop()
  }

  @Test func aClientHoldsAtMostItsCapOfSocketsTheNextIsClosedWith1013() async throws {
    var tally = tallyApp()
    tally.socketsPerClient = 2
    let app = try await RunningApp.start(tally)
    let port = Int(app.port)!
    var tabs: [String] = []
    for _ in 0..<3 {
      let page = try await Accounts.get(port, "/")
      tabs.append(try #require(firstMatch(#"name="cw-session" content="[0-9a-f]+""#, in: page.text)))
    }
    let handler = try #require(firstMatch(#"aria-label="Increment" data-on-click="[^"]+""#, in: try await Accounts.get(port, "/").text))
    let (open, refused) = try await blocking { [tabs] () -> ([LoopbackWebSocket], Int?) in
      let open = try tabs[..<2].map { try self.socket(port, tab: $0) }
      let third = try self.socket(port, tab: tabs[2])
      _ = try? third.receive()
      return (open, third.closeCode)
    }
    // The third is closed as it opens: "try again later", which the page does.
    #expect(refused == 1013)
    // The two open ones work; once one is closed, the third connects.
    let patch = try await blocking { [open] in
      try open[0].send(#"{"h":"\#(handler)"}"#)
      return try open[0].receive()
    }
    #expect(patch.contains("Count: 1"))
    try await blocking { [open] in try open[1].sendClose() }
    var third: String?
    for _ in 0..<200 where third == nil {
      third = try await blocking { [tabs] in
        // Until the server has seen the close, a new socket is still closed with 1013.
        guard let socket = try? self.socket(port, tab: tabs[2]) else { return nil }
        try? socket.send(#"{"h":"\#(handler)"}"#)
        return try? socket.receive()
      }
      await Task.yield()
    }
    #expect(third?.contains("Count: 1") == true)
    #expect(try await dropped(port, "sockets") ?? 0 >= 1)
    _ = open
    try await app.stop()
  }

  @Test func aFrameOverTheSizeCapClosesItsSocketWith1009() async throws {
    let app = try await RunningApp.start()
    let port = Int(app.port)!
    let page = try await Accounts.get(port, "/")
    let tab = try #require(firstMatch(#"name="cw-session" content="[0-9a-f]+""#, in: page.text))
    let handler = try #require(firstMatch(#"aria-label="Increment" data-on-click="[^"]+""#, in: page.text))
    // Just under 64 KiB: dropped as no event, the socket kept.
    let kept = try await blocking { () -> String in
      let socket = try socket(port, tab: tab)
      try socket.send(#"{"h":"\#(String(repeating: "x", count: 60_000))"}"#)
      try socket.send(#"{"h":"\#(handler)"}"#)
      return try socket.receive()
    }
    #expect(kept == #"[["t",[0,0],"Count: 1"]]"#)
    let code = try await blocking { () -> Int? in
      let socket = try socket(port, tab: tab)
      try socket.send(#"{"h":"\#(String(repeating: "x", count: 70_000))"}"#)
      while (try? socket.receive()) != nil {}
      return socket.closeCode
    }
    #expect(code == 1009)
    #expect(try await dropped(port, "frame") == 1)
    // A message of 20 KiB frames, each under the cap, whose whole passes it: read frame by frame
    // until it does, then closed with 1009 and counted the same.
    let fragmented = try await blocking { () -> Int? in
      let socket = try socket(port, tab: tab)
      try socket.send(#"{"h":"\#(String(repeating: "x", count: 70_000))"}"#, frameSize: 20_000)
      while (try? socket.receive()) != nil {}
      return socket.closeCode
    }
    #expect(fragmented == 1009)
    #expect(try await dropped(port, "frame") == 2)
    // Split under the cap, a message is whole again: the count goes on.
    let whole = try await blocking { () -> String in
      let socket = try socket(port, tab: tab)
      try socket.send(#"{"h":"\#(handler)"}"#, frameSize: 7)
      // The tab's page comes again first (its last socket broke), then the event's patch.
      var message = try socket.receive()
      if message.hasPrefix(#"[["p",[],"#) { message = try socket.receive() }
      return message
    }
    #expect(whole.contains("Count: 2"))
    try await app.stop()
  }

  @Test func aConnectionThatDripsItsHeadersIsClosedAtTheHeaderTimeout() async throws {
    var tally = tallyApp()
    tally.headerTimeout = .milliseconds(300)
    let app = try await RunningApp.start(tally)
    let port = Int(app.port)!
    // A page's socket opened first: upgraded, it is frames, never held to the header deadline.
    let page = try await Accounts.get(port, "/")
    let tab = try #require(firstMatch(#"name="cw-session" content="[0-9a-f]+""#, in: page.text))
    let handler = try #require(firstMatch(#"aria-label="Increment" data-on-click="[^"]+""#, in: page.text))
    let pageSocket = try await blocking { try socket(port, tab: tab) }
    let start = ContinuousClock.now
    let read = try await blocking { () -> Int in
      let descriptor = try connectToLoopback(port: port, timeoutSeconds: 10)
      defer { close(descriptor) }
      try writeAll(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a".utf8), to: descriptor)
      var byte: UInt8 = 0
      // Blocks until the server closes the connection (0: end of stream).
      return recv(descriptor, &byte, 1, 0)
    }
    #expect(read == 0)
    #expect(ContinuousClock.now - start < .seconds(5))
    // A request that sends its head at once is served, and its connection outlives the deadline.
    let served = try await blocking { () -> String in
      let descriptor = try connectToLoopback(port: port, timeoutSeconds: 10)
      defer { close(descriptor) }
      try writeAll(Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8), to: descriptor)
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = recv(descriptor, &buffer, buffer.count, 0)
      return String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
    }
    #expect(served.hasPrefix("HTTP/1.1 200"))
    #expect(try await dropped(port, "slow_headers") == 1)
    // Kept alive after a request served at once, a connection that drips its next head is closed
    // at the deadline too, counted from that head's first byte.
    let (second, secondRead) = try await blocking { () -> (String, Int) in
      let descriptor = try connectToLoopback(port: port, timeoutSeconds: 10)
      defer { close(descriptor) }
      try writeAll(Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8), to: descriptor)
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = recv(descriptor, &buffer, buffer.count, 0)
      try writeAll(Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a".utf8), to: descriptor)
      var byte: UInt8 = 0
      return (String(decoding: buffer.prefix(max(0, count)), as: UTF8.self), recv(descriptor, &byte, 1, 0))
    }
    #expect(second.hasPrefix("HTTP/1.1 200"))
    #expect(secondRead == 0)
    #expect(try await dropped(port, "slow_headers") == 2)
    // Each was counted once, as slow: its cut-off head is not also a malformed request.
    #expect(try await dropped(port, "malformed_request") == 0)
    // Well past two deadlines, the page's socket still answers.
    let patch = try await blocking { () -> String in
      try pageSocket.send(#"{"h":"\#(handler)"}"#)
      return try pageSocket.receive()
    }
    #expect(patch == #"[["t",[0,0],"Count: 1"]]"#)
    try await app.stop()
  }
}
