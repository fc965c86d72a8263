/// A view that takes all the space it is offered and builds its content from that space's size:
/// `GeometryReader { proxy in Path { … proxy.size.width … } }`. The content is placed at its
/// top leading corner.
///
/// The size is measured where the view is drawn (in the browser, each time the box changes
/// size) and is state of the view's place: when it changes, the content is built again. Before
/// the first measurement the proxy's size is 100 × 100 points.
public struct GeometryReader<Content: View>: PrimitiveView {
  let content: (GeometryProxy) -> Content

  /// A reader whose content `content` builds from the proxy of its space.
  public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {
    self.content = content
  }

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let measured = context.storage(at: context.path + "#geometry") { MeasuredGeometry() }
    let proxy = GeometryProxy(size: measured.size ?? CGSize(width: 100, height: 100))
    let spec = GeometrySpec { size in
      guard size.width > 0, size.height > 0, size != measured.size else { return }
      measured.size = size
    }
    nodes.append(context.node(.geometry(spec), children: context.nodes(of: view.content(proxy), component: "c")))
  }
}

/// The size and coordinate space of a ``GeometryReader``'s content.
public struct GeometryProxy {
  /// The size of the space the reader took.
  public let size: CGSize
  /// The insets of the safe area inside the reader: none here (a page has no notch).
  public var safeAreaInsets: EdgeInsets { EdgeInsets() }

  /// The reader's frame in `coordinateSpace`. Only its own space is known here: the frame is
  /// the reader's size at the origin in every space.
  public func frame(in coordinateSpace: CoordinateSpace) -> CGRect {
    CGRect(origin: .zero, size: size)
  }
}

/// A space points are measured in (`.local`, `.global`, `.named(_:)`).
public enum CoordinateSpace: Hashable {
  /// The window's.
  case global
  /// The view's own.
  case local
  /// The space a view named with `coordinateSpace(name:)`.
  case named(AnyHashable)
}

extension View {
  /// Names this view's coordinate space for `GeometryProxy.frame(in:)`: accepted (frames are
  /// known in the reader's own space only).
  public func coordinateSpace<T: Hashable>(name: T) -> some View {
    self
  }
}

/// The size a ``GeometryReader`` was last measured at.
@Observable
final class MeasuredGeometry {
  var size: CGSize?
}
