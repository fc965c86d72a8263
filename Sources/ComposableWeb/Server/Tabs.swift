import ComposableArchitecture
import Foundation
import OrderedCollections
import Synchronization

/// The tabs a server is serving: each has its own store (made by the app), its `LiveView`, and
/// while it is connected, the stream its socket writes from.
///
/// A tab whose connection drops keeps its store for `limits.disconnectedLifetime`, so that the
/// page comes back to the same state after a blip. A first render whose socket never connects (a
/// crawler, `curl`, a flood) keeps its store only `limits.unconnectedLifetime`, and at most
/// `limits.unconnectedLimit` of them are kept, the oldest let go first: memory stays bounded
/// whatever visits, and every visitor still gets its page. A socket that sends nothing for
/// `limits.silentLifetime`, not even the page's keep-alive, is closed (its page is asleep or off
/// the network) and its tab kept as if its connection had dropped.
@MainActor
final class Tabs {
  private final class Tab {
    var live: LiveView?
    var connection: AsyncStream<String>.Continuation?
    /// Counts the sockets the tab has had, so that a socket that ends after another took its
    /// place does not disconnect the new one.
    var connectionNumber = 0
    var lastSeen = ContinuousClock.now
    /// Whether the page in the browser may be behind: patches were made while no socket was
    /// there to take them, or a socket was already lost once (with patches perhaps in flight).
    var mayBeBehind = false
    /// The sign-in session the tab was rendered for (with ``WebAccounts``): only a socket with
    /// that session's cookie may connect to it.
    let owner: SessionOwner?
    let metrics: ServerMetrics

    init(owner: SessionOwner?, metrics: ServerMetrics) {
      self.owner = owner
      self.metrics = metrics
    }

    /// Ends the tab's socket (its handler closes it once its messages end) and starts the time it
    /// is kept for a page to come back to.
    func disconnect(at now: ContinuousClock.Instant) {
      connection?.finish()
      connection = nil
      lastSeen = now
      // Patches written just before the socket went may never have arrived.
      mayBeBehind = true
    }

    func deliver(_ message: String) {
      guard let connection, case .enqueued = connection.yield(message) else {
        mayBeBehind = true
        return
      }
      metrics.patchBytes.increment(by: message.utf8.count)
    }
  }

  /// How long tabs are kept, and how many that never connected.
  struct Limits {
    var disconnectedLifetime: Duration
    var unconnectedLifetime: Duration
    var unconnectedLimit: Int
    var silentLifetime: Duration
    /// Tabs one sign-in session may hold (see ``WebApp/tabsPerSession``).
    var tabsPerSession = Int.max
    /// Tabs the server may hold (see ``WebApp/maximumTabs``).
    var maximumTabs = Int.max
  }

  /// What a page sends every 20 s while its socket is open, so that the server can tell a quiet
  /// page from a dead connection without a ping task per socket (see `sweep`).
  static let keepAlive = "{}"

  private let makePage: @MainActor (String, Account?) -> WebPage?
  private let limits: Limits
  let metrics: ServerMetrics
  private var tabs: [String: Tab] = [:]
  /// The tabs whose page was sent but whose socket has not connected yet, oldest first.
  private var unconnected: OrderedSet<String> = []
  private var sweeper: Task<Void, Never>?

  init(
    makePage: @escaping @MainActor (String, Account?) -> WebPage?, limits: Limits, metrics: ServerMetrics
  ) {
    self.makePage = makePage
    self.limits = limits
    self.metrics = metrics
    sweeper = Task { [weak self] in
      while !Task.isCancelled {
        try? await Task.sleep(for: .seconds(1))
        self?.sweep(now: .now)
      }
    }
  }

  var count: Int { tabs.count }

