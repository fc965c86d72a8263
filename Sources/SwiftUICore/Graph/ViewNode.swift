/// What a view resolves to: a tree of plain values that a renderer draws. It says what each
/// piece is (a stack, a button, a text field…), its actions and bindings as closures, and the
/// modifiers applied to it in order; it knows nothing of HTML or terminals.
public struct ViewNode {
  public var kind: Kind
  /// The place of the view in the tree: unique in one pass, the same across passes for the same
  /// view (a renderer can name fields and labels with it).
  public var identity: String
  public var children: [ViewNode]
  /// The modifiers applied to this node, innermost first.
  public var modifiers: [Modifier] = []
  /// Its identity among its siblings, when a `ForEach` gave it one (the element's id).
  public var key: String?
  /// The value a `Picker` selects with this node (`tag(_:)`, or a `ForEach` element's id).
  public var tag: AnyHashable?

  public init(kind: Kind, identity: String, children: [ViewNode] = []) {
    self.kind = kind
    self.identity = identity
    self.children = children
  }

  public enum Kind {
    /// Its children, laid out by its parent as if they were the parent's.
    case group
    case text([TextRun])
    case stack(Stack)
    case spacer(minLength: CGFloat?)
    case divider
    case image(ImageSource)
    /// Children: the label.
    case button(ButtonSpec)
    /// Children: the label.
    case link(URL)
    case textField(TextFieldSpec)
    /// Children: the label.
    case toggle(ToggleSpec)
    /// Children: the label.
    case picker(PickerSpec)
    /// Children: the label.
    case stepper(StepperSpec)
    case slider(SliderSpec)
    /// Children: the label.
    case progress(ProgressSpec)
    /// A `List` or a `Form`; children: its rows and sections.
    case list(ListSpec)
    /// Children: its rows.
    case section(SectionSpec)
    /// A row of a list that can be deleted or moved.
    case row(RowSpec)
    /// A link that pushes a screen (nil: there is no stack to push on); children: the label.
    case navigationLink((@MainActor () -> Void)?)
    /// A navigation stack showing its top screen; children: that screen.
    case navigationStack(NavigationBar)
    /// A sheet, an alert or a confirmation dialog over the window; children: its content.
    case presentation(Presentation)
    case shape(ShapeSpec)
    case color(ColorValue)
  }

  /// A modifier applied to a node: how it is laid out and painted.
  public enum Modifier {
    case padding(EdgeInsets)
    case frame(FrameSpec)
    case fixedSize(horizontal: Bool, vertical: Bool)
    case background([ViewNode], alignment: Alignment)
    case overlay([ViewNode], alignment: Alignment)
    case font(Font)
    case foreground(ColorValue)
    case tint(ColorValue)
    case cornerRadius(CGFloat)
    case opacity(Double)
    case disabled
    case rotation(degrees: Double)
    case listRowBackground([ViewNode])
    case accessibilityLabel(String)
    case hidden
    case lineLimit(Int?)
    case multilineTextAlignment(TextAlignment)
    /// A screen pushed over the one it was declared in (`navigationDestination(isPresented:)`):
    /// drawn over the whole stack.
    case pushedOver
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

