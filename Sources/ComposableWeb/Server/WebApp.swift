import ComposableArchitecture
import ComposableToolSupport
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import ServiceLifecycle
import Synchronization

/// Serves a feature's view to browsers, live: the first request of a tab renders the whole page
/// (readable with JavaScript off), then the page's script connects a WebSocket and every change of
/// state the view read arrives as patches.
///
/// ```swift
/// let app = WebApp(title: "Counter") {
///   let store = Store(initialState: Counter.State()) { Counter() }
///   return { counterView(store) }   // one store per tab
/// }
/// try await app.run()
/// ```
///
/// An app with addresses gets the path a tab opened and returns its page, or nil for a 404:
///
/// ```swift
/// let app = WebApp(title: "Standups") { path in
///   guard let stack = routes.elements(path) else { return nil }
///   let store = Store(initialState: AppFeature.State(path: StackState(stack))) { AppFeature() }
///   return .stack(store, state: \.path, action: \.path, routes: routes) { appView(store) }
/// }
/// ```
///
/// Defaults are safe: it listens on 127.0.0.1 only, accepts WebSocket upgrades only from pages
/// it served (`Origin`), names each tab with 128 random bits, runs only handlers it rendered for
/// that tab, and sends `Content-Security-Policy` (no framing, no `<base>`, forms to itself only),
/// `X-Frame-Options`, `Referrer-Policy` and `X-Content-Type-Options` with every answer.
public struct WebApp: Sendable {
  /// The page's title, in the browser tab.
  public var title: String
  /// The address the server listens on (`127.0.0.1`: this machine only).
  public var host: String
  /// The port; 0 picks a free one (``run(onStart:)`` says which).
  public var port: Int
  /// How long the store of a tab whose connection dropped is kept for it to come back to.
  public var disconnectedTabLifetime: Duration
  /// How long the store of a first render whose page never opens its WebSocket (a crawler,
  /// `curl`, a monitor) is kept: 10 s by default.
  public var unconnectedTabLifetime: Duration = .seconds(10)
  /// How long an open WebSocket may go without a message from its page before the server closes
  /// it: 90 s by default. A page sends a keep-alive every 20 s (a quarter of this when that is
  /// less) besides its events, so only a page that is gone (a laptop asleep, a network that
  /// dropped without a word) or frozen by its browser falls silent; its tab is kept for
  /// `disconnectedTabLifetime`, and a page that wakes reconnects to it. One sweep a second checks
  /// every socket: a socket has no timer of its own.
  public var silentSocketLifetime: Duration = .seconds(90)
  /// How many first renders that never connected are kept at most (1,000 by default); past it
  /// the oldest is let go. Their visitors still get their pages: this limits memory, not visitors.
  public var unconnectedTabLimit = 1_000
  /// The lowest level of the server's log lines (swift-log's `LoggingSystem`, standard error by
  /// default): refused WebSockets and dropped messages are warnings, at most one line per reason
  /// every 10 s.
  public var logLevel: Logger.Level = .info
  /// Extra CSS served with the page.
  public var stylesheet: String
  /// Where the pages may load pictures from besides this server and `data:` addresses, as
  /// `Content-Security-Policy`'s `img-src` sources (`"https:"`, `"https://images.example.com"`):
  /// none by default. A SwiftUI app's server allows `https:` and `http:`, as `AsyncImage` loads
  /// from any address.
  public var imageSources: [String] = []
  /// Sign-up, sign-in and sign-out, with every page for a signed-in account only; nil (the
  /// default) serves everyone the same app.
  public var accounts: WebAccounts?
  /// The host names the server answers for (the `Host` header's name, its port aside, any case):
  /// a request naming any other is answered 421, a form post or socket from a page of any other
  /// 403. Empty (the default): ``host`` (unless it is `0.0.0.0` or `::`), `localhost`,
  /// `127.0.0.1` and `::1`. Behind a proxy that passes the public name on (`Host $http_host`),
  /// list that name. This is what keeps a page of another site whose name a DNS server pointed at
  /// this machine (DNS rebinding) from reading pages or posting forms as if it were this one.
  /// `/healthz` answers any host.
  public var allowedHosts: [String] = []
  /// Where `/metrics` (Prometheus's text format) is served. nil (the default): on the app's own
  /// port, to a client on this machine that did not come through a proxy (a loopback peer that
  /// sends no `X-Forwarded-For` or `Forwarded`); anyone else gets 404. Set: on a listener of its
  /// own (`127.0.0.1:9100`, for a Prometheus server to scrape), which serves nothing else, and
  /// the app's port answers `/metrics` with 404.
  public var metricsListener: MetricsListener?
  /// The caps on what one visitor may take; each refusal is counted in `/metrics` as
  /// `composable_web_dropped_total{reason=…}` and logged (see the article *Sessions and accounts*).
  /// Tabs one sign-in session may hold (50): a new one first lets go of the session's tab unseen
  /// the longest among those without a socket; with all of them connected, the page answers 429.
  public var tabsPerSession = 50
  /// Tabs the whole server may hold, connected or kept for a page to come back to (10,000): a new
  /// one first lets go of the oldest tab that never connected; with none of those, the page
  /// answers 503 with `Retry-After` (the server is full, whoever asks).
  public var maximumTabs = 10_000
  /// WebSockets one client address may hold open at once (200; an IPv6 client counts by its
  /// /64): one more is closed as it opens with 1013 ("try again later"; the page retries). Many people behind one address (an office, a carrier's
  /// NAT) share it, so it is set high: it bounds a script, not a crowd.
  public var socketsPerClient = 200
  /// Events one WebSocket may send per second on average (50), in bursts of up to twice that: a
  /// page that sends faster (no person types or clicks so fast) has its socket closed with 1008.
  public var eventsPerSecond = 50
  /// The largest WebSocket frame or message a page may send (64 KiB): a larger one closes its
  /// socket (1009, "message too big").
  public var maximumEventSize = 64 * 1024
  /// How long a request's head may take to arrive (10 s), counted from the connection's start
  /// for its first request and from a later request's first byte on a kept-alive connection: a
  /// slower one (a client dripping headers to hold connections open) is closed.
  public var headerTimeout: Duration = .seconds(10)
  /// How long an HTTP connection may stay open between requests (60 s).
  public var idleTimeout: Duration = .seconds(60)
  let makePage: @MainActor @Sendable (String, Account?) -> WebPage?

