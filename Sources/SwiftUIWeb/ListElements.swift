import ComposableWebCore
import SwiftUICore

// Lists and forms: their sections, rows, and rows that can be deleted or moved.
extension WebRenderer {
  func listElement(_ spec: ListSpec, children: [ViewNode]) -> Element {
    // Rows outside any section form sections of their own, as SwiftUI draws them.
    var parts: [Node] = []
    var loose: [ViewNode] = []
    func flushLoose() {
      guard !loose.isEmpty else { return }
      parts.append(.element(sectionElement(SectionSpec(header: [], footer: []), rows: loose)))
      loose = []
    }
    for child in flattened(children) {
      if case .section = child.kind, child.modifiers.isEmpty {
        flushLoose()
        parts += render(child)
      } else {
        loose.append(child)
      }
    }
    flushLoose()
    if let refresh = spec.refresh { parts.insert(.element(refreshElement(refresh)), at: 0) }
    let style = spec.isForm ? "insetGrouped" : "\(spec.style)"
    return Element(tag: "div", attributes: [("class", "sui-list sui-list-\(style)")], children: parts)
  }

  /// Nodes with plain groups opened.
  func flattened(_ nodes: [ViewNode]) -> [ViewNode] {
    ViewNode.flattened(nodes)
  }

  func sectionElement(_ spec: SectionSpec, rows: [ViewNode]) -> Element {
    var children: [Node] = []
    if !spec.header.isEmpty {
      children.append(.element(Element(tag: "h3", attributes: [("class", "sui-section-header")], children: renderAll(spec.header))))
    }
    let rowNodes = flattened(rows).map { row -> Node in
      if case .row = row.kind { return render(row).first ?? .text("") }
      var styles: [String] = []
      for modifier in row.modifiers {
        switch modifier {
        case let .listRowBackground(nodes):
          if case let .color(color)? = nodes.first?.kind { styles.append("background:\(css(color))") }
        case let .listRowInsets(insets?):
          styles.append("padding:\(number(insets.top))px \(number(insets.trailing))px \(number(insets.bottom))px \(number(insets.leading))px")
        default:
          break
        }
      }
      // The row carries the key; what is in it does not need one of its own.
      var content = row
      content.key = nil
      var element = Element(tag: "div", attributes: [("class", "sui-row")], children: render(content))
      if !styles.isEmpty { element.attributes.append(("style", styles.joined(separator: ";"))) }
      if let key = row.key { element.key = key }
      return .element(element)
    }
    children.append(.element(Element(tag: "div", attributes: [("class", "sui-rows")], children: rowNodes)))
    if !spec.footer.isEmpty {
      children.append(.element(Element(tag: "p", attributes: [("class", "sui-section-footer")], children: renderAll(spec.footer))))
    }
    return Element(tag: "section", attributes: [("class", "sui-section")], children: children)
  }

  func rowElement(_ spec: RowSpec, content: [ViewNode]) -> Element {
    var children: [Node] = [.element(Element(tag: "div", attributes: [("class", "sui-row-content")], children: renderAll(content)))]
    func control(_ label: String, _ icon: String, _ action: (@MainActor () -> Void)?) {
      guard let action else { return }
      children.append(
        .element(
          Element(
            tag: "button", attributes: [("type", "button"), ("class", "sui-row-action sui-row-\(icon)"), ("aria-label", label)],
            handlers: [(.click, .run(action))], children: [SymbolIcons.svg(icon)]
          )
        )
      )
    }
    if spec.isEditing {
      control("Move up", "chevron.up", spec.moveUp)
      control("Move down", "chevron.down", spec.moveDown)
    }
    control("Delete", "trash", spec.delete)
    guard let select = spec.select else {
      return Element(tag: "div", attributes: [("class", "sui-row sui-row-editable")], children: children)
    }
    // A selectable row: chosen by a click, or Enter once it has the focus; a checkmark when chosen.
    if spec.isSelected {
      children.append(.element(Element(tag: "span", attributes: [("class", "sui-row-check"), ("aria-hidden", "true")], children: [SymbolIcons.svg("checkmark")])))
    }
    return Element(
      tag: "div",
      attributes: [
        ("class", "sui-row sui-row-editable sui-row-selectable" + (spec.isSelected ? " sui-row-selected" : "")),
        ("role", "option"), ("aria-selected", spec.isSelected ? "true" : "false"), ("tabindex", "0"),
      ],
      handlers: [(.click, .run(select)), (.enter, .run(select))], children: children
    )
  }
}
