import ComposableArchitecture
import Foundation

/// One browser tab's view of a store: renders the view whenever state it read changes, diffs the
/// new tree against the last one sent, and hands the patches to `send` as one message; runs the
/// handler an event names, if this tab rendered it.
///
/// It knows nothing of sockets: the server gives it a `send` that writes to the tab's WebSocket,
/// and the test client one that keeps the messages.
@MainActor
public final class LiveView {
  private let render: @MainActor () -> Node
  private let send: @MainActor (String) -> Void
  private let drop: @MainActor (DropReason, String) -> Void
  private var token: ObserveToken?
  /// The tree the browser shows, as of the last message sent.
  public private(set) var rendered: RenderedView
  /// How many renders produced patches (each one message).
  public private(set) var messageCount = 0

  /// The largest event message accepted; longer ones are dropped.
  public static let maximumMessageSize = 64 * 1024

  /// The address the browser shows (nil for a page without addresses).
  public private(set) var location: String?
  private let page: WebPage

  /// Starts rendering `view` at once (the first render is what the page's HTML shows) and again
  /// every time state it read changes.
  public convenience init(
    view: @escaping @MainActor () -> Node,
    send: @escaping @MainActor (String) -> Void,
    log: @escaping @MainActor (String) -> Void = { print("ComposableWeb: \($0)") }
  ) {
    self.init(page: WebPage(view: view), send: send, log: log)
  }

  /// Starts rendering `page` at once, and again every time state its view or its location read
  /// changes; a new location goes to the browser's history with the patches of the same render.
  public convenience init(
    page: WebPage,
    send: @escaping @MainActor (String) -> Void,
    log: @escaping @MainActor (String) -> Void = { print("ComposableWeb: \($0)") }
  ) {
    self.init(page: page, send: send, drop: { log($1) })
  }

  /// A live view whose dropped messages are reported with their reason (the server counts and
  /// logs them). Unless `observing`, the first render stands until ``startObserving()``: a page
  /// whose socket never connects registers nothing with the state it read (registrations with a
  /// long-lived value, such as a `@Shared` one, would stay until that value changes).
  package init(
    page: WebPage,
    send: @escaping @MainActor (String) -> Void,
    drop: @escaping @MainActor (DropReason, String) -> Void,
    observing: Bool = true
  ) {
    let render: @MainActor () -> Node = { page.dependencies.yield { page.view() } }
    self.page = page
    self.render = render
    self.send = send
    self.drop = drop
    self.rendered = RenderedView(render())
    self.location = page.dependencies.yield { page.location?() }
    runAppearHandlers(of: rendered, previous: nil)
    guard observing else { return }
    var isFirst = true
    token = observePage { [weak self] in
      guard let self else { return }
      if isFirst {
        // The first run only registers what the view reads: its tree is already `rendered`.
        isFirst = false
        if page.tracks == nil {
          _ = self.render()
          _ = self.currentLocation()
        }
        return
      }
      self.update(to: RenderedView(self.render()), location: self.currentLocation())
    }
  }

  /// The address the page says it is at, asked in the page's dependencies.
  private func currentLocation() -> String? {
    page.dependencies.yield { page.location?() }
  }

  /// Observes the page: what `apply` reads, or what the page's `tracks` reads when it has one.
  private func observePage(_ apply: @escaping @MainActor () -> Void) -> ObserveToken {
    guard let tracks = page.tracks else { return observe(apply) }
    return observe(apply, tracking: tracks)
  }

  /// Starts re-rendering whenever state the view or its location read changes, with a render now
  /// whose patches (what changed since the first render) go out at once. Does nothing if it
  /// already observes, or was stopped.
  package func startObserving() {
    guard token == nil, !isStopped else { return }
    token = observePage { [weak self] in
      guard let self else { return }
      self.update(to: RenderedView(self.render()), location: self.currentLocation())
    }
  }

  private var isStopped = false

  /// A socket connected to the tab: runs the page's ``WebPage/onConnect``.
  package func connected() {
    guard !isStopped else { return }
    page.dependencies.yield { page.onConnect?() }
  }

