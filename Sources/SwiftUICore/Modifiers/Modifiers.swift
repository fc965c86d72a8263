/// A view with a modifier applied to what its content resolves to.
struct NodeModifier<Content: View>: PrimitiveView {
  let content: Content
  let modifier: @MainActor (ResolveContext) -> ViewNode.Modifier

  static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let content = context.nodes(of: view.content, component: "m")
    guard !content.isEmpty else { return }
    nodes += ViewNode.modify(content, with: view.modifier(context))
  }
}

extension View {
  func modifier(node modifier: @escaping @MainActor (ResolveContext) -> ViewNode.Modifier) -> some View {
    NodeModifier(content: self, modifier: modifier)
  }

  func modifier(node modifier: ViewNode.Modifier) -> some View {
    NodeModifier(content: self) { _ in modifier }
  }

  /// Space around the view: the platform's default (16 points) on the sides in `edges`.
  public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
    modifier(node: .padding(EdgeInsets(edges, length ?? 16)))
  }

  /// `length` points of space on every side.
  public func padding(_ length: CGFloat) -> some View {
    modifier(node: .padding(EdgeInsets(.all, length)))
  }

  /// Space around the view, side by side.
  public func padding(_ insets: EdgeInsets) -> some View {
    modifier(node: .padding(insets))
  }

  /// A fixed width or height (or both), the content placed by `alignment`.
  public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
    modifier(node: .frame(FrameSpec(width: width, height: height, alignment: alignment)))
  }

  /// Bounds on the width and height: `maxWidth: .infinity` fills the width.
  public func frame(
    minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
    minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
    alignment: Alignment = .center
  ) -> some View {
    modifier(
      node: .frame(
        FrameSpec(minWidth: minWidth, maxWidth: maxWidth, minHeight: minHeight, maxHeight: maxHeight, alignment: alignment)
      )
    )
  }

  /// Keeps the view at its own size: text is not wrapped or cut.
  public func fixedSize() -> some View {
    modifier(node: .fixedSize(horizontal: true, vertical: true))
  }

  /// Keeps the view at its own width, height, or both.
  public func fixedSize(horizontal: Bool, vertical: Bool) -> some View {
    modifier(node: .fixedSize(horizontal: horizontal, vertical: vertical))
  }

  /// A view behind this one, the size of this one.
  public func background<Background: View>(alignment: Alignment = .center, @ViewBuilder content: () -> Background) -> some View {
    let background = content()
    return modifier { context in .background(context.nodes(of: background, component: "background"), alignment: alignment) }
  }

  /// A view behind this one (a colour, a shape).
  public func background<Background: View>(_ background: Background, alignment: Alignment = .center) -> some View {
    modifier { context in .background(context.nodes(of: background, component: "background"), alignment: alignment) }
  }

  /// A colour behind this one.
  public func background<S: ShapeStyle>(_ style: S) -> some View {
    modifier { context in
      .background([context.node(.color(style.colorValue ?? .system("primary", opacity: 1)))], alignment: .center)
    }
  }

  /// A view in front of this one, the size of this one.
  public func overlay<Overlay: View>(alignment: Alignment = .center, @ViewBuilder content: () -> Overlay) -> some View {
    let overlay = content()
    return modifier { context in .overlay(context.nodes(of: overlay, component: "overlay"), alignment: alignment) }
  }

  /// A view in front of this one.
  public func overlay<Overlay: View>(_ overlay: Overlay, alignment: Alignment = .center) -> some View {
    modifier { context in .overlay(context.nodes(of: overlay, component: "overlay"), alignment: alignment) }
  }

  /// The font of the text inside this view.
  public func font(_ font: Font?) -> some View {
    modifier { _ in font.map { .font($0) } ?? .font(.body) }
  }

  /// Bold text inside this view.
  public func bold(_ isActive: Bool = true) -> some View {
    modifier(node: .font(Font.body.weight(isActive ? .bold : .regular)))
  }

  /// The colour of the text and symbols inside this view.
  public func foregroundColor(_ color: Color?) -> some View {
    modifier(node: .foreground(color?.value ?? .system("primary", opacity: 1)))
  }

  /// The colour (or style) of the text, symbols and shapes inside this view.
  public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
    modifier(node: .foreground(style.colorValue ?? .system("primary", opacity: 1)))
  }

  /// The accent colour of the controls inside this view.
  public func tint(_ tint: Color?) -> some View {
    modifier(node: .tint(tint?.value ?? .system("accent", opacity: 1)))
  }

  /// The accent colour (or style) of the controls inside this view.
  public func tint<S: ShapeStyle>(_ tint: S?) -> some View {
    modifier(node: .tint(tint?.colorValue ?? .system("accent", opacity: 1)))
  }

  /// The accent colour of the controls inside this view (the older name of `tint`).
  public func accentColor(_ accentColor: Color?) -> some View {
    tint(accentColor)
  }

  /// The view clipped to `shape`, drawn in the view's bounds (a `Circle` for a round avatar).
  public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View {
    modifier(node: .clipShape(ShapeSpec(path: { shape.path(in: $0) }, fill: nil, stroke: nil)))
  }

  /// Rounded corners, clipping the view.
  public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> some View {
    modifier(node: .cornerRadius(radius))
  }

  /// The view drawn at `opacity` (0 transparent, 1 opaque).
  public func opacity(_ opacity: Double) -> some View {
    modifier(node: .opacity(opacity))
  }

  /// Turns the controls inside this view off when `disabled`.
  public func disabled(_ disabled: Bool) -> some View {
    EnvironmentWriter(content: self) { values in
      if disabled { values.isEnabled = false }
    }
  }

  /// The view turned by `angle` around its centre (or `anchor`).
  public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
    modifier(node: .rotation(degrees: angle.degrees))
  }

  /// The view drawn `scale` times its size around its centre (its place in the layout kept).
  public func scaleEffect(_ scale: CGFloat, anchor: UnitPoint = .center) -> some View {
    modifier(node: .scale(x: scale, y: scale))
  }

  /// The view drawn scaled by `scale`'s width and height around its centre.
  public func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> some View {
    modifier(node: .scale(x: scale.width, y: scale.height))
  }

  /// The view drawn scaled by `x` across and `y` down around its centre.
  public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> some View {
    modifier(node: .scale(x: x, y: y))
  }

  /// The view drawn moved by `offset` (its place in the layout kept).
  public func offset(_ offset: CGSize) -> some View {
    modifier(node: .offset(x: offset.width, y: offset.height))
  }

  /// The view drawn moved `x` points across and `y` down (its place in the layout kept).
  public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View {
    modifier(node: .offset(x: x, y: y))
  }

  /// A shadow under the view: `color` (a translucent black by default), blurred by `radius`,
  /// moved by `x` and `y`.
  public func shadow(color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> some View {
    modifier(node: .shadow(color: color.value, radius: radius, x: x, y: y))
  }

  /// What the view draws outside its frame is cut off.
  public func clipped(antialiased: Bool = false) -> some View {
    modifier(node: .clipped)
  }

  /// The background of the list row this view is.
  public func listRowBackground<V: View>(_ view: V?) -> some View {
    modifier { context in .listRowBackground(view.map { context.nodes(of: $0, component: "rowBackground") } ?? []) }
  }

  /// The space between the list row this view is and its content (nil: the platform's).
  public func listRowInsets(_ insets: EdgeInsets?) -> some View {
    modifier(node: .listRowInsets(insets))
  }

  /// Keeps the view's space but does not show it.
  public func hidden() -> some View {
    modifier(node: .hidden)
  }

  /// At most `number` lines of text (nil: no limit).
  public func lineLimit(_ number: Int?) -> some View {
    modifier(node: .lineLimit(number))
  }

  /// How the lines of text inside this view line up.
  public func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
    modifier(node: .multilineTextAlignment(alignment))
  }
}

