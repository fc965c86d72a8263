import ComposableTerminal
import SwiftUICore

extension LayoutPass {
  // MARK: Lists

  /// A list or a form: its sections one under the other, a blank line between them; rows outside
  /// a section grouped as one.
  func list(_ children: [ViewNode], spec: ListSpec, width: Int) -> Block {
    var block = Block(width: width, height: 0)
    var loose: [ViewNode] = []
    var y = 0
    func placeLoose() {
      guard !loose.isEmpty else { return }
      if y > 0 { y += 1 }
      let group = section(SectionSpec(header: [], footer: []), rows: loose, width: width, inList: true)
      block.place(group, x: 0, y: y)
      y += group.height
      loose = []
    }
    if let refresh = spec.refresh {
      let label = refresh.isRefreshing ? "Refreshing…" : "↻ Refresh"
      var button = Block(label, style: Style(foreground: TerminalPalette.accent))
      if !refresh.isRefreshing {
        button.controls = [TerminalControl(identity: "refresh", rect: Rect(x: 0, y: 0, width: button.width, height: 1), name: "Refresh", kind: .button(refresh.refresh))]
      }
      block.place(button, x: 2, y: 0)
      y = 1
    }
    for child in flattened(children) {
      if case let .section(sectionSpec) = child.kind, child.modifiers.isEmpty {
        placeLoose()
        if y > 0 { y += 1 }
        let section = section(sectionSpec, rows: child.children, width: width, inList: true)
        block.place(section, x: 0, y: y)
        y += section.height
      } else if !takesOverlay(child) {
        loose.append(child)
      }
    }
    placeLoose()
    block.width = width
    block.expandsHorizontally = true
    block.expandsVertically = true
    return block
  }

  /// A section: its header (dim, in capitals, as grouped lists show it), its rows indented, its
  /// footer.
  func section(_ spec: SectionSpec, rows children: [ViewNode], width: Int, inList: Bool) -> Block {
    var block = Block(width: width, height: 0)
    var y = 0
    if !spec.header.isEmpty {
      let header = vertical(spec.header, width: width - 1, alignment: .leading, spacing: 0)
      block.place(uppercased(header).styled(Style(bold: true, dim: true)), x: 1, y: 0)
      y = header.height
    }
    for child in flattened(children) {
      if takesOverlay(child) { continue }
      let row: Block =
        if case .row = child.kind {
          layout(child, width: width)
        } else {
          layout(child, width: max(1, width - 3)).padded(top: 0, leading: 2, bottom: 0, trailing: 1)
        }
      block.place(row, x: 0, y: y)
      y += max(1, row.height)
    }
    if !spec.footer.isEmpty {
      let footer = vertical(spec.footer, width: width - 1, alignment: .leading, spacing: 0)
      block.place(footer.styled(Style(dim: true)), x: 1, y: y)
    }
    block.width = width
    block.expandsHorizontally = true
    return block
  }

  func row(_ content: [ViewNode], spec: RowSpec, identity: String, width: Int) -> Block {
    let marker = spec.isSelected ? "✓ " : "  "
    var inner = vertical(content, width: max(1, width - 3), alignment: .leading, spacing: 0)
    if inner.height == 0 { inner = Block(width: 0, height: 1) }
    var block = Block(width: width, height: inner.height)
    block.place(Block(marker, style: Style(foreground: TerminalPalette.accent)), x: 0, y: 0)
    block.place(inner, x: 2, y: 0)
    if let select = spec.select, inner.controls.isEmpty {
      block.controls = [TerminalControl(identity: identity, rect: Rect(x: 0, y: 0, width: width, height: inner.height), name: content.map(\.plainText).joined(separator: " "), kind: .button(select))]
    }
    if let delete = spec.delete, spec.isEditing {
      block.place(Block("⊖", style: Style(foreground: TerminalPalette.named("red"))), x: width - 1, y: 0)
      block.controls.append(TerminalControl(identity: identity + ".delete", rect: Rect(x: width - 1, y: 0, width: 1, height: 1), name: "Delete", kind: .button(delete)))
    }
    block.width = width
    block.expandsHorizontally = true
    return block
  }

