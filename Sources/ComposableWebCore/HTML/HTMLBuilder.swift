/// Builds a list of nodes: elements, text (`"Hello"` is a text node), `if`, `if`/`else`,
/// `switch`, `for … in` and optionals.
@resultBuilder
public enum HTMLBuilder {
  public static func buildBlock(_ parts: [Node]...) -> [Node] { parts.flatMap { $0 } }
  public static func buildExpression(_ node: Node) -> [Node] { [node] }
  public static func buildExpression(_ nodes: [Node]) -> [Node] { nodes }
  public static func buildExpression(_ text: String) -> [Node] { [.text(text)] }
  public static func buildOptional(_ nodes: [Node]?) -> [Node] { nodes ?? [] }
  public static func buildEither(first nodes: [Node]) -> [Node] { nodes }
  public static func buildEither(second nodes: [Node]) -> [Node] { nodes }
  public static func buildArray(_ parts: [[Node]]) -> [Node] { parts.flatMap { $0 } }
  public static func buildLimitedAvailability(_ nodes: [Node]) -> [Node] { nodes }
}

/// An attribute, an event handler or a key, as the tag functions take them:
/// `div(.class("row"), .id("main"))`, `input(.on(.input) { store.title = $0 })`.
public struct Attribute {
  enum Kind {
    case attribute(String, String)
    case handler(Event, Handler)
    case key(String)
  }
  let kind: Kind

  /// Any attribute: `.attribute("aria-label", "Close")`.
  public static func attribute(_ name: String, _ value: String) -> Self {
    Self(kind: .attribute(name, value))
  }

  /// A boolean attribute, present only when `isOn` (`.flag("disabled", !canSave)`).
  public static func flag(_ name: String, _ isOn: Bool = true) -> Self {
    isOn ? Self(kind: .attribute(name, "")) : Self(kind: .attribute("", ""))
  }

  /// The `class` attribute: the non-empty `names`, space-separated.
  public static func `class`(_ names: String...) -> Self {
    .attribute("class", names.filter { !$0.isEmpty }.joined(separator: " "))
  }
  /// The `id` attribute.
  public static func id(_ id: String) -> Self { .attribute("id", id) }
  /// The `style` attribute: inline CSS.
  public static func style(_ css: String) -> Self { .attribute("style", css) }
  /// The `href` attribute of a link; left out when `url` is not one a page may link to
  /// (``isSafeLinkAddress(_:)``: a `javascript:` address, say).
  public static func href(_ url: String) -> Self {
    isSafeLinkAddress(url) ? .attribute("href", url) : Self(kind: .attribute("", ""))
  }
  /// The `type` attribute (`"checkbox"`, `"submit"` …).
  public static func type(_ type: String) -> Self { .attribute("type", type) }
  /// The `name` attribute of a form field.
  public static func name(_ name: String) -> Self { .attribute("name", name) }
  /// The `value` attribute of a form field.
  public static func value(_ value: String) -> Self { .attribute("value", value) }
  /// The `for` attribute of a label: the `id` of its field.
  public static func `for`(_ id: String) -> Self { .attribute("for", id) }
  /// The ARIA `role` attribute.
  public static func role(_ role: String) -> Self { .attribute("role", role) }
  /// The `aria-label` attribute: the name assistive technology reads.
  public static func ariaLabel(_ label: String) -> Self { .attribute("aria-label", label) }

  /// Runs `action` when `event` happens: `.on(.click) { store.send(.deleteTapped) }`.
  public static func on(_ event: Event, _ action: @escaping @MainActor () -> Void) -> Self {
    Self(kind: .handler(event, .run(action)))
  }

  /// Hands the value the browser sends with `event` to `action`:
  /// `.on(.input) { store.title = $0 }`.
  public static func on(_ event: Event, value action: @escaping @MainActor (String) -> Void) -> Self {
    Self(kind: .handler(event, .value(action)))
  }

  /// Runs `action` on the server once the element is on the page: after the first render that
  /// shows it (and again if it goes away and comes back), as SwiftUI's `.task` does. Starting a
  /// screen's long-running effect: `div(.onAppear { store.send(.onTask) })`.
  public static func onAppear(_ action: @escaping @MainActor () -> Void) -> Self {
    .on(.appear, action)
  }

