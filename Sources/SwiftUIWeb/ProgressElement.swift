import ComposableWebCore
import SwiftUICore

extension WebRenderer {
  /// A progress view: a bar (the browser's `progress`, moving back and forth when the length is
  /// unknown), or a circle — a spinner when the length is unknown, else a ring filled to the
  /// fraction done — with its labels.
  func progressElement(_ spec: ProgressSpec, node: ViewNode) -> Element {
    let labels = renderAll(node.children)
    guard spec.isCircular else {
      var attributes: [(name: String, value: String)] = [("class", "sui-progress-bar"), ("max", "1")]
      if let fraction = spec.fractionCompleted { attributes.append(("value", number(fraction))) }
      return Element(
        tag: "div", attributes: [("class", "sui-progress")],
        children: labels + [.element(Element(tag: "progress", attributes: attributes))]
      )
    }
    var attributes: [(name: String, value: String)] = [("role", "progressbar")]
    if let fraction = spec.fractionCompleted {
      attributes += [
        ("class", "sui-progress-ring"), ("aria-valuemin", "0"), ("aria-valuemax", "1"),
        ("aria-valuenow", number(fraction)), ("style", "--sui-fraction: \(number(fraction * 100))%"),
      ]
    } else {
      attributes += [("class", "sui-spinner"), ("aria-busy", "true")]
    }
    let label = node.children.map(\.plainText).joined(separator: " ")
    attributes.append(("aria-label", label.isEmpty ? "In progress" : label))
    return Element(
      tag: "div", attributes: [("class", "sui-progress sui-progress-circular")],
      children: [.element(Element(tag: "span", attributes: attributes))] + labels
    )
  }
}
