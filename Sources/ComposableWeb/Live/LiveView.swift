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
  init(
    page: WebPage,
    send: @escaping @MainActor (String) -> Void,
    drop: @escaping @MainActor (DropReason, String) -> Void,
    observing: Bool = true
  ) {
    self.page = page
    self.render = page.view
    self.send = send
    self.drop = drop
    self.rendered = RenderedView(page.view())
    self.location = page.location?()
    runAppearHandlers(of: rendered, previous: nil)
    guard observing else { return }
    var isFirst = true
    token = observe { [weak self] in
      guard let self else { return }
      let next = RenderedView(self.render())
      let location = self.page.location?()
      if isFirst {
        // The first run only registers what the view reads: its tree is already `rendered`.
        isFirst = false
        return
      }
      self.update(to: next, location: location)
    }
  }

  /// Starts re-rendering whenever state the view or its location read changes, with a render now
  /// whose patches (what changed since the first render) go out at once. Does nothing if it
  /// already observes, or was stopped.
  func startObserving() {
    guard token == nil, !isStopped else { return }
    token = observe { [weak self] in
      guard let self else { return }
      self.update(to: RenderedView(self.render()), location: self.page.location?())
    }
  }

  private var isStopped = false

  /// Stops re-rendering (the tab went away).
  public func stop() {
    guard !isStopped else { return }
    isStopped = true
    token?.cancel()
    token = nil
    page.onClose?()
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
    guard !patches.isEmpty else { return }
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
    guard let token else { return handle(message) }
    token.applyingChanges { handle(message) }
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

/// What the browser sends: the handler id it found on the element and the value that goes with
/// the event (a field's text, a checkbox's state); or the address Back or Forward went to.
struct ClientEvent: Decodable, Equatable {
  var h: String?
  var v: String?
  var u: String?

  /// The event in `message` (JSON); nil when it is not one. The page's own messages (an object of
  /// strings) are read by hand, which costs a fraction of a `JSONDecoder` (a sizeable share of an
  /// event's round trip); anything else is left to `JSONDecoder`, so both accept the same.
  init?(_ message: String) {
    if let event = Self(pageMessage: message) {
      self = event
    } else if let event = try? JSONDecoder().decode(Self.self, from: Data(message.utf8)) {
      self = event
    } else {
      return nil
    }
  }

  init(h: String? = nil, v: String? = nil, u: String? = nil) {
    self.h = h
    self.v = v
    self.u = u
  }

  /// The page's own messages, read by hand: an object whose only keys are `h`, `v` and `u`, each
  /// at most once, whose values are strings or `null`. Nil for anything else, including what is
  /// merely unusual (another key, a number, nesting, a repeated key, a key written with escapes),
  /// which is left to `JSONDecoder`.
  private init?(pageMessage message: String) {
    var message = message
    guard let event = message.withUTF8({ bytes in
      var reader = PageMessageReader(bytes: bytes)
      return reader.event()
    }) else { return nil }
    self = event
  }
}

/// Reads a page's message (see `ClientEvent.init(pageMessage:)`) from its UTF-8, making nothing
/// but the strings it returns: an event is read on every click and keystroke, before anything else
/// the server does for it.
private struct PageMessageReader {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  /// The event; nil unless the whole input is such an object.
  mutating func event() -> ClientEvent? {
    var event = ClientEvent()
    var seen = 0
    skipSpace()
    guard take(UInt8(ascii: "{")) else { return nil }
    skipSpace()
    if take(UInt8(ascii: "}")) { return end() ? event : nil }
    while true {
      skipSpace()
      guard let key = key(), seen & key.rawValue == 0 else { return nil }
      seen |= key.rawValue
      skipSpace()
      guard take(UInt8(ascii: ":")) else { return nil }
      skipSpace()
      let value: String?
      if takeNull() {
        value = nil
      } else if let text = string() {
        value = text
      } else {
        return nil
      }
      switch key {
      case .h: event.h = value
      case .v: event.v = value
      case .u: event.u = value
      }
      skipSpace()
      if take(UInt8(ascii: ",")) { continue }
      guard take(UInt8(ascii: "}")) else { return nil }
      return end() ? event : nil
    }
  }

  private enum Key: Int {
    case h = 1, v = 2, u = 4
  }

  /// `"h"`, `"v"` or `"u"`, as they are written; nil for any other key.
  private mutating func key() -> Key? {
    guard index + 3 <= bytes.count, bytes[index] == UInt8(ascii: "\""), bytes[index + 2] == UInt8(ascii: "\"")
    else { return nil }
    let key: Key? =
      switch bytes[index + 1] {
      case UInt8(ascii: "h"): .h
      case UInt8(ascii: "v"): .v
      case UInt8(ascii: "u"): .u
      default: nil
      }
    if key != nil { index += 3 }
    return key
  }

  private mutating func end() -> Bool {
    skipSpace()
    return index == bytes.count
  }

  private mutating func take(_ byte: UInt8) -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  private mutating func takeNull() -> Bool {
    guard index + 4 <= bytes.count, bytes[index] == UInt8(ascii: "n"), bytes[index + 1] == UInt8(ascii: "u"),
      bytes[index + 2] == UInt8(ascii: "l"), bytes[index + 3] == UInt8(ascii: "l")
    else { return false }
    index += 4
    return true
  }

  private mutating func skipSpace() {
    while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
      index += 1
    }
  }

  /// A string, its escapes undone; nil on anything JSON does not allow in one. (The input is a
  /// Swift string's UTF-8, valid, and cut only at quotes and backslashes, so the bytes between
  /// are valid UTF-8 too.)
  private mutating func string() -> String? {
    guard take(UInt8(ascii: "\"")) else { return nil }
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        defer { index += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
      }
      if byte < 0x20 { return nil }
      if byte == UInt8(ascii: "\\") { return escapedString(from: start) }
      index += 1
    }
    return nil
  }

  /// The rest of a string that has escapes, from `start` (its first byte); `index` is at the
  /// first backslash.
  private mutating func escapedString(from start: Int) -> String? {
    var utf8 = Array(bytes[start..<index])
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return String(decoding: utf8, as: UTF8.self)
      }
      if byte < 0x20 { return nil }
      guard byte == UInt8(ascii: "\\") else {
        utf8.append(byte)
        index += 1
        continue
      }
      guard index + 1 < bytes.count else { return nil }
      let escape = bytes[index + 1]
      index += 2
      switch escape {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
      case UInt8(ascii: "b"): utf8.append(0x08)
      case UInt8(ascii: "f"): utf8.append(0x0C)
      case UInt8(ascii: "n"): utf8.append(0x0A)
      case UInt8(ascii: "r"): utf8.append(0x0D)
      case UInt8(ascii: "t"): utf8.append(0x09)
      case UInt8(ascii: "u"):
        guard let unit = hex4() else { return nil }
        let scalar: Unicode.Scalar?
        if (0xD800..<0xDC00).contains(unit) {
          // A surrogate pair: the low half must follow.
          guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hex4(), (0xDC00..<0xE000).contains(low)
          else { return nil }
          scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
        } else {
          scalar = Unicode.Scalar(unit)
        }
        guard let scalar else { return nil }
        UTF8.encode(scalar) { utf8.append($0) }
      default:
        return nil
      }
    }
    return nil
  }

  private mutating func hex4() -> UInt32? {
    guard index + 4 <= bytes.count else { return nil }
    var value: UInt32 = 0
    for byte in bytes[index..<index + 4] {
      guard let digit = hexDigit(byte) else { return nil }
      value = value << 4 | digit
    }
    index += 4
    return value
  }

  private func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }
}
