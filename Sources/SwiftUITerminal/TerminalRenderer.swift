import ComposableTerminal
import Foundation
import SwiftUICore

/// Draws a window's views in a terminal's cells: the second renderer beside the web's, written
/// against the same `ViewRenderer` protocol and the same resolved tree.
///
/// A point is an eighth of a column and a sixteenth of a row (a terminal cell is about 8 × 16
/// points): `padding()` is two columns and a row, `frame(width: 80)` ten columns. Stacks lay
/// their views out in cells, a `Spacer` takes the room left in its stack, lists and forms are
/// grouped rows under their headers, a navigation stack has a title bar, and sheets, alerts and
/// dialogs are overlays (see ``TerminalLayout``). What cannot be drawn in cells (a picture) is
/// drawn as its name.
@MainActor
public final class TerminalRenderer: ViewRenderer {
  /// The terminal's width in columns, which the window is laid out in.
  public var width: Int
  /// The terminal's height in rows.
  public var height: Int

  /// What the last layout made of the nodes of views of the app, by the columns they were laid
  /// out in and the screen's height: a node the graph took as it was is not laid out again.
  let laidOut = NodeDrawings<Block, LayoutContext>()

  /// A renderer for a terminal of `width` × `height` cells (the window sets them on each frame).
  public init(width: Int = 80, height: Int = 24) {
    self.width = width
    self.height = height
  }

  /// Lays the window's views out for the terminal's width.
  public func render(_ nodes: [ViewNode]) -> TerminalLayout {
    laidOut.startRender()
    let pass = LayoutPass(screenWidth: width, screenHeight: height, laidOut: laidOut)
    let content = pass.vertical(nodes, width: width, alignment: .leading, spacing: 0)
    return TerminalLayout(content: content, overlays: pass.overlays, back: pass.back)
  }
}

/// One layout of a window: walks the tree once, collecting the overlays and the back action it
/// meets on the way.
@MainActor
final class LayoutPass {
  let screenWidth: Int
  let screenHeight: Int
  var overlays: [Overlay] = []
  var back: (@MainActor () -> Void)?
  /// The height the view being laid out is given by its frame, in rows (shapes take it).
  var proposedRows: Int?
  /// The height of the views a shape is behind or over (a `ZStack`'s other layers, the view a
  /// `background` or `overlay` modifies): a shape without a height of its own takes it.
  var layerRows: Int?
  /// Whether the shape being laid out is behind other views.
  var isBehind = false

  /// What earlier layouts made of nodes taken as they were.
  let laidOut: NodeDrawings<Block, LayoutContext>

  init(screenWidth: Int, screenHeight: Int, laidOut: NodeDrawings<Block, LayoutContext> = NodeDrawings()) {
    self.screenWidth = screenWidth
    self.screenHeight = screenHeight
    self.laidOut = laidOut
  }

  // MARK: Stacks

  /// `nodes` one under the other, `width` columns at most.
  func vertical(_ nodes: [ViewNode], width: Int, alignment: HorizontalPlacement, spacing: Int) -> Block {
    let blocks = flattened(nodes).compactMap { layoutUnlessOverlay($0, width: width) }
    var block = Block(width: 0, height: 0)
    var y = 0
    let stackWidth = blocks.contains(where: \.expandsHorizontally) ? width : min(width, blocks.map(\.width).max() ?? 0)
    for (index, child) in blocks.enumerated() {
      if index > 0, child.height > 0 { y += spacing }
      block.place(child, x: alignment.offset(child.width, in: stackWidth), y: y)
      y += child.height
    }
    block.width = stackWidth
    block.expandsHorizontally = blocks.contains(where: \.expandsHorizontally)
    block.expandsVertically = blocks.contains(where: \.expandsVertically)
    return block
  }

  /// `nodes` side by side in `width` columns: each as wide as it needs, text wrapped when they do
  /// not fit, the room left shared by the spacers (and by views that expand, when there is none).
  func horizontal(_ nodes: [ViewNode], width: Int, alignment: VerticalAlignment, spacing: Int) -> Block {
    let children = flattened(nodes).filter { !takesOverlay($0) }
    let gaps = max(0, children.count - 1) * spacing
    var blocks = children.map { layout($0, width: max(1, width - gaps)) }
    var used = blocks.reduce(gaps) { $0 + $1.width }
    // Too wide: the widest views give up columns (their text wraps) until the row fits.
    var attempts = 0
    while used > width, attempts < children.count {
      attempts += 1
      guard let widest = blocks.indices.max(by: { blocks[$0].width < blocks[$1].width }) else { break }
      let narrower = max(1, blocks[widest].width - (used - width))
      blocks[widest] = layout(children[widest], width: narrower)
      used = blocks.reduce(gaps) { $0 + $1.width }
    }
    let spacers = children.indices.filter { if case .spacer = children[$0].kind { true } else { false } }
    let growing = spacers.isEmpty ? blocks.indices.filter { blocks[$0].expandsHorizontally } : spacers
    if !growing.isEmpty, used < width {
      let room = width - used
      for (order, index) in growing.enumerated() {
        let share = room / growing.count + (order < room % growing.count ? 1 : 0)
        if case .spacer = children[index].kind {
          blocks[index].width += share
        } else {
          blocks[index] = layout(children[index], width: blocks[index].width + share)
        }
      }
    }
    let height = blocks.map(\.height).max() ?? 0
    var block = Block(width: 0, height: height)
    var x = 0
    for (index, child) in blocks.enumerated() {
      if index > 0 { x += spacing }
      let y = offset(alignment, child.height, in: height)
      block.place(child, x: x, y: y)
      x += child.width
    }
    block.width = x
    block.expandsHorizontally = !growing.isEmpty
    return block
  }

