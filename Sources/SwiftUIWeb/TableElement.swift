import ComposableWebCore
import Foundation
import SwiftUICore

extension WebRenderer {
  /// A table: a header row of the columns' titles (a sortable one a button saying which way it
  /// sorts), then a row per element, selectable by a click or Enter when the table has a
  /// selection. The stylesheet shows only the first column on a narrow screen.
  func tableElement(_ spec: TableSpec, cells: [ViewNode]) -> Element {
    let columnCount = spec.columns.count
    let heads = spec.columns.enumerated().map { index, column -> Node in
      var attributes: [(name: String, value: String)] = [("scope", "col")]
      if let width = column.width { attributes.append(("style", "width:\(px(width))")) }
      if let sort = column.sort { attributes.append(("aria-sort", sort == .forward ? "ascending" : "descending")) }
      var title = index < cells.count ? render(cells[index]) : []
      if let toggle = column.toggleSort {
        if let sort = column.sort { title.append(SymbolIcons.svg(sort == .forward ? "chevron.up" : "chevron.down")) }
        title = [.element(Element(
          tag: "button", attributes: [("type", "button"), ("class", "sui-table-sort")],
          handlers: [(.click, .run(toggle))], children: title
        ))]
      }
      return .element(Element(tag: "th", attributes: attributes, children: title))
    }
    let rows = spec.rows.enumerated().map { rowIndex, row -> Node in
      let start = columnCount * (rowIndex + 1)
      let rowCells = (start..<min(start + columnCount, cells.count)).map { index in
        Node.element(Element(tag: "td", children: render(cells[index])))
      }
      var attributes: [(name: String, value: String)] = []
      var handlers: [(event: Event, handler: Handler)] = []
      if let select = row.select {
        // Chosen by a click, or Enter once it has the focus.
        attributes += [("class", "sui-table-row-selectable"), ("tabindex", "0"), ("aria-selected", row.isSelected ? "true" : "false")]
        handlers = [(.click, .run(select)), (.enter, .run(select))]
      }
      return .element(Element(tag: "tr", attributes: attributes, handlers: handlers, key: row.key, children: rowCells))
    }
    return Element(
      tag: "div", attributes: [("class", "sui-table-scroll")],
      children: [.element(Element(
        tag: "table", attributes: [("class", "sui-table")] + (spec.rows.contains { $0.select != nil } ? [("role", "grid")] : []),
        children: [
          .element(Element(tag: "thead", children: [.element(Element(tag: "tr", children: heads))])),
          .element(Element(tag: "tbody", children: rows)),
        ]
      ))]
    )
  }
}
