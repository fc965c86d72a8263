/// Items of a screen's bar: `ToolbarItem(placement: .confirmationAction) { Button("Add") { … } }`.
@MainActor @preconcurrency
public protocol ToolbarContent {
  associatedtype Body: ToolbarContent
  @ToolbarContentBuilder var body: Body { get }
  /// The items this content places. Not for apps to call or implement.
  static func _items(_ content: Self, into items: inout [ToolbarItemNode], in context: ResolveContext)
}

extension ToolbarContent {
  public static func _items(_ content: Self, into items: inout [ToolbarItemNode], in context: ResolveContext) {
    Body._items(content.body, into: &items, in: context)
  }
}

extension Never: ToolbarContent {}

/// Where a toolbar item sits: leading or trailing in the bar, in the bottom bar, or where the
/// platform puts an action of its kind (`.confirmationAction` trailing, `.cancellationAction`
/// leading).
public struct ToolbarItemPlacement: Equatable, Sendable {
  /// The placement's name.
  public let name: String
  /// Where the platform puts an item of its kind (trailing).
  public static let automatic = Self(name: "automatic")
  /// In the middle of the bar, in place of the title.
  public static let principal = Self(name: "principal")
  /// Leading, beside the back button.
  public static let navigation = Self(name: "navigation")
  /// Trailing: the screen's main action.
  public static let primaryAction = Self(name: "primaryAction")
  /// Trailing, after the primary action.
  public static let secondaryAction = Self(name: "secondaryAction")
  /// In the bottom bar, as status.
  public static let status = Self(name: "status")
  /// Trailing: confirms (Done, Save, Add).
  public static let confirmationAction = Self(name: "confirmationAction")
  /// Leading: cancels.
  public static let cancellationAction = Self(name: "cancellationAction")
  /// Trailing: a destructive action.
  public static let destructiveAction = Self(name: "destructiveAction")
  /// Above a software keyboard (trailing here).
  public static let keyboard = Self(name: "keyboard")
  /// Leading in the top bar.
  public static let topBarLeading = Self(name: "topBarLeading")
  /// Trailing in the top bar.
  public static let topBarTrailing = Self(name: "topBarTrailing")
  /// Leading in the navigation bar (the older name of `topBarLeading`).
  public static let navigationBarLeading = Self(name: "topBarLeading")
  /// Trailing in the navigation bar (the older name of `topBarTrailing`).
  public static let navigationBarTrailing = Self(name: "topBarTrailing")
  /// In the bar at the bottom of the screen.
  public static let bottomBar = Self(name: "bottomBar")

  /// Where the bar draws it: `"leading"`, `"trailing"`, `"principal"` or `"bottom"`.
  public var side: String {
    switch name {
    case "navigation", "cancellationAction", "topBarLeading": "leading"
    case "principal": "principal"
    case "bottomBar", "status": "bottom"
    default: "trailing"
    }
  }
}

/// One item of a toolbar.
public struct ToolbarItem<ID, Content: View>: ToolbarContent {
  let placement: ToolbarItemPlacement
  let content: Content


  /// Placed by the framework: it has no body of its own.
  public var body: Never { bodyOfPrimitive(Self.self) }
  public static func _items(_ content: Self, into items: inout [ToolbarItemNode], in context: ResolveContext) {
    items.append(ToolbarItemNode(placement: content.placement, content: context.nodes(of: content.content, component: "item\(items.count)")))
  }
}

extension ToolbarItem where ID == () {
  /// An item at `placement` showing `content`.
  public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
    self.placement = placement
    self.content = content()
  }
}

/// Several items of a toolbar in one placement.
public struct ToolbarItemGroup<Content: View>: ToolbarContent {
  let placement: ToolbarItemPlacement
  let content: Content

  /// Items at `placement`: each view of `content`.
  public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
    self.placement = placement
    self.content = content()
  }


  /// Placed by the framework: it has no body of its own.
  public var body: Never { bodyOfPrimitive(Self.self) }
  public static func _items(_ content: Self, into items: inout [ToolbarItemNode], in context: ResolveContext) {
    items.append(ToolbarItemNode(placement: content.placement, content: context.nodes(of: content.content, component: "item\(items.count)")))
  }
}

/// Several toolbar contents, each placing its items.
public struct TupleToolbarContent<T>: ToolbarContent {
  let value: T
  let items: @MainActor (T, inout [ToolbarItemNode], ResolveContext) -> Void
  /// Placed by the framework: it has no body of its own.
  public var body: Never { bodyOfPrimitive(Self.self) }
  public static func _items(_ content: Self, into items: inout [ToolbarItemNode], in context: ResolveContext) {
    content.items(content.value, &items, context)
  }
}