  /// `block` with each of its lines centred in `width` columns.
  func centered(_ block: Block, in width: Int) -> Block {
    var block = block
    block.flatten()
    for index in block.lines.indices {
      let spans = block.lines[index]
      guard let first = spans.map(\.x).min() else { continue }
      let end = spans.map { $0.x + $0.text.displayWidth }.max() ?? first
      let shift = max(0, (width - (end - first)) / 2) - first
      block.lines[index] = spans.map { Span(x: $0.x + shift, text: $0.text, style: $0.style) }
    }
    block.width = max(block.width, width)
    return block
  }

  func uppercased(_ block: Block) -> Block {
    var block = block
    block.flatten()
    for index in block.lines.indices {
      for span in block.lines[index].indices { block.lines[index][span].text = block.lines[index][span].text.uppercased() }
    }
    return block
  }

  // MARK: Navigation

  /// A navigation stack's screen: a title bar (the previous screen's title to go back to, the
  /// inline title in the middle, the toolbar's items on the right), the large title, the screen,
  /// the bottom bar.
  func navigationStack(_ bar: NavigationBar, content: [ViewNode], width: Int) -> Block {
    var block = Block(width: width, height: 0)
    var y = 0
    if bar.isVisible {
      var leading: [Block] = []
      var trailing: [Block] = []
      var principal: [Block] = []
      var bottom: [Block] = []
      if let previous = bar.back {
        var button = Block("‹ \(previous.title)", style: Style(foreground: TerminalPalette.accent))
        button.controls = [TerminalControl(identity: "back", rect: Rect(x: 0, y: 0, width: button.width, height: 1), name: "Back to \(previous.title)", kind: .button(previous.action))]
        leading.append(button)
        back = previous.action
      }
      for item in bar.toolbar {
        let laid = horizontal(item.content, width: width / 2, alignment: .center, spacing: 1)
        switch item.placement.side {
        case "leading": leading.append(laid)
        case "principal": principal.append(laid)
        case "bottom": bottom.append(laid)
        default: trailing.append(laid)
        }
      }
      let left = row(of: leading)
      let right = row(of: trailing)
      var middle = row(of: principal)
      if principal.isEmpty, bar.displayMode != .large, let title = bar.title {
        middle = Block(title, style: Style(bold: true))
      }
      var titleBar = Block(width: width, height: max(1, left.height, right.height, middle.height))
      titleBar.place(left, x: 0, y: 0)
      titleBar.place(middle, x: max(left.width + 1, (width - middle.width) / 2), y: 0)
      titleBar.place(right, x: max(0, width - right.width), y: 0)
      block.place(titleBar, x: 0, y: 0)
      y = titleBar.height
      if bar.displayMode == .large, let title = bar.title {
        block.place(Block(title, style: Style(bold: true, underline: true)), x: 1, y: y)
        y += 1
      }
      y += 1
      let screen = vertical(content, width: width, alignment: .leading, spacing: 0)
      block.place(screen, x: 0, y: y)
      y += screen.height
      if !bottom.isEmpty {
        block.place(row(of: bottom), x: 0, y: y + 1)
      }
    } else {
      block = vertical(content, width: width, alignment: .leading, spacing: 0)
    }
    block.width = width
    block.expandsHorizontally = true
    return block
  }

  /// Pieces side by side, a column apart.
  func row(of blocks: [Block]) -> Block {
    var block = Block(width: 0, height: 0)
    var x = 0
    for piece in blocks {
      block.place(piece, x: x, y: 0)
      x += piece.width + 2
    }
    return block
  }

