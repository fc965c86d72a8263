import IssueReporting
/// Screens on a stack: the root, and the screens pushed on it by `NavigationLink`s, the top one
/// shown under a bar with its title, its toolbar, and a back button named after the screen
/// under it.
///
/// ```swift
/// NavigationStack(path: $path) {
///   List(standups) { standup in NavigationLink(standup.title, value: standup) }
///     .navigationTitle("Standups")
///     .navigationDestination(for: Standup.self) { StandupDetail(standup: $0) }
/// }
/// ```
public struct NavigationStack<Data, Root: View>: PrimitiveView {
  let path: (any PathStorage)?
  let root: Root

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let state = context.storage(at: context.path + "#stack") { NavigationStackState() }
    let path: any PathStorage = view.path ?? state
    var screens: [Screen] = [.root]
    screens += path.elements.map(Screen.value)
    screens += state.pushedViews.indices.map(Screen.view)
    let top = screens.count - 1

    var destinations: [ObjectIdentifier: @MainActor (AnyHashable) -> AnyView] = [:]
    var resolved: [(nodes: [ViewNode], screen: ScreenPreferences)] = []
    for (index, screen) in screens.enumerated() {
      let result = resolveScreen(
        screen, at: index, isTop: index == top, root: view.root, path: path, state: state,
        destinations: destinations, in: context
      )
      destinations.merge(result.screen.destinations) { _, new in new }
      resolved.append(result)
    }

    let shown = resolved[top]
    var back: (title: String, action: @MainActor () -> Void)?
    if top > 0 {
      back = (resolved[top - 1].screen.title ?? "Back", { popLast(path: path, state: state) })
    }
    // `.automatic` takes the mode of the screen under it, as in SwiftUI: large from the root on.
    var displayMode = NavigationBarItem.TitleDisplayMode.large
    for screen in resolved[...top] {
      if let mode = screen.screen.displayMode, mode != .automatic { displayMode = mode }
    }
    let bar = NavigationBar(
      title: shown.screen.title, displayMode: displayMode,
      back: shown.screen.isBackButtonHidden ? nil : back, toolbar: shown.screen.toolbar,
      isVisible: !shown.screen.isBarHidden
    )
    nodes.append(context.node(.navigationStack(bar), children: shown.nodes))
  }

  /// One screen of the stack, resolved in a scope of its own: its nodes, and what it says about
  /// itself (title, toolbar, the destinations it declares).
  private static func resolveScreen(
    _ screen: Screen, at index: Int, isTop: Bool, root: Root, path: any PathStorage, state: NavigationStackState,
    destinations: [ObjectIdentifier: @MainActor (AnyHashable) -> AnyView], in context: ResolveContext
  ) -> (nodes: [ViewNode], screen: ScreenPreferences) {
    let navigation = context.storage(at: context.path + "#navigation\(index)") { NavigationContext() }
    navigation.push = { value in
      if let value { path.append(value) }
    }
    navigation.pushView = { view in state.pushedViews.append(view) }
    navigation.popTo = { count in
      // Back to `count` screens above the root: pushed views go first, then path elements.
      let pathCount = path.elements.count
      let viewsToKeep = max(0, count - pathCount)
      if state.pushedViews.count > viewsToKeep { state.pushedViews.removeLast(state.pushedViews.count - viewsToKeep) }
      let elementsToRemove = pathCount - min(count, pathCount)
      if elementsToRemove > 0 { path.removeLast(elementsToRemove) }
    }
    let dismiss = index > 0 ? context.dismissAction("\(index)") { navigation.popTo(index - 1) } : nil
    func change(_ values: inout EnvironmentValues) {
      values.navigation = navigation
      values.editMode = state.editModeBinding
      if let dismiss {
        values.dismiss = dismiss
        values.isPresented = true
      }
    }
    func content() -> [ViewNode] {
      switch screen {
      case .root:
        return context.nodes(of: root, component: "root")
      case let .value(value):
        let type = type(of: value.base)
        guard let destination = destinations[ObjectIdentifier(type)] else {
          reportIssue("A NavigationLink pushed a \(type), but no navigationDestination(for: \(type).self) is declared in this stack.")
          return [context.node(.text([TextRun(string: "No destination for \(type)")]))]
        }
        return context.nodes(of: destination(value), component: "\(value)")
      case let .view(position):
        guard state.pushedViews.indices.contains(position) else { return [] }
        return context.nodes(of: state.pushedViews[position], component: "view")
      }
    }
    return context.withScreen(shown: isTop) {
      context.withEnvironment(change) { context.withComponent("screen\(index)", content) }
    }
  }

  private static func popLast(path: any PathStorage, state: NavigationStackState) {
    if !state.pushedViews.isEmpty {
      state.pushedViews.removeLast()
    } else if !path.isEmpty {
      path.removeLast(1)
    }
  }

  enum Screen {
    case root
    case value(AnyHashable)
    case view(Int)
  }
}

