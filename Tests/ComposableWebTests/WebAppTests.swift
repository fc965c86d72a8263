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

@Suite(.serialized)
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
  }
}
