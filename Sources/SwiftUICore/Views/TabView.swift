/// Views shown one at a time, chosen from a tab bar: each view directly in the content is a tab,
/// labelled by its `tabItem` and selected by its `tag`:
///
/// ```swift
/// TabView(selection: $store.currentTab.sending(\.selectTab)) {
///   CounterTabView(store: …).tag(Tab.counter).tabItem { Text("Counter") }
///   ProfileTabView(store: …).tag(Tab.profile).tabItem { Text("Profile") }
/// }
/// ```
///
/// Only the selected tab is on screen (its `onAppear` and tasks run); the others keep their
/// state, as in SwiftUI. Without `selection:` the first tab is selected at first and the choice
/// is the view's own state.
public struct TabView<SelectionValue: Hashable, Content: View>: PrimitiveView {
  let selection: Binding<SelectionValue>?
  let content: Content

  /// Tabs selected by `selection`: the tab whose `tag` is its value is shown.
  public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {
    self.selection = selection
    self.content = content()
  }

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let ownSelection = context.storage(at: context.path + "#tab") { OwnTabSelection() }
    let collector = TabCollector { tag, index in
      if let selection = view.selection { return tag.map { selection.isSelected(by: $0) } ?? false }
      return index == ownSelection.index
    }
    let saved = context.tabs
    context.tabs = collector
    let content = context.nodes(of: view.content, component: "tabs")
    context.tabs = saved
    let tabs = collector.tabs
    let bar = TabBar(
      tabs: tabs.map { TabBar.Tab(label: $0.label, isSelected: $0.isSelected) },
      select: { index in
        guard tabs.indices.contains(index) else { return }
        if let selection = view.selection {
          if let tag = tabs[index].tag { selection.select(tag) }
        } else {
          ownSelection.index = index
        }
      }
    )
    nodes.append(context.node(.tabView(bar), children: content))
  }
}

extension TabView where SelectionValue == Int {
  /// Tabs whose selection is the view's own state: the first is shown at first.
  public init(@ViewBuilder content: () -> Content) {
    self.init(selection: nil, content: content)
  }
}

extension View {
  /// The label of this view's tab when it is directly in a `TabView`: a `Text`, an `Image`, or a
  /// `Label` of both. Elsewhere it changes nothing.
  public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View {
    TabItemModifier(content: self, label: label())
  }

  /// How a `TabView` is drawn: accepted; here a `TabView` always has a tab bar.
  public func tabViewStyle<S: TabViewStyle>(_ style: S) -> some View {
    self
  }
}

/// How a `TabView` is drawn (`.automatic`, `.page`): accepted, drawn with a tab bar.
public protocol TabViewStyle {}
/// The platform's tab bar.
public struct DefaultTabViewStyle: TabViewStyle { public init() {} }
/// Pages swiped sideways, on iOS; here a tab bar.
public struct PageTabViewStyle: TabViewStyle {
  /// When a page view shows its dots.
  public enum IndexDisplayMode: Sendable { case automatic, always, never }
  /// Pages whose dots show as `indexDisplayMode` says.
  public init(indexDisplayMode: IndexDisplayMode = .automatic) {}
}
extension TabViewStyle where Self == DefaultTabViewStyle {
  /// The platform's tab bar.
  public static var automatic: Self { Self() }
}
extension TabViewStyle where Self == PageTabViewStyle {
  /// Pages (here a tab bar).
  public static var page: Self { Self() }
  /// Pages whose dots show as `indexDisplayMode` says (here a tab bar).
  public static func page(indexDisplayMode: PageTabViewStyle.IndexDisplayMode) -> Self { Self(indexDisplayMode: indexDisplayMode) }
}

/// A view that says which tab it is (see ``TagModifier``), read by a `tabItem` outside it.
@MainActor
protocol TagCarrying {
  var tag: AnyHashable { get }
}

struct TabItemModifier<Content: View, Label: View>: PrimitiveView {
  let content: Content
  let label: Label

  static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    guard let collector = context.tabs else {
      context.resolve(view.content, into: &nodes, component: "m")
      return
    }
    // Neither the label nor the content is directly in the tab view.
    context.tabs = nil
    defer { context.tabs = collector }
    // Said about the tab view around it, as a title is about its screen: a view of the app that
    // holds this tab is walked again each pass, never taken as it was.
    context.screenWrites += 1
    let tag = collector.pendingTag ?? (view.content as? any TagCarrying)?.tag
    let index = collector.tabs.count
    let isSelected = collector.isSelected(tag, index)
    let label = context.nodes(of: view.label, component: "tabItem")
    collector.tabs.append((tag, label, isSelected))
    if isSelected {
      context.resolve(view.content, into: &nodes, component: "m")
    } else {
      // Kept, not shown: its state stays, its `onAppear` and tasks wait.
      _ = context.withScreen(shown: false) { context.nodes(of: view.content, component: "m") }
    }
  }
}

/// What a `TabView` learns from the tabs directly in it, in order.
@MainActor
final class TabCollector {
  /// Whether the tab with this tag, at this place among the tabs, is the selected one.
  let isSelected: (AnyHashable?, Int) -> Bool
  /// The tabs found so far.
  var tabs: [(tag: AnyHashable?, label: [ViewNode], isSelected: Bool)] = []
  /// The tag of the view being resolved, when a `tag(_:)` is outside its `tabItem`.
  var pendingTag: AnyHashable?

  init(isSelected: @escaping (AnyHashable?, Int) -> Bool) {
    self.isSelected = isSelected
  }
}

/// The selected tab of a `TabView` without a binding.
@Observable
final class OwnTabSelection {
  var index = 0
}
