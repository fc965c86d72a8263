import Foundation

/// What a view resolves to: a tree of plain values that a renderer draws. It says what each
/// piece is (a stack, a button, a text field…), its actions and bindings as closures, and the
/// modifiers applied to it in order; it knows nothing of HTML or terminals.
public struct ViewNode {
  /// What this node is.
  public var kind: Kind
  /// The place of the view in the tree: unique in one pass, the same across passes for the same
  /// view (a renderer can name fields and labels with it).
  public var identity: String
  /// The nodes inside this one (a stack's views, a button's label…).
  public var children: [ViewNode]
  /// The modifiers applied to this node, innermost first.
  public var modifiers: [Modifier] = []
  /// Its identity among its siblings, when a `ForEach` gave it one (the element's id).
  public var key: String?
  /// The value a `Picker` selects with this node (`tag(_:)`, or a `ForEach` element's id).
  public var tag: AnyHashable?
  /// What a `ScrollViewReader`'s `scrollTo` finds this node by (`id(_:)`, or a `ForEach`
  /// element's id).
  public var scrollID: AnyHashable?
  /// Set on the nodes a view of the app resolved to: the same number for as long as the graph
  /// takes that view's subtree as it was, a new one each time the view is resolved again. A
  /// renderer can keep what it drew for a node and draw it again only when this changes (nil:
  /// nothing is known, draw it).
  public internal(set) var version: Int?

  /// A node of `kind` at `identity`, with `children`.
  public init(kind: Kind, identity: String, children: [ViewNode] = []) {
    self.kind = kind
    self.identity = identity
    self.children = children
  }

  /// The kinds of node.
  public enum Kind {
    /// Its children, laid out by its parent as if they were the parent's.
    case group
    /// Text, in runs of one style each.
    case text([TextRun])
    /// A `VStack`, `HStack` or `ZStack`; children: its views.
    case stack(Stack)
    /// Space that grows (`Spacer`), at least `minLength` points.
    case spacer(minLength: CGFloat?)
    /// A thin line across its stack (`Divider`).
    case divider
    /// An image (`Image`).
    case image(ImageSource)
    /// A button; children: the label.
    case button(ButtonSpec)
    /// A link that opens an address (`Link`); children: the label.
    case link(URL)
    /// A picture loading out of sight for an ``AsyncImage`` (its phase is `.empty` until then).
    case imageLoader(ImageLoaderSpec)
    /// A button that shares an item (`ShareLink`); children: the label.
    case share(ShareItem)
    /// A text field (`TextField`, `SecureField`).
    case textField(TextFieldSpec)
    /// A switch (`Toggle`); children: the label.
    case toggle(ToggleSpec)
    /// A choice (`Picker`); children: the label.
    case picker(PickerSpec)
    /// A stepper; children: the label.
    case stepper(StepperSpec)
    /// A slider; children: the label.
    case slider(SliderSpec)
    /// Progress; children: the label and the current value's label.
    case progress(ProgressSpec)
    /// A `List` or a `Form`; children: its rows and sections.
    case list(ListSpec)
    /// A `Section`; children: its rows.
    case section(SectionSpec)
    /// A row of a list that can be deleted or moved; children: its content.
    case row(RowSpec)
    /// A link that pushes a screen (nil: there is no stack to push on); children: the label.
    case navigationLink((@MainActor () -> Void)?)
    /// A navigation stack showing its top screen; children: that screen.
    case navigationStack(NavigationBar)
    /// A sheet, an alert or a confirmation dialog over the window; children: a sheet's content.
    case presentation(Presentation)
    /// A shape (`Circle`, a `Shape` of the app's…).
    case shape(ShapeSpec)
    /// A view drawn by a closure at its size (`Canvas`).
    case canvas(CanvasSpec)
    /// A colour filling its space (`Color` as a view).
    case color(ColorValue)
    /// Content that scrolls along these axes (`ScrollView`); children: the content, stacked
    /// along the axis.
    case scroll(Axis.Set)
    /// A `TabView`: its tab bar; children: the selected tab's content.
    case tabView(TabBar)
    /// A `GeometryReader`: it takes the space offered and tells its size; children: its content,
    /// from the top leading corner.
    case geometry(GeometrySpec)
    /// A `LazyVGrid`, `LazyHGrid` or `Grid`; children: its cells (a `Grid`'s: its rows).
    case grid(GridSpec)
    /// A `GridRow` of a `Grid`; children: its cells.
    case gridRow
    /// A `DatePicker`; children: the label.
    case datePicker(DatePickerSpec)
    /// A `Table`; children: a group for each column's title, then a group for each cell, row
    /// by row.
    case table(TableSpec)
  }

