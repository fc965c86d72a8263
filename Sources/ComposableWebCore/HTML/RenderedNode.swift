/// A node tree as the browser has it: handlers replaced by `data-on-EVENT` attributes holding
/// handler ids, adjacent text merged and empty text dropped (as the browser's parser does), so a
/// child index here is a child index in the DOM. Two of these are what ``diff(_:_:)`` compares.
public indirect enum RenderedNode: Equatable, Sendable {
  case element(tag: String, attributes: [RenderedAttribute], key: String?, children: [RenderedNode])
  case text(String)

  var key: String? {
    guard case let .element(_, _, key, _) = self else { return nil }
    return key
  }
}

/// An attribute of a rendered element, as it goes over the wire.
public struct RenderedAttribute: Equatable, Sendable {
  /// The attribute's name.
  public let name: String
  /// The attribute's value (empty for a boolean attribute).
  public let value: String

  /// The attribute `name="value"`.
  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}

/// A rendered view and the handlers its `data-on-*` attributes name.
public struct RenderedView {
  /// The rendered tree.
  public let root: RenderedNode
  /// The handlers, by the id their element's `data-on-*` attribute names.
  public let handlers: [String: Handler]

  /// Renders `node`: gives every handler an id made of its element's position (keys where
  /// elements have them, so a row keeps its ids when it moves) and its event.
  public init(_ node: Node) {
    var handlers: [String: Handler] = [:]
    let rendered = Self.render([node], path: "", handlers: &handlers)
    self.root = rendered.first ?? .text("")
    self.handlers = handlers
  }

  private static func render(
    _ nodes: [Node], path: String, handlers: inout [String: Handler]
  ) -> [RenderedNode] {
    var result: [RenderedNode] = []
    for node in nodes {
      switch node {
      case let .text(text):
        guard !text.isEmpty else { continue }
        if case let .text(previous)? = result.last {
          result[result.count - 1] = .text(previous + text)
        } else {
          result.append(.text(text))
        }
      case let .raw(html):
        // One element around the markup, so that it stays one node of the parent.
        result.append(
          .element(
            tag: "span", attributes: [RenderedAttribute(name: "data-raw", value: html)], key: nil,
            children: []
          )
        )
      case let .element(element):
        let position = element.key.map { "k\($0)" } ?? String(result.count)
        let elementPath = path.isEmpty ? position : "\(path).\(position)"
        var attributes = element.attributes.map { RenderedAttribute(name: $0.name, value: $0.value) }
        if let key = element.key {
          attributes.append(RenderedAttribute(name: "data-key", value: key))
        }
        for (event, handler) in element.handlers {
          let id = "\(elementPath)/\(event.name)"
          handlers[id] = handler
          attributes.append(RenderedAttribute(name: "data-on-\(event.name)", value: id))
        }
        let children = render(element.children, path: elementPath, handlers: &handlers)
        result.append(.element(tag: element.tag, attributes: attributes, key: element.key, children: children))
      }
    }
    return result
  }
}

extension RenderedNode {
  /// The node as HTML. Text and attribute values are escaped; the markup of `unsafeRawHTML`
  /// (kept in a `data-raw` attribute until now) is the one thing written as it is.
  public var html: String {
    var output = ""
    write(to: &output)
    return output
  }

  func write(to output: inout String) {
    switch self {
    case let .text(text):
      appendEscaped(text, quotes: false, to: &output)
    case let .element(tag, attributes, _, children):
      output += "<"
      output += tag
      var raw: String?
      for attribute in attributes {
        if attribute.name.utf8.count == 8, attribute.name == "data-raw" {
          raw = attribute.value
          continue
        }
        output += " "
        output += attribute.name
        if !attribute.value.isEmpty {
          output += "=\""
          appendEscaped(attribute.value, quotes: true, to: &output)
          output += "\""
        }
      }
      output += ">"
      guard !Element.voidTags.contains(tag) else { return }
      if let raw {
        output += raw
      }
      for child in children {
        child.write(to: &output)
      }
      output += "</"
      output += tag
      output += ">"
    }
  }
}

package func escapeText(_ text: String) -> String {
  var escaped = ""
  appendEscaped(text, quotes: false, to: &escaped)
  return escaped
}

package func escapeAttribute(_ value: String) -> String {
  var escaped = ""
  appendEscaped(value, quotes: true, to: &escaped)
  return escaped
}

/// Appends `text` with `&`, `<` and `>` (and with `quotes`, `"` and `'`) written as character
/// references. Those are all ASCII, so the text is scanned as UTF-8 bytes and copied a run at a
/// time (the whole text at once when nothing needs escaping, as in most text).
private func appendEscaped(_ text: String, quotes: Bool, to output: inout String) {
  let utf8 = text.utf8
  var runStart = utf8.startIndex
  var index = runStart
  while index != utf8.endIndex {
    let reference: String? =
      switch utf8[index] {
      case UInt8(ascii: "&"): "&amp;"
      case UInt8(ascii: "<"): "&lt;"
      case UInt8(ascii: ">"): "&gt;"
      case UInt8(ascii: "\"") where quotes: "&quot;"
      case UInt8(ascii: "'") where quotes: "&#39;"
      default: nil
      }
    if let reference {
      // An ASCII byte is always a whole scalar, so both ends are character boundaries.
      output += text[runStart..<index]
      output += reference
      runStart = utf8.index(after: index)
    }
    index = utf8.index(after: index)
  }
  if runStart == utf8.startIndex {
    output += text
  } else {
    output += text[runStart..<utf8.endIndex]
  }
}
