import ComposableWebTestSupport
import Foundation
import TerminalTestSupport
import Testing

/// A crawler or a `curl` loop opens first renders that never connect: the built `standups --web`
/// keeps each only a short while and a bounded number of them, so its memory stays level while
/// every request still gets its page.
// A time limit: a test that hangs (a server or a browser that stops answering) fails with its
// name instead of holding the whole run until CI gives up. Generous: browser tests queue.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct MemoryTests {
  /// The resident memory of process `pid`, in megabytes (Linux's `VmRSS`).
  func residentMegabytes(of pid: String) throws -> Double {
    let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
    let kilobytes = try #require(Double(line.split(separator: " ").dropFirst().first ?? ""))
    return kilobytes / 1024
  }

  /// `count` first renders of the list in a row, each a new connection, each checked to be the
  /// whole page.
  func render(_ count: Int, port: Int) async throws {
    try await blocking {
      for _ in 0..<count {
        let page = String(decoding: try loopbackHTTP(port: port, method: "GET", path: "/", body: nil), as: UTF8.self)
        guard page.contains("</html>"), page.contains("Design") else {
          throw LoopbackWebSocket.Failure.closed
        }
      }
    }
  }

  @Test func firstRendersThatNeverConnectDoNotGrowTheServer() async throws {
    let run = try RecordedRun(name: "standups-web-memory")
    let session = try TmuxSession(width: 120, height: 20)
    let url = try serveStandups(run, "--port 0 --mock", in: session)
    let port = port(of: url)
    let pid = try run.file("pid")

    try await render(3_000, port: port)
    let before = try residentMegabytes(of: pid)
    try await render(9_000, port: port)
    let after = try residentMegabytes(of: pid)
    #expect(
      after - before <= 12 + Sanitizer.quarantineAllowanceMegabytes,
      "\(before) MB after 3,000 renders, \(after) MB after 9,000 more"
    )

    // A visitor who comes now gets a live page.
    try await Browser.withSession { browser in
      try await browser.open(url)
      #expect(try await browser.waitUntilLive())
      try await browser.click(".card")
      _ = try await browser.element(".actions")  // the standup's screen, after a round trip
      #expect(try await browser.waitForText("h1", "Design") == "Design")
    }
    try run.kill("TERM")
    #expect(try run.ending(in: session).exitStatus == 0)
  }
}
