import Foundation

/// The tabs a server is serving: each has its own store (made by the app), its `LiveView`, and
/// while it is connected, the stream its socket writes from. A tab whose connection drops keeps
/// its store for `lifetime`, so that the page comes back to the same state after a blip.
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

    func deliver(_ message: String) {
      guard let connection, case .enqueued = connection.yield(message) else {
        mayBeBehind = true
        return
      }
    }
  }

  private let makePage: @MainActor (String) -> WebPage?
  private let lifetime: Duration
  private var tabs: [String: Tab] = [:]
  private var sweeper: Task<Void, Never>?

  init(makePage: @escaping @MainActor (String) -> WebPage?, lifetime: Duration) {
    self.makePage = makePage
    self.lifetime = lifetime
    sweeper = Task { [weak self] in
      while !Task.isCancelled {
        try? await Task.sleep(for: .seconds(1))
        self?.sweep()
      }
    }
  }

  var count: Int { tabs.count }

  /// Whether the server is shutting down: sockets are being closed with 1001 ("going away").
  private(set) var isGoingAway = false
  /// The socket handlers between their `attach` and their `detach`, and who waits for none to be
  /// left.
  private var openSockets = 0
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
  }

  /// Returns once every socket handler has closed its socket (after ``goAway()``), or after
  /// `limit`, whichever comes first: the server's own shutdown must not close them first (with
  /// 1000, "normal closure", which a page takes for the end).
  func socketsClosed(limit: Duration) async {
    guard openSockets > 0 else { return }
    Task { [weak self] in
      try? await Task.sleep(for: limit)
      self?.resumeWaitingForSockets()
    }
    await withCheckedContinuation { waitingForSockets.append($0) }
  }

  private func resumeWaitingForSockets() {
    for waiting in waitingForSockets { waiting.resume() }
    waitingForSockets.removeAll()
  }

  /// A new tab at `path`: its session id (128 random bits) and its first render; nil when the
  /// app has no page at `path`. With `devtools` (the address had `?devtools`), the page shows its
  /// time-travel panel, if it has one.
  func open(_ path: String, devtools: Bool = false) -> (id: String, html: String)? {
    guard var page = makePage(path) else { return nil }
    if devtools { page = page.showingDevtools() }
    var generator = SystemRandomNumberGenerator()
    let id = (0..<2).map { _ in String(generator.next() as UInt64, radix: 16).leftPadded(to: 16) }.joined()
    let tab = Tab()
    tab.live = LiveView(page: page, send: { [weak tab] message in tab?.deliver(message) })
    tabs[id] = tab
    return (id, tab.live!.rendered.root.html)
  }

  /// Connects the tab's socket. A page that may have missed patches (it reconnects, or state
  /// changed before it first connected) is brought up to date at once; then every patch follows.
  func attach(_ id: String) -> (messages: AsyncStream<String>, connection: Int)? {
    guard let tab = tabs[id], let live = tab.live else { return nil }
    if tab.connection != nil {
      // Another socket of this tab is still open (its page was reloaded, or the old socket has
      // not noticed it is dead): it gives way, and what it had in flight may be lost.
      tab.connection?.finish()
      tab.mayBeBehind = true
    }
    let (stream, continuation) = AsyncStream<String>.makeStream()
    openSockets += 1
    tab.connection = continuation
    tab.connectionNumber += 1
    tab.lastSeen = .now
    if tab.mayBeBehind {
      continuation.yield(patchMessage([.replace(path: [], html: live.rendered.root.html)]))
    }
    tab.mayBeBehind = false
    return (stream, tab.connectionNumber)
  }

  func receive(_ message: String, for id: String) {
    guard let tab = tabs[id] else { return }
    tab.lastSeen = .now
    tab.live?.receive(message)
  }

  /// The socket handler that `attach` answered has ended. Called once per successful `attach`.
  func detach(_ id: String, connection: Int) {
    openSockets -= 1
    if openSockets == 0 { resumeWaitingForSockets() }
    guard let tab = tabs[id], tab.connectionNumber == connection else { return }
    tab.connection?.finish()
    tab.connection = nil
    tab.lastSeen = .now
    // Patches written just before the socket went may never have arrived.
    tab.mayBeBehind = true
  }

  /// Lets go of tabs that have been away longer than `lifetime`.
  private func sweep() {
    let now = ContinuousClock.now
    for (id, tab) in tabs where tab.connection == nil && now - tab.lastSeen > lifetime {
      tab.live?.stop()
      tabs[id] = nil
    }
  }
}

extension String {
  fileprivate func leftPadded(to length: Int) -> String {
    String(repeating: "0", count: max(0, length - count)) + self
  }
}
