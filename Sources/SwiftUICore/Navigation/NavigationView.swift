/// A navigation stack in the spelling of iOS 13 to 15 (`NavigationView { List { … } }`): on a
/// phone-width screen it is what ``NavigationStack`` is, so here it is one, with the links of its
/// content (`NavigationLink(destination:)`) pushing on it.
@available(*, deprecated, message: "Use NavigationStack, which this is on a phone.")
public struct NavigationView<Content: View>: PrimitiveView {
  let content: Content

  /// A stack whose root screen is `content`.
  public init(@ViewBuilder content: () -> Content) {
    self.content = content()
  }

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    NavigationStack<NavigationPath, Content>._resolve(NavigationStack { view.content }, into: &nodes, in: context)
  }
}

/// How a ``NavigationView`` lays out its screens. A browser page is drawn as a phone's stack
/// whatever the style: the styles are accepted and change nothing.
public protocol NavigationViewStyle {}

/// One screen at a time, pushed and popped (`.stack`).
public struct StackNavigationViewStyle: NavigationViewStyle {
  /// The stack style.
  public init() {}
}

/// The platform's choice (`.automatic`): a stack here.
public struct DefaultNavigationViewStyle: NavigationViewStyle {
  /// The platform's style.
  public init() {}
}

/// A sidebar beside the screen on a wide display (`.columns`): a stack here.
public struct ColumnNavigationViewStyle: NavigationViewStyle {
  /// The columns style.
  public init() {}
}

extension NavigationViewStyle where Self == StackNavigationViewStyle {
  /// One screen at a time.
  public static var stack: StackNavigationViewStyle { StackNavigationViewStyle() }
}

extension NavigationViewStyle where Self == DefaultNavigationViewStyle {
  /// The platform's choice.
  public static var automatic: DefaultNavigationViewStyle { DefaultNavigationViewStyle() }
}

extension NavigationViewStyle where Self == ColumnNavigationViewStyle {
  /// A sidebar beside the screen (a stack here).
  public static var columns: ColumnNavigationViewStyle { ColumnNavigationViewStyle() }
}

extension View {
  /// The layout of the ``NavigationView`` inside: accepted, and drawn as a stack.
  public func navigationViewStyle<S: NavigationViewStyle>(_ style: S) -> some View {
    self
  }
}