/// A point in a rectangle, in fractions of its width and height.
public struct UnitPoint: Hashable, Sendable {
  /// The fraction of the width from the leading edge.
  public var x: CGFloat
  /// The fraction of the height from the top.
  public var y: CGFloat
  /// The point at `x` of the width and `y` of the height.
  public init(x: CGFloat, y: CGFloat) {
    self.x = x
    self.y = y
  }
  /// The point (0.5, 0.5).
  public static let center = Self(x: 0.5, y: 0.5)
  /// The point (0.5, 0).
  public static let top = Self(x: 0.5, y: 0)
  /// The point (0.5, 1).
  public static let bottom = Self(x: 0.5, y: 1)
  /// The point (0, 0.5).
  public static let leading = Self(x: 0, y: 0.5)
  /// The point (1, 0.5).
  public static let trailing = Self(x: 1, y: 0.5)
  /// The point (0, 0).
  public static let topLeading = Self(x: 0, y: 0)
  /// The point (1, 0).
  public static let topTrailing = Self(x: 1, y: 0)
  /// The point (0, 1).
  public static let bottomLeading = Self(x: 0, y: 1)
  /// The point (1, 1).
  public static let bottomTrailing = Self(x: 1, y: 1)
}

extension EnvironmentValues {
  private enum IsEnabledKey: EnvironmentKey {
    static var defaultValue: Bool { true }
  }
  /// Whether the controls here respond (`disabled(_:)` turns it off).
  public var isEnabled: Bool {
    get { self[IsEnabledKey.self] }
    set { self[IsEnabledKey.self] = newValue }
  }
}