  /// A one-page app, served at `/` (every other address is a 404).
  ///
  /// - Parameters:
  ///   - title: The page's title, in the browser tab.
  ///   - host: The address to listen on; `127.0.0.1` serves this machine only, `0.0.0.0` every
  ///     network interface.
  ///   - port: The port to listen on (`0`: any free port).
  ///   - disconnectedTabLifetime: How long a tab whose connection dropped keeps its store.
  ///   - stylesheet: Extra CSS served with the page.
  ///   - makeTab: Called on the main actor once per tab: creates the tab's store and returns its
  ///     view.
  public init(
    title: String,
    host: String = "127.0.0.1",
    port: Int = 8080,
    disconnectedTabLifetime: Duration = .seconds(60),
    stylesheet: String = "",
    makeTab: @escaping @MainActor @Sendable () -> @MainActor () -> Node
  ) {
    self.init(
      title: title, host: host, port: port, disconnectedTabLifetime: disconnectedTabLifetime,
      stylesheet: stylesheet,
      page: { path in path == "/" ? WebPage(view: makeTab()) : nil }
    )
  }

  /// An app with addresses.
  ///
  /// - Parameters:
  ///   - title: The page's title, in the browser tab.
  ///   - host: The address to listen on; `127.0.0.1` serves this machine only, `0.0.0.0` every
  ///     network interface.
  ///   - port: The port to listen on (`0`: any free port).
  ///   - disconnectedTabLifetime: How long a tab whose connection dropped keeps its store.
  ///   - stylesheet: Extra CSS served with the page.
  ///   - page: Called on the main actor once per tab with the path the tab opened
  ///     (`/standups/42`): creates the tab's store for that screen and returns its page, or nil
  ///     when the path names nothing (the tab gets a 404 page with a link home). It runs with
  ///     the dependencies in force where the app is created (`withDependencies { … } operation:
  ///     { WebApp(…) }` sets them for every tab).
  public init(
    title: String,
    host: String = "127.0.0.1",
    port: Int = 8080,
    disconnectedTabLifetime: Duration = .seconds(60),
    stylesheet: String = "",
    page: @escaping @MainActor @Sendable (_ path: String) -> WebPage?
  ) {
    self.init(
      title: title, host: host, port: port, disconnectedTabLifetime: disconnectedTabLifetime,
      stylesheet: stylesheet, accounts: nil, makePage: { path, _ in page(path) }
    )
  }

