import Foundation
import Logging
import Metrics
import class Prometheus.PrometheusCollectorRegistry
import struct Prometheus.PrometheusMetricsFactory

/// What a server counts, kept in its own Prometheus registry (so that two servers in one process,
/// as in tests, never share a figure, and nothing bootstraps the process-wide `MetricsSystem`)
/// and served as Prometheus text at `/metrics`; and the log that says what it refused.
final class ServerMetrics: Sendable {
  private let registry = PrometheusCollectorRegistry()
  /// The server's log, through a ``RateLimitedLogHandler``.
  let logger: Logger
  let renders: Counter
  let events: Counter
  let eventDuration: Metrics.Timer
  let patchBytes: Counter
  let reconnects: Counter
  /// The keep-alives pages sent (see `Tabs.keepAlive`): not events.
  let keepAlives: Counter
  /// Tabs started from a socket whose page another process rendered (see `Tabs.adopt`).
  let adoptedTabs: Counter
  /// Sign-ins refused for a wrong email or password (with ``WebAccounts``).
  let signInFailures: Counter
  /// Sign-ins answered 429 because of earlier failures for the email or from the client.
  let signInThrottled: Counter
  /// Sign-ups answered 429: too many from the client in the last hour.
  let signUpThrottled: Counter
  /// Tabs closed because their session ended (signed out in any process, or expired).
  let sessionTabsEnded: Counter
  let tabsConnected: Gauge
  let tabsUnconnected: Gauge
  let tabsDisconnected: Gauge
  private let dropped: [DropReason: Counter]
  private let factory: PrometheusMetricsFactory

  init(logger: Logger) {
    self.logger = logger
    var factory = PrometheusMetricsFactory(registry: registry)
    // An event runs a reducer and renders: from 50 µs to a few hundred ms.
    factory.defaultDurationHistogramBuckets = [
      .microseconds(50), .microseconds(100), .microseconds(250), .microseconds(500),
      .milliseconds(1), .milliseconds(2.5), .milliseconds(5), .milliseconds(10),
      .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
      .milliseconds(500), .seconds(1),
    ]
    renders = Counter(label: "composable_web_renders_total", factory: factory)
    events = Counter(label: "composable_web_events_total", factory: factory)
    eventDuration = Metrics.Timer(label: "composable_web_event_duration_seconds", factory: factory)
    patchBytes = Counter(label: "composable_web_patch_bytes_total", factory: factory)
    reconnects = Counter(label: "composable_web_reconnects_total", factory: factory)
    keepAlives = Counter(label: "composable_web_keep_alives_total", factory: factory)
    adoptedTabs = Counter(label: "composable_web_adopted_tabs_total", factory: factory)
    signInFailures = Counter(label: "composable_web_sign_in_failures_total", factory: factory)
    signInThrottled = Counter(label: "composable_web_sign_in_throttled_total", factory: factory)
    signUpThrottled = Counter(label: "composable_web_sign_up_throttled_total", factory: factory)
    sessionTabsEnded = Counter(label: "composable_web_session_tabs_ended_total", factory: factory)
    tabsConnected = Gauge(label: "composable_web_tabs", dimensions: [("state", "connected")], factory: factory)
    tabsUnconnected = Gauge(label: "composable_web_tabs", dimensions: [("state", "unconnected")], factory: factory)
    tabsDisconnected = Gauge(label: "composable_web_tabs", dimensions: [("state", "disconnected")], factory: factory)
    self.factory = factory
    dropped = Dictionary(
      uniqueKeysWithValues: DropReason.allCases.map {
        ($0, Counter(label: "composable_web_dropped_total", dimensions: [("reason", $0.rawValue)], factory: factory))
      }
    )
  }

  /// Counts something refused or dropped, and logs it (at most a line per reason every 10 s).
  func drop(_ reason: DropReason, _ message: @autoclosure () -> String) {
    dropped[reason]?.increment()
    logger.warning("\(message())", metadata: ["reason": "\(reason.rawValue)"])
  }

  /// Counts a refusal by one of the app's own caps (see `AppCapReached`), and logs it (at most a
  /// line a cap every 10 s).
  func appCapReached(_ cap: String) {
    let name = String(cap.unicodeScalars.map { $0.properties.isLowercase || $0 == "_" ? Character($0) : "_" })
    Counter(label: "composable_web_app_cap_total", dimensions: [("cap", name)], factory: factory).increment()
    logger.warning("refused by the app's cap \(name)", metadata: ["reason": "app_cap_\(name)"])
  }

  /// Every figure, in Prometheus's text format.
  func text() -> String {
    registry.emitToString()
  }
}