  /// Whether the server is shutting down: sockets are being closed with 1001 ("going away").
  private(set) var isGoingAway = false
  /// The sockets being served: counted from the moment the server agrees to upgrade (before the
  /// page gets its handshake answer, so a shutdown right after the handshake waits for that
  /// socket too) until its handler ends. Counted off the main actor: the upgrade decision is
  /// made on the connection's event loop.
  nonisolated let openSockets = Mutex(0)
  private var waitingForSockets: [CheckedContinuation<Void, Never>] = []

  /// The server is shutting down: every connected tab's message stream ends (its socket handler
  /// then closes the socket with 1001, "going away", and the page shows "Reconnecting…"), and
  /// every tab's store is let go, which cancels its effects (timers, requests in flight).
  func goAway() {
    isGoingAway = true
    sweeper?.cancel()
    for tab in tabs.values {
      tab.connection?.finish()
      tab.connection = nil
      tab.live?.stop()
      tab.live = nil
    }
    tabs.removeAll()
    unconnected.removeAll()
  }

  /// Returns once every socket handler has closed its socket (after ``goAway()``), or after
  /// `limit`, whichever comes first: the server's own shutdown must not close them first (with
  /// 1000, "normal closure", which a page takes for the end).
  func socketsClosed(limit: Duration) async {
    guard openSockets.withLock({ $0 }) > 0 else { return }
    Task { [weak self] in
      try? await Task.sleep(for: limit)
      self?.resumeWaitingForSockets()
    }
    await withCheckedContinuation { waitingForSockets.append($0) }
  }

  /// The server agreed to upgrade a connection to a socket; ``socketEnded()`` follows once its
  /// handler ends. (An upgrade whose handler never runs, because the client vanished during the
  /// handshake, keeps the count up: a shutdown then waits its `limit`.)
  nonisolated func socketStarting() {
    openSockets.withLock { $0 += 1 }
  }

  /// A socket's handler ended, whatever happened in it.
  func socketEnded() {
    let left = openSockets.withLock {
      $0 -= 1
      return $0
    }
    if left == 0 { resumeWaitingForSockets() }
  }

  private func resumeWaitingForSockets() {
    for waiting in waitingForSockets { waiting.resume() }
    waitingForSockets.removeAll()
  }

  /// A new tab at `path`: its session id (128 random bits) and its first render; nil when the
  /// app has no page at `path`. With `devtools` (the address had `?devtools`), the page shows its
  /// time-travel panel, if it has one.
  func open(_ path: String, devtools: Bool = false, owner: SessionOwner? = nil) -> (id: String, html: String)? {
    guard case let .opened(id, html) = openTab(path, devtools: devtools, owner: owner) else { return nil }
    return (id, html)
  }

  /// What ``openTab(_:devtools:owner:)`` did.
  enum Opening {
    case opened(id: String, html: String)
    /// The app has no page at the address.
    case notFound
    /// The session holds ``Limits/tabsPerSession`` tabs, each with its socket connected.
    case tooManyTabs
    /// The server holds ``Limits/maximumTabs`` tabs, none of them unconnected.
    case serverFull
  }

  /// A new tab at `path`. A session at its ``Limits/tabsPerSession`` first lets go of its tab
  /// unseen the longest among those without a socket (reloads and closed pages leave those
  /// behind); when every one of its tabs is connected, no new one is made.
  func openTab(_ path: String, devtools: Bool = false, owner: SessionOwner? = nil) -> Opening {
    guard makeRoom(for: owner) else { return .tooManyTabs }
    guard makeRoomInServer() else { return .serverFull }
    guard let tab = makeTab(path, devtools: devtools, owner: owner), let live = tab.live else { return .notFound }
    let random = randomHex(words: 2)
    // A signed-in tab's id is bound to its session, so that no other process hands it to
    // another session (see `adopt`).
    let id = owner.map { random + sessionTag(random, $0.hash) } ?? random
    tabs[id] = tab
    unconnected.append(id)
    while unconnected.count > limits.unconnectedLimit {
      remove(unconnected[0])
    }
    return .opened(id: id, html: live.rendered.root.html)
  }

