/// An outline drawn in the rectangle the view gets: filled with the foreground colour, or with
/// `fill(_:)`, or stroked with `stroke(_:lineWidth:)`.
///
/// ```swift
/// struct SpeakerArc: Shape {
///   let fraction: Double
///   func path(in rect: CGRect) -> Path {
///     Path { path in
///       path.addArc(center: CGPoint(x: rect.midX, y: rect.midY), radius: rect.width / 2,
///                   startAngle: .degrees(-90), endAngle: .degrees(-90 + 360 * fraction), clockwise: false)
///     }
///   }
/// }
/// ```
public protocol Shape: View, Sendable {
  func path(in rect: CGRect) -> Path
}

extension Shape {
  /// Drawn by the framework: it has no body of its own.
  public var body: Never { bodyOfPrimitive(Self.self) }

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    nodes.append(context.node(.shape(ShapeSpec(path: { view.path(in: $0) }, fill: nil, stroke: nil))))
  }

  /// The shape filled with `content` (a colour).
  public func fill<S: ShapeStyle>(_ content: S = ForegroundStyle(), style: FillStyle = FillStyle()) -> some View {
    ShapeView(shape: self, fill: content.colorValue ?? .system("primary", opacity: 1), stroke: nil)
  }

  /// The shape's outline, `lineWidth` wide, centred on it.
  public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> some View {
    ShapeView(shape: self, fill: nil, stroke: (content.colorValue ?? .system("primary", opacity: 1), StrokeStyle(lineWidth: lineWidth), false))
  }

  /// The shape's outline, as wide as `style` says, centred on it.
  public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> some View {
    ShapeView(shape: self, fill: nil, stroke: (content.colorValue ?? .system("primary", opacity: 1), style, false))
  }

  /// The shape's outline in the foreground colour.
  public func stroke(lineWidth: CGFloat = 1) -> some View {
    ShapeView(shape: self, fill: nil, stroke: (.foreground, StrokeStyle(lineWidth: lineWidth), false))
  }

  /// The shape's outline drawn inside it, `lineWidth` wide.
  public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> some View {
    ShapeView(shape: self, fill: nil, stroke: (content.colorValue ?? .system("primary", opacity: 1), StrokeStyle(lineWidth: lineWidth), true))
  }

  /// The shape's outline, as wide as `style` says, drawn inside it.
  public func strokeBorder<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> some View {
    ShapeView(shape: self, fill: nil, stroke: (content.colorValue ?? .system("primary", opacity: 1), style, true))
  }

  /// The shape's outline drawn inside it in the foreground colour, `lineWidth` wide.
  public func strokeBorder(lineWidth: CGFloat = 1, antialiased: Bool = true) -> some View {
    ShapeView(shape: self, fill: nil, stroke: (.foreground, StrokeStyle(lineWidth: lineWidth), true))
  }

  /// The shape's outline in the foreground colour, as wide as `style` says, centred on it.
  public func stroke(style: StrokeStyle) -> some View {
    ShapeView(shape: self, fill: nil, stroke: (.foreground, style, false))
  }

  /// The shape turned by `angle` around `anchor` (a point of the rectangle it is drawn in):
  /// still a shape, so it can be filled or stroked afterwards.
  public func rotation(_ angle: Angle, anchor: UnitPoint = .center) -> RotatedShape<Self> {
    RotatedShape(shape: self, angle: angle, anchor: anchor)
  }
}

/// A shape turned around a point of its rectangle (`rotation(_:anchor:)`).
public struct RotatedShape<Content: Shape>: Shape {
  /// The shape turned.
  public var shape: Content
  /// How far it is turned (clockwise on screen for a positive angle).
  public var angle: Angle
  /// The point it turns around, in fractions of its rectangle.
  public var anchor: UnitPoint

  /// `shape` turned by `angle` around `anchor`.
  public init(shape: Content, angle: Angle, anchor: UnitPoint = .center) {
    self.shape = shape
    self.angle = angle
    self.anchor = anchor
  }

  /// The shape's outline in `rect`, turned.
  public func path(in rect: CGRect) -> Path {
    let pivot = CGPoint(x: rect.minX + rect.width * anchor.x, y: rect.minY + rect.height * anchor.y)
    return shape.path(in: rect).rotated(by: angle, around: pivot)
  }
}

