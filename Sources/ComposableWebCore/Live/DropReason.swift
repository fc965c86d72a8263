// Both halves name these: the live view drops what a tab sends, the server refuses connections and
// counts both in its metrics.

/// Why the server refused or dropped something a client sent.
package enum DropReason: String, CaseIterable, Sendable {
  /// A WebSocket upgrade whose `Origin` is not the server's own.
  case origin
  /// An event message longer than ``LiveView/maximumMessageSize``.
  case oversize
  /// A message that is not an event's JSON.
  case malformed
  /// An event naming a handler the tab was not shown (forged or stale).
  case unknownHandler = "unknown_handler"
  /// A navigation on a page with one address.
  case navigation
  /// A connection whose bytes are not HTTP, or whose header is too long.
  case malformedRequest = "malformed_request"
  /// A path with `..` in it.
  case path
  /// A WebSocket that sent nothing, not even its page's keep-alive, for the server's
  /// `silentSocketLifetime`: closed, its tab kept as disconnected.
  case silent
  /// A WebSocket without the cookie of the session its tab was rendered for (forged, another
  /// account's, or signed out): closed with 1008.
  case session
  /// A sign-in or sign-up answered 503: as many password checks as the server queues already
  /// waited for a core.
  case busy
  /// A request or WebSocket whose `Host` names a host the server does not answer for (a page
  /// of another site pointed at this machine): 421.
  case host
  /// A new tab for a sign-in session that holds `WebApp.tabsPerSession` tabs, all connected:
  /// 429.
  case tabs
  /// A new tab while the server holds `WebApp.maximumTabs`, none of them waiting for its first
  /// socket: 503.
  case full = "server_full"
  /// A WebSocket from a client that holds `WebApp.socketsPerClient` already: closed with 1013.
  case sockets
  /// A WebSocket that sent events faster than `WebApp.eventsPerSecond` allows: closed with
  /// 1008.
  case flood
  /// A WebSocket frame or message over `WebApp.maximumEventSize`: the socket closed (1009).
  case frame
  /// A connection that did not finish its request's head within `WebApp.headerTimeout`:
  /// closed.
  case slowHeaders = "slow_headers"
}
