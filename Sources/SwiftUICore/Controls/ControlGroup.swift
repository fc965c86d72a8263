/// Related controls side by side, as one group: `ControlGroup { Button("Bold") {…}; Button("Italic") {…} }`.
/// Drawn as a row of its controls on a rounded background; every ``ControlGroupStyle`` is
/// accepted and draws this way, and the label (for a menu's group) is not shown.
public struct ControlGroup<Content: View>: View {
  let content: Content

  /// The controls of `content`, side by side.
  public init(@ViewBuilder content: () -> Content) {
    self.content = content()
  }

  /// The controls of `content`, labelled (the label is accepted and not shown).
  public init<L: View>(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> L) {
    self.content = content()
  }

  /// The controls in a row on a rounded background.
  public var body: some View {
    HStack(spacing: 16) {
      content
    }
    .padding(.horizontal, 12)
    .padding(.vertical, 8)
    .background(Color.gray.opacity(0.15))
    .cornerRadius(8)
  }
}

/// How a ``ControlGroup`` is drawn (`controlGroupStyle(_:)`): every style draws a row here.
public protocol ControlGroupStyle {}

/// The platform's control group.
public struct AutomaticControlGroupStyle: ControlGroupStyle {
  /// The platform's control group.
  public init() {}
}
/// Controls joined in one bordered bar.
public struct NavigationControlGroupStyle: ControlGroupStyle {
  /// Controls joined in one bordered bar.
  public init() {}
}
/// A menu's compact row of controls.
public struct MenuControlGroupStyle: ControlGroupStyle {
  /// A menu's compact row of controls.
  public init() {}
}
/// Controls as a palette.
public struct PaletteControlGroupStyle: ControlGroupStyle {
  /// Controls as a palette.
  public init() {}
}
/// Controls in a compact menu.
public struct CompactMenuControlGroupStyle: ControlGroupStyle {
  /// Controls in a compact menu.
  public init() {}
}

extension ControlGroupStyle where Self == AutomaticControlGroupStyle {
  /// The platform's control group.
  public static var automatic: AutomaticControlGroupStyle { AutomaticControlGroupStyle() }
}
extension ControlGroupStyle where Self == NavigationControlGroupStyle {
  /// Controls joined in one bordered bar.
  public static var navigation: NavigationControlGroupStyle { NavigationControlGroupStyle() }
}
extension ControlGroupStyle where Self == MenuControlGroupStyle {
  /// A menu's compact row of controls.
  public static var menu: MenuControlGroupStyle { MenuControlGroupStyle() }
}
extension ControlGroupStyle where Self == PaletteControlGroupStyle {
  /// Controls as a palette.
  public static var palette: PaletteControlGroupStyle { PaletteControlGroupStyle() }
}
extension ControlGroupStyle where Self == CompactMenuControlGroupStyle {
  /// Controls in a compact menu.
  public static var compactMenu: CompactMenuControlGroupStyle { CompactMenuControlGroupStyle() }
}

extension View {
  /// Accepted: every control group is drawn as a row here.
  public func controlGroupStyle<S: ControlGroupStyle>(_ style: S) -> some View {
    self
  }
}
