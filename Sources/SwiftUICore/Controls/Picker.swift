/// A choice of one of several values, each a view tagged with its value:
/// `Picker("Theme", selection: $theme) { ForEach(Theme.allCases) { Text($0.name).tag($0) } }`.
public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: PrimitiveView {
  let selection: Binding<SelectionValue>
  let label: Label
  let content: Content

  /// A picker of the tagged views in `content`, labelled by `label`.
  public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
    self.selection = selection
    self.label = label()
    self.content = content()
  }

  /// A picker labelled by a view given as a value, as SwiftUI's first releases spelled it (and
  /// still accept: it is slated for deprecation there, with no warning yet).
  public init(selection: Binding<SelectionValue>, label: Label, @ViewBuilder content: () -> Content) {
    self.selection = selection
    self.label = label
    self.content = content()
  }

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let tagged = taggedNodes(context.nodes(of: view.content, component: "options"))
    let options = tagged.enumerated().map { PickerSpec.Option(label: [$0.element], index: $0.offset) }
    let selection = view.selection
    let spec = PickerSpec(
      options: options,
      selectedIndex: tagged.firstIndex { $0.tag.map { selection.isSelected(by: $0) } ?? false },
      select: { index in
        guard tagged.indices.contains(index), let tag = tagged[index].tag else { return }
        selection.select(tag)
      },
      style: context.environment.pickerStyle
    )
    var node = context.node(.picker(spec), children: context.nodes(of: view.label, component: "label"))
    if !context.environment.isEnabled { node.modifiers.append(.disabled) }
    nodes.append(node)
  }

  /// The tagged nodes, groups opened.
  private static func taggedNodes(_ nodes: [ViewNode]) -> [ViewNode] {
    nodes.flatMap { node -> [ViewNode] in
      if node.tag != nil { return [node] }
      if case .group = node.kind, node.modifiers.isEmpty { return taggedNodes(node.children) }
      return []
    }
  }
}

extension Binding where Value: Hashable {
  /// Whether a view tagged `tag` is the one this selection names (`Optional(3)` and `3` name
  /// the same view).
  func isSelected(by tag: AnyHashable) -> Bool {
    let current = AnyHashable(wrappedValue)
    return tag == current || unwrapped(tag) == unwrapped(current)
  }

  /// Selects the view tagged `tag`, when its tag is of the selection's type (or its wrapped type).
  func select(_ tag: AnyHashable) {
    if let value = tag.base as? Value {
      wrappedValue = value
    } else if let value = Optional(tag.base) as? Value {
      wrappedValue = value
    }
  }
}

/// `value` without the optional around it, so that `Optional(3)` and `3` select the same option.
private func unwrapped(_ value: AnyHashable) -> AnyHashable {
  if let optional = value.base as? any OptionalProtocol, let wrapped = optional.wrappedAnyHashable { return wrapped }
  return value
}

private protocol OptionalProtocol {
  var wrappedAnyHashable: AnyHashable? { get }
}

extension Optional: OptionalProtocol where Wrapped: Hashable {
  fileprivate var wrappedAnyHashable: AnyHashable? {
    guard let wrapped = self else { return nil }
    return AnyHashable(wrapped)
  }
}

extension Picker where Label == Text {
  /// A picker titled `titleKey`.
  public init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
    self.init(selection: selection, content: content) { Text(titleKey) }
  }

  /// A picker titled `title`.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
    self.init(selection: selection, content: content) { Text(title) }
  }
}

extension View {
  /// The value a `Picker` selects with this view.
  public func tag<V: Hashable>(_ tag: V) -> some View {
    TagModifier(content: self, tag: AnyHashable(tag))
  }
}

struct TagModifier<Content: View>: PrimitiveView, TagCarrying {
  let content: Content
  let tag: AnyHashable

  static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    // Directly in a `TabView`, the tab inside is told its tag before it is resolved.
    context.tabs?.pendingTag = view.tag
    var content = context.nodes(of: view.content, component: "m")
    context.tabs?.pendingTag = nil
    if content.count != 1 { content = [ViewNode(kind: .group, identity: context.path, children: content)] }
    content[0].tag = view.tag
    content[0].version = nil
    nodes += content
  }
}

/// How a picker is drawn, as a renderer sees it.
public enum PickerStyleKind: Equatable, Sendable {
  case automatic, menu, segmented, inline, wheel, navigationLink, palette
}

/// A picker style: `.menu`, `.segmented`, `.inline`, `.wheel`, `.navigationLink`.
public protocol PickerStyle {
  var _kind: PickerStyleKind { get }
}
public struct DefaultPickerStyle: PickerStyle { public init() {}; public var _kind: PickerStyleKind { .automatic } }
public struct MenuPickerStyle: PickerStyle { public init() {}; public var _kind: PickerStyleKind { .menu } }
public struct SegmentedPickerStyle: PickerStyle { public init() {}; public var _kind: PickerStyleKind { .segmented } }
public struct InlinePickerStyle: PickerStyle { public init() {}; public var _kind: PickerStyleKind { .inline } }
public struct WheelPickerStyle: PickerStyle { public init() {}; public var _kind: PickerStyleKind { .wheel } }
public struct NavigationLinkPickerStyle: PickerStyle { public init() {}; public var _kind: PickerStyleKind { .navigationLink } }
public struct PalettePickerStyle: PickerStyle { public init() {}; public var _kind: PickerStyleKind { .palette } }
extension PickerStyle where Self == DefaultPickerStyle { public static var automatic: Self { Self() } }
extension PickerStyle where Self == MenuPickerStyle { public static var menu: Self { Self() } }
extension PickerStyle where Self == SegmentedPickerStyle { public static var segmented: Self { Self() } }
extension PickerStyle where Self == InlinePickerStyle { public static var inline: Self { Self() } }
extension PickerStyle where Self == WheelPickerStyle { public static var wheel: Self { Self() } }
extension PickerStyle where Self == NavigationLinkPickerStyle { public static var navigationLink: Self { Self() } }
extension PickerStyle where Self == PalettePickerStyle { public static var palette: Self { Self() } }

extension EnvironmentValues {
  private enum PickerStyleKey: EnvironmentKey {
    static var defaultValue: PickerStyleKind { .automatic }
  }
  var pickerStyle: PickerStyleKind {
    get { self[PickerStyleKey.self] }
    set { self[PickerStyleKey.self] = newValue }
  }
}

extension View {
  /// Draws the pickers inside this view in `style`.
  public func pickerStyle<S: PickerStyle>(_ style: S) -> some View {
    EnvironmentWriter(content: self) { $0.pickerStyle = style._kind }
  }
}
