/// Colours blended along a line, around a centre or out from it: what a gradient style paints
/// with. `Gradient(colors: [.blue, .green])` spaces its colours evenly.
public struct Gradient: Hashable, Sendable {
  /// A colour at a place along the gradient (0 its start, 1 its end).
  public struct Stop: Hashable, Sendable {
    /// The colour.
    public var color: Color
    /// Where it is, from 0 to 1.
    public var location: CGFloat
    /// `color` at `location`.
    public init(color: Color, location: CGFloat) {
      self.color = color
      self.location = location
    }
  }

  /// The colours and their places, in order.
  public var stops: [Stop]

  /// A gradient of `stops`.
  public init(stops: [Stop]) {
    self.stops = stops
  }

  /// A gradient of `colors` spaced evenly from start to end.
  public init(colors: [Color]) {
    let last = CGFloat(max(colors.count - 1, 1))
    self.stops = colors.enumerated().map { Stop(color: $0.element, location: CGFloat($0.offset) / last) }
  }

  var value: [GradientValue.Stop] {
    stops.map { GradientValue.Stop(color: $0.color.value, location: Double($0.location)) }
  }
}

/// A gradient as a renderer paints it: its geometry and its stops.
public struct GradientValue: Hashable, Sendable {
  /// How the colours are laid out in the box painted.
  public enum Geometry: Hashable, Sendable {
    /// Along the line from `start` to `end` (points of the box, in fractions of its size).
    case linear(start: UnitPoint, end: UnitPoint)
    /// In circles around `center`, from `startRadius` to `endRadius` points.
    case radial(center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat)
    /// Around `center`, clockwise from `startDegrees` to `endDegrees` (0 points right, as
    /// SwiftUI's angles; a full turn when they are equal).
    case angular(center: UnitPoint, startDegrees: Double, endDegrees: Double)
  }
  /// A colour at a place from 0 to 1.
  public struct Stop: Hashable, Sendable {
    /// The colour.
    public var color: ColorValue
    /// Its place along the gradient.
    public var location: Double
  }
  /// The layout of the colours.
  public var geometry: Geometry
  /// The colours, in order.
  public var stops: [Stop]
}

/// A gradient along a line: `LinearGradient(colors: [.blue, .clear], startPoint: .top,
/// endPoint: .bottom)`. As a view it fills the space it is offered.
public struct LinearGradient: ShapeStyle, Sendable {
  let value: GradientValue
  /// `gradient` from `startPoint` to `endPoint`.
  public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
    value = GradientValue(geometry: .linear(start: startPoint, end: endPoint), stops: gradient.value)
  }
  /// `colors`, evenly spaced, from `startPoint` to `endPoint`.
  public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
    self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
  }
  /// `stops` from `startPoint` to `endPoint`.
  public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
    self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
  }
  /// The gradient.
  public var colorValue: ColorValue? { .gradient(value) }
}

/// A gradient in circles around a centre: `RadialGradient(colors: [.white, .blue], center:
/// .center, startRadius: 0, endRadius: 100)`.
public struct RadialGradient: ShapeStyle, Sendable {
  let value: GradientValue
  /// `gradient` from `startRadius` to `endRadius` points around `center`.
  public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
    value = GradientValue(geometry: .radial(center: center, startRadius: startRadius, endRadius: endRadius), stops: gradient.value)
  }
  /// `colors`, evenly spaced, from `startRadius` to `endRadius` points around `center`.
  public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
    self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
  }
  /// `stops` from `startRadius` to `endRadius` points around `center`.
  public init(stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
    self.init(gradient: Gradient(stops: stops), center: center, startRadius: startRadius, endRadius: endRadius)
  }
  /// The gradient.
  public var colorValue: ColorValue? { .gradient(value) }
}

/// A gradient around a centre, like a colour wheel: `AngularGradient(gradient: Gradient(colors:
/// [.red, .yellow, .red]), center: .center)`. Angles start pointing right and go clockwise; with
/// equal start and end angles the colours go once around.
public struct AngularGradient: ShapeStyle, Sendable {
  let value: GradientValue
  /// `gradient` around `center`, from `startAngle` to `endAngle`.
  public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
    value = GradientValue(
      geometry: .angular(center: center, startDegrees: startAngle.degrees, endDegrees: endAngle.degrees),
      stops: gradient.value
    )
  }
  /// `colors`, evenly spaced, around `center` from `startAngle` to `endAngle`.
  public init(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) {
    self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
  }
  /// `stops` around `center` from `startAngle` to `endAngle`.
  public init(stops: [Gradient.Stop], center: UnitPoint, startAngle: Angle, endAngle: Angle) {
    self.init(gradient: Gradient(stops: stops), center: center, startAngle: startAngle, endAngle: endAngle)
  }
  /// `gradient` once around `center`, starting at `angle`.
  public init(gradient: Gradient, center: UnitPoint, angle: Angle = .zero) {
    self.init(gradient: gradient, center: center, startAngle: angle, endAngle: angle + .degrees(360))
  }
  /// `colors` once around `center`, starting at `angle`.
  public init(colors: [Color], center: UnitPoint, angle: Angle = .zero) {
    self.init(gradient: Gradient(colors: colors), center: center, angle: angle)
  }
  /// The gradient.
  public var colorValue: ColorValue? { .gradient(value) }
}

// As views, gradients fill the space they are offered, as colours do.
extension LinearGradient: View {
  /// A gradient is drawn by the framework.
  public var body: Never { bodyOfPrimitive(Self.self) }
  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    nodes.append(context.node(.color(.gradient(view.value))))
  }
}

extension RadialGradient: View {
  /// A gradient is drawn by the framework.
  public var body: Never { bodyOfPrimitive(Self.self) }
  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    nodes.append(context.node(.color(.gradient(view.value))))
  }
}

extension AngularGradient: View {
  /// A gradient is drawn by the framework.
  public var body: Never { bodyOfPrimitive(Self.self) }
  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    nodes.append(context.node(.color(.gradient(view.value))))
  }
}