  /// A tab view: the selected tab's content, and the tab line under it (each tab a control).
  func tabView(_ bar: TabBar, content: [ViewNode], identity: String, width: Int) -> Block {
    var block = vertical(content, width: width, alignment: .leading, spacing: 0)
    var tabs = Block(width: width, height: 1)
    tabs.place(Block(String(repeating: "─", count: width), style: Style(dim: true)), x: 0, y: 0)
    var x = 1
    var line = Block(width: width, height: 1)
    for (index, tab) in bar.tabs.enumerated() {
      let label = tab.label.map(\.plainText).filter { !$0.isEmpty }.joined(separator: " ")
      let title = label.isEmpty ? "Tab \(index + 1)" : label
      var piece = Block(" \(title) ", style: tab.isSelected ? Style(foreground: TerminalPalette.accent, bold: true, underline: true) : Style(dim: true))
      let select = bar.select
      piece.controls = [TerminalControl(identity: "\(identity).tab\(index)", rect: Rect(x: 0, y: 0, width: piece.width, height: 1), name: title, kind: .button { select(index) })]
      line.place(piece, x: x, y: 0)
      x += piece.width + 1
    }
    let y = block.height + 1
    block.place(tabs, x: 0, y: y)
    block.place(line, x: 0, y: y + 1)
    block.width = width
    block.expandsHorizontally = true
    return block
  }

  /// A grid: its rows, their cells in columns as wide as each column's widest cell.
  func grid(_ children: [ViewNode], width: Int) -> Block {
    let rowNodes = flattened(children).map { node -> [ViewNode] in
      if case .gridRow = node.kind { return flattened(node.children) }
      return [node]
    }
    let columnCount = rowNodes.map(\.count).max() ?? 0
    guard columnCount > 0 else { return .empty }
    let cellWidth = max(1, (width - (columnCount - 1)) / columnCount)
    let cells = rowNodes.map { $0.map { layout($0, width: cellWidth) } }
    var widths = Array(repeating: 0, count: columnCount)
    for row in cells { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.width) } }
    var block = Block(width: 0, height: 0)
    var y = 0
    for row in cells {
      var x = 0
      for (index, cell) in row.enumerated() {
        block.place(cell, x: x, y: y)
        x += widths[index] + 1
      }
      y += max(1, row.map(\.height).max() ?? 1)
    }
    return block
  }

  // MARK: Presentations

  /// A sheet's content, or an alert's title, message and buttons (in the platform's order).
  func overlay(_ presentation: Presentation, content: [ViewNode]) -> Overlay {
    switch presentation.kind {
    case .sheet, .fullScreenCover:
      let inner = vertical(content, width: max(1, screenWidth - 8), alignment: .leading, spacing: 0)
      return Overlay(kind: .sheet, block: inner, dismiss: presentation.dismiss)
    case .alert, .confirmationDialog:
      let boxWidth = max(10, min(screenWidth - 8, 52))
      var block = Block(width: boxWidth, height: 0)
      var y = 0
      if let title = presentation.title {
        let lines = text([(title, Style(bold: true))], width: boxWidth)
        block.place(lines.aligned(in: boxWidth, .center), x: 0, y: 0)
        y = lines.height
      }
      if !presentation.message.isEmpty {
        // Each line centred, as an alert's message is.
        let message = centered(vertical(presentation.message, width: boxWidth, alignment: .center, spacing: 0), in: boxWidth)
        block.place(message, x: 0, y: y)
        y += message.height
      }
      let buttons = presentation.actionsInPlatformOrder.map { layout($0, width: boxWidth) }
      y += 1
      if presentation.kind == .alert, buttons.count == 2, buttons.reduce(3, { $0 + $1.width + 4 }) <= boxWidth {
        let pair = row(of: buttons.map { $0.padded(top: 0, leading: 1, bottom: 0, trailing: 1) })
        block.place(pair.aligned(in: boxWidth, .center), x: 0, y: y)
      } else {
        for button in buttons {
          block.place(button.aligned(in: boxWidth, .center), x: 0, y: y)
          y += max(1, button.height)
        }
      }
      block.width = boxWidth
      return Overlay(kind: .alert, block: block, dismiss: presentation.dismiss)
    }
  }
}