  /// `nodes` on top of each other, the first at the back. Shapes and colours take the size of the
  /// other layers.
  func depth(_ nodes: [ViewNode], width: Int, alignment: SwiftUICore.Alignment) -> Block {
    let children = flattened(nodes).filter { !takesOverlay($0) }
    var blocks: [Block?] = children.map { isFill($0) ? nil : layout($0, width: width) }
    let laid = blocks.compactMap { $0 }
    let others = laid.isEmpty ? nil : laid.map(\.height).max()
    for index in children.indices where blocks[index] == nil {
      blocks[index] = layered(children[index], width: width, rows: others, behind: index == 0 && children.count > 1)
    }
    let all = blocks.compactMap { $0 }
    let stackWidth = all.map(\.width).max() ?? 0
    let height = all.map(\.height).max() ?? 0
    var block = Block(width: stackWidth, height: height)
    for child in all {
      let y = offset(alignment.vertical, child.height, in: height)
      block.place(child, x: placement(alignment.horizontal).offset(child.width, in: stackWidth), y: y)
    }
    block.expandsHorizontally = all.contains(where: \.expandsHorizontally)
    return block
  }

  /// Whether `node` is a shape or a colour, which fills what it is given.
  func isFill(_ node: ViewNode) -> Bool {
    switch node.kind {
    case .shape, .color: true
    default: false
    }
  }

  /// `node` laid out as a layer over or behind others `rows` tall.
  func layered(_ node: ViewNode, width: Int, rows: Int?, behind: Bool) -> Block {
    let (savedRows, savedBehind) = (layerRows, isBehind)
    layerRows = rows
    isBehind = behind
    defer { (layerRows, isBehind) = (savedRows, savedBehind) }
    return layout(node, width: width)
  }

  func flattened(_ nodes: [ViewNode]) -> [ViewNode] {
    ViewNode.flattened(nodes)
  }

  /// Whether `node` is a presentation (a sheet, an alert), which every container hands to the
  /// screen's overlays instead of laying it out in place; it is added to them.
  func takesOverlay(_ node: ViewNode) -> Bool {
    guard case let .presentation(presentation) = node.kind else { return false }
    overlays.append(overlay(presentation, content: node.children))
    return true
  }

  /// The node laid out, or nil for a presentation (laid out as an overlay instead).
  func layoutUnlessOverlay(_ node: ViewNode, width: Int) -> Block? {
    takesOverlay(node) ? nil : layout(node, width: width)
  }

  // MARK: Modifiers

  /// `node` laid out in at most `width` columns, with its modifiers: as the last layout made it
  /// when the graph took its view as it was (and it added nothing to the screen beyond itself: no
  /// overlay, no back action, no shape sized by its neighbours).
  func layout(_ node: ViewNode, width: Int) -> Block {
    let context = LayoutContext(width: width, screenHeight: screenHeight, layerRows: layerRows, isBehind: isBehind)
    if let version = node.version, let block = laidOut.drawing(of: node, version: version, context: context) {
      return block
    }
    let (overlayCount, hadBack) = (overlays.count, back != nil)
    let block = layoutAnew(node, width: width)
    if overlays.count != overlayCount || (back != nil) != hadBack { laidOut.unkeptCount += 1 }
    if let version = node.version, overlays.count == overlayCount, (back != nil) == hadBack {
      laidOut.keep(block, for: node, version: version, context: context)
    }
    return block
  }

