/// A symbol of the platform's set (`Image(systemName: "star.fill")`), drawn from the renderer's
/// icons and named for screen readers, or a picture of the app's asset catalogue
/// (`Image("crest")`).
public struct Image: PrimitiveView, Equatable, Sendable {
  var source: ImageSource
  /// What screen readers call it: nil for a symbol (the renderer names it), the name or label of
  /// a picture; an empty label hides a decorative picture from them.
  var accessibilityName: String?

  /// A symbol of the platform's set by name (`"star.fill"`), drawn from the renderer's icons.
  public init(systemName: String) {
    source = .system(systemName)
  }

  /// The picture `name` of the app's asset catalogue (`Assets.xcassets/NAME.imageset` among the
  /// resources of `bundle`; the main bundle's, and the SwiftPM resource bundles beside it, when
  /// nil), named `name` for screen readers. The set's `2x` file is shown where it has one, at its
  /// own size in points (its pixels over its scale).
  public init(_ name: String, bundle: Bundle? = nil) {
    self.init(source: .asset(AssetImages.image(named: name, bundle: bundle ?? .main)), accessibilityName: name)
  }

  /// The picture `name` of the app's asset catalogue, named `label` for screen readers.
  public init(_ name: String, bundle: Bundle? = nil, label: Text) {
    self.init(source: .asset(AssetImages.image(named: name, bundle: bundle ?? .main)), accessibilityName: label.runs.map(\.string).joined())
  }

  /// The picture `name` of the app's asset catalogue, hidden from screen readers (an ornament).
  public init(decorative name: String, bundle: Bundle? = nil) {
    self.init(source: .asset(AssetImages.image(named: name, bundle: bundle ?? .main)), accessibilityName: "")
  }

  /// A picture (an asset's, or ``AsyncImage``'s once loaded) then takes the size of its frame
  /// rather than its own; a symbol is drawn at the size its frame or font gives either way.
  public func resizable() -> Image {
    var copy = self
    switch source {
    case var .remote(image):
      image.isResizable = true
      copy.source = .remote(image)
    case var .asset(image):
      image.isResizable = true
      copy.source = .asset(image)
    case .system:
      break
    }
    return copy
  }

  init(source: ImageSource, accessibilityName: String? = nil) {
    self.source = source
    self.accessibilityName = accessibilityName
  }
  /// Accepted and ignored (images keep their aspect ratio).
  public func renderingMode(_ mode: TemplateRenderingMode?) -> Image { self }

  /// How a symbol takes its colour (accepted and ignored: symbols take the text colour).
  public enum TemplateRenderingMode: Sendable {
    /// In the foreground colour.
    case template
    /// In the image's own colours.
    case original
  }

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let variants = context.environment.symbolVariants
    switch view.source {
    case let .system(name) where variants != .none:
      nodes.append(context.node(.image(.system(variants.applied(to: name)))))
    default:
      let image = [context.node(.image(view.source))]
      switch view.accessibilityName {
      case nil: nodes += image
      case ""?: nodes += ViewNode.modify(image, with: .accessibilityHidden(true))
      case let name?: nodes += ViewNode.modify(image, with: .accessibilityLabel(name))
      }
    }
  }
}

/// A title with an icon: `Label("Settings", systemImage: "gear")`, shown as the label style in
/// the environment says (`labelStyle(_:)`).
public struct Label<Title: View, Icon: View>: PrimitiveView {
  let title: Title
  let icon: Icon

  /// A label of a title and an icon of your own.
  public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
    self.title = title()
    self.icon = icon()
  }

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let configuration = LabelStyleConfiguration(
      title: .init(AnyView(view.title), component: "title"), icon: .init(AnyView(view.icon), component: "icon")
    )
    (context.environment.labelStyle ?? AnyLabelStyle(DefaultLabelStyle())).resolve(configuration, &nodes, context)
  }
}

extension Label where Title == Text, Icon == Image {
  /// A label titled `titleKey` with the symbol `name`.
  public init(_ titleKey: LocalizedStringKey, systemImage name: String) {
    self.init(title: { Text(titleKey) }, icon: { Image(systemName: name) })
  }