  /// A modifier applied to a node: how it is laid out and painted.
  public enum Modifier {
    /// Space around it (`padding`).
    case padding(EdgeInsets)
    /// Its size (`frame`).
    case frame(FrameSpec)
    /// Kept at its own size (`fixedSize`).
    case fixedSize(horizontal: Bool, vertical: Bool)
    /// Views behind it (`background`).
    case background([ViewNode], alignment: Alignment)
    /// Views in front of it (`overlay`).
    case overlay([ViewNode], alignment: Alignment)
    /// The font of the text inside (`font`, `bold`).
    case font(Font)
    /// The colour of the text and symbols inside (`foregroundColor`, `foregroundStyle`).
    case foreground(ColorValue)
    /// The accent colour of the controls inside (`tint`).
    case tint(ColorValue)
    /// Rounded corners that clip it (`cornerRadius`).
    case cornerRadius(CGFloat)
    /// Its opacity (`opacity`).
    case opacity(Double)
    /// A control turned off (`disabled`).
    case disabled
    /// Turned around its centre (`rotationEffect`).
    case rotation(degrees: Double)
    /// Scaled around its centre (`scaleEffect`): 1 is its own size.
    case scale(x: CGFloat, y: CGFloat)
    /// Drawn moved by these points, its place in the layout kept (`offset`).
    case offset(x: CGFloat, y: CGFloat)
    /// A shadow under it (`shadow`): its colour, blur radius and offset.
    case shadow(color: ColorValue, radius: CGFloat, x: CGFloat, y: CGFloat)
    /// What it draws outside its frame is cut off (`clipped`).
    case clipped
    /// Its centre placed at this point of the space it is offered, which it takes (`position`).
    case position(x: CGFloat, y: CGFloat)
    /// Its width and height kept in this ratio (`aspectRatio`, `scaledToFit`, `scaledToFill`;
    /// nil: its content's own).
    case aspectRatio(CGFloat?, contentMode: ContentMode)
    /// How its colours combine with what is behind it (`blendMode`).
    case blendMode(BlendMode)
    /// Changes inside it animate with this (nil: at once; `animation(_:)`). With a
    /// `valueVersion` (`animation(_:value:)`), only the changes that come with a new version:
    /// the number of times the value changed at this place.
    case animation(Animation?, valueVersion: Int? = nil)
    /// How it comes and goes when an animated change inserts or removes it (`transition`).
    case transition(AnyTransition)
    /// Its colours inverted (`colorInvert`).
    case colorInvert
    /// Its colours multiplied by a colour's, its transparency kept (`colorMultiply`).
    case colorMultiply(ColorValue)
    /// Taps and clicks go through it to what is behind when false (`allowsHitTesting`).
    case allowsHitTesting(Bool)
    /// Its digits drawn at one width, so that changing numbers do not shift (`monospacedDigit`).
    case monospacedDigit
    /// Its pointer presses, moves and releases go to this recognizer (`gesture`, `onTapGesture`).
    case gesture(GestureRecognizer)
    /// The columns of a `Grid` it spans (`gridCellColumns`).
    case gridCellColumns(Int)
    /// Where it sits in its `Grid` cell when it is smaller (`gridCellAnchor`).
    case gridCellAnchor(UnitPoint)
    /// The background of the list row it is (`listRowBackground`).
    case listRowBackground([ViewNode])
    /// The space between the list row it is and the row's content (`listRowInsets`; nil: the
    /// platform's).
    case listRowInsets(EdgeInsets?)
    /// Scrolled into view by the browser each time `request` changes (a `ScrollViewReader`'s
    /// `scrollTo`), its `block` (`start`, `center`, `end`, `nearest`) where the anchor says.
    case scrollTarget(request: Int, block: String)
    /// Its name for screen readers (`accessibilityLabel`).
    case accessibilityLabel(String)
    /// Its value for screen readers, said after its name (`accessibilityValue`).
    case accessibilityValue(String)
    /// What happens when it is used, for screen readers (`accessibilityHint`).
    case accessibilityHint(String)
    /// What it is, for screen readers: a heading, a button… (`accessibilityAddTraits`).
    case accessibilityTraits(AccessibilityTraits)
    /// One element for screen readers, and what becomes of the views inside
    /// (`accessibilityElement(children:)`).
    case accessibilityElement(AccessibilityChildBehavior)
    /// Left out by screen readers when true (`accessibilityHidden`).
    case accessibilityHidden(Bool)
    /// Clipped to a shape drawn in its bounds (`clipShape`).
    case clipShape(ShapeSpec)
    /// Its space kept, but not shown (`hidden`).
    case hidden
    /// The most lines of text it shows (`lineLimit`).
    case lineLimit(Int?)
    /// How its lines of text line up (`multilineTextAlignment`).
    case multilineTextAlignment(TextAlignment)
    /// A screen pushed over the one it was declared in (`navigationDestination(isPresented:)`):
    /// drawn over the whole stack.
    case pushedOver
    /// What `safeAreaInset` puts along an edge: drawn above the screens pushed over the view it
    /// is inset in, as SwiftUI keeps it over a navigation stack's every screen.
    case safeAreaInset
    /// A ``Menu``: its label, and its open list (`panel`), which floats over what follows the
    /// menu instead of pushing it down.
    case menu(panel: Bool)
  }
}