  /// Adds `modifier` to each of `nodes`, or around them as one group when there are several
  /// (a `padding` on a stack's two rows pads the pair, as in SwiftUI).
  static func modify(_ nodes: [ViewNode], with modifier: Modifier, identity: String) -> [ViewNode] {
    if nodes.count == 1 {
      var node = nodes[0]
      node.modifiers.append(modifier)
      return [node]
    }
    var group = ViewNode(kind: .group, identity: identity, children: nodes)
    group.modifiers.append(modifier)
    return [group]
  }
}

/// A run of text with one style (a `Text` made by `+` has several).
public struct TextRun: Equatable {
  public var string: String
  public var isBold = false
  public var isItalic = false
  public var isStrikethrough = false
  public var isUnderlined = false
  public var isMonospaced = false
  public var font: Font?
  public var color: ColorValue?
}

public struct Stack {
  public enum Axis: Sendable { case horizontal, vertical, depth }
  public var axis: Axis
  public var alignment: Alignment
  public var spacing: CGFloat?
}

public enum ImageSource: Equatable, Sendable {
  case system(String)
  case named(String)
}

public struct ButtonSpec {
  public var role: ButtonRole?
  public var style: ButtonStyleKind
  public var action: @MainActor () -> Void
}

public struct TextFieldSpec {
  public var title: String
  public var text: String
  public var setText: @MainActor (String) -> Void
  public var isSecure: Bool
  public var isMultiline: Bool
  public var style: TextFieldStyleKind
  public var onSubmit: (@MainActor () -> Void)?
  /// Whether the field has the focus (`focused(_:)`), and what to tell when it gains or loses it.
  public var isFocused: Bool
  public var setFocused: (@MainActor (Bool) -> Void)?
}

public struct ToggleSpec {
  public var isOn: Bool
  public var setOn: @MainActor (Bool) -> Void
}

public struct PickerSpec {
  public struct Option {
    public var label: [ViewNode]
    /// The option's place among the options, which is what the renderer sends back.
    public var index: Int
  }
  public var options: [Option]
  public var selectedIndex: Int?
  public var select: @MainActor (Int) -> Void
  public var style: PickerStyleKind
}

public struct StepperSpec {
  public var increment: (@MainActor () -> Void)?
  public var decrement: (@MainActor () -> Void)?
}

public struct SliderSpec {
  public var value: Double
  public var range: ClosedRange<Double>
  public var step: Double?
  public var setValue: @MainActor (Double) -> Void
}

public struct ProgressSpec {
  /// The fraction done (0…1), or nil for progress of unknown length.
  public var fractionCompleted: Double?
}

public struct ListSpec {
  public var isForm: Bool
  public var style: ListStyleKind
}

public struct SectionSpec {
  public var header: [ViewNode]
  public var footer: [ViewNode]

  public init(header: [ViewNode], footer: [ViewNode]) {
    self.header = header
    self.footer = footer
  }
}

public struct RowSpec {
  /// Whether the list is in edit mode (`EditButton`): move controls are shown.
  public var isEditing: Bool
  public var delete: (@MainActor () -> Void)? = nil
  public var moveUp: (@MainActor () -> Void)? = nil
  public var moveDown: (@MainActor () -> Void)? = nil
}

/// The bar of a navigation stack's screen (or a sheet's).
public struct NavigationBar {
  public var title: String?
  public var displayMode: NavigationBarItem.TitleDisplayMode
  /// The title of the screen under this one, and how to go back to it (nil at the root).
  public var back: (title: String, action: @MainActor () -> Void)?
  public var toolbar: [ToolbarItemNode]
  /// Whether the bar is shown at all.
  public var isVisible: Bool
}

/// An item of a toolbar, where its placement puts it.
public struct ToolbarItemNode {
  public var placement: ToolbarItemPlacement
  public var content: [ViewNode]
}

public struct Presentation {
  public enum Kind: Sendable { case sheet, fullScreenCover, alert, confirmationDialog }
  public var kind: Kind
  public var title: String?
  public var message: [ViewNode]
  /// An alert's or a dialog's buttons (the sheet's content is the node's children).
  public var actions: [ViewNode]
  public var dismiss: @MainActor () -> Void
  /// A sheet's bar, when its content sets a title or a toolbar without a stack of its own.
  public var bar: NavigationBar?
}

public struct ShapeSpec {
  /// The shape's outline in a rectangle: the renderer asks with the size it draws at.
  public var path: @MainActor (CGRect) -> Path
  public var fill: ColorValue?
  public var stroke: (color: ColorValue, lineWidth: CGFloat, inset: Bool)?
}

public struct FrameSpec {
  public var width: CGFloat?
  public var height: CGFloat?
  public var minWidth: CGFloat?
  public var maxWidth: CGFloat?
  public var minHeight: CGFloat?
  public var maxHeight: CGFloat?
  public var alignment: Alignment
}