  /// Identifies the element among its siblings across renders: `li(.key(row.id)) { … }`.
  public static func key(_ key: some CustomStringConvertible) -> Self {
    Self(kind: .key(key.description))
  }
}

/// An element with `tag`, `attributes` and children.
public func element(
  _ tag: String, _ attributes: [Attribute], @HTMLBuilder children: () -> [Node] = { [] }
) -> Node {
  var element = Element(tag: tag, children: children())
  for attribute in attributes {
    switch attribute.kind {
    case let .attribute(name, value):
      guard !name.isEmpty else { continue }
      if let index = element.attributes.firstIndex(where: { $0.name == name }) {
        element.attributes[index].value = name == "class"
          ? element.attributes[index].value + " " + value : value
      } else {
        element.attributes.append((name, value))
      }
    case let .handler(event, handler):
      element.handlers.append((event, handler))
    case let .key(key):
      element.key = key
    }
  }
  return .element(element)
}

// The tags a page usually needs; `element(_:_:children:)` makes any other.

/// An HTML `<div>` element with `attributes` and `children`.
public func div(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
  element("div", attributes, children: children)
}
/// An HTML `<span>` element with `attributes` and `children`.
public func span(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
  element("span", attributes, children: children)
}
/// An HTML `<p>` element with `attributes` and `children`.
public func p(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
  element("p", attributes, children: children)
}
/// An HTML `<section>` element with `attributes` and `children`.
public func section(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
  element("section", attributes, children: children)
}
/// An HTML `<header>` element with `attributes` and `children`.
public func header(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
  element("header", attributes, children: children)
}
/// An HTML `<main>` element with `attributes` and `children`.
public func main(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
  element("main", attributes, children: children)
}
/// An HTML `<nav>` element with `attributes` and `children`.
public func nav(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
  element("nav", attributes, children: children)
}
/// An HTML `<ul>` element with `attributes` and `children`.
public func ul(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
  element("ul", attributes, children: children)
}
/// An HTML `<li>` element with `attributes` and `children`.
public func li(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
  element("li", attributes, children: children)
}
/// An HTML `<form>` element with `attributes` and `children`.
public func form(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
  element("form", attributes, children: children)
}
/// An HTML `<label>` element with `attributes` and `children`.
public func label(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
  element("label", attributes, children: children)
}
/// An HTML `<a>` element with `attributes` and `children`.
public func a(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
  element("a", attributes, children: children)
}
/// An HTML `<h1>` element with `attributes` and `children`.
public func h1(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
  element("h1", attributes, children: children)
}
/// An HTML `<h2>` element with `attributes` and `children`.
public func h2(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
  element("h2", attributes, children: children)
}
/// An HTML `<h3>` element with `attributes` and `children`.
public func h3(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
  element("h3", attributes, children: children)
}
/// An HTML `<input>` element (it has no children): `input(.type("text"), .value(title))`.
public func input(_ attributes: Attribute...) -> Node {
  element("input", attributes)
}
/// An HTML `<textarea>` element holding `text`.
public func textarea(_ attributes: Attribute..., text: String = "") -> Node {
  element("textarea", attributes) { text }
}
/// An HTML `<select>` element with `attributes` and `children`.
public func select(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
  element("select", attributes, children: children)
}
/// An HTML `<option>` element with `attributes` and `children`.
public func option(_ attributes: Attribute..., @HTMLBuilder children: () -> [Node] = { [] }) -> Node {
  element("option", attributes, children: children)
}

/// A heading with text: `h1("Standups")`.
public func h1(_ text: String, _ attributes: Attribute...) -> Node {
  element("h1", attributes) { text }
}
/// A second-level heading with text: `h2("Meetings")`.
public func h2(_ text: String, _ attributes: Attribute...) -> Node {
  element("h2", attributes) { text }
}

/// A button that runs `action` when clicked: `button("Add") { store.send(.addTapped) }`.
public func button(
  _ label: String, _ attributes: Attribute..., action: @escaping @MainActor () -> Void
) -> Node {
  element("button", [.type("button"), .on(.click, action)] + attributes) { label }
}
