import ComposableTerminal
import Foundation
import SwiftUICore

extension LayoutPass {
  /// The view itself, without its modifiers, in at most `width` columns.
  func kindBlock(_ node: ViewNode, width: Int) -> Block {
    switch node.kind {
    case .group:
      return vertical(node.children, width: width, alignment: .leading, spacing: 0)
    case let .text(runs):
      return text(runs, width: width)
    case let .stack(stack):
      switch stack.axis {
      case .vertical:
        return vertical(node.children, width: width, alignment: placement(stack.alignment.horizontal), spacing: rows(stack.spacing ?? 0))
      case .horizontal:
        return horizontal(node.children, width: width, alignment: stack.alignment.vertical, spacing: stack.spacing.map(columns) ?? 1)
      case .depth:
        return depth(node.children, width: width, alignment: stack.alignment)
      }
    case let .spacer(minLength):
      var block = Block(width: minLength.map(columns) ?? 0, height: 0)
      block.expandsHorizontally = true
      return block
    case .divider:
      var block = Block(String(repeating: "─", count: width), style: Style(dim: true))
      block.expandsHorizontally = true
      return block
    case let .image(source):
      return Block(TerminalSymbols.glyph(source))
    case let .button(spec):
      return button(node, width: width, role: spec.role, style: spec.style, action: spec.action)
    case let .link(url):
      var block = vertical(node.children, width: width, alignment: .leading, spacing: 0)
        .styled(Style(foreground: TerminalPalette.accent, underline: true), keepingForeground: false)
      block.controls = [control(node, block, .link(url))]
      return block
    case .imageLoader:
      return .empty
    case .share:
      var block = vertical(node.children, width: width, alignment: .leading, spacing: 0)
      if block.height == 0 { block = Block("Share") }
      return block.styled(Style(foreground: TerminalPalette.accent))
    case let .navigationLink(action):
      return navigationLink(node, width: width, action: action)
    case let .textField(spec):
      return textField(node, spec, width: width)
    case let .toggle(spec):
      return labelled(node, width: width, value: spec.isOn ? "[✓]" : "[ ]", kind: .toggle(spec))
    case let .picker(spec):
      let selected = spec.options.first { $0.index == spec.selectedIndex }
      let value = selected.map { $0.label.map(\.plainText).joined(separator: " ") } ?? "—"
      return labelled(node, width: width, value: "‹ \(value) ›", kind: .picker(spec))
    case let .stepper(spec):
      return labelled(node, width: width, value: "[−] [+]", kind: .stepper(spec))
    case let .slider(spec):
      return slider(node, spec, width: width)
    case let .progress(spec):
      return progress(node, spec, width: width)
    case let .list(spec):
      return list(node.children, spec: spec, width: width)
    case let .section(spec):
      return section(spec, rows: node.children, width: width, inList: false)
    case let .row(spec):
      return row(node.children, spec: spec, identity: node.identity, width: width)
    case let .navigationStack(bar):
      return navigationStack(bar, content: node.children, width: width)
    case .presentation:
      _ = takesOverlay(node)
      return .empty
    case .shape, .canvas:
      return shape(node, width: width)
    case let .color(color):
      let height = max(1, proposedRows ?? layerRows ?? 1)
      var block = Block(width: width, height: height)
      if let background = TerminalPalette.color(color) {
        block.paint(Rect(x: 0, y: 0, width: width, height: height), background: background)
      }
      block.expandsHorizontally = true
      return block
    case .scroll:
      return vertical(node.children, width: width, alignment: .leading, spacing: 0)
    case let .tabView(bar):
      return tabView(bar, content: node.children, identity: node.identity, width: width)
    case .geometry:
      return vertical(node.children, width: width, alignment: .leading, spacing: 0)
    case .grid:
      return grid(node.children, width: width)
    case .gridRow:
      return horizontal(node.children, width: width, alignment: .center, spacing: 1)
    case let .datePicker(spec):
      return labelled(node, width: width, value: spec.date.formatted(date: .abbreviated, time: .shortened), kind: nil)
    case .table:
      return vertical(node.children, width: width, alignment: .leading, spacing: 0)
    }
  }

  // MARK: Text

  /// Text runs wrapped at word boundaries to `width` columns, each in its style.
  func text(_ runs: [TextRun], width: Int) -> Block {
    text(runs.map { ($0.string, runStyle($0)) }, width: width)
  }