extension NavigationStack where Data == NavigationPath {
  /// A stack that keeps its own path: links push, Back pops.
  public init(@ViewBuilder root: () -> Root) {
    path = nil
    self.root = root()
  }

  /// A stack whose path is `path`.
  public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root) {
    self.path = BoundNavigationPath(binding: path)
    self.root = root()
  }
}

extension NavigationStack where Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection, Data.Element: Hashable {
  /// A stack whose path is the collection `path` holds: pushing a link of an element's type
  /// appends it, Back removes the last.
  public init(path: Binding<Data>, @ViewBuilder root: () -> Root) {
    self.path = BoundCollectionPath(binding: path)
    self.root = root()
  }
}

/// A type-erased list of values pushed on a stack.
public struct NavigationPath: Equatable {
  var elements: [AnyHashable] = []


  /// An empty path.
  public init() {}
  /// A path of `elements`.
  public init<S: Sequence>(_ elements: S) where S.Element: Hashable {
    for element in elements { self.elements.append(AnyHashable(element)) }
  }

  /// How many screens are pushed.
  public var count: Int { elements.count }
  /// Whether the root is shown.
  public var isEmpty: Bool { elements.isEmpty }
  /// Pushes the screen for `value`.
  public mutating func append<V: Hashable>(_ value: V) { elements.append(AnyHashable(value)) }
  /// Pops `k` screens.
  public mutating func removeLast(_ k: Int = 1) { elements.removeLast(k) }
}

/// How a stack's path is read and changed, whatever holds it.
@MainActor
protocol PathStorage {
  var elements: [AnyHashable] { get }
  func append(_ element: AnyHashable)
  func removeLast(_ count: Int)
}

extension PathStorage {
  var isEmpty: Bool { elements.isEmpty }
}

/// A path held in a `NavigationPath` the app binds.
struct BoundNavigationPath: PathStorage {
  let binding: Binding<NavigationPath>
  var elements: [AnyHashable] { binding.wrappedValue.elements }
  func append(_ element: AnyHashable) { binding.wrappedValue.elements.append(element) }
  func removeLast(_ count: Int) { binding.wrappedValue.elements.removeLast(count) }
}

/// A path held in a collection the app binds: elements of other types are not pushed.
struct BoundCollectionPath<Data: RangeReplaceableCollection & RandomAccessCollection>: PathStorage where Data.Element: Hashable {
  let binding: Binding<Data>
  var elements: [AnyHashable] {
    var elements: [AnyHashable] = []
    for element in binding.wrappedValue { elements.append(AnyHashable(element)) }
    return elements
  }
  func append(_ element: AnyHashable) {
    guard let element = element.base as? Data.Element else {
      reportIssue("A NavigationLink pushed a \(type(of: element.base)) on a stack whose path holds \(Data.Element.self): nothing was pushed.")
      return
    }
    binding.wrappedValue.append(element)
  }
  func removeLast(_ count: Int) { binding.wrappedValue.removeLast(count) }
}

/// A stack's own state: its path when no one else holds it, the screens pushed as views, and
/// its edit mode.
@Observable
final class NavigationStackState: PathStorage {
  var ownElements: [AnyHashable] = []
  var pushedViews: [AnyView] = []
  var editMode: EditMode = .inactive

  var elements: [AnyHashable] { ownElements }
  func append(_ element: AnyHashable) { ownElements.append(element) }
  func removeLast(_ count: Int) { ownElements.removeLast(count) }

