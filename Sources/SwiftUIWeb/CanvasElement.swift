import ComposableWebCore
import Foundation
import SwiftUICore

extension WebRenderer {
  /// A canvas drawn as SVG at the size its box has (measured by the browser, as a shape's; until
  /// then at `guess`, scaled to fit).
  func canvasElement(_ spec: CanvasSpec, identity: String, guess: CGSize?) -> Element {
    drawn.unkeptCount += 1
    let measuredSize = measured.size(of: identity)
    let size = measuredSize ?? guess ?? CGSize(width: 100, height: 100)
    let children: [Node] = spec.draw(size).map { drawing in
      var attributes: [(name: String, value: String)] = []
      if !drawing.transform.isEmpty { attributes.append(("transform", drawing.transform)) }
      if drawing.opacity < 1 { attributes.append(("opacity", number(drawing.opacity))) }
      switch drawing.kind {
      case let .path(path, fill, stroke):
        attributes.insert(("d", svgPath(path)), at: 0)
        if let stroke {
          attributes += strokeAttributes(stroke.color, stroke.style)
        } else {
          attributes.append(("fill", fill.map(css) ?? "currentColor"))
        }
        return .element(Element(tag: "path", attributes: attributes))
      case let .text(text, point, anchor):
        let textAnchor = anchor.x <= 0.25 ? "start" : anchor.x >= 0.75 ? "end" : "middle"
        let baseline = anchor.y <= 0.25 ? "hanging" : anchor.y >= 0.75 ? "text-after-edge" : "central"
        attributes = [("x", number(point.x)), ("y", number(point.y)), ("text-anchor", textAnchor), ("dominant-baseline", baseline), ("fill", "currentColor")] + attributes
        return .element(Element(tag: "text", attributes: attributes, children: [.text(text)]))
      }
    }
    let svg = Element(
      tag: "svg",
      attributes: [
        ("class", "sui-shape sui-canvas"), ("viewBox", "0 0 \(number(size.width)) \(number(size.height))"),
        ("preserveAspectRatio", measuredSize == nil ? "xMidYMid meet" : "none"), ("aria-hidden", "true"),
      ],
      children: children
    )
    return measuredBox(identity, [.element(svg)])
  }
}

/// An SVG stroke's attributes: its colour, width, ends, corners and dashes.
func strokeAttributes(_ color: ColorValue, _ style: StrokeStyle) -> [(name: String, value: String)] {
  var attributes: [(name: String, value: String)] = [("fill", "none"), ("stroke", css(color)), ("stroke-width", number(style.lineWidth))]
  if style.lineCap != .butt { attributes.append(("stroke-linecap", style.lineCap == .round ? "round" : "square")) }
  if style.lineJoin != .miter { attributes.append(("stroke-linejoin", style.lineJoin == .round ? "round" : "bevel")) }
  // SVG's own limit is 4, Core Graphics' 10.
  if style.lineJoin == .miter, style.miterLimit != 4 { attributes.append(("stroke-miterlimit", number(style.miterLimit))) }
  if !style.dash.isEmpty {
    attributes.append(("stroke-dasharray", style.dash.map(number).joined(separator: " ")))
    if style.dashPhase != 0 { attributes.append(("stroke-dashoffset", number(style.dashPhase))) }
  }
  return attributes
}