// MARK: Modifiers of your own

/// A modifier of yours: `body(content:)` returns the view modified. Apply it with
/// `modifier(_:)`.
///
/// ```swift
/// struct CardStyle: ViewModifier {
///   func body(content: Content) -> some View {
///     content.padding().background(Color.white).cornerRadius(12)
///   }
/// }
/// ```
@MainActor @preconcurrency
public protocol ViewModifier {
  associatedtype Body: View
  @ViewBuilder func body(content: Content) -> Body
  typealias Content = _ViewModifier_Content<Self>
}

/// The view a `ViewModifier` modifies, as its `body(content:)` gets it.
public struct _ViewModifier_Content<Modifier: ViewModifier>: PrimitiveView {
  let resolveContent: @MainActor (inout [ViewNode], ResolveContext) -> Void

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    view.resolveContent(&nodes, context)
  }
}

/// A view with a modifier of yours applied.
public struct ModifiedContent<Content, Modifier> {
  /// The view modified.
  public var content: Content
  /// The modifier.
  public var modifier: Modifier

  /// `content` with `modifier` applied.
  public init(content: Content, modifier: Modifier) {
    self.content = content
    self.modifier = modifier
  }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
  /// Drawn by the framework: the modifier's body around the content.
  public var body: Never { bodyOfPrimitive(Self.self) }
  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    var modifier = view.modifier
    linkDynamicProperties(of: &modifier, slot: context.path, in: context)
    let content = view.content
    let body = modifier.body(content: _ViewModifier_Content { nodes, context in
      context.resolve(content, into: &nodes, component: "content")
    })
    context.resolve(body, into: &nodes, component: "modifier")
  }
}

extension View {
  /// Applies a modifier of yours.
  public func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> {
    ModifiedContent(content: self, modifier: modifier)
  }
}

// MARK: Accepted and ignored