  /// Pieces of text, each in its style, wrapped at word boundaries to `width` columns.
  func text(_ pieces: [(String, Style)], width: Int) -> Block {
    // One line that fits: a span a piece, without looking at each character twice.
    if pieces.allSatisfy({ !$0.0.contains("\n") }) {
      let widths = pieces.map(\.0.displayWidth)
      let total = widths.reduce(0, +)
      if total <= width || width <= 0 {
        var block = Block(width: total, height: 1)
        var x = 0
        for (index, piece) in pieces.enumerated() where !piece.0.isEmpty {
          block.lines[0].append(Span(x: x, text: piece.0, style: piece.1))
          x += widths[index]
        }
        return block
      }
    }
    var characters: [(Character, Style)] = []
    for (string, style) in pieces {
      for character in string { characters.append((character, style)) }
    }
    var lines: [[(Character, Style)]] = [[]]
    var lineWidth = 0
    var lastSpace: Int?
    for (character, style) in characters {
      if character == "\n" {
        lines.append([])
        lineWidth = 0
        lastSpace = nil
        continue
      }
      let characterWidth = character.displayWidth
      if width > 0, lineWidth + characterWidth > width, !lines[lines.count - 1].isEmpty {
        // A space at the edge ends the line there.
        if character == " " {
          lines.append([])
          lineWidth = 0
          lastSpace = nil
          continue
        }
        if let space = lastSpace {
          let carried = Array(lines[lines.count - 1][(space + 1)...])
          lines[lines.count - 1].removeSubrange(space...)
          lines.append(carried)
        } else {
          lines.append([])
        }
        lineWidth = lines[lines.count - 1].reduce(0) { $0 + $1.0.displayWidth }
        lastSpace = nil
      }
      if character == " " { lastSpace = lines[lines.count - 1].count }
      lines[lines.count - 1].append((character, style))
      lineWidth += characterWidth
    }
    var block = Block(width: 0, height: 0)
    for line in lines {
      var spans: [Span] = []
      var x = 0
      for (character, style) in line {
        if let last = spans.last, last.style == style {
          spans[spans.count - 1].text.append(character)
        } else {
          spans.append(Span(x: x, text: String(character), style: style))
        }
        x += character.displayWidth
      }
      block.lines.append(spans)
      block.width = max(block.width, x)
    }
    return block
  }

  func runStyle(_ run: TextRun) -> Style {
    var style = run.color.map(TerminalPalette.style) ?? .plain
    if run.isBold || run.font?.isBold == true { style.bold = true }
    if run.isUnderlined || run.isStrikethrough { style.underline = true }
    return style
  }

  // MARK: Controls

  func control(_ node: ViewNode, _ block: Block, _ kind: TerminalControl.Kind, name: String? = nil) -> TerminalControl {
    TerminalControl(
      identity: node.identity, rect: Rect(x: 0, y: 0, width: max(1, block.width), height: max(1, block.height)),
      name: name ?? accessibleName(node), kind: kind
    )
  }

  func button(_ node: ViewNode, width: Int, role: ButtonRole?, style: ButtonStyleKind, action: @escaping @MainActor () -> Void) -> Block {
    var label = vertical(node.children, width: width, alignment: .leading, spacing: 0)
    let color = role == .destructive ? TerminalPalette.named("red") : TerminalPalette.accent
    if style == .bordered || style == .borderedProminent {
      label = label.padded(top: 0, leading: 1, bottom: 0, trailing: 1)
    }
    switch style {
    case .plain, .custom: break
    case .borderedProminent: label = label.styled(Style(foreground: .white, background: color, bold: true), keepingForeground: false)
    default: label = label.styled(Style(foreground: color))
    }
    label.controls = [control(node, label, .button(action))]
    return label
  }

  func navigationLink(_ node: ViewNode, width: Int, action: (@MainActor () -> Void)?) -> Block {
    let label = vertical(node.children, width: max(1, width - 2), alignment: .leading, spacing: 0)
    var block = Block(width: width, height: max(1, label.height))
    block.place(label, x: 0, y: 0)
    block.place(Block("›", style: Style(dim: true)), x: width - 1, y: 0)
    block.width = width
    block.expandsHorizontally = true
    if let action { block.controls = [control(node, block, .button(action))] } else { block = block.styled(Style(dim: true)) }
    return block
  }

