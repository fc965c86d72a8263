import ComposableWebCore
import Foundation
import SwiftUICore

extension WebRenderer {
  /// Applies `modifiers` (innermost first) to `element`: as its style while that keeps their
  /// order's meaning, around it in a new element when not (a padding after a background pads
  /// outside the background).
  ///
  /// Every element made (the node's own and each one around it) is marked with the ways it
  /// grows: as the node's content does, and as its frame says from the frame outwards.
  func apply(_ modifiers: [ViewNode.Modifier], to element: Element, node: ViewNode) -> Element {
    var element = element
    var styles: [String] = []
    // Turns, scales and moves, outermost first as CSS applies them right to left.
    var transforms: [String] = []
    var hasPaint = false
    var blend: String?
    /// The `colorMultiply` filters made for this node so far (each needs an id of its own).
    var multiplyFilters = 0
    var expansion = contentExpansion(of: node)
    if case .spacer = node.kind {} else { expansion.mark(&element) }
    func flush() {
      if !transforms.isEmpty {
        styles.append("transform:" + transforms.joined(separator: " "))
        transforms = []
      }
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
      expansion.mark(&element)
      hasPaint = false
    }
    for modifier in modifiers {
      switch modifier {
      case let .padding(insets):
        // Paddings add up (`.padding(.horizontal, 8).padding(.vertical, 6)`): a second one on
        // the same element would replace the first, so it goes on a wrapper.
        if hasPaint || styles.contains(where: { $0.hasPrefix("padding:") }) { wrap() }
        styles.append("padding:\(px(insets.top)) \(px(insets.trailing)) \(px(insets.bottom)) \(px(insets.leading))")
      case let .frame(frame):
        wrap()
        var frameStyles: [String] = []
        if let width = frame.width { frameStyles.append("width:\(px(width))") }
        if let height = frame.height { frameStyles.append("height:\(px(height))") }
        if let minWidth = frame.minWidth { frameStyles.append("min-width:\(px(minWidth))") }
        if let minHeight = frame.minHeight { frameStyles.append("min-height:\(px(minHeight))") }
        if let maxWidth = frame.maxWidth {
          if maxWidth.isInfinite {
            frameStyles.append("align-self:stretch;flex-grow:1;width:100%")
          } else if expansion.horizontal {
            // Content that grows is as wide as the frame allows, centred in the room around it
            // (a stack's default alignment): a ring of at most 280 points in a wide screen.
            frameStyles.append("max-width:\(px(maxWidth));width:100%;margin-inline:auto")
          } else {
            frameStyles.append("max-width:\(px(maxWidth))")
          }
        }
        if let maxHeight = frame.maxHeight {
          frameStyles.append(maxHeight.isInfinite ? "align-self:stretch;flex-grow:1" : "max-height:\(px(maxHeight))")
        }
        // A fixed width or height is kept in a stack along that axis, as SwiftUI keeps it: the
        // stack's other views give way (see the stylesheet's `sui-fixed-w` and `sui-fixed-h`).
        let fixed = (frame.width == nil ? "" : " sui-fixed-w") + (frame.height == nil ? "" : " sui-fixed-h")
        element.attributes = [("class", "sui-frame sui-align-\(frame.alignment.horizontalName) sui-valign-\(frame.alignment.verticalName)\(fixed)")]
        expansion = expansion.framed(frame)
        expansion.mark(&element)
        styles += frameStyles
        // A padding after a frame pads outside it, as in SwiftUI (the frame's size is its content's).
        hasPaint = true
      case let .fixedSize(horizontal, vertical):
        if horizontal { styles.append("white-space:nowrap;flex-shrink:0") }
        if vertical { styles.append("flex-shrink:0") }
      case let .background(nodes, alignment):
        if nodes.count == 1, case let .color(color) = nodes[0].kind, nodes[0].modifiers.isEmpty {
          styles.append(backgroundStyle(color))
        } else {
          flush()
          element = layered(element, layer: renderAll(nodes), alignment: alignment, front: false)
          expansion.mark(&element)
        }
        hasPaint = true
      case let .overlay(nodes, alignment):
        flush()
        element = layered(element, layer: renderAll(nodes), alignment: alignment, front: true)
        expansion.mark(&element)
        hasPaint = true
      case let .font(font):
        styles += fontStyles(font)
      case let .foreground(color):
        styles.append("color:\(css(color))")
      case let .tint(color):
        // `tint(.accentColor)` is the app's accent (a tint naming itself would be a cycle, which
        // CSS drops, and the tinted controls would lose their colour).
        styles.append("--sui-accent:\(css(color).replacingOccurrences(of: "var(--sui-accent)", with: "var(--sui-app-accent)"))")
      case let .cornerRadius(radius):
        styles.append("border-radius:\(px(radius));overflow:hidden")
        hasPaint = true
      case let .opacity(opacity):
        styles.append("opacity:\(number(opacity))")
      case let .scrollTarget(request, block):
        element.attributes.append(("data-scroll-to", "\(request):\(block)"))
      case .disabled:
        if ["button", "input", "select", "textarea"].contains(element.tag) {
          element.attributes.append(("disabled", ""))
        }
        addClass("sui-disabled", to: &element)
      case let .rotation(degrees):
        transforms.insert("rotate(\(number(degrees))deg)", at: 0)
      case let .scale(x, y):
        transforms.insert("scale(\(number(x)),\(number(y)))", at: 0)
      case let .offset(x, y):
        transforms.insert("translate(\(px(x)),\(px(y)))", at: 0)
      case let .shadow(color, radius, x, y):
        styles.append("box-shadow:\(px(x)) \(px(y)) \(px(radius)) \(css(color))")
      case .clipped:
        styles.append("overflow:hidden")
        hasPaint = true
      case let .position(x, y):
        // The view's centre at the point; the view takes the space it is offered.
        flush()
        appendStyle("position:absolute;left:\(px(x));top:\(px(y));translate:-50% -50%", to: &element)
        expansion = Expansion(horizontal: true, vertical: true)
        wrap()
        addClass("sui-positioned", to: &element)
      case let .aspectRatio(ratio, contentMode):
        // A loaded picture keeps its own ratio inside its box: the browser knows it.
        if ratio == nil, element.tag == "img" {
          appendStyle("object-fit:" + (contentMode == .fit ? "contain" : "cover"), to: &element)
          break
        }
        // Only a given ratio can be kept: a view's own is not known before the browser lays it out.
        guard let ratio else { break }
        // Its height follows from its width.
        expansion = Expansion(horizontal: expansion.horizontal, vertical: false)
        wrap()
        styles.append("aspect-ratio:\(number(ratio));width:100%" + (contentMode == .fit ? ";max-height:100%" : ";overflow:hidden"))
      case let .blendMode(mode):
        // Set on the outermost element once all modifiers are applied: a transform or a frame
        // around the view would otherwise make it blend with an empty backdrop of its own.
        blend = cssBlendMode(mode)
      case let .animation(animation, valueVersion):
        // The page's script animates changes inside an element that says how; with a value's
        // version, only those of a message that changes the version.
        guard let animation else { break }
        element.attributes.append(("data-animation", "\(number(animation.duration)) \(number(animation.delay)) \(animation.curve)"))
        if let valueVersion { element.attributes.append(("data-animation-value", String(valueVersion))) }
      case let .transition(transition):
        element.attributes.append(("data-transition", transition.insertion + "|" + transition.removal))
      case .colorInvert:
        styles.append("filter:invert(1)")
      case let .colorMultiply(color):
        // An SVG filter beside the view: the colour flooded over its box and multiplied with
        // it channel by channel; premultiplied, the view's transparency carries through.
        wrap()
        let id = "sui-multiply-" + shortHash(node.identity + "#\(multiplyFilters)")
        multiplyFilters += 1
        element.children.append(multiplyFilter(id: id, color: color))
        styles.append("filter:url(#\(id))")
      case let .allowsHitTesting(enabled):
        if !enabled { styles.append("pointer-events:none") }
      case .monospacedDigit:
        styles.append("font-variant-numeric:tabular-nums")
      case let .gesture(recognizer):
        // One gesture an element: a second one around the first goes on an element around it.
        if element.handlers.contains(where: { $0.0 == .pointer }) { wrap() }
        element.handlers.append((.pointer, .value { text in
          if let event = pointerEvent(text) { recognizer.receive(event) }
        }))
        // A drag keeps the page from scrolling under it.
        if recognizer.tracksMoves { addClass("sui-drag", to: &element) }
      case let .gridCellColumns(count):
        styles.append("grid-column:span \(count)")
      case let .gridCellAnchor(anchor):
        func place(_ fraction: CGFloat) -> String { fraction <= 0.25 ? "start" : fraction >= 0.75 ? "end" : "center" }
        styles.append("justify-self:\(place(anchor.x));align-self:\(place(anchor.y))")
      case .listRowBackground, .listRowInsets:
        break  // drawn by the list row
      case let .accessibilityLabel(label):
        setAttribute("aria-label", label, on: &element)
      case let .accessibilityValue(value):
        // Said after the name, as VoiceOver says a value; the name is the label given, else
        // what the element shows (a menu's icon keeps naming its button).
        let label = element.attributes.first { $0.name == "aria-label" }?.value ?? accessibleName(of: element)
        setAttribute("aria-label", label.isEmpty ? value : "\(label), \(value)", on: &element)
      case let .accessibilityHint(hint):
        setAttribute("aria-description", hint, on: &element)
      case let .accessibilityTraits(traits):
        applyTraits(traits, to: &element)
      case let .accessibilityElement(children):
        switch children.kind {
        case .ignore:
          // One element whose insides a reader does not enter: an image, in ARIA's terms.
          setAttribute("role", "img", on: &element)
        case .combine:
          setAttribute("role", "group", on: &element)
          if !element.attributes.contains(where: { $0.name == "aria-label" }) {
            setAttribute("aria-label", node.plainText, on: &element)
          }
        case .contain:
          setAttribute("role", "group", on: &element)
        }
      case let .accessibilityHidden(hidden):
        if hidden { setAttribute("aria-hidden", "true", on: &element) }
      case let .clipShape(shape):
        drawn.unkeptCount += 1
        flush()
        clip(&element, to: shape, node: node)
        hasPaint = true
      case .hidden:
        styles.append("visibility:hidden")
      case let .lineLimit(lines):
        if let lines { styles.append("display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:\(lines);overflow:hidden") }
      case let .multilineTextAlignment(alignment):
        styles.append("text-align:\(alignment == .leading ? "start" : alignment == .trailing ? "end" : "center")")
      case .pushedOver:
        addClass("sui-pushed-over", to: &element)
      case .safeAreaInset:
        addClass("sui-inset", to: &element)
      case let .menu(panel):
        addClass(panel ? "sui-menu-panel" : "sui-menu", to: &element)
        // Placed by the page's script beside its label, over everything (see `data-float`).
        if panel { element.attributes.append(("data-float", "")) }
      }
    }
    if let blend, blend != "normal" {
      styles.append("mix-blend-mode:\(blend)")
      // An overlay or background layer holding it blends as a whole (see the stylesheet).
      addClass("sui-blend-\(blend)", to: &element)
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

  private func setAttribute(_ name: String, _ value: String, on element: inout Element) {
    element.attributes.removeAll { $0.name == name }
    element.attributes.append((name, value))
  }

  /// The ARIA role or state of each trait a browser has one for (the others are listed as
  /// ignored in the documentation).
  private func applyTraits(_ traits: AccessibilityTraits, to element: inout Element) {
    let roles: [(AccessibilityTraits, String)] = [
      (.isHeader, "heading"), (.isButton, "button"), (.isLink, "link"), (.isImage, "img"),
      (.isSearchField, "searchbox"), (.isToggle, "switch"), (.isStaticText, "text"),
    ]
    if let role = roles.first(where: { traits.contains($0.0) })?.1 {
      setAttribute("role", role, on: &element)
      if role == "heading" { setAttribute("aria-level", "2", on: &element) }
    }
    if traits.contains(.isSelected) { setAttribute("aria-selected", "true", on: &element) }
    if traits.contains(.isModal) { setAttribute("aria-modal", "true", on: &element) }
    if traits.contains(.updatesFrequently) { setAttribute("aria-live", "polite", on: &element) }
  }

  /// Clips `element` to `shape`: drawn at the size of the node's own fixed frame when it has one
  /// (a CSS path), else stretched to the element's box (an SVG clip path in its bounding box's
  /// units: a circle becomes an ellipse on a box that is not square).
  private func clip(_ element: inout Element, to shape: ShapeSpec, node: ViewNode) {
    if let size = frameSize(node.modifiers) {
      let path = svgPath(shape.path(CGRect(origin: .zero, size: size)))
      appendStyle("clip-path:path('\(path)')", to: &element)
      return
    }
    let id = "sui-clip-" + node.identity
    let unit = shape.path(CGRect(x: 0, y: 0, width: 1, height: 1))
    let definition = Element(
      tag: "svg", attributes: [("class", "sui-clip-definition"), ("aria-hidden", "true"), ("width", "0"), ("height", "0")],
      children: [
        .element(
          Element(
            tag: "clipPath", attributes: [("id", id), ("clipPathUnits", "objectBoundingBox")],
            children: [.element(Element(tag: "path", attributes: [("d", svgPath(unit))]))]
          )
        )
      ]
    )
    appendStyle("clip-path:url(#\(id))", to: &element)
    element.children.append(.element(definition))
  }

  private func appendStyle(_ style: String, to element: inout Element) {
    if let index = element.attributes.firstIndex(where: { $0.name == "style" }) {
      element.attributes[index].value += ";" + style
    } else {
      element.attributes.append(("style", style))
    }
  }

}

/// Adds the class `name` to `element`.
/// The filter of a `colorMultiply`: `color` flooded and multiplied into the view (an SVG
/// arithmetic composite, `k1·view·colour`, on premultiplied colours, so transparency is kept).
func multiplyFilter(id: String, color: ColorValue) -> Node {
  let flood = Element(tag: "feFlood", attributes: [("style", "flood-color:\(css(color))"), ("result", "colour")])
  let composite = Element(
    tag: "feComposite",
    attributes: [("in", "SourceGraphic"), ("in2", "colour"), ("operator", "arithmetic"), ("k1", "1"), ("k2", "0"), ("k3", "0"), ("k4", "0")]
  )
  let filter = Element(
    tag: "filter", attributes: [("id", id), ("color-interpolation-filters", "sRGB")],
    children: [.element(flood), .element(composite)]
  )
  return .element(
    Element(
      tag: "svg", attributes: [("class", "sui-filter"), ("width", "0"), ("height", "0"), ("aria-hidden", "true")],
      children: [.element(filter)]
    )
  )
}

func addClass(_ name: String, to element: inout Element) {
  if let index = element.attributes.firstIndex(where: { $0.name == "class" }) {
    element.attributes[index].value += " " + name
  } else {
    element.attributes.append(("class", name))
  }
}

/// Rules that make an overlay or background layer blend as a whole when a view in it blends:
/// a layer is a stacking context of its own (it is ordered by `z-index`), so a view inside it
/// would blend only with the layer's empty backdrop, not with the view under it.
let blendLayerRules = ["multiply", "screen", "overlay", "darken", "lighten", "color-dodge", "color-burn",
  "soft-light", "hard-light", "difference", "exclusion", "hue", "saturation", "color", "luminosity", "plus-lighter"]
  .map { ".sui-layer:has(.sui-blend-\($0)) { mix-blend-mode: \($0); }" }
  .joined(separator: "\n")

/// The CSS blend mode for `mode` (those CSS lacks draw normally).
func cssBlendMode(_ mode: BlendMode) -> String {
  switch mode {
  case .normal, .sourceAtop, .destinationOver, .destinationOut: "normal"
  case .multiply: "multiply"
  case .screen: "screen"
  case .overlay: "overlay"
  case .darken, .plusDarker: "darken"
  case .lighten: "lighten"
  case .colorDodge: "color-dodge"
  case .colorBurn: "color-burn"
  case .softLight: "soft-light"
  case .hardLight: "hard-light"
  case .difference: "difference"
  case .exclusion: "exclusion"
  case .hue: "hue"
  case .saturation: "saturation"
  case .color: "color"
  case .luminosity: "luminosity"
  case .plusLighter: "plus-lighter"
  }
}

/// A pointer event the browser sent (`"PHASE,X,Y,T"`, T in milliseconds), or nil for text that
/// is not one.
func pointerEvent(_ text: String) -> PointerEvent? {
  let parts = text.split(separator: ",")
  guard parts.count == 4, let phase = PointerEvent.Phase(rawValue: String(parts[0])),
    let x = Double(parts[1]), let y = Double(parts[2]), let milliseconds = Double(parts[3]),
    x.isFinite, y.isFinite, milliseconds.isFinite
  else { return nil }
  return PointerEvent(phase: phase, location: CGPoint(x: x, y: y), time: Date(timeIntervalSinceReferenceDate: milliseconds / 1000))
}

/// The name a browser gives an element from what it shows: its text, and the labels of the
/// labelled elements (icons) inside it.
func accessibleName(of element: Element) -> String {
  // Hidden content names nothing, even with a label of its own (as browsers compute names).
  if element.attributes.contains(where: { $0.name == "aria-hidden" && $0.value == "true" }) { return "" }
  if let label = element.attributes.first(where: { $0.name == "aria-label" })?.value { return label }
  return element.children.map { node -> String in
    switch node {
    case let .text(text): text.trimmingCharacters(in: .whitespacesAndNewlines)
    case let .element(child): accessibleName(of: child)
    case .raw: ""
    }
  }
  .filter { !$0.isEmpty }.joined(separator: " ")
}