extension ViewNode {
  /// The text of this node and its children, as a reader would hear it.
  public var plainText: String {
    switch kind {
    case let .text(runs): return runs.map(\.string).joined()
    default: return children.map(\.plainText).filter { !$0.isEmpty }.joined(separator: " ")
    }
  }

  /// Adds `modifier` to each of `nodes` (`identity` is no longer read: nothing is wrapped).
  /// `nodes` with the groups that only gather views (a `Group`, a `ForEach`, a body of several
  /// views, none with a modifier) replaced by the views inside them: what a container lays out
  /// one by one.
  public static func flattened(_ nodes: [ViewNode]) -> [ViewNode] {
    // Most containers hold no such group: their array as it is, not copied node by node.
    guard nodes.contains(where: { if case .group = $0.kind, $0.modifiers.isEmpty { true } else { false } }) else {
      return nodes
    }
    return nodes.flatMap { node -> [ViewNode] in
      if case .group = node.kind, node.modifiers.isEmpty { return flattened(node.children) }
      return [node]
    }
  }

  static func modify(_ nodes: [ViewNode], with modifier: Modifier) -> [ViewNode] {
    // A modifier of several views (a `Group`'s, a body of several) modifies each of them, as in
    // SwiftUI: `Group { Circle(); Button(…) }.opacity(0.1)` in a `ZStack` is two layers, each
    // faded, not one box of two.
    nodes.map { node in
      var node = node
      node.modifiers.append(modifier)
      // No longer what the view inside resolved to.
      node.version = nil
      return node
    }
  }
}