// Each of these changes nothing in a browser (no animation, haptics or software keyboard is
// drawn), and is listed as such in the documentation.
extension View {
  /// Accepted and ignored: the browser corrects as it does.
  public func autocorrectionDisabled(_ disable: Bool = true) -> some View { self }
  /// Accepted and ignored: the browser corrects as it does.
  public func disableAutocorrection(_ disable: Bool?) -> some View { self }
  /// Accepted and ignored: there is no software keyboard to configure (the iOS 13 form).
  public func autocapitalization(_ style: UITextAutocapitalizationType) -> some View { self }
  /// Accepted and ignored: there is no software keyboard to configure.
  public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> some View { self }
  /// Accepted and ignored: a view is hit where it is drawn.
  public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View { self }
  /// Accepted and ignored: there is no software keyboard.
  public func scrollDismissesKeyboard(_ mode: ScrollDismissesKeyboardMode) -> some View { self }
  /// Accepted and ignored: there is no software keyboard.
  public func submitLabel(_ submitLabel: SubmitLabel) -> some View { self }
  /// Accepted and ignored: a browser has no haptics.
  public func sensoryFeedback<T: Equatable>(_ feedback: SensoryFeedback, trigger: T) -> some View { self }
  /// Accepted and ignored: a sheet is dismissed by its own buttons or Escape.
  public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View { self }
  /// Accepted and ignored: lists keep their grouped background.
  public func scrollContentBackground(_ visibility: Visibility) -> some View { self }
  /// Accepted and ignored: a browser has no status bar.
  public func statusBarHidden(_ hidden: Bool = true) -> some View { self }
  /// Accepted and ignored: pages are drawn light.
  public func preferredColorScheme(_ colorScheme: ColorScheme?) -> some View { self }
}

/// How a field capitalizes what is typed, as UIKit spells it for `autocapitalization(_:)`:
/// accepted and ignored (the browser's keyboard does as it does).
public enum UITextAutocapitalizationType: Int, Sendable {
  /// Nothing is capitalized.
  case none
  /// Each word.
  case words
  /// Each sentence.
  case sentences
  /// Every character.
  case allCharacters
}

/// How a software keyboard capitalizes: accepted and ignored here.
public struct TextInputAutocapitalization: Sendable {
  let name: String
  /// The `never` value.
  public static let never = Self(name: "never")
  /// The `words` value.
  public static let words = Self(name: "words")
  /// The `sentences` value.
  public static let sentences = Self(name: "sentences")
  /// The `characters` value.
  public static let characters = Self(name: "characters")
}

/// When scrolling dismisses a software keyboard: accepted and ignored here.
public enum ScrollDismissesKeyboardMode: Sendable {
  /// The platform's choice.
  case automatic
  /// As soon as scrolling starts.
  case immediately
  /// As the scroll drags it.
  case interactively
  /// Never.
  case never
}

/// The label of a software keyboard's Return key: accepted and ignored here.
public struct SubmitLabel: Sendable {
  let name: String
  /// The `done` value.
  public static let done = Self(name: "done")
  /// The `go` value.
  public static let go = Self(name: "go")
  /// The `send` value.
  public static let send = Self(name: "send")
  /// The `join` value.
  public static let join = Self(name: "join")
  /// The `route` value.
  public static let route = Self(name: "route")
  /// The `search` value.
  public static let search = Self(name: "search")
  /// Return.
  public static let `return` = Self(name: "return")
  /// The `next` value.
  public static let next = Self(name: "next")
  /// Continue.
  public static let `continue` = Self(name: "continue")
}

/// A haptic: accepted and ignored here.
public struct SensoryFeedback: Sendable {
  let name: String
  /// The `success` value.
  public static let success = Self(name: "success")
  /// The `warning` value.
  public static let warning = Self(name: "warning")
  /// The `error` value.
  public static let error = Self(name: "error")
  /// The `selection` value.
  public static let selection = Self(name: "selection")
  /// The `increase` value.
  public static let increase = Self(name: "increase")
  /// The `decrease` value.
  public static let decrease = Self(name: "decrease")
  /// The `impact` value.
  public static let impact = Self(name: "impact")
}

/// Whether something is shown.
public enum Visibility: Hashable, CaseIterable, Sendable {
  /// As the platform decides.
  case automatic
  /// Shown.
  case visible
  /// Not shown.
  case hidden
}

/// The appearance: light or dark.
public enum ColorScheme: Hashable, CaseIterable, Sendable {
  /// Dark on light (the page's).
  case light
  /// Light on dark.
  case dark
}

extension EnvironmentValues {
  private enum ColorSchemeKey: EnvironmentKey {
    static var defaultValue: ColorScheme { .light }
  }
  /// The appearance the window is shown in.
  public var colorScheme: ColorScheme {
    get { self[ColorSchemeKey.self] }
    set { self[ColorSchemeKey.self] = newValue }
  }
}
