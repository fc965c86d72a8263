/// A piece of a page: an element, text, or markup written by hand.
///
/// Views are values: a function from a store to a tree of nodes, written with ``HTMLBuilder``.
/// Text and attribute values are escaped when the tree is rendered, so no store state can write
/// markup; only ``unsafeRawHTML(_:)`` does, by name.
///
/// ```swift
/// div(.class("counter")) {
///   h1("Count: \(store.count)")
///   button("+") { store.send(.incrementButtonTapped) }
/// }
/// ```
public enum Node {
  case element(Element)
  case text(String)
  /// Markup inserted as it is. Only ``unsafeRawHTML(_:)`` makes one.
  case raw(String)
}

/// An HTML element: a tag, its attributes and event handlers, an optional key that identifies it
/// among its siblings, and its children.
public struct Element {
  /// The tag name (`"div"`).
  public var tag: String
  /// The attributes, in order.
  public var attributes: [(name: String, value: String)]
  /// What runs on the server when the browser reports each event on this element.
  public var handlers: [(event: Event, handler: Handler)]
  /// Identifies the element among its siblings across renders (a row's id), so that a list
  /// change moves, inserts and removes rows instead of rewriting them.
  public var key: String?
  /// The child nodes, in order.
  public var children: [Node]

  /// An element with everything spelled out; the tag functions (`div`, `button` …) are shorter.
  public init(
    tag: String,
    attributes: [(name: String, value: String)] = [],
    handlers: [(event: Event, handler: Handler)] = [],
    key: String? = nil,
    children: [Node] = []
  ) {
    self.tag = tag
    self.attributes = attributes
    self.handlers = handlers
    self.key = key
    self.children = children
  }

  /// Elements that never have children or a closing tag.
  static let voidTags: Set<String> = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
    "wbr",
  ]
}

/// A browser event an element handles.
public struct Event: Hashable, Sendable, CustomStringConvertible {
  /// The DOM event's name (`"click"`).
  public let name: String

  /// The event named `name`, for events without a constant here.
  public init(_ name: String) {
    self.name = name
  }

  /// A click (or Enter or Space on a focused button).
  public static let click = Event("click")
  /// A form submitted (Enter in one of its fields, or its submit button).
  public static let submit = Event("submit")
  /// Every keystroke in a text field (the field's value travels with it).
  public static let input = Event("input")
  /// A committed change: a select, a checkbox, a range released.
  public static let change = Event("change")
  /// The element got the keyboard focus.
  public static let focus = Event("focus")
  /// The element lost the keyboard focus.
  public static let blur = Event("blur")
  /// The Escape key pressed while the element (or something inside it) has the focus.
  public static let escape = Event("key-escape")
  /// The Enter key pressed while the element (or something inside it) has the focus.
  public static let enter = Event("key-enter")
  /// The element appeared on the page: runs on the server after the render that first shows it
  /// (like SwiftUI's `.task`/`.onAppear`), never from the browser. Add one with
  /// ``Attribute/onAppear(_:)``.
  public static let appear = Event("appear")
  /// The element's size on the page changed, and once when it first shows: its width and
  /// height in CSS pixels, rounded, travel with it as `"W,H"` (so the server can draw to it).
  public static let resize = Event("resize")
  /// A pointer (a finger, a mouse's main button) pressed on the element, its moves while pressed
  /// (at most one an animation frame, wherever they go), and its release: `"PHASE,X,Y,T"`
  /// travels with each, the phase `down`, `move`, `up` or `cancel`, X and Y in CSS pixels from
  /// the element's top left corner, T the event's time in milliseconds (for gestures).
  public static let pointer = Event("pointer")

  public var description: String { name }
}

/// What an event handler does with the event: runs an action, or takes the value the browser
/// sent with it (a text field's contents, a checkbox's `"true"`/`"false"`).
public enum Handler {
  case run(@MainActor () -> Void)
  case value(@MainActor (String) -> Void)
}

/// Markup written as it is, not escaped: the only way to put raw HTML in a page. Never pass it
/// anything that came from a user or from state.
public func unsafeRawHTML(_ html: String) -> Node {
  .raw(html)
}