  /// Whether `owner`'s session may have one more tab: under its cap, or at it with a tab without
  /// a socket to let go of (the one unseen the longest).
  private func makeRoom(for owner: SessionOwner?) -> Bool {
    guard let owner else { return true }
    let own = tabs.filter { $0.value.owner?.hash == owner.hash }
    guard own.count >= limits.tabsPerSession else { return true }
    guard let idle = own.filter({ $0.value.connection == nil }).min(by: { $0.value.lastSeen < $1.value.lastSeen }) else {
      metrics.drop(.tabs, "refused a tab: its session has \(own.count) tabs, all connected")
      return false
    }
    remove(idle.key)
    return true
  }

  /// Whether the server may hold one more tab: under its cap, or at it with a tab that never
  /// connected to let go of (the oldest).
  private func makeRoomInServer() -> Bool {
    guard tabs.count >= limits.maximumTabs else { return true }
    guard let oldest = unconnected.first else {
      metrics.drop(.full, "refused a tab: the server holds \(tabs.count) tabs, its cap")
      return false
    }
    remove(oldest)
    return true
  }

  /// Whether this server has the tab `id`.
  func has(_ id: String) -> Bool { tabs[id] != nil }

  /// The sign-in session the tab `id` was rendered for.
  func owner(of id: String) -> SessionOwner? { tabs[id]?.owner }

  /// The sign-in sessions of the tabs this server holds.
  func sessionHashes() -> Set<String> { Set(tabs.values.compactMap(\.owner?.hash)) }