  /// A label titled `title` with the symbol `name`.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, systemImage name: String) {
    self.init(title: { Text(title) }, icon: { Image(systemName: name) })
  }
}

/// How labels are drawn: `makeBody(configuration:)` arranges the title and the icon.
///
/// ```swift
/// struct TrailingIconLabelStyle: LabelStyle {
///   func makeBody(configuration: Configuration) -> some View {
///     HStack { configuration.title; configuration.icon }
///   }
/// }
/// ```
@MainActor @preconcurrency
public protocol LabelStyle {
  associatedtype Body: View
  @ViewBuilder func makeBody(configuration: Configuration) -> Body
  typealias Configuration = LabelStyleConfiguration
}

/// The parts of a label a style arranges.
public struct LabelStyleConfiguration {
  /// The label's title, as a view.
  public typealias Title = StyleConfigurationView
  /// The label's icon, as a view.
  public typealias Icon = StyleConfigurationView
  /// The label's title.
  public let title: Title
  /// The label's icon.
  public let icon: Icon
}

/// The label style: title and icon (the default), title only, icon only.
public struct DefaultLabelStyle: LabelStyle {
  nonisolated public init() {}
  /// The label, arranged.
  public func makeBody(configuration: Configuration) -> some View {
    HStack(spacing: 6) { configuration.icon; configuration.title }
  }
}
/// The icon, then the title.
public struct TitleAndIconLabelStyle: LabelStyle {
  /// The style.
  public init() {}
  /// The label, arranged.
  public func makeBody(configuration: Configuration) -> some View {
    HStack(spacing: 6) { configuration.icon; configuration.title }
  }
}
/// The title alone.
public struct TitleOnlyLabelStyle: LabelStyle {
  /// The style.
  public init() {}
  /// The label, arranged.
  public func makeBody(configuration: Configuration) -> some View { configuration.title }
}
/// The icon only; the title stays as the icon's name for screen readers.
public struct IconOnlyLabelStyle: LabelStyle {
  /// The style.
  public init() {}
  /// The label, arranged.
  public func makeBody(configuration: Configuration) -> some View {
    IconNamedByTitle(configuration: configuration)
  }
}

/// A label's icon alone, named by its title for screen readers.
private struct IconNamedByTitle: PrimitiveView {
  let configuration: LabelStyleConfiguration
  static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let title = context.nodes(of: view.configuration.title, component: "name").map(\.plainText).joined(separator: " ")
    let icon = context.nodes(of: view.configuration.icon, component: "icon")
    nodes += ViewNode.modify(icon, with: .accessibilityLabel(title))
  }
}

extension LabelStyle where Self == DefaultLabelStyle { public static var automatic: Self { Self() } }
extension LabelStyle where Self == TitleAndIconLabelStyle { public static var titleAndIcon: Self { Self() } }
extension LabelStyle where Self == TitleOnlyLabelStyle { public static var titleOnly: Self { Self() } }
extension LabelStyle where Self == IconOnlyLabelStyle { public static var iconOnly: Self { Self() } }

/// A label style, its type hidden, as the environment holds it.
struct AnyLabelStyle {
  let resolve: @MainActor (LabelStyleConfiguration, inout [ViewNode], ResolveContext) -> Void

  @MainActor init<S: LabelStyle>(_ style: S) {
    resolve = { configuration, nodes, context in
      context.resolve(style.makeBody(configuration: configuration), into: &nodes, component: "style")
    }
  }
}

extension EnvironmentValues {
  private enum LabelStyleKey: EnvironmentKey {
    static var defaultValue: AnyLabelStyle? { nil }
  }
  /// The label style in force (nil: the default one).
  var labelStyle: AnyLabelStyle? {
    get { self[LabelStyleKey.self] }
    set { self[LabelStyleKey.self] = newValue }
  }
}

extension View {
  /// Draws the labels inside this view with `style`.
  public func labelStyle<S: LabelStyle>(_ style: S) -> some View {
    EnvironmentWriter(content: self) { $0.labelStyle = AnyLabelStyle(style) }
  }
}
