import ComposableArchitecture
import ComposableWeb
import ComposableWebTestSupport
import Foundation
import HTTPTypes
import Logging
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// A time limit: a test that hangs (a server or a browser that stops answering) fails with its
// name instead of holding the whole run until CI gives up. Generous: browser tests queue.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct WebAppTests {
  @Test func theFirstResponseIsTheWholePageWithSafeHeaders() async throws {
    let app = try await RunningApp.start()
    let (html, response) = try await app.page()
    #expect(response.statusCode == 200)
    #expect(html.contains("<h1>Count: 0</h1>"))
    #expect(html.contains("<title>Tally &lt;test&gt;</title>"))
    #expect(response.value(forHTTPHeaderField: "Content-Security-Policy")?.contains("script-src 'self'") == true)
    #expect(response.value(forHTTPHeaderField: "X-Content-Type-Options") == "nosniff")
    let session = try #require(firstMatch(#"name="cw-session" content="[0-9a-f]+""#, in: html))
    #expect(session.count == 32)  // 128 bits

    let (missing, notFound) = try await app.page("nowhere")
    #expect(notFound.statusCode == 404)
    #expect(missing.contains(#"<a href="/">Go home</a>"#))
    let (script, scriptResponse) = try await app.page("_cw/app.js")
    #expect(scriptResponse.statusCode == 200)
    #expect(script.contains("new WebSocket"))
    try await app.stop()
  }

  @Test func aFileARendererGaveAnAddressIsServedAndNoOther() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("served-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let badge = folder.appendingPathComponent("club badge.png")
    let bytes = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])
    try bytes.write(to: badge)
    try Data("secret".utf8).write(to: folder.appendingPathComponent("secret.txt"))
    let address = ServedFiles.address(for: badge)
    #expect(address.hasPrefix("/_cw/file/") && address.hasSuffix("/club%20badge.png"))
    #expect(ServedFiles.address(for: badge) == address)

    var tally = tallyApp(title: "Tally")
    tally.imageSources = ["https:"]
    let app = try await RunningApp.start(tally)
    let port = try #require(Int(app.port))
    let served = try await blocking { try loopbackRequest(port: port, method: "GET", path: address) }
    #expect(served.status == 200)
    #expect(served.body == bytes)
    #expect(served.header("Content-Type") == "image/png")
    #expect(served.header("X-Content-Type-Options") == "nosniff")
    #expect(served.header("Content-Security-Policy")?.contains("img-src 'self' data: https:;") == true)
    // A token made up, and a path that climbs out of the file's folder: neither reaches the
    // folder's other file.
    let token = address.dropFirst("/_cw/file/".count).prefix { $0 != "/" }
    for path in ["/_cw/file/\(String(repeating: "0", count: token.count))/secret.txt", "/_cw/file/secret.txt", "/_cw/file/\(token)/../secret.txt"] {
      let answer = try await blocking { try loopbackRequest(port: port, method: "GET", path: path) }
      #expect(!answer.text.contains("secret"), "\(path)")
      #expect(answer.status != 200 || answer.body == bytes, "\(path)")
    }
    try await app.stop()
  }

  @Test func eventsTravelOverTheSocketAndPatchesComeBack() async throws {
    let app = try await RunningApp.start()
    let (html, _) = try await app.page()
    let session = try #require(firstMatch(#"name="cw-session" content="[0-9a-f]+""#, in: html))
    let handler = try #require(firstMatch(#"aria-label="Increment" data-on-click="[^"]+""#, in: html))
    let port = Int(app.port)!
    let messages = try await blocking { () -> [String] in
      let socket = try LoopbackWebSocket(port: port, path: "/_cw/socket?session=\(session)", origin: "http://127.0.0.1:\(port)")
      // The page is up to date: the first message is the click's patch.
      try socket.send(#"{"h":"\#(handler)"}"#)
      var messages = [try socket.receive()]
      // A forged handler id and malformed JSON are dropped; the connection stays up and works.
      try socket.send(#"{"h":"0.9/click"}"#)
      try socket.send("not json")
      try socket.send(#"{"h":"\#(handler)"}"#)
      messages.append(try socket.receive())
      return messages
    }
    #expect(messages == [#"[["t",[0,0],"Count: 1"]]"#, #"[["t",[0,0],"Count: 2"]]"#])

    // Reconnecting to the same tab keeps its state, and the page is brought up to date first.
    let again = try await blocking { () -> String in
      let socket = try LoopbackWebSocket(port: port, path: "/_cw/socket?session=\(session)", origin: "http://127.0.0.1:\(port)")
      return try socket.receive()
    }
    #expect(again.hasPrefix(#"[["p",[],"#))
    #expect(again.contains("Count: 2"))
    try await app.stop()
  }

  @Test func oneTabCannotSeeOrDriveAnothersStore() async throws {
    let app = try await RunningApp.start()
    let (pageA, _) = try await app.page()
    let (pageB, _) = try await app.page()
    let sessionA = try #require(firstMatch(#"name="cw-session" content="[0-9a-f]+""#, in: pageA))
    let sessionB = try #require(firstMatch(#"name="cw-session" content="[0-9a-f]+""#, in: pageB))
    #expect(sessionA != sessionB)
    // Handler ids are positional, so tab B's increment has the same id as tab A's: the session
    // of the socket, not the id, picks the store.
    let handlerA = try #require(firstMatch(#"aria-label="Increment" data-on-click="[^"]+""#, in: pageA))
    let handlerB = try #require(firstMatch(#"aria-label="Increment" data-on-click="[^"]+""#, in: pageB))
    #expect(handlerA == handlerB)
    let port = Int(app.port)!
    let origin = "http://127.0.0.1:\(port)"
    let (seenByA, seenByB) = try await blocking { () -> ([String], [String]) in
      let socketA = try LoopbackWebSocket(port: port, path: "/_cw/socket?session=\(sessionA)", origin: origin)
      let socketB = try LoopbackWebSocket(port: port, path: "/_cw/socket?session=\(sessionB)", origin: origin)
      var seenByB: [String] = []
      for _ in 1...3 {
        try socketB.send(#"{"h":"\#(handlerB)"}"#)
        seenByB.append(try socketB.receive())
      }
      // Had B's clicks reached A's store, A's socket would have their patches queued first.
      try socketA.send(#"{"h":"\#(handlerA)"}"#)
      var seenByA = [try socketA.receive()]
      try socketB.send(#"{"h":"\#(handlerB)"}"#)
      seenByB.append(try socketB.receive())
      try socketA.send(#"{"h":"\#(handlerA)"}"#)
      seenByA.append(try socketA.receive())
      return (seenByA, seenByB)
    }
    #expect(seenByB == (1...4).map { #"[["t",[0,0],"Count: \#($0)"]]"# })
    #expect(seenByA == [#"[["t",[0,0],"Count: 1"]]"#, #"[["t",[0,0],"Count: 2"]]"#])
    try await app.stop()
  }

  @Test func aSocketFromAnotherOriginIsRefusedAndAnUnknownTabReloads() async throws {
    let app = try await RunningApp.start()
    let (html, _) = try await app.page()
    let session = try #require(firstMatch(#"name="cw-session" content="[0-9a-f]+""#, in: html))
    let port = Int(app.port)!
    await #expect(throws: LoopbackWebSocket.Failure.self) {
      _ = try await blocking {
        try LoopbackWebSocket(port: port, path: "/_cw/socket?session=\(session)", origin: "http://evil.example")
      }
    }
    let reply = try await blocking { () -> String in
      let socket = try LoopbackWebSocket(
        port: port, path: "/_cw/socket?session=0123456789abcdef0123456789abcdef", origin: "http://127.0.0.1:\(port)"
      )
      return try socket.receive()
    }
    #expect(reply == #"[["reload"]]"#)
    try await app.stop()
  }

  @Test func stoppingClosesOpenSocketsWithGoingAwayAndLetsGoOfTheTabs() async throws {
    let title = "Tally \(UUID().uuidString)"
    let app = try await RunningApp.start(tallyApp(title: title))
    let (html, _) = try await app.page()
    let session = try #require(firstMatch(#"name="cw-session" content="[0-9a-f]+""#, in: html))
    let handler = try #require(firstMatch(#"aria-label="Increment" data-on-click="[^"]+""#, in: html))
    let port = Int(app.port)!
    // Connected, and live: a click's patch came back.
    let socket = try await blocking {
      let socket = try LoopbackWebSocket(port: port, path: "/_cw/socket?session=\(session)", origin: "http://127.0.0.1:\(port)")
      try socket.send(#"{"h":"\#(handler)"}"#)
      _ = try socket.receive()
      return socket
    }
    let closeCode = Task {
      try await blocking { () -> Int? in
        do {
          while true { _ = try socket.receive() }
        } catch LoopbackWebSocket.Failure.closed {
          return socket.closeCode
        }
      }
    }
    try await app.stop()
    #expect(try await closeCode.value == 1001)
    // This app no longer answers: the port refuses connections, or (the suites run in
    // parallel) another test's server has taken it since, which is not this app.
    if let page = try? await blocking({ try loopbackHTTP(port: port, method: "GET", path: "/", body: nil) }) {
      #expect(!String(decoding: page, as: UTF8.self).contains(title))
    }
  }
}