  /// The edit mode as its screens' environment holds it: one binding for the stack's life, so
  /// that their environment is the same from pass to pass. (Weak: the state holds the binding.)
  @ObservationIgnored @MainActor lazy var editModeBinding: Binding<EditMode> = Binding(
    get: { [weak self] in self?.editMode ?? .inactive },
    set: { [weak self] in self?.editMode = $0 }
  )
}

/// What links inside a stack push with: one object per screen, kept by the graph and given the
/// latest closures each time the stack is resolved, so that its screens' environment is the same
/// from pass to pass (and links read the latest closures when they are followed).
@MainActor
final class NavigationContext {
  var push: @MainActor (AnyHashable?) -> Void = { _ in }
  var pushView: @MainActor (AnyView) -> Void = { _ in }
  /// Pops to the screen `count` levels above the root (0: the root).
  var popTo: @MainActor (Int) -> Void = { _ in }
}

/// What views inside one screen say about it.
struct ScreenPreferences {
  var title: String?
  /// The title a `navigationTitle` around the views being resolved gives the screen: a screen
  /// pushed from inside them (a state-driven link) names its Back button after it before the
  /// modifier has set `title`.
  var enclosingTitle: String?
  var displayMode: NavigationBarItem.TitleDisplayMode?
  var toolbar: [ToolbarItemNode] = []
  var destinations: [ObjectIdentifier: @MainActor (AnyHashable) -> AnyView] = [:]
  var isBackButtonHidden = false
  var isBarHidden = false
  /// The heights a sheet showing this screen rests at (`presentationDetents`).
  var detents: Set<PresentationDetent>?
}

extension EnvironmentValues {
  private enum NavigationKey: EnvironmentKey {
    static var defaultValue: NavigationContext? { nil }
  }
  var navigation: NavigationContext? {
    get { self[NavigationKey.self] }
    set { self[NavigationKey.self] = newValue }
  }
}

/// Pushes a screen: a value, shown by the stack's `navigationDestination(for:)`, or a view.
public struct NavigationLink<Label: View, Destination: View>: PrimitiveView {
  enum Target {
    case value(AnyHashable?)
    case view(Destination)
    /// Pushed while the binding is true (`NavigationLink(_:isActive:destination:)`).
    case active(Binding<Bool>, Destination)
  }
  let target: Target
  let label: Label

  /// A link that pushes `destination`.
  public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
    target = .view(destination())
    self.label = label()
  }

  /// A link that pushes `destination`.
  public init(destination: Destination, @ViewBuilder label: () -> Label) {
    target = .view(destination)
    self.label = label()
  }

  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    if case let .active(isActive, destination) = view.target {
      // The link sets the binding; the stack shows the destination while it is true, and Back
      // sets it to false.
      let link = LinkNode(label: view.label, action: { isActive.wrappedValue = true })
      nodes += context.nodes(
        of: link.navigationDestination(isPresented: isActive) { destination }, component: "active"
      )
      return
    }
    var action: (@MainActor () -> Void)?
    if let navigation = context.environment.navigation {
      switch view.target {
      case let .value(value?): action = { navigation.push(value) }
      case .value(nil), .active: action = nil
      case let .view(destination): action = { navigation.pushView(AnyView(destination)) }
      }
    }
    LinkNode._resolve(LinkNode(label: view.label, action: action), into: &nodes, in: context)
  }
}

/// A link's row: its label, and what pressing it does (nil: nothing, or disabled).
private struct LinkNode<Label: View>: PrimitiveView {
  let label: Label
  let action: (@MainActor () -> Void)?

  static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let label = context.nodes(of: view.label, component: "label")
    let action = context.environment.isEnabled && context.environment.navigation != nil ? view.action : nil
    nodes.append(context.node(.navigationLink(action), children: label))
  }
}

extension NavigationLink {
  /// A link that pushes `destination` while `isActive` is true: pressing it sets `isActive`, and
  /// Back clears it (the iOS 13 form; TCA's pre-1.7 navigation drives it from state).
  @available(*, deprecated, message: "Use navigationDestination(isPresented:destination:) in a NavigationStack.")
  public init(isActive: Binding<Bool>, @ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
    target = .active(isActive, destination())
    self.label = label()
  }

