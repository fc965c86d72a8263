import ComposableWeb
import Foundation
import SwiftUICore

extension WebRenderer {
  /// Applies `modifiers` (innermost first) to `element`: as its style while that keeps their
  /// order's meaning, around it in a new element when not (a padding after a background pads
  /// outside the background).
  func apply(_ modifiers: [ViewNode.Modifier], to element: Element, node: ViewNode) -> Element {
    var element = element
    var styles: [String] = []
    var hasPaint = false
    func flush() {
      guard !styles.isEmpty else { return }
      let existing = element.attributes.firstIndex { $0.name == "style" }
      if let existing {
        element.attributes[existing].value += ";" + styles.joined(separator: ";")
      } else {
        element.attributes.append(("style", styles.joined(separator: ";")))
      }
      styles = []
    }
    func wrap() {
      flush()
      element = Element(tag: "div", attributes: [("class", "sui-modified")], children: [.element(element)])
      hasPaint = false
    }
    for modifier in modifiers {
      switch modifier {
      case let .padding(insets):
        if hasPaint { wrap() }
        styles.append("padding:\(px(insets.top)) \(px(insets.trailing)) \(px(insets.bottom)) \(px(insets.leading))")
      case let .frame(frame):
        wrap()
        var frameStyles: [String] = []
        if let width = frame.width { frameStyles.append("width:\(px(width))") }
        if let height = frame.height { frameStyles.append("height:\(px(height))") }
        if let minWidth = frame.minWidth { frameStyles.append("min-width:\(px(minWidth))") }
        if let minHeight = frame.minHeight { frameStyles.append("min-height:\(px(minHeight))") }
        if let maxWidth = frame.maxWidth {
          frameStyles.append(maxWidth.isInfinite ? "align-self:stretch;flex-grow:1;width:100%" : "max-width:\(px(maxWidth))")
        }
        if let maxHeight = frame.maxHeight {
          frameStyles.append(maxHeight.isInfinite ? "align-self:stretch;flex-grow:1" : "max-height:\(px(maxHeight))")
        }
        element.attributes = [("class", "sui-frame sui-align-\(frame.alignment.horizontalName) sui-valign-\(frame.alignment.verticalName)")]
        styles += frameStyles
      case let .fixedSize(horizontal, vertical):
        if horizontal { styles.append("white-space:nowrap;flex-shrink:0") }
        if vertical { styles.append("flex-shrink:0") }
      case let .background(nodes, alignment):
        if nodes.count == 1, case let .color(color) = nodes[0].kind, nodes[0].modifiers.isEmpty {
          styles.append("background:\(css(color))")
        } else {
          flush()
          element = layered(element, layer: renderAll(nodes), alignment: alignment, front: false)
        }
        hasPaint = true
      case let .overlay(nodes, alignment):
        flush()
        element = layered(element, layer: renderAll(nodes), alignment: alignment, front: true)
        hasPaint = true
      case let .font(font):
        styles += fontStyles(font)
      case let .foreground(color):
        styles.append("color:\(css(color))")
      case let .tint(color):
        styles.append("--sui-accent:\(css(color))")
      case let .cornerRadius(radius):
        styles.append("border-radius:\(px(radius));overflow:hidden")
        hasPaint = true
      case let .opacity(opacity):
        styles.append("opacity:\(number(opacity))")
      case .disabled:
        if ["button", "input", "select", "textarea"].contains(element.tag) {
          element.attributes.append(("disabled", ""))
        }
        addClass("sui-disabled", to: &element)
      case let .rotation(degrees):
        styles.append("transform:rotate(\(number(degrees))deg)")
      case .listRowBackground:
        break  // drawn by the list row
      case let .accessibilityLabel(label):
        element.attributes.removeAll { $0.name == "aria-label" }
        element.attributes.append(("aria-label", label))
      case .hidden:
        styles.append("visibility:hidden")
      case let .lineLimit(lines):
        if let lines { styles.append("display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:\(lines);overflow:hidden") }
      case let .multilineTextAlignment(alignment):
        styles.append("text-align:\(alignment == .leading ? "start" : alignment == .trailing ? "end" : "center")")
      case .pushedOver:
        addClass("sui-pushed-over", to: &element)
      }
    }
    flush()
    return element
  }

  /// `element` with `layer` behind or in front of it, the size of it.
  private func layered(_ element: Element, layer: [Node], alignment: Alignment, front: Bool) -> Element {
    let layerElement = Node.element(
      Element(
        tag: "div",
        attributes: [("class", "sui-layer sui-layer-\(front ? "front" : "back") sui-align-\(alignment.horizontalName) sui-valign-\(alignment.verticalName)")],
        children: layer
      )
    )
    return Element(tag: "div", attributes: [("class", "sui-layered")], children: front ? [.element(element), layerElement] : [layerElement, .element(element)])
  }

  private func addClass(_ name: String, to element: inout Element) {
    if let index = element.attributes.firstIndex(where: { $0.name == "class" }) {
      element.attributes[index].value += " " + name
    } else {
      element.attributes.append(("class", name))
    }
  }
}