  /// The sessions `hashes` ended (signed out here or in another process, or expired): each of
  /// their tabs is sent to `/sign-in`, its socket closed and its store let go.
  func endSessions(_ hashes: Set<String>) {
    guard !hashes.isEmpty else { return }
    for (id, tab) in tabs where tab.owner.map({ hashes.contains($0.hash) }) == true {
      tab.deliver(#"[["go","/sign-in"]]"#)
      metrics.sessionTabsEnded.increment()
      remove(id)
    }
  }

  /// Starts a tab whose page another process rendered (behind a load balancer with no sticky
  /// sessions) or this one rendered before a restart: a new store at the page's `path`, under the
  /// page's own id, whose first `attach` sends the whole page. Only for a well-formed id (128
  /// bits, as `open` makes them; with an `owner`, bound to its session as well), never while
  /// going away.
  func adopt(_ id: String, path: String, devtools: Bool, owner: SessionOwner? = nil) {
    let isWellFormed = owner.map { tab(id, belongsTo: $0.hash) } ?? (id.utf8.count == 32)
    guard !isGoingAway, tabs[id] == nil, isWellFormed, id.utf8.allSatisfy({ isHexDigit($0) }),
      makeRoom(for: owner), makeRoomInServer(), let tab = makeTab(path, devtools: devtools, owner: owner)
    else { return }
    tab.mayBeBehind = true
    tabs[id] = tab
    metrics.adoptedTabs.increment()
  }

  /// The page at `path` as a first render would show it, without keeping a tab (for `HEAD`).
  func render(_ path: String, owner: SessionOwner? = nil) -> String? {
    guard let tab = makeTab(path, devtools: false, owner: owner), let live = tab.live else { return nil }
    // Nothing keeps it: its page lets go of what it holds (a recording it began) at once.
    defer { live.stop() }
    return live.rendered.root.html
  }

  private func makeTab(_ path: String, devtools: Bool, owner: SessionOwner?) -> Tab? {
    let metrics = metrics
    let page = withDependencies {
      $0.appCapReached = AppCapReached { metrics.appCapReached($0) }
    } operation: {
      makePage(path, owner?.account)
    }
    guard var page else { return nil }
    if devtools { page = page.showingDevtools() }
    let tab = Tab(owner: owner, metrics: metrics)
    tab.live = LiveView(
      page: page,
      send: { [weak tab] message in tab?.deliver(message) },
      drop: { reason, message in metrics.drop(reason, message) },
      // Live once its socket connects (`attach`): until then nothing is registered with the
      // state the page read, so a page that never connects leaves nothing behind.
      observing: false
    )
    metrics.renders.increment()
    return tab
  }

  /// Connects the tab's socket. A page that may have missed patches (it reconnects, or state
  /// changed before it first connected) is brought up to date at once; then every patch follows.
  /// `resendingPage`: the page had a socket before, perhaps to another process behind the same
  /// load balancer, so what it shows may not be what this tab last sent: it gets the whole page.
  func attach(_ id: String, resendingPage: Bool = false) -> (messages: AsyncStream<String>, connection: Int)? {
    guard !isGoingAway, let tab = tabs[id], let live = tab.live else { return nil }
    if tab.connection != nil {
      // Another socket of this tab is still open (its page was reloaded, or the old socket has
      // not noticed it is dead): it gives way, and what it had in flight may be lost.
      tab.connection?.finish()
      tab.mayBeBehind = true
    }
    if unconnected.remove(id) == nil {
      metrics.reconnects.increment()
    }
    let (stream, continuation) = AsyncStream<String>.makeStream()
    tab.connection = continuation
    tab.connectionNumber += 1
    tab.lastSeen = .now
    if tab.mayBeBehind || resendingPage {
      continuation.yield(patchMessage([.replace(path: [], html: live.rendered.root.html)]))
    }
    tab.mayBeBehind = false
    live.connected()
    // The first connection: what changed since the first render goes out now, then every change.
    live.startObserving()
    return (stream, tab.connectionNumber)
  }

  func receive(_ message: String, for id: String) {
    guard let tab = tabs[id] else { return }
    tab.lastSeen = .now
    if message == Self.keepAlive {
      metrics.keepAlives.increment()
      return
    }
    let start = ContinuousClock.now
    tab.live?.receive(message)
    metrics.events.increment()
    metrics.eventDuration.record(duration: ContinuousClock.now - start)
  }

  /// The socket handler that `attach` answered has ended. Called once per successful `attach`.
  func detach(_ id: String, connection: Int) {
    guard let tab = tabs[id], tab.connectionNumber == connection else { return }
    tab.disconnect(at: .now)
  }

  /// Sets the tab gauges to how many tabs are connected, never connected, and kept after their
  /// socket went.
  func countTabs() {
    let connected = tabs.values.count { $0.connection != nil }
    metrics.tabsConnected.record(connected)
    metrics.tabsUnconnected.record(unconnected.count)
    metrics.tabsDisconnected.record(tabs.count - connected - unconnected.count)
  }

  private func remove(_ id: String) {
    tabs[id]?.connection?.finish()
    tabs[id]?.live?.stop()
    tabs[id] = nil
    unconnected.remove(id)
  }

  /// Lets go of tabs that never connected within `unconnectedLifetime`, and of tabs that have
  /// been away longer than `disconnectedLifetime`; closes the sockets that sent nothing for
  /// `silentLifetime`. One pass a second for the whole server: a socket costs no timer of its own.
  func sweep(now: ContinuousClock.Instant) {
    while let oldest = unconnected.first, let tab = tabs[oldest], now - tab.lastSeen > limits.unconnectedLifetime {
      remove(oldest)
    }
    for (id, tab) in tabs {
      if tab.connection == nil {
        if now - tab.lastSeen > limits.disconnectedLifetime { remove(id) }
      } else if now - tab.lastSeen > limits.silentLifetime {
        // Ending its messages ends the socket's handler, which closes the socket. The tab is
        // kept, as for a connection that dropped: a page that was only asleep comes back to it.
        metrics.drop(.silent, "closed a WebSocket that sent nothing for \(limits.silentLifetime)")
        tab.disconnect(at: now)
      }
    }
  }
}

/// `0`–`9`, `a`–`f` (the session ids `open` makes are lowercase).
private func isHexDigit(_ byte: UInt8) -> Bool {
  (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
}