  /// A link that pushes `destination` while `selection` is `tag`: pressing it sets `selection`
  /// to `tag`, and Back sets it to nil (a list of such links, one selection).
  @available(*, deprecated, message: "Use navigationDestination(item:destination:) in a NavigationStack.")
  public init<V: Hashable>(
    tag: V, selection: Binding<V?>, @ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label
  ) {
    let isActive = Binding<Bool>(
      get: { selection.wrappedValue == tag },
      set: { isActive in
        if isActive {
          selection.wrappedValue = tag
        } else if selection.wrappedValue == tag {
          selection.wrappedValue = nil
        }
      }
    )
    target = .active(isActive, destination())
    self.label = label()
  }
}

extension NavigationLink where Label == Text {
  /// A link titled `titleKey` that pushes `destination` while `isActive` is true.
  @available(*, deprecated, message: "Use navigationDestination(isPresented:destination:) in a NavigationStack.")
  public init(_ titleKey: LocalizedStringKey, isActive: Binding<Bool>, @ViewBuilder destination: () -> Destination) {
    self.init(isActive: isActive, destination: destination) { Text(titleKey) }
  }

  /// A link titled `title` that pushes `destination` while `isActive` is true.
  @available(*, deprecated, message: "Use navigationDestination(isPresented:destination:) in a NavigationStack.")
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, isActive: Binding<Bool>, @ViewBuilder destination: () -> Destination) {
    self.init(isActive: isActive, destination: destination) { Text(title) }
  }

  /// A link titled `titleKey` that pushes `destination` while `selection` is `tag`.
  @available(*, deprecated, message: "Use navigationDestination(item:destination:) in a NavigationStack.")
  public init<V: Hashable>(
    _ titleKey: LocalizedStringKey, tag: V, selection: Binding<V?>, @ViewBuilder destination: () -> Destination
  ) {
    self.init(tag: tag, selection: selection, destination: destination) { Text(titleKey) }
  }

  /// A link titled `title` that pushes `destination` while `selection` is `tag`.
  @available(*, deprecated, message: "Use navigationDestination(item:destination:) in a NavigationStack.")
  @_disfavoredOverload
  public init<S: StringProtocol, V: Hashable>(
    _ title: S, tag: V, selection: Binding<V?>, @ViewBuilder destination: () -> Destination
  ) {
    self.init(tag: tag, selection: selection, destination: destination) { Text(title) }
  }
}

extension NavigationLink where Destination == Never {
  /// A link that pushes `value` (shown by the stack's `navigationDestination(for:)`); nil: a link that does nothing.
  public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) {
    if let value { target = .value(AnyHashable(value)) } else { target = .value(nil) }
    self.label = label()
  }

  /// A link titled `titleKey` that pushes `value`.
  public init<P: Hashable>(_ titleKey: LocalizedStringKey, value: P?) where Label == Text {
    self.init(value: value) { Text(titleKey) }
  }

  /// A link titled `title` that pushes `value`.
  @_disfavoredOverload
  public init<S: StringProtocol, P: Hashable>(_ title: S, value: P?) where Label == Text {
    self.init(value: value) { Text(title) }
  }
}

extension NavigationLink where Label == Text {
  /// A link titled `titleKey` that pushes `destination`.
  public init(_ titleKey: LocalizedStringKey, @ViewBuilder destination: () -> Destination) {
    self.init(destination: destination) { Text(titleKey) }
  }

  /// A link titled `title` that pushes `destination`.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, @ViewBuilder destination: () -> Destination) {
    self.init(destination: destination) { Text(title) }
  }

  /// A link titled `titleKey` that pushes `destination`.
  public init(_ titleKey: LocalizedStringKey, destination: Destination) {
    self.init(destination: destination) { Text(titleKey) }
  }
}

extension View {
  /// The screen a stack shows for a pushed value of type `data`.
  public func navigationDestination<D: Hashable, C: View>(for data: D.Type, @ViewBuilder destination: @escaping (D) -> C) -> some View {
    ScreenPreference(content: self) { screen, _ in
      screen.destinations[ObjectIdentifier(D.self)] = { value in AnyView(destination(value.base as! D)) }
    }
  }

