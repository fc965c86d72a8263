import SwiftUICore

/// A gradient as a CSS image (`linear-gradient`, `radial-gradient`, `conic-gradient`), for a
/// background.
///
/// A linear gradient runs at the angle from its start point to its end point, measured in the
/// box's fractions (exact for a square box, and for gradients from edge to edge or corner to
/// corner); its stops are placed along the part of that line between the two points. A radial
/// one's stops are at their radii in points; an angular one's at their angles, from SwiftUI's
/// zero (pointing right) turned to CSS's (pointing up).
func cssImage(_ gradient: GradientValue) -> String {
  switch gradient.geometry {
  case let .linear(start, end):
    let dx = Double(end.x - start.x)
    let dy = Double(end.y - start.y)
    // CSS measures from "to top", clockwise.
    let degrees = dx == 0 && dy == 0 ? 180 : atan2(dx, -dy) * 180 / .pi
    // The gradient line of a CSS angle crosses the whole box; the points' share of it, in the
    // unit square, places the stops.
    let radians = degrees * .pi / 180
    let length = abs(sin(radians)) + abs(cos(radians))
    let along = { (point: UnitPoint) in
      (Double(point.x) - 0.5) * sin(radians) - (Double(point.y) - 0.5) * cos(radians)
    }
    let from = 0.5 + along(start) / length
    let to = 0.5 + along(end) / length
    let stops = gradient.stops.map { "\(css($0.color)) \(number((from + (to - from) * $0.location) * 100))%" }
    return "linear-gradient(\(number(degrees))deg,\(stops.joined(separator: ",")))"
  case let .radial(center, startRadius, endRadius):
    let stops = gradient.stops.map { stop in
      "\(css(stop.color)) \(px(startRadius + (endRadius - startRadius) * CGFloat(stop.location)))"
    }
    return "radial-gradient(circle at \(percent(center)),\(stops.joined(separator: ",")))"
  case let .angular(center, startDegrees, endDegrees):
    let span = endDegrees == startDegrees ? 360 : endDegrees - startDegrees
    let stops = gradient.stops.map { "\(css($0.color)) \(number(span * $0.location))deg" }
    return "conic-gradient(from \(number(startDegrees + 90))deg at \(percent(center)),\(stops.joined(separator: ",")))"
  }
}

private func percent(_ point: UnitPoint) -> String {
  "\(number(Double(point.x) * 100))% \(number(Double(point.y) * 100))%"
}