  /// An app with addresses whose pages are for signed-in accounts only: `/sign-up`, `/sign-in`
  /// and `POST /sign-out` are served (see ``WebAccounts``), a signed-out visitor of any page is
  /// sent to `/sign-in`, and each tab's page is built for the account that opened it.
  ///
  /// - Parameters:
  ///   - title: The page's title, in the browser tab (and on the sign-in pages).
  ///   - host: The address to listen on.
  ///   - port: The port to listen on (`0`: any free port).
  ///   - disconnectedTabLifetime: How long a tab whose connection dropped keeps its store.
  ///   - stylesheet: Extra CSS served with the page.
  ///   - accounts: Where accounts and sessions are kept, and how sign-in is throttled.
  ///   - page: Called on the main actor once per tab with the path the tab opened and the
  ///     account it is for: creates the tab's store for that account's data and returns its
  ///     page, or nil (a 404 page) when the path names nothing of that account's. A socket is
  ///     accepted only with the cookie of the session that rendered its page.
  public init(
    title: String,
    host: String = "127.0.0.1",
    port: Int = 8080,
    disconnectedTabLifetime: Duration = .seconds(60),
    stylesheet: String = "",
    accounts: WebAccounts,
    page: @escaping @MainActor @Sendable (_ path: String, _ account: Account) -> WebPage?
  ) {
    self.init(
      title: title, host: host, port: port, disconnectedTabLifetime: disconnectedTabLifetime,
      stylesheet: stylesheet, accounts: accounts,
      makePage: { path, account in account.flatMap { page(path, $0) } }
    )
  }

  private init(
    title: String, host: String, port: Int, disconnectedTabLifetime: Duration, stylesheet: String,
    accounts: WebAccounts?, makePage: @escaping @MainActor @Sendable (String, Account?) -> WebPage?
  ) {
    self.title = title
    self.host = host
    self.port = port
    self.disconnectedTabLifetime = disconnectedTabLifetime
    self.stylesheet = stylesheet
    self.accounts = accounts
    // Each tab's page (and the stores it makes) sees the dependencies in force here, as a store
    // sees those in force where it is created, not those of the server task that serves it.
    let dependencies = withEscapedDependencies { $0 }
    self.makePage = { path, account in
      // What the server sets for each tab (see `Tabs.makeTab`) goes through.
      @Dependency(\.appCapReached) var capReached
      return dependencies.yield {
        withDependencies { $0.appCapReached = capReached } operation: { makePage(path, account) }
      }
    }
  }

