import ComposableWebCore
import SwiftUICore
import SwiftUIWeb
import Testing

/// `trim(from:to:)` and `Path.trimmedPath(from:to:)`: part of an outline by its length.
@MainActor
struct TrimTests {
  func points(_ path: Path) -> [CGPoint] {
    path.elements.compactMap { element in
      switch element {
      case let .move(point), let .line(point): point
      default: nil
      }
    }
  }

  func isNear(_ a: CGPoint?, _ b: CGPoint) -> Bool {
    guard let a else { return false }
    return abs(a.x - b.x) < 0.5 && abs(a.y - b.y) < 0.5
  }

  @Test func aLineTrimmedToItsMiddleHalf() {
    let line = Path { $0.move(to: .zero); $0.addLine(to: CGPoint(x: 100, y: 0)) }
    let middle = line.trimmedPath(from: 0.25, to: 0.75)
    #expect(middle.elements == [.move(to: CGPoint(x: 25, y: 0)), .line(to: CGPoint(x: 75, y: 0))])
    // Fractions out of order, or outside 0…1, keep nothing or are clamped.
    #expect(line.trimmedPath(from: 0.6, to: 0.4).isEmpty)
    #expect(points(line.trimmedPath(from: -1, to: 2)) == [.zero, CGPoint(x: 100, y: 0)])
  }

  @Test func aClosedRectanglesLastHalfRunsBackToItsStart() {
    let square = Path(CGRect(x: 0, y: 0, width: 10, height: 10))
    // 40 long: the second half is the bottom edge (right to left) and the closing left edge.
    let back = points(square.trimmedPath(from: 0.5, to: 1))
    #expect(back.first == CGPoint(x: 10, y: 10))
    #expect(back.last == CGPoint(x: 0, y: 0))
    #expect(back.contains(CGPoint(x: 0, y: 10)))
  }

  @Test func aQuarterOfACircleEndsAQuarterTurnOn() {
    // A circle's outline starts at its right-hand point and runs clockwise on screen (y down).
    let rect = CGRect(x: 0, y: 0, width: 100, height: 100)
    let quarter = points(Circle().trim(from: 0, to: 0.25).path(in: rect))
    #expect(isNear(quarter.first, CGPoint(x: 100, y: 50)))
    #expect(isNear(quarter.last, CGPoint(x: 50, y: 100)))
    // An arc is measured along its turn: half of a half-turn arc ends at its middle.
    let arc = Path { path in
      path.addArc(center: CGPoint(x: 50, y: 50), radius: 50, startAngle: .degrees(0), endAngle: .degrees(180), clockwise: false)
    }
    #expect(isNear(points(arc.trimmedPath(from: 0, to: 0.5)).last, CGPoint(x: 50, y: 100)))
  }

  @Test func aTrimmedRingIsDrawnAsAPath() {
    let view = Circle().trim(from: 0, to: 0.3).stroke(style: StrokeStyle(lineWidth: 2, lineCap: .round))
      .rotationEffect(.degrees(-90))
    let html = WebRenderer().renderAll(ViewGraph().resolve(view)).map { RenderedView($0).root.html }.joined()
    #expect(html.contains("<path"))
    #expect(html.contains("rotate(-90deg)"))
  }
}