  /// Pushes `destination` while `isPresented` is true; Back sets it to false.
  public func navigationDestination<V: View>(isPresented: Binding<Bool>, @ViewBuilder destination: () -> V) -> some View {
    PresentedDestination(content: self, destination: isPresented.wrappedValue ? AnyView(destination()) : nil) {
      isPresented.wrappedValue = false
    }
  }

  /// Pushes the screen for `item` while it is not nil; Back sets it to nil.
  public func navigationDestination<D: Hashable, C: View>(item: Binding<D?>, @ViewBuilder destination: @escaping (D) -> C) -> some View {
    PresentedDestination(content: self, destination: item.wrappedValue.map { AnyView(destination($0)) }) {
      item.wrappedValue = nil
    }
  }

  /// The title of the screen this view is in.
  public func navigationTitle(_ title: Text) -> some View {
    let text = title.runs.map(\.string).joined()
    return ScreenPreference(content: self, enclosingTitle: text) { screen, _ in
      if screen.title == nil { screen.title = text }
    }
  }

  /// The title of the screen this view is in.
  public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View {
    navigationTitle(Text(titleKey))
  }

  /// The title of the screen this view is in.
  @_disfavoredOverload
  public func navigationTitle<S: StringProtocol>(_ title: S) -> some View {
    navigationTitle(Text(title))
  }

  /// The title of the screen this view is in, from a binding (which iOS lets the user rename
  /// from the bar; here the title is shown).
  public func navigationTitle(_ title: Binding<String>) -> some View {
    navigationTitle(Text(title.wrappedValue))
  }

  /// Whether the title is large, under the bar, or inline in it.
  public func navigationBarTitleDisplayMode(_ displayMode: NavigationBarItem.TitleDisplayMode) -> some View {
    ScreenPreference(content: self) { screen, _ in
      if screen.displayMode == nil { screen.displayMode = displayMode }
    }
  }

  /// Hides the back button of this screen.
  public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> some View {
    ScreenPreference(content: self) { screen, _ in
      if hidesBackButton { screen.isBackButtonHidden = true }
    }
  }
}

/// The title display modes of a navigation bar.
public enum NavigationBarItem {
  /// Where a screen's title is drawn.
  public enum TitleDisplayMode: Sendable {
    /// The mode of the screen under it (large at a stack's root).
    case automatic
    /// In the bar.
    case inline
    /// Large, under the bar.
    case large
  }
}

/// A view that says something about the screen it is in.
struct ScreenPreference<Content: View>: PrimitiveView {
  let content: Content
  /// A title for the screens pushed from inside `content` to name their Back button after.
  var enclosingTitle: String? = nil
  let set: @MainActor (inout ScreenPreferences, ResolveContext) -> Void

  static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    let enclosing = context.screen.enclosingTitle
    if let title = view.enclosingTitle { context.screen.enclosingTitle = title }
    context.resolve(view.content, into: &nodes, component: "m")
    context.screen.enclosingTitle = enclosing
    view.set(&context.screen, context)
    context.screenWrites += 1
  }
}

/// A view that pushes `destination` on the stack around it while there is one.
struct PresentedDestination<Content: View>: PrimitiveView {
  let content: Content
  let destination: AnyView?
  let dismiss: @MainActor () -> Void

  static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    context.resolve(view.content, into: &nodes, component: "m")
    guard let destination = view.destination else { return }
    // Shown as a screen of the stack: a stack of its own inside this screen's place, whose
    // root is the destination and whose Back dismisses it.
    let dismiss = context.dismissAction("", view.dismiss)
    let (screenNodes, screen) = context.withScreen(shown: true) {
      context.withEnvironment({ values in
        values.dismiss = dismiss
        values.isPresented = true
      }) {
        context.nodes(of: destination, component: "destination")
      }
    }
    let bar = NavigationBar(
      title: screen.title,
      displayMode: [screen.displayMode, context.screen.displayMode, .large].lazy.compactMap { $0 }
        .first { $0 != .automatic } ?? .large,
      back: (context.screen.title ?? context.screen.enclosingTitle ?? "Back", view.dismiss),
      toolbar: screen.toolbar, isVisible: !screen.isBarHidden
    )
    var pushed = context.node(.navigationStack(bar), children: screenNodes)
    pushed.modifiers.append(.pushedOver)
    nodes.append(pushed)
  }
}