  /// Runs the server until the process gets SIGINT, SIGTERM or SIGHUP, or the task running it is
  /// cancelled; then it shuts down within a few seconds, whatever the tabs are doing: it stops
  /// accepting connections, closes every open WebSocket with 1001 ("going away": the page shows
  /// "Reconnecting…" and retries), lets go of every tab's store (cancelling its effects), writes
  /// what `@Shared` keys still hold back (`flushPendingWrites()`), and returns. `onStart` gets the URL once the
  /// server listens (with the real port when `port` is 0).
  public func run(
    onStart: @escaping @Sendable (String) -> Void = {
      FileHandle.standardOutput.write(Data("Serving on \($0) (Ctrl-C stops)\n".utf8))
    }
  ) async throws {
    // Lines of one kind at most every 10 s: a flood of bad requests must not flood the log.
    let handler = RateLimitedLogHandler(Logger(label: "ComposableWeb").handler)
    var logger = Logger(label: "ComposableWeb") { _ in handler }
    logger.logLevel = logLevel
    let limits = Tabs.Limits(
      disconnectedLifetime: disconnectedTabLifetime, unconnectedLifetime: unconnectedTabLifetime,
      unconnectedLimit: unconnectedTabLimit, silentLifetime: silentSocketLifetime, tabsPerSession: tabsPerSession,
      maximumTabs: maximumTabs
    )
    let tabs = await Tabs(makePage: makePage, limits: limits, metrics: ServerMetrics(logger: logger))
    let keepAlive = max(.milliseconds(50), min(.seconds(20), silentSocketLifetime / 4))
    let page = PageTemplate(
      title: title, stylesheet: stylesheet, keepAliveMilliseconds: Int(keepAlive / .milliseconds(1))
    )
    let signIns = accounts.map { SignIns(accounts: $0, metrics: tabs.metrics, template: page, host: host) }
    // Sessions ended in another process (or expired): their tabs here are closed within a
    // quarter of a second (and a query) and sent to /sign-in. One query for all of this
    // process's sessions, four times a second, only while it has tabs.
    // It fails closed: while the store cannot answer, the sessions it cannot vouch for are taken
    // as ended after a second (their tabs go to /sign-in, which answers 503 until it is back).
    let sessionCheck = signIns.map { signIns in
      Task {
        var failingSince: ContinuousClock.Instant?
        while !Task.isCancelled {
          try? await Task.sleep(for: WebAccounts.sessionCheckPeriod)
          let hashes = await tabs.sessionHashes()
          guard !hashes.isEmpty else {
            failingSince = nil
            continue
          }
          do {
            let live = try await signIns.liveSessions(among: hashes)
            failingSince = nil
            await tabs.endSessions(hashes.subtracting(live))
          } catch {
            let since = failingSince ?? .now
            failingSince = since
            guard .now - since >= .seconds(1) else { continue }
            tabs.metrics.logger.error("the account store cannot check sessions: closing their tabs (\(error))")
            await tabs.endSessions(hashes)
          }
        }
      }
    }
    defer { sessionCheck?.cancel() }
    // Expired sessions are deleted before serving and then every hour (by every process: the
    // deletes are the same).
    @Sendable func purgeSessions(_ signIns: SignIns) async {
      do {
        let purged = try await signIns.purgeExpiredSessions()
        if purged > 0 { tabs.metrics.logger.info("deleted \(purged) expired session\(purged == 1 ? "" : "s")") }
      } catch {
        tabs.metrics.logger.warning("could not delete expired sessions: \(error)")
      }
    }
    if let signIns { await purgeSessions(signIns) }
    let sessionPurge = signIns.map { signIns in
      Task {
        while !Task.isCancelled {
          try? await Task.sleep(for: .seconds(3600))
          await purgeSessions(signIns)
        }
      }
    }
    defer { sessionPurge?.cancel() }
    // Hummingbird's own lines at `info` repeat what `onStart` says; they show from `debug` on.
    var serverLogger = logger
    if logLevel == .info { serverLogger.logLevel = .notice }
    var servers: [any Service] = [
      try application(tabs: tabs, page: page, signIns: signIns, onStart: onStart, logger: serverLogger)
    ]
    if let metricsListener {
      servers.append(try metricsService(metricsListener, tabs: tabs, page: page, logger: logger))
    }
    var configuration = ServiceGroupConfiguration(services: servers, logger: serverLogger)
    // Connections still open once the sockets were closed (a request half sent, a client that
    // never answers the close) are cancelled after 1 s, and given up on 4 s after the stop:
    // shutting down never waits on a visitor. (No `maximumCancellationDuration`: past it the
    // service group stops the process with a fatal error.)
    configuration.maximumGracefulShutdownDuration = .seconds(1)
    let services = ServiceGroup(configuration: configuration)
    // Not a child task: the server is stopped by a graceful shutdown, never by cancelling it
    // (cancelling a running service group can deadlock in its merge of events).
    let server = Task { try await services.run() }

    // What happens next arrives here: a signal or the cancellation of this task asks to stop;
    // the server ends (by itself only on an error, such as a port in use); the shutdown's
    // deadline passes.
    let (events, sendEvent) = AsyncStream<ServerEvent>.makeStream()
    Task { sendEvent.yield(.ended(await server.result)) }
    let signals = await MainActor.run {
      let signals = SignalSources()
      // SIGHUP too: its default action ends the process without writing what is pending.
      for signal in [SIGINT, SIGTERM, SIGHUP] {
        signals.handle(signal) { _ in sendEvent.yield(.stop) }
      }
      return signals
    }
    // The events are read in a task of their own: reading them in this one would end at once if
    // it was cancelled, and cancelling is a way to ask for the shutdown, not to skip it.
    let shutdown = Task { () -> Result<Void, any Error>? in
      var shuttingDown = false
      for await event in events {
        switch event {
        case .stop where !shuttingDown:
          shuttingDown = true
          // The last resort, so that the process always gets to write its data and exit, even
          // if a connection ignores both the close and the cancellation below.
          Task {
            try? await Task.sleep(for: .seconds(4))
            sendEvent.yield(.deadline)
          }
          await tabs.goAway()
          await tabs.socketsClosed(limit: .seconds(2))
          await services.triggerGracefulShutdown()
        case .stop:
          continue
        case let .ended(result):
          return result
        case .deadline:
          return nil
        }
      }
      return nil
    }
    let result = await withTaskCancellationHandler {
      await shutdown.value
    } onCancel: {
      sendEvent.yield(.stop)
    }
    await MainActor.run {
      signals.cancel()
      flushPendingWrites()
    }
    if case let .failure(error)? = result {
      if "\(error)".contains("Address already in use") {
        throw WebAppError.portInUse(host: host, port: port)
      }
      throw error
    }
  }

