/// An outline: lines, arcs and curves, in a coordinate space whose y grows downwards.
///
/// ```swift
/// Path { path in
///   path.move(to: center)
///   path.addArc(center: center, radius: 40, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: false)
/// }
/// ```
public struct Path: Equatable, Sendable {
  /// One step of the outline.
  public enum Element: Equatable, Sendable {
    case move(to: CGPoint)
    case line(to: CGPoint)
    case quadCurve(to: CGPoint, control: CGPoint)
    case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
    /// An arc of the circle around `center`, from `start` to `end`; `sweepsForward` when the
    /// angle grows along it (clockwise on screen, where y grows downwards).
    case arc(center: CGPoint, radius: CGFloat, start: Angle, end: Angle, sweepsForward: Bool)
    case closeSubpath
  }

  /// The steps of the outline, in order.
  public private(set) var elements: [Element] = []
  /// Where the outline is now, for the next line or arc.
  public private(set) var currentPoint: CGPoint?


  /// An empty path.
  public init() {}

  /// This outline turned by `angle` around `pivot` (clockwise on screen for a positive angle).
  func rotated(by angle: Angle, around pivot: CGPoint) -> Path {
    let cosine = cos(angle.radians), sine = sin(angle.radians)
    func turn(_ point: CGPoint) -> CGPoint {
      let x = point.x - pivot.x, y = point.y - pivot.y
      return CGPoint(x: pivot.x + x * cosine - y * sine, y: pivot.y + x * sine + y * cosine)
    }
    var turned = Path()
    turned.elements = elements.map { element in
      switch element {
      case let .move(point): .move(to: turn(point))
      case let .line(point): .line(to: turn(point))
      case let .quadCurve(point, control): .quadCurve(to: turn(point), control: turn(control))
      case let .curve(point, control1, control2): .curve(to: turn(point), control1: turn(control1), control2: turn(control2))
      case let .arc(center, radius, start, end, sweepsForward):
        .arc(center: turn(center), radius: radius, start: start + angle, end: end + angle, sweepsForward: sweepsForward)
      case .closeSubpath: .closeSubpath
      }
    }
    turned.currentPoint = currentPoint.map(turn)
    return turned
  }

  /// A path drawn by `build`.
  public init(_ build: (inout Path) -> Void) {
    build(&self)
  }

  /// The outline of `rect`.
  public init(_ rect: CGRect) {
    addRect(rect)
  }

  /// The outline of `rect` with rounded corners.
  public init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
    addRoundedRect(in: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius))
  }

  /// The ellipse that fills `rect`.
  public init(ellipseIn rect: CGRect) {
    addEllipse(in: rect)
  }

  /// Whether nothing is drawn.
  public var isEmpty: Bool { elements.isEmpty }

  /// Starts a new piece of the outline at `point`.
  public mutating func move(to point: CGPoint) {
    elements.append(.move(to: point))
    currentPoint = point
  }

  /// A straight line from the current point to `point`.
  public mutating func addLine(to point: CGPoint) {
    if currentPoint == nil {
      move(to: point)
      return
    }
    elements.append(.line(to: point))
    currentPoint = point
  }

  /// Straight lines through `points`, starting at the first.
  public mutating func addLines(_ points: [CGPoint]) {
    guard let first = points.first else { return }
    move(to: first)
    for point in points.dropFirst() { addLine(to: point) }
  }

  /// A curve to `point`, pulled towards `control`.
  public mutating func addQuadCurve(to point: CGPoint, control: CGPoint) {
    elements.append(.quadCurve(to: point, control: control))
    currentPoint = point
  }

  /// A curve to `point`, pulled towards `control1` then `control2`.
  public mutating func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
    elements.append(.curve(to: point, control1: control1, control2: control2))
    currentPoint = point
  }

  /// An arc of the circle around `center` from `startAngle` to `endAngle`, joined to the
  /// current point by a line. As in SwiftUI, `clockwise` is meant in a y-up space, so
  /// `clockwise: false` turns clockwise on screen.
  public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool) {
    let start = CGPoint(x: center.x + radius * cos(startAngle.radians), y: center.y + radius * sin(startAngle.radians))
    if currentPoint == nil { move(to: start) } else { addLine(to: start) }
    elements.append(.arc(center: center, radius: radius, start: startAngle, end: endAngle, sweepsForward: !clockwise))
    currentPoint = CGPoint(x: center.x + radius * cos(endAngle.radians), y: center.y + radius * sin(endAngle.radians))
  }

  /// The outline of `rect`, as a piece of its own.
  public mutating func addRect(_ rect: CGRect) {
    move(to: CGPoint(x: rect.minX, y: rect.minY))
    addLine(to: CGPoint(x: rect.maxX, y: rect.minY))
    addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
    addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
    closeSubpath()
  }

  /// The outline of `rect` with corners rounded by `cornerSize`.
  public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize) {
    let r = min(cornerSize.width, rect.width / 2, rect.height / 2)
    guard r > 0 else { return addRect(rect) }
    move(to: CGPoint(x: rect.minX + r, y: rect.minY))
    addLine(to: CGPoint(x: rect.maxX - r, y: rect.minY))
    addArc(center: CGPoint(x: rect.maxX - r, y: rect.minY + r), radius: r, startAngle: .degrees(-90), endAngle: .degrees(0), clockwise: false)
    addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - r))
    addArc(center: CGPoint(x: rect.maxX - r, y: rect.maxY - r), radius: r, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: false)
    addLine(to: CGPoint(x: rect.minX + r, y: rect.maxY))
    addArc(center: CGPoint(x: rect.minX + r, y: rect.maxY - r), radius: r, startAngle: .degrees(90), endAngle: .degrees(180), clockwise: false)
    addLine(to: CGPoint(x: rect.minX, y: rect.minY + r))
    addArc(center: CGPoint(x: rect.minX + r, y: rect.minY + r), radius: r, startAngle: .degrees(180), endAngle: .degrees(270), clockwise: false)
    closeSubpath()
  }

  /// The ellipse that fills `rect`.
  public mutating func addEllipse(in rect: CGRect) {
    // Four quarter curves (the usual cubic approximation of a circle's quarter).
    let k: CGFloat = 0.5522847498
    let cx = rect.midX, cy = rect.midY, rx = rect.width / 2, ry = rect.height / 2
    move(to: CGPoint(x: cx + rx, y: cy))
    addCurve(to: CGPoint(x: cx, y: cy + ry), control1: CGPoint(x: cx + rx, y: cy + k * ry), control2: CGPoint(x: cx + k * rx, y: cy + ry))
    addCurve(to: CGPoint(x: cx - rx, y: cy), control1: CGPoint(x: cx - k * rx, y: cy + ry), control2: CGPoint(x: cx - rx, y: cy + k * ry))
    addCurve(to: CGPoint(x: cx, y: cy - ry), control1: CGPoint(x: cx - rx, y: cy - k * ry), control2: CGPoint(x: cx - k * rx, y: cy - ry))
    addCurve(to: CGPoint(x: cx + rx, y: cy), control1: CGPoint(x: cx + k * rx, y: cy - ry), control2: CGPoint(x: cx + rx, y: cy - k * ry))
    closeSubpath()
  }

  /// A line back to where the piece started.
  public mutating func closeSubpath() {
    elements.append(.closeSubpath)
  }
}

extension Path: Shape {
  /// The path itself, wherever it is drawn.
  public func path(in rect: CGRect) -> Path { self }
}
