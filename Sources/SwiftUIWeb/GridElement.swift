import ComposableWebCore
import SwiftUICore

// Grids (`LazyVGrid`, `LazyHGrid`, `Grid`) as CSS grids: a lazy grid's items become its
// template's tracks; a `Grid`'s rows lend their cells to the grid (`display: contents`), and it
// has as many columns as its longest row.
extension WebRenderer {
  func gridElement(_ spec: GridSpec, children: [ViewNode]) -> Element {
    var style = [
      "column-gap:\(px(spec.horizontalSpacing ?? 8))", "row-gap:\(px(spec.verticalSpacing ?? 8))",
      "justify-items:\(cssPlace(spec.alignment.horizontalName))", "align-items:\(cssPlace(spec.alignment.verticalName))",
    ]
    var cells = renderAll(children)
    switch spec.tracks {
    case let .columns(items):
      style.append("grid-template-columns:\(items.map(cssTrack).joined(separator: " "))")
    case let .rows(items):
      style.append("grid-template-rows:\(items.map(cssTrack).joined(separator: " "))")
      style.append("grid-auto-flow:column")
    case .table:
      let rows = flattened(children)
      let columns = rows.map { row -> Int in
        guard case .gridRow = row.kind else { return 1 }
        return flattened(row.children).reduce(0) { $0 + columnSpan($1) }
      }.max() ?? 1
      style.append("grid-template-columns:repeat(\(max(columns, 1)),auto)")
      // A view outside any row spans the whole row.
      cells = rows.flatMap { row -> [Node] in
        if case .gridRow = row.kind { return render(row) }
        return render(row).map { node in
          guard case var .element(element) = node else { return node }
          element.attributes.append(("style", "grid-column:1/-1"))
          return .element(element)
        }
      }
    }
    return Element(
      tag: "div", attributes: [("class", "sui-grid"), ("role", "grid"), ("style", style.joined(separator: ";"))],
      children: cells
    )
  }

  /// A grid grows across when one of its tracks takes a share of the space, and as its cells do
  /// otherwise.
  func gridExpansion(_ spec: GridSpec, children: [ViewNode]) -> Expansion {
    let cells = children.reduce(Expansion()) { $0.union(expansion(of: $1)) }
    switch spec.tracks {
    case let .columns(items):
      let shares = items.contains { if case .fixed = $0.size { false } else { true } }
      return Expansion(horizontal: shares || cells.horizontal, vertical: cells.vertical)
    case .rows, .table:
      return cells
    }
  }
}

/// The columns a `Grid`'s cell spans (`gridCellColumns`; one).
private func columnSpan(_ cell: ViewNode) -> Int {
  for case let .gridCellColumns(count) in cell.modifiers { return count }
  return 1
}

/// One track of a grid template.
private func cssTrack(_ item: GridItem) -> String {
  func maximum(_ value: CGFloat) -> String { value.isInfinite ? "1fr" : px(value) }
  switch item.size {
  case let .fixed(size): return px(size)
  case let .flexible(minimum, maxValue): return "minmax(\(px(minimum)),\(maximum(maxValue)))"
  case let .adaptive(minimum, maxValue): return "repeat(auto-fill,minmax(\(px(minimum)),\(maximum(maxValue))))"
  }
}

/// A CSS `justify-items` or `align-items` value for an alignment's name.
private func cssPlace(_ name: String) -> String {
  switch name {
  case "leading", "top": "start"
  case "trailing", "bottom": "end"
  default: "center"
  }
}
