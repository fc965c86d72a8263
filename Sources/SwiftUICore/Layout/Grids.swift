import Foundation

/// How a column of a `LazyVGrid` (or a row of a `LazyHGrid`) is sized, as in SwiftUI.
public struct GridItem: Sendable {
  /// A track's size.
  public enum Size: Sendable {
    /// Exactly this many points.
    case fixed(CGFloat)
    /// A share of the space left, between `minimum` and `maximum` points.
    case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
    /// As many tracks as fit, each at least `minimum` points.
    case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
  }

  /// The track's size.
  public var size: Size
  /// The space after the track (nil: 8 points).
  public var spacing: CGFloat?
  /// Where a cell smaller than the track sits in it (nil: the grid's alignment).
  public var alignment: Alignment?

  /// A track of `size`.
  public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
    self.size = size
    self.spacing = spacing
    self.alignment = alignment
  }
}

/// The kinds of lazy-stack content that stay in view while scrolling (accepted: a page draws
/// headers and footers in their place).
public struct PinnedScrollableViews: OptionSet, Sendable {
  /// The set's bits.
  public let rawValue: UInt32
  /// The set of `rawValue`'s bits.
  public init(rawValue: UInt32) { self.rawValue = rawValue }
  /// Section headers.
  public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
  /// Section footers.
  public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

/// How a grid is laid out.
public struct GridSpec {
  /// Its tracks.
  public enum Tracks {
    /// Columns of these sizes, filled row by row (`LazyVGrid`).
    case columns([GridItem])
    /// Rows of these sizes, filled column by column (`LazyHGrid`).
    case rows([GridItem])
    /// Rows of cells given by its `GridRow`s, as many columns as the longest row (`Grid`).
    case table
  }

  /// Its tracks.
  public var tracks: Tracks
  /// Where cells smaller than their track sit.
  public var alignment: Alignment
  /// The space between columns (nil: 8 points).
  public var horizontalSpacing: CGFloat?
  /// The space between rows (nil: 8 points).
  public var verticalSpacing: CGFloat?
}

/// A grid of columns, filled row by row: `LazyVGrid(columns: [GridItem(.adaptive(minimum: 80))])
/// { ForEach(items) { … } }`. Every cell is made at once (a page has no scrolling window to
/// make them in).
public struct LazyVGrid<Content: View>: PrimitiveView {
  let columns: [GridItem]
  let alignment: HorizontalAlignment
  let spacing: CGFloat?
  let content: Content

  /// A grid of `columns`, rows `spacing` points apart.
  public init(
    columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
    pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
  ) {
    self.columns = columns
    self.alignment = alignment
    self.spacing = spacing
    self.content = content()
  }

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let spec = GridSpec(
      tracks: .columns(view.columns), alignment: Alignment(horizontal: view.alignment, vertical: .center),
      horizontalSpacing: view.columns.first?.spacing, verticalSpacing: view.spacing
    )
    nodes.append(context.node(.grid(spec), children: context.nodes(of: view.content, component: "c")))
  }
}

/// A grid of rows, filled column by column: `LazyHGrid(rows: [GridItem(.fixed(40))]) { … }`.
public struct LazyHGrid<Content: View>: PrimitiveView {
  let rows: [GridItem]
  let alignment: VerticalAlignment
  let spacing: CGFloat?
  let content: Content

  /// A grid of `rows`, columns `spacing` points apart.
  public init(
    rows: [GridItem], alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
    pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
  ) {
    self.rows = rows
    self.alignment = alignment
    self.spacing = spacing
    self.content = content()
  }

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let spec = GridSpec(
      tracks: .rows(view.rows), alignment: Alignment(horizontal: .center, vertical: view.alignment),
      horizontalSpacing: view.spacing, verticalSpacing: view.rows.first?.spacing
    )
    nodes.append(context.node(.grid(spec), children: context.nodes(of: view.content, component: "c")))
  }
}

/// A table of views: each `GridRow` a row, its views the cells, the columns as wide as their
/// widest cell. A view outside any `GridRow` takes a whole row.
public struct Grid<Content: View>: PrimitiveView {
  let alignment: Alignment
  let horizontalSpacing: CGFloat?
  let verticalSpacing: CGFloat?
  let content: Content

  /// A table of the `GridRow`s in `content`.
  public init(
    alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil,
    @ViewBuilder content: () -> Content
  ) {
    self.alignment = alignment
    self.horizontalSpacing = horizontalSpacing
    self.verticalSpacing = verticalSpacing
    self.content = content()
  }

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let spec = GridSpec(
      tracks: .table, alignment: view.alignment, horizontalSpacing: view.horizontalSpacing,
      verticalSpacing: view.verticalSpacing
    )
    nodes.append(context.node(.grid(spec), children: context.nodes(of: view.content, component: "c")))
  }
}

/// A row of a `Grid`: each of its views is a cell.
public struct GridRow<Content: View>: PrimitiveView {
  let alignment: VerticalAlignment?
  let content: Content

  /// A row of the views of `content`.
  public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {
    self.alignment = alignment
    self.content = content()
  }

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    nodes.append(context.node(.gridRow, children: context.nodes(of: view.content, component: "c")))
  }
}

/// `VStack`'s lazy form; here every row is made at once, as in a `VStack`.
public struct LazyVStack<Content: View>: PrimitiveView {
  let stack: VStack<Content>

  /// A stack of `content`, one view above the next.
  public init(
    alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
    pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
  ) {
    stack = VStack(alignment: alignment, spacing: spacing, content: content)
  }

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    VStack._resolve(view.stack, into: &nodes, in: context)
  }
}

/// `HStack`'s lazy form; here every view is made at once, as in an `HStack`.
public struct LazyHStack<Content: View>: PrimitiveView {
  let stack: HStack<Content>

  /// A stack of `content`, side by side.
  public init(
    alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
    pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
  ) {
    stack = HStack(alignment: alignment, spacing: spacing, content: content)
  }

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    HStack._resolve(view.stack, into: &nodes, in: context)
  }
}

extension View {
  /// In a `Grid`, the cell spans `count` columns (at least one).
  public func gridCellColumns(_ count: Int) -> some View {
    modifier(node: .gridCellColumns(max(count, 1)))
  }

  /// In a `Grid`, where the view sits in its cell when it is smaller than the cell: `.topLeading`,
  /// `.bottomTrailing`…, over the grid's and the row's alignment.
  public func gridCellAnchor(_ anchor: UnitPoint) -> some View {
    modifier(node: .gridCellAnchor(anchor))
  }

  /// In a `Grid`, the axes along which the view takes no part in sizing its row or column
  /// (accepted and ignored: in a browser's grid every cell sizes its tracks).
  public func gridCellUnsizedAxes(_ axes: Axis.Set) -> some View { self }

  /// In a `Grid`, how the cells of the view's column line up (accepted and ignored: the grid's
  /// and the rows' alignment apply).
  public func gridColumnAlignment(_ guide: HorizontalAlignment) -> some View { self }
}
