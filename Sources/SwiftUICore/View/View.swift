@_exported import Foundation
@_exported import Observation
// `EditMode`, `LocalizedStringKey`, `Animation`, `Transaction`: one definition, shared with
// `ComposableArchitecture`, which holds them in state.
@_exported import SwiftUIStateTypes

/// A piece of user interface: a value whose `body` describes what it shows, built from other
/// views.
///
/// ```swift
/// struct Greeting: View {
///   var name: String
///   var body: some View {
///     Text("Hello, \(name)!")
///   }
/// }
/// ```
///
/// Views here are resolved into a tree of plain values (``ViewNode``), which a renderer turns
/// into what a front end shows (`SwiftUIWeb`: HTML, live in the browser). A view's `body` is
/// evaluated again when state it read changes (`@State`, `@Observable` models, stores).
@MainActor @preconcurrency
public protocol View {
  /// The type of view this one is made of.
  associatedtype Body: View

  /// What this view shows.
  @ViewBuilder @MainActor @preconcurrency var body: Body { get }

  /// Resolves `view` into nodes: the views a framework provides answer this themselves; a view
  /// of yours is resolved through its `body`. Not for apps to call or implement.
  static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext)
}

extension View {
  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    context.resolveBody(of: view, into: &nodes)
  }
}

/// A view this framework draws itself: it has no body.
@MainActor
protocol PrimitiveView: View where Body == Never {}

extension PrimitiveView {
  /// Drawn by the framework: it has no body of its own.
  public var body: Never { bodyOfPrimitive(Self.self) }
}

/// The body of a view that has none: asking for it is a programming error.
func bodyOfPrimitive(_ type: Any.Type) -> Never {
  fatalError("\(type) is drawn by the framework and has no body to ask for.")
}

extension Never: View {
  /// It has no body.
  public typealias Body = Never
  /// Drawn by the framework: it has no body of its own.
  public var body: Never { bodyOfPrimitive(Never.self) }
  public static func _resolve(_ view: Never, into nodes: inout [ViewNode], in context: ResolveContext) {}
}

/// A view that shows nothing.
public struct EmptyView: View {
  /// An empty view.
  public init() {}
  /// Drawn by the framework: it has no body of its own.
  public var body: Never { bodyOfPrimitive(Self.self) }
  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {}
}

/// Several views in a row of a view builder, each resolved in its place.
public struct TupleView<T>: View {
  /// The views, as a tuple.
  public var value: T
  let resolveParts: @MainActor (T, inout [ViewNode], ResolveContext) -> Void

  init(_ value: T, resolve: @escaping @MainActor (T, inout [ViewNode], ResolveContext) -> Void) {
    self.value = value
    self.resolveParts = resolve
  }


  /// Drawn by the framework: it has no body of its own.
  public var body: Never { bodyOfPrimitive(Self.self) }
  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    view.resolveParts(view.value, &nodes, context)
  }
}

/// One of two views, as `if`/`else` and `switch` in a view builder choose. Each branch has an
/// identity of its own: state inside one is reset when the other is shown.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
  enum Storage {
    case trueContent(TrueContent)
    case falseContent(FalseContent)
  }
  let storage: Storage


  /// Drawn by the framework: it has no body of its own.
  public var body: Never { bodyOfPrimitive(Self.self) }
  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    switch view.storage {
    case let .trueContent(content): context.resolve(content, into: &nodes, component: "t")
    case let .falseContent(content): context.resolve(content, into: &nodes, component: "f")
    }
  }
}

extension Optional: View where Wrapped: View {
  /// Drawn by the framework: it has no body of its own.
  public var body: Never { bodyOfPrimitive(Self.self) }
  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    if let view { context.resolve(view, into: &nodes, component: "s") }
  }
}

/// A view whose type is hidden: `AnyView(condition ? AnyView(A()) : AnyView(B()))`. Changing the
/// type it holds resets the state inside it.
public struct AnyView: View {
  let type: ObjectIdentifier
  let resolveContent: @MainActor (inout [ViewNode], ResolveContext) -> Void

  /// `view`, its type hidden.
  public init<V: View>(_ view: V) {
    if let view = view as? AnyView {
      self = view
      return
    }
    type = ObjectIdentifier(V.self)
    resolveContent = { nodes, context in context.resolve(view, into: &nodes, component: "a") }
  }

  /// `view`, its type hidden.
  public init<V: View>(erasing view: V) {
    self.init(view)
  }


  /// Drawn by the framework: it has no body of its own.
  public var body: Never { bodyOfPrimitive(Self.self) }
  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    context.withComponent("\(view.type.hashValue)") { view.resolveContent(&nodes, context) }
  }
}

/// Views grouped without a container of their own: modifiers on a group apply to each.
@MainActor
public struct Group<Content> {
  /// The views grouped.
  public var content: Content
}

extension Group: View where Content: View {
  /// Views grouped without a container.
  public init(@ViewBuilder content: () -> Content) {
    self.content = content()
  }
  /// Drawn by the framework: it has no body of its own.
  public var body: Never { bodyOfPrimitive(Self.self) }
  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    context.resolve(view.content, into: &nodes, component: "g")
  }
}