/// A shape painted: filled or stroked.
struct ShapeView<S: Shape>: PrimitiveView {
  let shape: S
  let fill: ColorValue?
  let stroke: (color: ColorValue, style: StrokeStyle, inset: Bool)?

  static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let shape = view.shape
    nodes.append(context.node(.shape(ShapeSpec(path: { shape.path(in: $0) }, fill: view.fill, stroke: view.stroke))))
  }
}

/// How a shape's outline is drawn: its width, its line ends and joins, and its dashes.
public struct StrokeStyle: Equatable, Sendable {
  /// The width of the line.
  public var lineWidth: CGFloat
  /// How the line's ends are drawn.
  public var lineCap: CGLineCap
  /// How the line's corners are drawn.
  public var lineJoin: CGLineJoin
  /// How far a mitred corner may reach, in line widths, before it is bevelled.
  public var miterLimit: CGFloat
  /// The lengths of dashes and gaps, in turn (empty: a solid line).
  public var dash: [CGFloat]
  /// How far into the dash pattern the line starts.
  public var dashPhase: CGFloat

  /// A stroke `lineWidth` wide, with these ends, corners and dashes.
  public init(
    lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: CGFloat = 10,
    dash: [CGFloat] = [], dashPhase: CGFloat = 0
  ) {
    self.lineWidth = lineWidth
    self.lineCap = lineCap
    self.lineJoin = lineJoin
    self.miterLimit = miterLimit
    self.dash = dash
    self.dashPhase = dashPhase
  }
}

/// How line ends are drawn (Core Graphics' `CGLineCap`, which Linux lacks).
public enum CGLineCap: Int32, Sendable {
  /// Cut square at the end.
  case butt
  /// Rounded.
  case round
  /// Squared past the end.
  case square
}

/// How line corners are drawn (Core Graphics' `CGLineJoin`, which Linux lacks).
public enum CGLineJoin: Int32, Sendable {
  /// Pointed.
  case miter
  /// Rounded.
  case round
  /// Cut off.
  case bevel
}

/// How a shape is filled: here, the even-odd rule is accepted and the non-zero rule used.
public struct FillStyle: Equatable, Sendable {
  /// Whether the even-odd rule was asked for (the non-zero rule is used).
  public var isEOFilled: Bool
  /// Whether edges are smoothed (they always are).
  public var isAntialiased: Bool
  /// A fill style.
  public init(eoFill: Bool = false, antialiased: Bool = true) {
    isEOFilled = eoFill
    isAntialiased = antialiased
  }
}

/// A circle as large as fits in the rectangle, centred.
public struct Circle: Shape {
  /// A circle.
  public init() {}
  /// The shape's outline in `rect`.
  public func path(in rect: CGRect) -> Path {
    let side = min(rect.width, rect.height)
    return Path(ellipseIn: CGRect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side))
  }
}

/// An ellipse filling the rectangle.
public struct Ellipse: Shape {
  /// An ellipse.
  public init() {}
  /// The shape's outline in `rect`.
  public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect) }
}

/// The rectangle itself.
public struct Rectangle: Shape {
  /// A rectangle.
  public init() {}
  /// The shape's outline in `rect`.
  public func path(in rect: CGRect) -> Path { Path(rect) }
}

/// A rectangle with rounded corners.
public struct RoundedRectangle: Shape {
  /// The size of the corners' curve.
  public var cornerSize: CGSize
  /// How the corners curve.
  public var style: RoundedCornerStyle

  /// A rectangle whose corners have `cornerRadius`.
  public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
    cornerSize = CGSize(width: cornerRadius, height: cornerRadius)
    self.style = style
  }

  /// A rectangle whose corners have `cornerSize`.
  public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
    self.cornerSize = cornerSize
    self.style = style
  }

  /// The shape's outline in `rect`.
  public func path(in rect: CGRect) -> Path { Path(roundedRect: rect, cornerRadius: cornerSize.width) }
}

/// A rectangle whose ends are half circles.
public struct Capsule: Shape {
  /// A capsule.
  public init(style: RoundedCornerStyle = .continuous) {}
  /// The shape's outline in `rect`.
  public func path(in rect: CGRect) -> Path { Path(roundedRect: rect, cornerRadius: min(rect.width, rect.height) / 2) }
}

/// How rounded corners curve (drawn as circular arcs here).
public enum RoundedCornerStyle: Sendable {
  /// Quarter circles.
  case circular
  /// A smooth curve (drawn as quarter circles here).
  case continuous
}