/// A run of text with one style (a `Text` made by `+` has several).
public struct TextRun: Equatable {
  /// The characters.
  public var string: String
  /// Drawn bold (`bold()`).
  public var isBold = false
  /// Drawn in italics (`italic()`).
  public var isItalic = false
  /// Struck through (`strikethrough()`).
  public var isStrikethrough = false
  /// Underlined (`underline()`).
  public var isUnderlined = false
  /// In a fixed-width font (`monospaced()`).
  public var isMonospaced = false
  /// Its own font (`Text.font(_:)`), over the one around it.
  public var font: Font?
  /// Its own colour (`Text.foregroundColor(_:)`), over the one around it.
  public var color: ColorValue?
}

/// How a stack lays out its children.
public struct Stack {
  /// Side by side, one above the other, or on top of each other (`ZStack`).
  public enum Axis: Sendable { case horizontal, vertical, depth }
  /// The direction the children go in.
  public var axis: Axis
  /// Where children smaller than the stack sit across it.
  public var alignment: Alignment
  /// The space between children (nil: the platform's, 8 points).
  public var spacing: CGFloat?
}

/// Where an image comes from.
public enum ImageSource: Equatable, Sendable {
  /// A symbol of the platform's set, by name (`"star.fill"`).
  case system(String)
  /// A picture the browser loads from an address (an ``AsyncImage``'s, once loaded).
  case remote(RemoteImage)
  /// A picture of the app's asset catalogue (`Image("crest")`), from a file the renderer serves.
  case asset(AssetImage)
}

/// A picture of the app's asset catalogue: its name, its file (nil when the catalogue has none
/// a renderer can draw), the pixels per point it was made for, and whether it stretches to its
/// frame (`resizable()`) or keeps its own size.
public struct AssetImage: Equatable, Sendable {
  /// The name it was asked for by.
  public var name: String
  /// The picture's file.
  public var file: URL?
  /// Pixels per point (2 for the `2x` file of a set): its own size is divided by it.
  public var scale: CGFloat
  /// Whether it takes the size of its frame (`resizable()`) rather than its own.
  public var isResizable: Bool
}

/// A picture loaded from an address: where it is, the pixels per point it was made for, and
/// whether it stretches to its frame (`resizable()`) or keeps its own size.
public struct RemoteImage: Equatable, Sendable {
  /// Where the picture is.
  public var url: URL
  /// Pixels per point (2 for an image made for a 2× screen): its own size is divided by it.
  public var scale: CGFloat
  /// Whether it takes the size of its frame (`resizable()`) rather than its own.
  public var isResizable: Bool
}

/// A picture being loaded for an ``AsyncImage``: the renderer loads `url` out of sight and calls
/// `loaded` or `failed` once.
public struct ImageLoaderSpec {
  /// Where the picture is.
  public var url: URL
  /// Runs once the picture loaded.
  public var loaded: @MainActor () -> Void
  /// Runs if it could not be loaded.
  public var failed: @MainActor () -> Void
}

/// A button: what it does and how it looks.
public struct ButtonSpec {
  /// What it does, which decides its colour and its place in an alert.
  public var role: ButtonRole?
  /// The built-in style in force (`.custom` when a style of the app's drew the label).
  public var style: ButtonStyleKind
  /// Runs when it is pressed.
  public var action: @MainActor () -> Void
}

/// A text field: its title, its text, and what to tell when they change.
public struct TextFieldSpec {
  /// The field's label (a placeholder, and its name for screen readers).
  public var title: String
  /// The text it shows.
  public var text: String
  /// Takes the text the user typed.
  public var setText: @MainActor (String) -> Void
  /// A password field: the text is not shown.
  public var isSecure: Bool
  /// Grows to several lines (`axis: .vertical`).
  public var isMultiline: Bool
  /// The text field style in force.
  public var style: TextFieldStyleKind
  /// Runs when the user submits the field (Return), from `onSubmit`.
  public var onSubmit: (@MainActor () -> Void)?
  /// Whether the field has the focus (`focused(_:)`), and what to tell when it gains or loses it.
  public var isFocused: Bool
  /// Told when the user moves the focus into the field (true) or out of it (false).
  public var setFocused: (@MainActor (Bool) -> Void)?
  /// The on-screen keyboard to ask for (HTML `inputmode`; nil: the default), from `keyboardType`.
  public var inputMode: String?
  /// What the field holds, for the browser to offer (HTML `autocomplete`), from `textContentType`.
  public var autocomplete: String?
  /// The text shown in the empty field (`prompt:`); nil: the title.
  public var prompt: String? = nil
}