  /// Stops re-rendering (the tab went away).
  public func stop() {
    guard !isStopped else { return }
    isStopped = true
    token?.cancel()
    token = nil
    page.dependencies.yield { page.onClose?() }
  }

  private func update(to next: RenderedView, location: String?) {
    var patches = diff(rendered.root, next.root)
    let previous = rendered
    rendered = next
    runAppearHandlers(of: next, previous: previous)
    if let location, location != self.location {
      self.location = location
      patches.append(.setLocation(path: location, replace: false))
    }
    let animation = page.animation?()
    guard !patches.isEmpty else { return }
    if let animation { patches.insert(animation, at: 0) }
    messageCount += 1
    send(patchMessage(patches))
  }

  /// Runs, on a later turn of the main actor (never inside a render), the appear handlers of
  /// elements `view` shows that `previous` did not.
  private func runAppearHandlers(of view: RenderedView, previous: RenderedView?) {
    let suffix = "/" + Event.appear.name
    for (id, handler) in view.handlers where id.hasSuffix(suffix) && previous?.handlers[id] == nil {
      guard case let .run(action) = handler else { continue }
      Task { @MainActor in action() }
    }
  }

  /// Handles a message from the browser: an event, `{"h":"<handler id>","v":"<value>"}`, or the
  /// address it went to with Back or Forward, `{"u":"/path"}`. A message that is too long, not
  /// such JSON, or names a handler this tab was not shown is dropped with a log line; nothing
  /// else happens.
  public func receive(_ message: String) {
    // What the event changed goes out now, in the same turn, rather than on the main actor's
    // next: one hop less between a click and its patch.
    // In the page's dependencies: a route or a handler that reads a dependency (the signed-in
    // account's data) reads the page's, not the server task's.
    page.dependencies.yield {
      guard let token else { return handle(message) }
      token.applyingChanges { handle(message) }
    }
  }

  private func handle(_ message: String) {
    guard message.utf8.count <= Self.maximumMessageSize else {
      drop(.oversize, "dropped a message of \(message.utf8.count) bytes (the limit is \(Self.maximumMessageSize))")
      return
    }
    guard let event = ClientEvent(message) else {
      drop(.malformed, "dropped a message that is not an event: \(message.prefix(200))")
      return
    }
    if let address = event.u {
      navigate(to: address)
      return
    }
    guard
      let handlerID = event.h, !handlerID.hasSuffix("/" + Event.appear.name),
      let handler = rendered.handlers[handlerID]
    else {
      drop(.unknownHandler, "dropped an event for handler \((event.h ?? "none").prefix(200)), which this page does not show")
      return
    }
    let outer = Self.handlingEvent
    Self.handlingEvent = self
    defer { Self.handlingEvent = outer }
    switch handler {
    case let .run(action):
      action()
    case let .value(action):
      action(event.v ?? "")
    }
  }

  /// The tab whose event is being handled (its handler is running), if any.
  static var handlingEvent: LiveView?

  /// Opens `url` in a new browser tab beside the tab whose event is being handled (a button's
  /// action calling `openURL`, as a click on a link would): `http`, `https` and `mailto`
  /// addresses only. Returns false, opening nothing, outside an event or for another scheme.
  @discardableResult
  public static func openInBrowser(_ url: URL) -> Bool {
    guard let view = handlingEvent, let scheme = url.scheme?.lowercased(), ["http", "https", "mailto"].contains(scheme)
    else { return false }
    view.messageCount += 1
    view.send(patchMessage([.openURL(url.absoluteString)]))
    return true
  }

  /// The browser went to `address` (Back, Forward): the page's `navigate` moves the store there,
  /// and if the store ends up elsewhere, the address bar is put back to where it is.
  private func navigate(to address: String) {
    guard let navigate = page.navigate, let current = page.location else {
      drop(.navigation, "dropped a navigation to \(address.prefix(200)): this page has one address")
      return
    }
    location = address
    // The query (`?devtools`) is the tab's, not the app's: routes get the path.
    navigate(String(address.prefix { $0 != "?" }))
    let now = current()
    if now != address {
      location = now
      send(patchMessage([.setLocation(path: now, replace: true)]))
    }
  }
}
