import ComposableTerminal
import Foundation
import SwiftUICore

/// Shapes in a terminal, drawn with braille characters: each cell holds 2 × 4 dots, each dot a
/// square of 4 points (a cell is 8 × 16 points), so a circle stays round. A dot is set where the
/// shape's fill covers its centre, or its stroke passes within half the line's width of it.
enum ShapeCells {
  /// `spec`'s path drawn in `columns` × `rows` cells. A filled shape behind other views (a
  /// `ZStack`'s first layer, a `background`) is drawn as the background colour of the cells it
  /// covers instead, so that what is in front reads on it.
  @MainActor
  static func block(_ spec: ShapeSpec, columns: Int, rows: Int, isBehind: Bool = false) -> Block {
    let columns = max(1, columns)
    let rows = max(1, rows)
    // A clear shape shows nothing; so does a fill behind other views in a colour the terminal
    // leaves to its own (it would bury them in dots).
    let paint = spec.stroke?.color ?? spec.fill
    if paint.map(TerminalPalette.isClear) == true || (isBehind && spec.stroke == nil && spec.fill.flatMap(TerminalPalette.color) == nil) {
      return Block(width: columns, height: rows)
    }
    // A stroked border (`strokeBorder`) stays inside the box: its path is inset by half its width.
    let inset = spec.stroke.map { $0.inset ? $0.style.lineWidth / 2 : 0 } ?? 0
    let path = spec.path(
      CGRect(x: inset, y: inset, width: CGFloat(columns * 8) - 2 * inset, height: CGFloat(rows * 16) - 2 * inset)
    )
    let outlines = polylines(path)
    let dotsWide = columns * 2
    let dotsHigh = rows * 4
    var dots = [Bool](repeating: false, count: dotsWide * dotsHigh)
    let halfWidth = spec.stroke.map { max(2, $0.style.lineWidth / 2) }
    for y in 0..<dotsHigh {
      for x in 0..<dotsWide {
        let point = CGPoint(x: CGFloat(x * 4 + 2), y: CGFloat(y * 4 + 2))
        if let halfWidth {
          dots[y * dotsWide + x] = distance(from: point, to: outlines) <= halfWidth
        } else {
          dots[y * dotsWide + x] = contains(outlines, point)
        }
      }
    }
    let color = spec.fill.flatMap(TerminalPalette.color) ?? spec.stroke.flatMap { TerminalPalette.color($0.color) }
    var block = Block(width: columns, height: rows)
    // Dot 1–8's bits, by the dot's column and row in its cell.
    let bits: [[UInt32]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]
    let paintsBackground = isBehind && spec.stroke == nil && color != nil
    for row in 0..<rows {
      // Only the cells with dots are drawn: blank ones leave what is behind the shape showing.
      var spans: [Span] = []
      for column in 0..<columns {
        var pattern: UInt32 = 0
        for dx in 0..<2 {
          for dy in 0..<4 where dots[(row * 4 + dy) * dotsWide + column * 2 + dx] {
            pattern |= bits[dx][dy]
          }
        }
        guard pattern != 0 else { continue }
        let character = paintsBackground ? " " : String(Unicode.Scalar(0x2800 + pattern)!)
        let style = paintsBackground ? Style(background: color) : Style(foreground: color)
        if let last = spans.last, last.x + last.text.count == column, last.style == style {
          spans[spans.count - 1].text += character
        } else {
          spans.append(Span(x: column, text: character, style: style))
        }
      }
      block.lines[row] = spans
    }
    return block
  }

  /// The path as lines: each subpath a list of points, closed ones ending where they began.
  static func polylines(_ path: Path) -> [[CGPoint]] {
    var result: [[CGPoint]] = []
    var current: [CGPoint] = []
    func finish() {
      if current.count > 1 { result.append(current) }
      current = []
    }
    for element in path.elements {
      switch element {
      case let .move(point):
        finish()
        current = [point]
      case let .line(point):
        current.append(point)
      case let .quadCurve(point, control):
        let start = current.last ?? point
        for step in 1...12 {
          let t = CGFloat(step) / 12
          let x = (1 - t) * (1 - t) * start.x + 2 * (1 - t) * t * control.x + t * t * point.x
          let y = (1 - t) * (1 - t) * start.y + 2 * (1 - t) * t * control.y + t * t * point.y
          current.append(CGPoint(x: x, y: y))
        }
      case let .curve(point, control1, control2):
        let start = current.last ?? point
        for step in 1...16 {
          let t = CGFloat(step) / 16
          let a = (1 - t) * (1 - t) * (1 - t), b = 3 * (1 - t) * (1 - t) * t, c = 3 * (1 - t) * t * t, d = t * t * t
          current.append(
            CGPoint(
              x: a * start.x + b * control1.x + c * control2.x + d * point.x,
              y: a * start.y + b * control1.y + c * control2.y + d * point.y
            )
          )
        }
      case let .arc(center, radius, start, end, sweepsForward):
        var sweep = end.radians - start.radians
        if sweepsForward, sweep < 0 { sweep += 2 * .pi }
        if !sweepsForward, sweep > 0 { sweep -= 2 * .pi }
        let steps = max(4, Int(abs(sweep) / (2 * .pi) * 64))
        for step in 0...steps {
          let angle = start.radians + sweep * Double(step) / Double(steps)
          current.append(CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle)))
        }
      case .closeSubpath:
        if let first = current.first { current.append(first) }
        finish()
      }
    }
    finish()
    return result
  }

  /// Whether `point` is inside the outlines (the even-odd rule).
  static func contains(_ outlines: [[CGPoint]], _ point: CGPoint) -> Bool {
    var inside = false
    for outline in outlines {
      var previous = outline[outline.count - 1]
      for vertex in outline {
        if (vertex.y > point.y) != (previous.y > point.y) {
          let x = previous.x + (point.y - previous.y) / (vertex.y - previous.y) * (vertex.x - previous.x)
          if point.x < x { inside.toggle() }
        }
        previous = vertex
      }
    }
    return inside
  }

  /// How far `point` is from the nearest line of the outlines.
  static func distance(from point: CGPoint, to outlines: [[CGPoint]]) -> CGFloat {
    var nearest = CGFloat.infinity
    for outline in outlines {
      for index in 1..<outline.count {
        let a = outline[index - 1], b = outline[index]
        let dx = b.x - a.x, dy = b.y - a.y
        let length = dx * dx + dy * dy
        let t = length == 0 ? 0 : max(0, min(1, ((point.x - a.x) * dx + (point.y - a.y) * dy) / length))
        let x = a.x + t * dx - point.x, y = a.y + t * dy - point.y
        nearest = min(nearest, (x * x + y * y).squareRoot())
      }
    }
    return nearest
  }
}
