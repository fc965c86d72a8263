/// Views one above the other.
public struct VStack<Content: View>: PrimitiveView {
  let alignment: HorizontalAlignment
  let spacing: CGFloat?
  let content: Content

  /// A stack of `content`, one view above the next, `spacing` points apart (8 by default).
  public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
    self.alignment = alignment
    self.spacing = spacing
    self.content = content()
  }

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let stack = Stack(axis: .vertical, alignment: Alignment(horizontal: view.alignment, vertical: .center), spacing: view.spacing)
    nodes.append(context.node(.stack(stack), children: context.nodes(of: view.content, component: "c")))
  }
}

/// Views side by side.
public struct HStack<Content: View>: PrimitiveView {
  let alignment: VerticalAlignment
  let spacing: CGFloat?
  let content: Content

  /// A stack of `content`, side by side, `spacing` points apart (8 by default).
  public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
    self.alignment = alignment
    self.spacing = spacing
    self.content = content()
  }

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let stack = Stack(axis: .horizontal, alignment: Alignment(horizontal: .center, vertical: view.alignment), spacing: view.spacing)
    nodes.append(context.node(.stack(stack), children: context.nodes(of: view.content, component: "c")))
  }
}

/// Views on top of each other, the first at the back.
public struct ZStack<Content: View>: PrimitiveView {
  let alignment: Alignment
  let content: Content

  /// A stack of `content`, the first view at the back.
  public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
    self.alignment = alignment
    self.content = content()
  }

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let stack = Stack(axis: .depth, alignment: view.alignment, spacing: nil)
    nodes.append(context.node(.stack(stack), children: context.nodes(of: view.content, component: "c")))
  }
}

/// Space that grows to push its neighbours in a stack apart.
public struct Spacer: PrimitiveView {
  /// The least space it keeps.
  public var minLength: CGFloat?
  /// Space that keeps at least `minLength` points.
  public init(minLength: CGFloat? = nil) { self.minLength = minLength }
  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    nodes.append(context.node(.spacer(minLength: view.minLength)))
  }
}

/// A thin line between views: across a vertical stack, up a horizontal one.
public struct Divider: PrimitiveView {
  /// A divider.
  public init() {}
  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    nodes.append(context.node(.divider))
  }
}

/// Content that scrolls when it does not fit: up and down by default, or across. Several views
/// inside are stacked along the axis, as in a `VStack` (or an `HStack` across).
public struct ScrollView<Content: View>: PrimitiveView {
  /// The directions the content scrolls in.
  public var axes: Axis.Set
  /// Whether scroll bars show (a browser shows its own while scrolling, whatever this says).
  public var showsIndicators: Bool
  /// The content.
  public var content: Content

  /// A view that scrolls `content` along `axes`.
  public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
    self.axes = axes
    self.showsIndicators = showsIndicators
    self.content = content()
  }

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    nodes.append(context.node(.scroll(view.axes), children: context.nodes(of: view.content, component: "c")))
  }
}
