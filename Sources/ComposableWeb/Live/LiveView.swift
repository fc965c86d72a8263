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
  private let log: @MainActor (String) -> Void
  private var token: ObserveToken?
  /// The tree the browser shows, as of the last message sent.
  public private(set) var rendered: RenderedView
  /// How many renders produced patches (each one message).
  public private(set) var messageCount = 0

  /// The largest event message accepted; longer ones are dropped.
  public static let maximumMessageSize = 64 * 1024

  /// Starts rendering `view` at once (the first render is what the page's HTML shows) and again
  /// every time state it read changes.
  public init(
    view: @escaping @MainActor () -> Node,
    send: @escaping @MainActor (String) -> Void,
    log: @escaping @MainActor (String) -> Void = { print("ComposableWeb: \($0)") }
  ) {
    self.render = view
    self.send = send
    self.log = log
    self.rendered = RenderedView(view())
    var isFirst = true
    token = observe { [weak self] in
      guard let self else { return }
      let next = RenderedView(self.render())
      if isFirst {
        // The first run only registers what the view reads: its tree is already `rendered`.
        isFirst = false
        return
      }
      self.update(to: next)
    }
  }

  /// Stops re-rendering (the tab went away).
  public func stop() {
    token?.cancel()
    token = nil
  }

  private func update(to next: RenderedView) {
    let patches = diff(rendered.root, next.root)
    rendered = next
    guard !patches.isEmpty else { return }
    messageCount += 1
    send(patchMessage(patches))
  }

  /// Handles a message from the browser: `{"h":"<handler id>","v":"<value>"}`. A message that is
  /// too long, not such JSON, or names a handler this tab was not shown is dropped with a log
  /// line; nothing else happens.
  public func receive(_ message: String) {
    guard message.utf8.count <= Self.maximumMessageSize else {
      log("dropped a message of \(message.utf8.count) bytes (the limit is \(Self.maximumMessageSize))")
      return
    }
    guard let event = try? JSONDecoder().decode(ClientEvent.self, from: Data(message.utf8)) else {
      log("dropped a message that is not an event: \(message.prefix(200))")
      return
    }
    guard let handler = rendered.handlers[event.h] else {
      log("dropped an event for handler \(event.h.prefix(200)), which this page does not show")
      return
    }
    switch handler {
    case let .run(action):
      action()
    case let .value(action):
      action(event.v ?? "")
    }
  }
}

/// What the browser sends: the handler id it found on the element, and the value that goes with
/// the event (a field's text, a checkbox's state).
struct ClientEvent: Decodable {
  let h: String
  let v: String?
}
