import Foundation

/// A view drawn by a closure, at the size it is given: `Canvas { context, size in
/// context.fill(Path(ellipseIn: CGRect(origin: .zero, size: size)), with: .color(.orange)) }`.
/// What the closure draws (paths filled and stroked, text) is drawn as SVG once the browser has
/// measured the canvas, and again when its size or what the closure read changes.
public struct Canvas<Symbols: View>: PrimitiveView {
  let renderer: (inout GraphicsContext, CGSize) -> Void

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let renderer = view.renderer
    // Drawn once here, in the evaluation of the view that holds the canvas, so that what the
    // closure reads (a `@State`, an observable model) is observed: a change draws it again. The
    // drawing that is shown is made by the renderer, at the size the canvas has.
    var rehearsal = GraphicsContext(recording: GraphicsContext.Recording())
    renderer(&rehearsal, CGSize(width: 100, height: 100))
    nodes.append(
      context.node(
        .canvas(
          CanvasSpec { size in
            let recording = GraphicsContext.Recording()
            var graphics = GraphicsContext(recording: recording)
            renderer(&graphics, size)
            return recording.drawings
          }
        )
      )
    )
  }
}

extension Canvas where Symbols == EmptyView {
  /// A canvas drawn by `renderer` (the other settings are accepted: the browser draws it).
  public init(
    opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
    renderer: @escaping (inout GraphicsContext, CGSize) -> Void
  ) {
    self.renderer = renderer
  }
}

/// The colour space a canvas blends in (accepted: the browser blends in sRGB).
public enum ColorRenderingMode: Sendable {
  /// sRGB, as stored.
  case nonLinear
  /// Linear sRGB.
  case linear
  /// Linear sRGB beyond the 0…1 range.
  case extendedLinear
}

/// What a ``Canvas``'s closure draws with: paths filled and stroked, text placed, in a
/// coordinate space it can move, scale and turn, at an opacity. A copy draws on the same canvas
/// with its own transform and opacity (`drawLayer` gives one to a closure).
public struct GraphicsContext {
  /// The drawings a canvas's closure made, shared by the copies of its context.
  final class Recording {
    var drawings: [CanvasDrawing] = []
  }

  let recording: Recording
  /// The transforms so far, as SVG writes them, outermost first.
  var transforms: [String] = []
  /// How opaque what is drawn next is (0…1).
  public var opacity: Double = 1

  init(recording: Recording) {
    self.recording = recording
  }

  /// How a path or text is painted.
  public struct Shading {
    let color: ColorValue

    /// In `color`.
    public static func color(_ color: Color) -> Shading { Shading(color: color.value) }
    /// In the foreground colour.
    public static var foreground: Shading { Shading(color: .foreground) }
  }

  /// Fills `path` with `shading` (the fill style is accepted: non-zero winding).
  public func fill(_ path: Path, with shading: Shading, style: FillStyle = FillStyle()) {
    add(.path(path, fill: shading.color, stroke: nil))
  }

  /// Strokes `path` with `shading`, `lineWidth` wide.
  public func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {
    add(.path(path, fill: nil, stroke: (shading.color, StrokeStyle(lineWidth: lineWidth))))
  }

  /// Strokes `path` with `shading` as `style` says (width, caps, joins, dashes).
  public func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {
    add(.path(path, fill: nil, stroke: (shading.color, style)))
  }

  /// Draws `text` with its `anchor` (the centre by default) at `point`.
  public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) {
    add(.text(text.plainString, at: point, anchor: anchor))
  }

  /// Draws `text` from the top leading corner of `rect`.
  public func draw(_ text: Text, in rect: CGRect) {
    add(.text(text.plainString, at: rect.origin, anchor: .topLeading))
  }

  /// Moves what is drawn next by `x` and `y`.
  public mutating func translateBy(x: CGFloat, y: CGFloat) {
    transforms.append("translate(\(x) \(y))")
  }

  /// Scales what is drawn next by `x` and `y`.
  public mutating func scaleBy(x: CGFloat, y: CGFloat) {
    transforms.append("scale(\(x) \(y))")
  }

  /// Turns what is drawn next by `angle` around the origin (clockwise on screen).
  public mutating func rotate(by angle: Angle) {
    transforms.append("rotate(\(angle.degrees))")
  }

  /// Runs `content` with a copy of this context: what it changes (transform, opacity) stays in
  /// the copy; what it draws is drawn here.
  public func drawLayer(content: (inout GraphicsContext) throws -> Void) rethrows {
    var layer = self
    try content(&layer)
  }

  private func add(_ kind: CanvasDrawing.Kind) {
    recording.drawings.append(CanvasDrawing(kind: kind, transform: transforms.joined(separator: " "), opacity: opacity))
  }
}

/// One thing a ``Canvas`` drew, with the transform and opacity it was drawn in.
public struct CanvasDrawing {
  /// What was drawn.
  public enum Kind {
    /// A path, filled or stroked.
    case path(Path, fill: ColorValue?, stroke: (color: ColorValue, style: StrokeStyle)?)
    /// Text placed by its anchor at a point.
    case text(String, at: CGPoint, anchor: UnitPoint)
  }

  /// What was drawn.
  public var kind: Kind
  /// The SVG transform it was drawn in (empty: none).
  public var transform: String
  /// Its opacity.
  public var opacity: Double
}

/// A canvas: the renderer asks it what it draws at the size it draws at.
public struct CanvasSpec {
  /// What the canvas draws at a size.
  public var draw: @MainActor (CGSize) -> [CanvasDrawing]
}
