import ComposableArchitecture
@testable import ComposableWeb
import ComposableWebTestSupport
import Foundation
import Testing

/// `/metrics` tells how busy the server is and how many sign-ins failed: for the operator's
/// monitor, not for visitors.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct MetricsAccessTests {
  @Test func onTheAppsPortOnlyThisMachineReadsThemAndNotThroughAProxy() async throws {
    let app = try await RunningApp.start(tallyApp())
    let port = Int(app.port)!
    let direct = try await blocking { try loopbackRequest(port: port, method: "GET", path: "/metrics") }
    #expect(direct.status == 200 && direct.text.contains("composable_web_renders_total"))
    // What nginx sends on a visitor's behalf has a loopback peer too: its headers give it away.
    for header in [["X-Forwarded-For": "203.0.113.9"], ["Forwarded": "for=203.0.113.9"]] {
      let proxied = try await blocking { try loopbackRequest(port: port, method: "GET", path: "/metrics", headers: header) }
      #expect(proxied.status == 404, "\(header)")
      #expect(!proxied.text.contains("composable_web"))
    }
    try await app.stop()
  }

  @Test func onAListenerOfTheirOwnTheyAreThereOnly() async throws {
    let metricsPort = try freeLoopbackPort()
    var tally = tallyApp()
    tally.metricsListener = MetricsListener(port: metricsPort)
    let app = try await RunningApp.start(tally)
    let port = Int(app.port)!
    #expect(try await blocking { try loopbackRequest(port: port, method: "GET", path: "/metrics") }.status == 404)
    #expect(try await blocking { try loopbackRequest(port: port, method: "GET", path: "/") }.status == 200)
    let metrics = try await blocking { try loopbackRequest(port: metricsPort, method: "GET", path: "/metrics") }
    #expect(metrics.status == 200)
    // The page just served is counted there.
    #expect((figure("composable_web_renders_total", in: metrics.text) ?? 0) >= 1)
    #expect(metrics.header("X-Frame-Options") == "DENY")
    // Nothing else is served on it.
    for path in ["/", "/healthz", "/_cw/app.js"] {
      #expect(try await blocking { try loopbackRequest(port: metricsPort, method: "GET", path: path) }.status == 404, "\(path)")
    }
    try await app.stop()
  }

  @Test func theListenersAddressIsReadAsTheFlagTakesIt() {
    #expect(MetricsListener("9100") == MetricsListener(host: "127.0.0.1", port: 9100))
    #expect(MetricsListener("0.0.0.0:9100") == MetricsListener(host: "0.0.0.0", port: 9100))
    #expect(MetricsListener("[::1]:9100") == MetricsListener(host: "::1", port: 9100))
    for bad in ["", "host", "host:", ":9100", "1.2.3.4:70000", "1.2.3.4:-1"] {
      #expect(MetricsListener(bad) == nil, "\(bad)")
    }
  }
}