/// One of two toolbar contents, as `if`/`else` chooses.
public struct _ConditionalToolbarContent<TrueContent: ToolbarContent, FalseContent: ToolbarContent>: ToolbarContent {
  enum Storage {
    case first(TrueContent)
    case second(FalseContent)
  }
  let storage: Storage
  /// Placed by the framework: it has no body of its own.
  public var body: Never { bodyOfPrimitive(Self.self) }
  public static func _items(_ content: Self, into items: inout [ToolbarItemNode], in context: ResolveContext) {
    switch content.storage {
    case let .first(content): TrueContent._items(content, into: &items, in: context)
    case let .second(content): FalseContent._items(content, into: &items, in: context)
    }
  }
}

/// Toolbar content that may be absent, as `if` without `else` makes it.
public struct _OptionalToolbarContent<Wrapped: ToolbarContent>: ToolbarContent {
  let content: Wrapped?
  /// Placed by the framework: it has no body of its own.
  public var body: Never { bodyOfPrimitive(Self.self) }
  public static func _items(_ content: Self, into items: inout [ToolbarItemNode], in context: ResolveContext) {
    if let wrapped = content.content { Wrapped._items(wrapped, into: &items, in: context) }
  }
}

/// Builds toolbar content from a closure's items.
@resultBuilder @MainActor
public enum ToolbarContentBuilder {
  public static func buildBlock<Content: ToolbarContent>(_ content: Content) -> Content { content }
  public static func buildBlock<each Content: ToolbarContent>(_ content: repeat each Content) -> TupleToolbarContent<(repeat each Content)> {
    TupleToolbarContent(value: (repeat each content)) { value, items, context in
      for part in repeat each value {
        @MainActor func add<Part: ToolbarContent>(_ part: Part) { Part._items(part, into: &items, in: context) }
        add(part)
      }
    }
  }
  public static func buildExpression<Content: ToolbarContent>(_ content: Content) -> Content { content }
  public static func buildIf<Content: ToolbarContent>(_ content: Content?) -> _OptionalToolbarContent<Content> {
    _OptionalToolbarContent(content: content)
  }
  public static func buildEither<T: ToolbarContent, F: ToolbarContent>(first: T) -> _ConditionalToolbarContent<T, F> {
    _ConditionalToolbarContent(storage: .first(first))
  }
  public static func buildEither<T: ToolbarContent, F: ToolbarContent>(second: F) -> _ConditionalToolbarContent<T, F> {
    _ConditionalToolbarContent(storage: .second(second))
  }
}

/// The bars a `toolbar(_:for:)` shows or hides.
public struct ToolbarPlacement: Sendable {
  let name: String
  /// The navigation bar.
  public static let navigationBar = Self(name: "navigationBar")
  /// The bottom bar.
  public static let bottomBar = Self(name: "bottomBar")
  /// The bars the platform shows.
  public static let automatic = Self(name: "automatic")
}

extension View {
  /// Items for the bar of the screen this view is in.
  public func toolbar<Content: ToolbarContent>(@ToolbarContentBuilder content: () -> Content) -> some View {
    let content = content()
    return ScreenPreference(content: self) { screen, context in
      context.withComponent("toolbar") { Content._items(content, into: &screen.toolbar, in: context) }
    }
  }

  /// Views for the bar of the screen this view is in, where the platform puts them (trailing).
  public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View {
    let content = content()
    return ScreenPreference(content: self) { screen, context in
      let nodes = context.nodes(of: content, component: "toolbar")
      screen.toolbar.append(ToolbarItemNode(placement: .automatic, content: nodes))
    }
  }

  /// Views at the leading and trailing ends of the navigation bar (the form iOS 13 introduced,
  /// still accepted by iOS 17): the same as toolbar items placed `.navigationBarLeading` and
  /// `.navigationBarTrailing`.
  public func navigationBarItems<L: View, T: View>(leading: L, trailing: T) -> some View {
    ScreenPreference(content: self) { screen, context in
      screen.toolbar.append(ToolbarItemNode(placement: .navigationBarLeading, content: context.nodes(of: leading, component: "barLeading")))
      screen.toolbar.append(ToolbarItemNode(placement: .navigationBarTrailing, content: context.nodes(of: trailing, component: "barTrailing")))
    }
  }

  /// Views at the leading end of the navigation bar (the iOS 13 form).
  public func navigationBarItems<L: View>(leading: L) -> some View {
    navigationBarItems(leading: leading, trailing: EmptyView())
  }

  /// Views at the trailing end of the navigation bar (the iOS 13 form).
  public func navigationBarItems<T: View>(trailing: T) -> some View {
    navigationBarItems(leading: EmptyView(), trailing: trailing)
  }

  /// Shows or hides the navigation bar of the screen this view is in.
  public func toolbar(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View {
    ScreenPreference(content: self) { screen, _ in
      if visibility == .hidden, bars.contains(where: { $0.name == "navigationBar" || $0.name == "automatic" }) {
        screen.isBarHidden = true
      }
    }
  }
}