  /// The Hummingbird server: the page of each tab, its assets, and its WebSocket.
  private func application(
    tabs: Tabs, page: PageTemplate, signIns: SignIns?, onStart: @escaping @Sendable (String) -> Void,
    logger: Logger
  ) throws -> any Service {
    // HEAD answers like GET, without the body (and without keeping a tab: see `open`).
    let router = Router(context: WebRequestContext.self, options: .autoGenerateHeadEndpoints)
    let hostNames = answeredHostNames
    router.add(middleware: SecurityHeaders(strictTransportSecurity: accounts?.secureCookie == true, imageSources: imageSources))
    router.add(middleware: AllowedHosts(names: hostNames, page: page, metrics: tabs.metrics))
    router.get("/_cw/app.js") { _, _ in
      page.asset(browserScript, contentType: "text/javascript; charset=utf-8")
    }
    router.get("/_cw/app.css") { _, _ in
      page.asset(page.css, contentType: "text/css; charset=utf-8")
    }
    // The files a renderer gave an address (``ServedFiles``): an asset catalogue's pictures.
    router.get("\(ServedFiles.prefix)**") { request, _ in
      guard let file = ServedFiles.file(atPath: request.uri.path), let bytes = try? Data(contentsOf: file) else {
        return page.notFound()
      }
      return page.file(bytes, contentType: ServedFiles.contentType(of: file))
    }
    // For load balancers and monitors: 200 while serving, 503 once shutting down.
    router.get("/healthz") { _, _ in
      await tabs.isGoingAway
        ? page.respond(.serviceUnavailable, "shutting down\n", contentType: "text/plain; charset=utf-8")
        : page.respond(.ok, "ok\n", contentType: "text/plain; charset=utf-8")
    }
    let metricsHere = metricsListener == nil
    router.get("/metrics") { request, context in
      guard metricsHere, isLocalAndUnproxied(peer: context.remoteAddress, fields: request.headers) else {
        return page.notFound()
      }
      return await metricsAnswer(tabs: tabs, page: page)
    }
    if let signIns {
      router.get("/sign-in") { request, _ in await signIns.signInPage(request) }
      router.get("/sign-up") { request, _ in await signIns.signUpPage(request) }
      router.post("/sign-in") { request, context in
        await signIns.signIn(request, client: clientAddress(peer: context.remoteAddress, fields: request.headers))
      }
      router.post("/sign-up") { request, context in
        await signIns.signUp(request, client: clientAddress(peer: context.remoteAddress, fields: request.headers))
      }
      router.post("/sign-out") { request, _ in
        await signIns.signOut(request) { hash in await tabs.endSessions([hash]) }
      }
      @Sendable func endTabs(_ hashes: Set<String>) async { await tabs.endSessions(hashes) }
      @Sendable func client(_ request: Request, _ context: WebRequestContext) -> String {
        clientAddress(peer: context.remoteAddress, fields: request.headers)
      }
      router.get("/account") { request, _ in await signIns.accountSettingsPage(request) }
      router.post("/account/password") { request, context in
        await signIns.changePassword(request, client: client(request, context), endTabs: endTabs)
      }
      router.post("/account/sign-out-everywhere") { request, _ in
        await signIns.signOutEverywhere(request, endTabs: endTabs)
      }
      router.post("/account/delete") { request, context in
        await signIns.deleteAccount(request, client: client(request, context), endTabs: endTabs)
      }
      router.get("/reset-password") { request, _ in signIns.resetPasswordPage(request) }
      router.post("/reset-password") { request, context in
        await signIns.resetPassword(request, client: client(request, context), endTabs: endTabs)
      }
    }
    @Sendable func open(_ request: Request, _: WebRequestContext) async -> Response {
      let path = request.uri.path
      guard !path.split(separator: "/").contains("..") else {
        tabs.metrics.drop(.path, "refused a path with ..: \(path.prefix(200))")
        return page.respond(.badRequest, "bad request\n", contentType: "text/plain; charset=utf-8")
      }
      // With accounts, a page is for its signed-in account only.
      var owner: SessionOwner?
      if let signIns {
        do {
          guard let found = try await signIns.owner(of: request.headers) else { return signIns.redirect(to: "/sign-in") }
          owner = found
        } catch {
          tabs.metrics.logger.error("the account store failed: \(error)")
          return page.respond(.serviceUnavailable, "try again in a moment\n", contentType: "text/plain; charset=utf-8")
        }
      }
      if request.method == .head {
        guard let html = await tabs.render(path, owner: owner) else { return page.notFound() }
        // The same length as a GET's page: a session id's 32 digits, none of them a tab's.
        return page.response(session: String(repeating: "0", count: 32), body: html)
      }
      let devtools = (request.uri.query ?? "").split(separator: "&").contains {
        $0.prefix { $0 != "=" } == "devtools"
      }
      switch await tabs.openTab(path, devtools: devtools, owner: owner) {
      case let .opened(id, html): return page.response(session: id, body: html)
      case .notFound: return page.notFound()
      case .tooManyTabs:
        return page.refuse(.tooManyRequests, "Too many tabs are open for this sign-in: close one and reload.\n", retryAfter: 10)
      case .serverFull:
        return page.refuse(.serviceUnavailable, "The server is full right now; try again in a minute.\n", retryAfter: 60)
      }
    }
    router.get("/", use: open)
    router.get("**", use: open)
    let host = host
    let port = port
    let caps = SocketCaps(eventsPerSecond: eventsPerSecond, maximumEventSize: maximumEventSize)
    let socketsByClient = SocketsPerClient(limit: socketsPerClient)
    // A page's socket: accepted only from the server's own pages, at `/_cw/socket`.
    let shouldUpgrade: @Sendable (HTTPRequest, any Channel, Logger) throws -> ShouldUpgradeResult<
      WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>
    > = { request, channel, _ in
      guard request.path?.hasPrefix("/_cw/socket") == true else { return .dontUpgrade }
      guard isAnswered(request.authority, among: hostNames) else {
        tabs.metrics.drop(.host, "refused a WebSocket for another host: \(request.authority?.prefix(200) ?? "none")")
        return .dontUpgrade
      }
      guard isSameOrigin(request) else {
        tabs.metrics.drop(.origin, "refused a WebSocket from another origin: \(request.headerFields[.origin]?.prefix(200) ?? "none")")
        return .dontUpgrade
      }
      let session = sessionID(in: request.path ?? "")
      let page = pageAddress(in: request.path ?? "")
      // With accounts, the socket's own sign-in session, checked against its tab's in
      // `serveSocket` (the store is asked there, off the event loop).
      let signedIn = signIns.map { $0.sessionID(in: request.headerFields).map(sessionHash) }
      let client = throttledClient(clientAddress(peer: channel.remoteAddress, fields: request.headerFields))
      guard socketsByClient.open(client) else {
        // A refused upgrade can only be answered 400; this one is accepted and closed at once
        // with 1013 ("try again later"): the page says it is reconnecting and tries again.
        tabs.metrics.drop(.sockets, "refused a WebSocket: its client holds \(socketsByClient.limit) already")
        tabs.socketStarting()
        return .upgrade([:]) { _, outbound, _ in
          try? await outbound.close(.unknown(1013), reason: "too many sockets from this address")
          await tabs.socketEnded()
        }
      }
      tabs.socketStarting()
      return .upgrade([:]) { inbound, outbound, _ in
        defer { socketsByClient.close(client) }
        do {
          try await serveSocket(
            session: session, page: page, signedIn: signedIn, signIns: signIns, inbound: inbound,
            outbound: outbound, tabs: tabs, caps: caps
          )
        } catch {
          await tabs.socketEnded()
          // The WebSocket layer closes the socket with the code the error names.
          throw error
        }
        await tabs.socketEnded()
      }
    }
    let builder = HTTPServerBuilder { responder in
      ClosingMalformedRequests(
        base: HTTP1WebSocketUpgradeChannel(
          responder: responder,
          // No automatic ping: each one is a task per socket (3 KB of a tab's memory); the
          // pages' keep-alives and the tabs' sweep find dead connections instead.
          configuration: .init(
            http1: .init(idleTimeout: .nanoseconds(Int64(idleTimeout / .nanoseconds(1)))),
            ws: .init(maxFrameSize: maximumEventSize, autoPing: .disabled)
          ),
          shouldUpgrade: shouldUpgrade
        ),
        headerTimeout: headerTimeout,
        onMalformed: { error in
          tabs.metrics.drop(.malformedRequest, "closed a connection whose request is not HTTP: \(error)")
        },
        onSlowHeaders: {
          tabs.metrics.drop(.slowHeaders, "closed a connection that did not send its request's head in time")
        },
        onOversizedFrame: { [maximumEventSize] in
          tabs.metrics.drop(.frame, "closed a WebSocket whose frame was over \(maximumEventSize) bytes")
        }
      )
    }
    return try httpServer(
      builder, router: router, host: host, port: port, logger: logger,
      onServerRunning: { channel in onStart("http://\(host):\(channel.localAddress?.port ?? port)/") }
    )
  }
}