/// A switch.
public struct ToggleSpec {
  /// Whether it is on.
  public var isOn: Bool
  /// Takes the state the user switched it to.
  public var setOn: @MainActor (Bool) -> Void
}

/// A choice among tagged options.
public struct PickerSpec {
  /// One option: its label, and its place among the options.
  public struct Option {
    /// What the option shows.
    public var label: [ViewNode]
    /// The option's place among the options, which is what the renderer sends back.
    public var index: Int
  }
  /// The options, in order.
  public var options: [Option]
  /// The option whose tag is the selection, if one is.
  public var selectedIndex: Int?
  /// Selects the option at a place.
  public var select: @MainActor (Int) -> Void
  /// The picker style in force.
  public var style: PickerStyleKind
}

/// A stepper's two buttons: each nil when it cannot step further (or is disabled).
public struct StepperSpec {
  /// Steps up.
  public var increment: (@MainActor () -> Void)?
  /// Steps down.
  public var decrement: (@MainActor () -> Void)?
}

/// A slider along a range.
public struct SliderSpec {
  /// Where it is.
  public var value: Double
  /// Its ends.
  public var range: ClosedRange<Double>
  /// The step it moves by (nil: any value).
  public var step: Double?
  /// Takes the value the user moved it to.
  public var setValue: @MainActor (Double) -> Void
}

/// Progress, drawn by the platform.
public struct ProgressSpec {
  /// The fraction done (0…1), or nil for progress of unknown length.
  public var fractionCompleted: Double?
  /// Drawn as a circle (a spinner, or a ring filled to the fraction), else as a bar.
  public var isCircular: Bool
}

/// A `List` or a `Form`.
public struct ListSpec {
  /// A `Form` (always drawn grouped).
  public var isForm: Bool
  /// The list style in force.
  public var style: ListStyleKind
  /// Its refresh control, when it can be refreshed (`refreshable`).
  public var refresh: RefreshControl? = nil
}

/// A list's refresh control: whether a refresh is under way, and how to start one.
public struct RefreshControl {
  /// A refresh is under way.
  public var isRefreshing: Bool
  /// Starts a refresh (nothing while one is under way).
  public var refresh: @MainActor () -> Void
}

/// A section's header and footer.
public struct SectionSpec {
  /// Above the rows.
  public var header: [ViewNode]
  /// Below the rows.
  public var footer: [ViewNode]

  /// A section with `header` and `footer` (either may be empty).
  public init(header: [ViewNode], footer: [ViewNode]) {
    self.header = header
    self.footer = footer
  }
}

/// A row of a `ForEach` with `onDelete` or `onMove`: what its controls do.
public struct RowSpec {
  /// Whether the list is in edit mode (`EditButton`): move controls are shown.
  public var isEditing: Bool
  /// Deletes the row (`onDelete` with its offset).
  public var delete: (@MainActor () -> Void)? = nil
  /// Moves the row one place up (nil for the first row, or without `onMove`).
  public var moveUp: (@MainActor () -> Void)? = nil
  /// Moves the row one place down (nil for the last row, or without `onMove`).
  public var moveDown: (@MainActor () -> Void)? = nil
  /// Selects the row, or with a set of selections adds or removes it (a `List(selection:)`
  /// row whose tag has the selection's type; nil: not selectable).
  public var select: (@MainActor () -> Void)? = nil
  /// Whether the row is selected.
  public var isSelected = false
}