  private func layoutAnew(_ node: ViewNode, width: Int) -> Block {
    var inner = width
    var fixedWidth: Int?
    var fixedRows: Int?
    var maximumRows: Int?
    // From the outside in: what each modifier leaves the view inside.
    for modifier in node.modifiers.reversed() {
      switch modifier {
      case let .padding(insets):
        inner -= columns(insets.leading) + columns(insets.trailing)
      case let .frame(frame):
        if let points = frame.width {
          inner = columns(points)
          fixedWidth = inner
        } else if let points = frame.maxWidth, points.isFinite {
          inner = min(inner, columns(points))
        }
        if let points = frame.height { fixedRows = rows(points) }
        if let points = frame.maxHeight, points.isFinite { maximumRows = rows(points) }
      default:
        break
      }
    }
    // A maximum height caps the height a shape would take without it.
    proposedRows = fixedRows ?? maximumRows.map { min($0, layerRows ?? min((inner + 1) / 2, screenHeight / 3)) }
    var block = kindBlock(node, width: max(0, inner))
    var name: String?
    for modifier in node.modifiers {
      switch modifier {
      case let .padding(insets):
        block = block.padded(
          top: rows(insets.top), leading: columns(insets.leading), bottom: rows(insets.bottom), trailing: columns(insets.trailing)
        )
      case let .frame(frame):
        block = framed(block, frame, available: width)
      case let .font(font):
        if font.isBold { block = block.styled(Style(bold: true)) }
      case let .foreground(color):
        block = block.styled(TerminalPalette.style(color))
      case let .tint(color):
        block = block.styled(TerminalPalette.style(color))
      case let .background(nodes, alignment):
        if case let .color(color)? = flattened(nodes).first?.kind {
          if let background = TerminalPalette.color(color) {
            block.paint(Rect(x: 0, y: 0, width: block.width, height: block.height), background: background)
          }
        } else {
          let behind = flattened(nodes).map { layered($0, width: block.width, rows: block.height, behind: true) }
          for layer in behind {
            block.placeBehind(layer, x: placement(alignment.horizontal).offset(layer.width, in: block.width), y: 0)
          }
        }
      case let .overlay(nodes, alignment):
        for node in flattened(nodes) {
          let over = layered(node, width: block.width, rows: block.height, behind: false)
          let y = offset(alignment.vertical, over.height, in: block.height)
          block.place(over, x: placement(alignment.horizontal).offset(over.width, in: block.width), y: y)
        }
      case .disabled:
        block = block.styled(Style(dim: true))
        block.controls = []
      case .hidden:
        block = Block(width: block.width, height: block.height)
      case let .opacity(value) where value <= 0.01:
        block = Block(width: block.width, height: block.height)
      case let .lineLimit(limit?):
        if block.height > limit { block.lines.removeLast(block.height - limit) }
      case let .accessibilityLabel(label):
        name = label
      default:
        break
      }
    }
    if let fixedWidth { block.width = max(block.width, fixedWidth) }
    if let name, block.controls.count == 1 { block.controls[0].name = name }
    return block
  }

  func framed(_ block: Block, _ frame: FrameSpec, available: Int) -> Block {
    var block = block
    let horizontal = placement(frame.alignment.horizontal)
    if let width = frame.width.map(columns) {
      block = block.aligned(in: width, horizontal)
      block.width = width
    } else if frame.maxWidth == .infinity {
      block = block.aligned(in: available, horizontal)
      block.expandsHorizontally = true
    } else if let minimum = frame.minWidth.map(columns), block.width < minimum {
      block = block.aligned(in: minimum, horizontal)
    }
    if let height = frame.height.map(rows) ?? frame.minHeight.map(rows), block.height < height {
      let top = offset(frame.alignment.vertical, block.height, in: height)
      block = block.padded(top: top, leading: 0, bottom: height - block.height - top, trailing: 0)
    } else if let height = frame.height.map(rows), block.height > height {
      block.lines.removeLast(block.height - height)
    }
    return block
  }
}

/// What else a node's layout depends on: the columns it is given, the screen's height, and the
/// height and place of the layers a shape is drawn with.
struct LayoutContext: Equatable {
  var width: Int
  var screenHeight: Int
  var layerRows: Int?
  var isBehind: Bool
}

/// Points to cells: a column is 8 points, a row 16.
func columns(_ points: CGFloat) -> Int {
  guard points.isFinite else { return 0 }
  return max(0, Int((points / 8).rounded()))
}

func rows(_ points: CGFloat) -> Int {
  guard points.isFinite else { return 0 }
  return max(0, Int((points / 16).rounded()))
}

/// Where a piece `height` rows tall starts in `space` rows, by `alignment` (top, bottom, else
/// the middle).
func offset(_ alignment: VerticalAlignment, _ height: Int, in space: Int) -> Int {
  alignment == .top ? 0 : alignment == .bottom ? space - height : max(0, (space - height) / 2)
}

func placement(_ alignment: HorizontalAlignment) -> HorizontalPlacement {
  alignment == .leading ? .leading : alignment == .trailing ? .trailing : .center
}

extension Font {
  /// Drawn bold in a terminal: the titles, the headline, and weights from semibold up.
  var isBold: Bool {
    if let weight { return weight.value >= 600 }
    guard let textStyle else { return false }
    return [.largeTitle, .title, .title2, .title3, .headline].contains(textStyle)
  }
}