/// The `Date` header's value (`Thu, 26 Nov 2026 01:02:03 GMT`), made once a second at most.
enum HTTPDate {
  private static let cache = Mutex<(second: Int, text: String)>((-1, ""))

  static func now() -> String {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    let second = time.tv_sec
    return cache.withLock { cache in
      if cache.second == second { return cache.text }
      var seconds = second
      var parts = tm()
      gmtime_r(&seconds, &parts)
      let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
      let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
      func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
      let text =
        "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
        + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
      cache = (second, text)
      return text
    }
  }
}

private enum ServerEvent: Sendable {
  case stop
  case ended(Result<Void, any Error>)
  case deadline
}

/// Why a ``WebApp`` could not serve.
public enum WebAppError: Error, CustomStringConvertible {
  case portInUse(host: String, port: Int)

  public var description: String {
    switch self {
    case let .portInUse(host, port):
      return "port \(port) on \(host) is already in use; choose another with --port"
    }
  }
}

/// The WebSocket upgrade comes from a page this server served: its `Origin` names the same host
/// and port the request was sent to.
func isSameOrigin(_ request: HTTPRequest) -> Bool {
  guard let origin = request.headerFields[.origin], let host = request.authority else {
    return false
  }
  // Host names are compared without regard to case, as DNS does.
  let (sender, name) = (origin.lowercased(), host.lowercased())
  return sender == "http://\(name)" || sender == "https://\(name)"
}

/// The `session` query parameter of a path like `/_cw/socket?session=…`.
func sessionID(in path: String) -> String? {
  URLComponents(string: path)?.queryItems?.first { $0.name == "session" }?.value
}

/// The `page` query parameter of a socket's path (`/_cw/socket?session=…&page=/standups/…`): the
/// address the page is at, split into its path and whether it asked for `?devtools`; and whether
/// the page had a socket before (`again=1`).
/// `again=1` says the page had a socket before.
func pageAddress(in path: String) -> (path: String, devtools: Bool, again: Bool)? {
  let items = URLComponents(string: path)?.queryItems ?? []
  guard let page = items.first(where: { $0.name == "page" })?.value, page.hasPrefix("/"),
    let address = URLComponents(string: page)
  else { return nil }
  let devtools = address.queryItems?.contains { $0.name == "devtools" } ?? false
  let again = items.contains { $0.name == "again" && $0.value == "1" }
  return (address.path.isEmpty ? "/" : address.path, devtools, again)
}