/// The bar of a navigation stack's screen.
public struct NavigationBar {
  /// The screen's title (`navigationTitle`).
  public var title: String?
  /// Where the title is drawn: large under the bar, or inline in it.
  public var displayMode: NavigationBarItem.TitleDisplayMode
  /// The title of the screen under this one, and how to go back to it (nil at the root).
  public var back: (title: String, action: @MainActor () -> Void)?
  /// The screen's toolbar items.
  public var toolbar: [ToolbarItemNode]
  /// Whether the bar is shown at all.
  public var isVisible: Bool
}

/// An item of a toolbar, where its placement puts it.
public struct ToolbarItemNode {
  /// Where the item goes.
  public var placement: ToolbarItemPlacement
  /// What it shows.
  public var content: [ViewNode]
}

/// Something presented over the window.
public struct Presentation {
  /// A sheet, a full-screen cover, an alert or a confirmation dialog.
  public enum Kind: Sendable { case sheet, fullScreenCover, alert, confirmationDialog }
  /// What it is.
  public var kind: Kind
  /// An alert's or a dialog's title.
  public var title: String?
  /// An alert's or a dialog's message.
  public var message: [ViewNode]
  /// An alert's or a dialog's buttons (the sheet's content is the node's children).
  public var actions: [ViewNode]
  /// Ends the presentation (Escape pressed in it).
  public var dismiss: @MainActor () -> Void
  /// The height a sheet rests at, when its content chose one below the whole window
  /// (`presentationDetents`).
  public var detent: PresentationDetent? = nil
}

/// A shape and how it is painted.
public struct ShapeSpec {
  /// The shape's outline in a rectangle: the renderer asks with the size it draws at.
  public var path: @MainActor (CGRect) -> Path
  /// The fill colour (nil with a stroke; nil without one: the foreground colour).
  public var fill: ColorValue?
  /// The outline's colour and style, and whether it is drawn inside the shape (`strokeBorder`).
  public var stroke: (color: ColorValue, style: StrokeStyle, inset: Bool)?
}

/// A `frame` modifier's sizes (nil: not set) and where the content sits in it.
public struct FrameSpec {
  /// A fixed width.
  public var width: CGFloat?
  /// A fixed height.
  public var height: CGFloat?
  /// The least width.
  public var minWidth: CGFloat?
  /// The most width (`.infinity`: all there is).
  public var maxWidth: CGFloat?
  /// The least height.
  public var minHeight: CGFloat?
  /// The most height (`.infinity`: all there is).
  public var maxHeight: CGFloat?
  /// Where the content sits in the frame.
  public var alignment: Alignment
}

/// A `TabView`'s bar: its tabs in order, and how to choose one.
public struct TabBar {
  /// One tab's item.
  public struct Tab {
    /// What its `tabItem` shows.
    public var label: [ViewNode]
    /// Whether it is the tab shown.
    public var isSelected: Bool
  }
  /// The tabs, in order.
  public var tabs: [Tab]
  /// Selects the tab at a place.
  public var select: @MainActor (Int) -> Void
}

/// A `GeometryReader`: where the renderer tells the size it drew it at.
public struct GeometrySpec {
  /// Takes the size the reader was drawn at (the content is built again for a new one).
  public var setSize: @MainActor (CGSize) -> Void
}

/// A `Table`'s columns and rows (its titles and cells are the node's children).
public struct TableSpec {
  /// A column: its width, and how it sorts.
  public struct Column {
    /// Its width in points (nil: a share of the table's).
    public var width: CGFloat?
    /// The direction the rows are sorted by this column, when it comes first in the sort order.
    public var sort: SortOrder?
    /// Puts the column first in the sort order, or turns it round (nil: it does not sort).
    public var toggleSort: (@MainActor () -> Void)?
  }
  /// A row: its key (its element's id), and whether it is selected.
  public struct Row {
    /// The row's key, for the diff.
    public var key: String
    /// Whether the row is selected.
    public var isSelected: Bool
    /// Selects the row (nil: the table has no selection).
    public var select: (@MainActor () -> Void)?
  }
  /// The columns, in order.
  public var columns: [Column]
  /// The rows, in order.
  public var rows: [Row]
}
