import ComposableWebTestSupport
import Foundation
import StandupsTestSupport
import TerminalTestSupport
import Testing

/// Starts the built `standups --web` with `arguments` in `session`; returns its URL.
func serveStandups(_ run: RecordedRun, _ arguments: String, in session: TmuxSession) throws -> String {
  try run.start(builtProduct("standups").path, "--web " + arguments, in: session)
  let screen = try session.waitFor("Serving on http://")
  let line = try #require(screen.split(separator: "\n").first { $0.contains("Serving on http://") })
  let start = try #require(line.range(of: "http://"))
  return String(line[start.lowerBound...].prefix { !$0.isWhitespace })
}

/// The port of a URL like `http://127.0.0.1:41234/`.
func port(of url: String) -> Int {
  Int(url.split(separator: ":")[2].prefix { $0.isNumber }) ?? 0
}

/// A restart always happens with tabs open: SIGTERM stops the built `standups --web` within 5 s
/// whatever its tabs are doing, closing each open WebSocket with 1001 ("going away").
// A time limit: a test that hangs (a server or a browser that stops answering) fails with its
// name instead of holding the whole run until CI gives up. Generous: browser tests queue.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct ShutdownTests {
  /// Sends SIGTERM; returns the exit status and how long the program took to end.
  func terminate(_ run: RecordedRun, in session: TmuxSession) throws -> (status: Int?, seconds: Double) {
    let start = ContinuousClock.now
    try run.kill("TERM")
    let status = try run.ending(in: session).exitStatus
    let elapsed = (ContinuousClock.now - start).components
    return (status, Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18)
  }

  /// Opens a tab the way a browser does (its page, then its WebSocket), on a thread of its own;
  /// returns the close code the server sends once told to stop.
  func openTab(port: Int) async throws -> Task<Int?, any Error> {
    let html = try await blocking { try loopbackHTTP(port: port, method: "GET", path: "/", body: nil) }
    let page = String(decoding: html, as: UTF8.self)
    let session = try #require(page.firstMatch(of: #/<meta name="cw-session" content="([0-9a-f]+)">/#)?.1)
    let socket = try await blocking {
      try LoopbackWebSocket(port: port, path: "/_cw/socket?session=\(session)", origin: "http://127.0.0.1:\(port)")
    }
    return Task {
      try await blocking {
        do {
          while true { _ = try socket.receive() }
        } catch LoopbackWebSocket.Failure.closed {
          return socket.closeCode
        }
      }
    }
  }

  @Test func aWebSocketLeftOpenIsClosedWithGoingAway() async throws {
    let run = try RecordedRun(name: "standups-web-shutdown-socket")
    let session = try TmuxSession(width: 120, height: 20)
    let url = try serveStandups(run, "--port 0 --mock", in: session)
    let closeCode = try await openTab(port: port(of: url))

    let (status, seconds) = try terminate(run, in: session)
    #expect(status == 0)
    #expect(seconds < Sanitizer.timeBound(5))
    #expect(try await closeCode.value == 1001)
  }

  @Test func aTabInTheMiddleOfARecordedMeetingSeesReconnecting() async throws {
    let run = try RecordedRun(name: "standups-web-shutdown-meeting")
    let dataFile = run.folder.appendingPathComponent("standups.json")
    let recording = run.folder.appendingPathComponent("session.jsonl")
    let session = try TmuxSession(width: 120, height: 20)
    let url = try serveStandups(run, "--port 0 --data \(dataFile.path) --record \(recording.path)", in: session)
    try await Browser.withSession { browser in
      try await browser.open(url)
      try await browser.waitUntilLive()
      try await browser.addStandup("Platform", attendees: ["Blob"])
      try await browser.click(".card")
      _ = try await browser.element(".actions")
      try await browser.click(".actions button.primary")  // Start meeting
      try await browser.click("[role=alertdialog] button")  // without speech recognition
      _ = try await browser.waitForText("#elapsed", "Elapsed 0:01")
      try await browser.type("Half-way through", into: "textarea")
      _ = try await browser.waitForText("#elapsed", "Elapsed 0:02")

      let (status, seconds) = try terminate(run, in: session)
      #expect(status == 0)
      #expect(seconds < Sanitizer.timeBound(5))
      // The page was told the server is going away, not left hanging: it says so and retries.
      #expect(
        try await browser.waitFor("return String(document.getElementById('cw-reconnecting').hidden)", toBe: "false")
          == "false"
      )
    }
    // What was saved before the meeting is on disk; the recording's every line is whole.
    let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: dataFile)) as? [[String: Any]]
    #expect(saved?.map { $0["title"] as? String } == ["Platform"])
    let lines = try String(contentsOf: recording, encoding: .utf8).split(separator: "\n")
    #expect(lines.count > 10)
    for line in lines {
      #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line)")
    }
  }

  @Test func afterAFloodOfRendersAndHalfSentRequests() async throws {
    let run = try RecordedRun(name: "standups-web-shutdown-flood")
    let session = try TmuxSession(width: 120, height: 20)
    let url = try serveStandups(run, "--port 0 --mock", in: session)
    let port = port(of: url)
    // 300 requests that never finish their headers, held open.
    let halfSent = try await blocking {
      try (0..<300).map { _ in
        let descriptor = try connectToLoopback(port: port, timeoutSeconds: 5)
        try writeAll(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a".utf8), to: descriptor)
        return descriptor
      }
    }
    defer { for descriptor in halfSent { close(descriptor) } }
    // A thousand first renders that never connect.
    try await blocking {
      for _ in 0..<1_000 { _ = try loopbackHTTP(port: port, method: "GET", path: "/", body: nil) }
    }
    let closeCode = try await openTab(port: port)

    let (status, seconds) = try terminate(run, in: session)
    #expect(status == 0)
    #expect(seconds < Sanitizer.timeBound(5))
    #expect(try await closeCode.value == 1001)
  }
}
