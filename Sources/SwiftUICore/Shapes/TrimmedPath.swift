/// Trimming: the part of an outline between two fractions of its length.
extension Path {
  /// The part of this outline from `from` to `to`, fractions of its whole length (0 is its start,
  /// 1 its end): `Circle().trim(from: 0, to: 0.3)` is three tenths of the ring. Curves and arcs
  /// come back as runs of short lines (at most 1/64 of a turn, 16 per curve), which is how long
  /// they are measured.
  public func trimmedPath(from: CGFloat, to: CGFloat) -> Path {
    let from = Swift.max(0, Swift.min(1, from)), to = Swift.max(0, Swift.min(1, to))
    let runs = flattened()
    let total = runs.reduce(0) { $0 + $1.length }
    guard to > from, total > 0 else { return Path() }
    let start = from * total, end = to * total
    var trimmed = Path()
    var walked: CGFloat = 0
    for run in runs {
      var needsMove = true
      for (a, b) in zip(run.points, run.points.dropFirst()) {
        let length = distance(a, b)
        defer { walked += length }
        guard walked + length > start, walked < end, length > 0 else { continue }
        let enter = point(a, b, at: (Swift.max(start, walked) - walked) / length)
        let leave = point(a, b, at: (Swift.min(end, walked + length) - walked) / length)
        if needsMove {
          trimmed.move(to: enter)
          needsMove = false
        }
        trimmed.addLine(to: leave)
      }
    }
    return trimmed
  }

  /// Each piece of the outline (from a move to the next) as points joined by lines, with its
  /// length.
  private func flattened() -> [(points: [CGPoint], length: CGFloat)] {
    var runs: [[CGPoint]] = []
    var current: [CGPoint] = []
    var last = CGPoint.zero
    var pieceStart = CGPoint.zero
    func finish() {
      if current.count > 1 { runs.append(current) }
      current = []
    }
    func add(_ point: CGPoint) {
      if current.isEmpty { current = [last] }
      current.append(point)
      last = point
    }
    for element in elements {
      switch element {
      case let .move(point):
        finish()
        last = point
        pieceStart = point
      case let .line(point):
        add(point)
      case let .quadCurve(point, control):
        let p0 = last
        for step in 1...16 {
          let t = CGFloat(step) / 16, u = 1 - t
          add(CGPoint(x: u * u * p0.x + 2 * u * t * control.x + t * t * point.x, y: u * u * p0.y + 2 * u * t * control.y + t * t * point.y))
        }
      case let .curve(point, control1, control2):
        let p0 = last
        for step in 1...16 {
          let t = CGFloat(step) / 16, u = 1 - t
          let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
          add(CGPoint(x: a * p0.x + b * control1.x + c * control2.x + d * point.x, y: a * p0.y + b * control1.y + c * control2.y + d * point.y))
        }
      case let .arc(center, radius, start, end, sweepsForward):
        var sweep = end.radians - start.radians
        if sweepsForward, sweep < 0 { sweep += 2 * .pi * (ceil(-sweep / (2 * .pi))) }
        if !sweepsForward, sweep > 0 { sweep -= 2 * .pi * (ceil(sweep / (2 * .pi))) }
        let steps = Swift.max(1, Int(ceil(abs(sweep) / (2 * .pi / 64))))
        for step in 1...steps {
          let angle = start.radians + sweep * CGFloat(step) / CGFloat(steps)
          add(CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle)))
        }
      case .closeSubpath:
        if last != pieceStart { add(pieceStart) }
        finish()
        last = pieceStart
      }
    }
    finish()
    return runs.map { points in
      (points, zip(points, points.dropFirst()).reduce(0) { $0 + distance($1.0, $1.1) })
    }
  }
}

private func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
  ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
}

private func point(_ a: CGPoint, _ b: CGPoint, at fraction: CGFloat) -> CGPoint {
  CGPoint(x: a.x + (b.x - a.x) * fraction, y: a.y + (b.y - a.y) * fraction)
}

extension Shape {
  /// The part of the shape's outline from `startFraction` to `endFraction` of its length: still a
  /// shape, usually stroked (`Circle().trim(from: 0, to: progress).stroke(lineWidth: 2)`).
  public func trim(from startFraction: CGFloat = 0, to endFraction: CGFloat = 1) -> some Shape {
    _TrimmedShape(shape: self, startFraction: startFraction, endFraction: endFraction)
  }
}

/// A shape trimmed to part of its outline (`trim(from:to:)`).
public struct _TrimmedShape<Content: Shape>: Shape {
  /// The shape trimmed.
  public var shape: Content
  /// Where the part kept starts, as a fraction of the outline's length.
  public var startFraction: CGFloat
  /// Where it ends.
  public var endFraction: CGFloat

  /// The part of `shape` from `startFraction` to `endFraction`.
  public init(shape: Content, startFraction: CGFloat = 0, endFraction: CGFloat = 1) {
    self.shape = shape
    self.startFraction = startFraction
    self.endFraction = endFraction
  }

  /// The trimmed outline in `rect`.
  public func path(in rect: CGRect) -> Path {
    shape.path(in: rect).trimmedPath(from: startFraction, to: endFraction)
  }
}