  /// A control drawn as its label on the left and its value on the right of the row.
  func labelled(_ node: ViewNode, width: Int, value: String, kind: TerminalControl.Kind?) -> Block {
    let valueWidth = value.displayWidth
    let label = vertical(node.children, width: max(1, width - valueWidth - 1), alignment: .leading, spacing: 0)
    var block = Block(width: width, height: max(1, label.height))
    block.place(label, x: 0, y: 0)
    block.place(Block(value, style: Style(foreground: TerminalPalette.accent)), x: max(label.width + 1, width - valueWidth), y: 0)
    block.width = max(width, label.width + 1 + valueWidth)
    block.expandsHorizontally = true
    if let kind { block.controls = [control(node, block, kind)] }
    return block
  }

  func textField(_ node: ViewNode, _ spec: TextFieldSpec, width: Int) -> Block {
    let shown = spec.isSecure ? String(repeating: "•", count: spec.text.count) : spec.text
    let placeholder = spec.prompt ?? spec.title
    let fieldWidth = max(1, width)
    var block = Block(width: fieldWidth, height: 1)
    if shown.isEmpty {
      block.place(Block(placeholder, style: Style(dim: true)), x: 0, y: 0)
    } else {
      block.place(Block(shown), x: 0, y: 0)
    }
    block.lines[0].insert(Span(x: 0, text: String(repeating: " ", count: fieldWidth), style: Style(underline: true)), at: 0)
    block = block.styled(Style(underline: true))
    block.width = fieldWidth
    block.expandsHorizontally = true
    block.controls = [control(node, block, .textField(spec), name: placeholder)]
    return block
  }

  func slider(_ node: ViewNode, _ spec: SliderSpec, width: Int) -> Block {
    let barWidth = max(5, min(width, 40))
    let span = spec.range.upperBound - spec.range.lowerBound
    let fraction = span > 0 ? min(1, max(0, (spec.value - spec.range.lowerBound) / span)) : 0
    let knob = Int((fraction * Double(barWidth - 1)).rounded())
    let bar = String(repeating: "━", count: knob) + "●" + String(repeating: "─", count: barWidth - 1 - knob)
    var block = Block(bar, style: Style(foreground: TerminalPalette.accent))
    block.controls = [control(node, block, .slider(spec))]
    return block
  }

  func progress(_ node: ViewNode, _ spec: ProgressSpec, width: Int) -> Block {
    let label = vertical(node.children, width: width, alignment: .leading, spacing: 0)
    guard let fraction = spec.fractionCompleted else {
      var block = label
      block.place(Block("⋯", style: Style(dim: true)), x: label.width == 0 ? 0 : label.width + 1, y: 0)
      return block
    }
    let barWidth = max(1, width)
    let filled = Int((min(1, max(0, fraction)) * Double(barWidth)).rounded())
    var block = label
    block.place(
      Block(String(repeating: "█", count: filled), style: Style(foreground: TerminalPalette.accent)), x: 0, y: label.height
    )
    block.place(Block(String(repeating: "░", count: barWidth - filled), style: Style(dim: true)), x: filled, y: label.height)
    block.expandsHorizontally = true
    return block
  }

  /// A shape in braille at the size its frame gives, else the size of the views it is layered
  /// with, else as wide as it is offered and about as tall (a third of the screen at most); a
  /// canvas as a blank box of that size.
  func shape(_ node: ViewNode, width: Int) -> Block {
    let rows = max(1, proposedRows ?? layerRows ?? min((width + 1) / 2, screenHeight / 3))
    guard case let .shape(spec) = node.kind else {
      return Block(width: width, height: rows)
    }
    var block = ShapeCells.block(spec, columns: width, rows: rows, isBehind: isBehind)
    block.expandsHorizontally = true
    return block
  }

  /// The view's accessible name, as the web renderer gives it: its `accessibilityLabel`, else its
  /// text, else its symbol's name.
  func accessibleName(_ node: ViewNode) -> String {
    for case let .accessibilityLabel(label) in node.modifiers { return label }
    for child in node.children {
      for case let .accessibilityLabel(label) in child.modifiers { return label }
    }
    let text = node.plainText
    if !text.isEmpty { return text }
    return symbolName(in: node) ?? ""
  }

  func symbolName(in node: ViewNode) -> String? {
    if case let .image(.system(name)) = node.kind { return name }
    for child in node.children {
      if let name = symbolName(in: child) { return name }
    }
    return nil
  }
}
