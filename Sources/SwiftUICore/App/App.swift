/// An app: its scenes. Marked `@main`, it runs: on Linux, served to the browser, each tab a
/// window (see the `SwiftUI` module's `main()`).
///
/// ```swift
/// @main
/// struct StandupsApp: App {
///   static let store = Store(initialState: AppFeature.State()) { AppFeature() }
///   var body: some Scene {
///     WindowGroup { AppView(store: Self.store) }
///   }
/// }
/// ```
@MainActor @preconcurrency
public protocol App {
  associatedtype Body: Scene
  @SceneBuilder @MainActor @preconcurrency var body: Body { get }
  @MainActor @preconcurrency init()
}

/// A part of an app's interface: here, a group of windows.
@MainActor @preconcurrency
public protocol Scene {
  associatedtype Body: Scene
  @SceneBuilder @MainActor @preconcurrency var body: Body { get }
  /// The windows this scene opens. Not for apps to call or implement.
  static func _windows(_ scene: Self) -> [WindowDescription]
}

extension Scene {
  public static func _windows(_ scene: Self) -> [WindowDescription] {
    Body._windows(scene.body)
  }
}

extension Never: Scene {}

/// What a front end needs to open a window: its title and its root view, made anew for each
/// window.
public struct WindowDescription: Sendable {
  /// The window's title.
  public let title: String?
  /// Makes the root view of a new window.
  public let makeRoot: @MainActor () -> AnyView
}

/// The windows of an app, each showing `content`: on Linux, each browser tab is one.
public struct WindowGroup<Content: View>: Scene {
  let title: String?
  let content: @MainActor () -> Content

  /// Windows that show `content`.
  public init(@ViewBuilder content: @escaping @MainActor () -> Content) {
    title = nil
    self.content = content
  }

  /// Windows titled `titleKey` that show `content`.
  public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: @escaping @MainActor () -> Content) {
    title = titleKey.text
    self.content = content
  }

  /// Windows titled `title` that show `content`.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, @ViewBuilder content: @escaping @MainActor () -> Content) {
    self.title = String(title)
    self.content = content
  }


  /// Drawn by the framework: it has no body of its own.
  public var body: Never { bodyOfPrimitive(Self.self) }
  public static func _windows(_ scene: Self) -> [WindowDescription] {
    let content = scene.content
    return [WindowDescription(title: scene.title) { AnyView(WindowContent(content: content)) }]
  }
}

/// A window's root: the scene's content, made again on each pass, so that what it reads of the
/// app (its `@State`, its `@Environment(\.scenePhase)`) is read when the window resolves, as
/// SwiftUI evaluates an app's `body` again when what it read changes.
struct WindowContent<Content: View>: View {
  let content: @MainActor () -> Content
  var body: Content { content() }
}

/// Several scenes.
public struct TupleScene<T>: Scene {
  let value: T
  let windows: @MainActor (T) -> [WindowDescription]
  /// Drawn by the framework: it has no body of its own.
  public var body: Never { bodyOfPrimitive(Self.self) }
  public static func _windows(_ scene: Self) -> [WindowDescription] { scene.windows(scene.value) }
}

/// Builds an app's scenes.
@resultBuilder @MainActor
public enum SceneBuilder {
  public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
  public static func buildBlock<each Content: Scene>(_ content: repeat each Content) -> TupleScene<(repeat each Content)> {
    TupleScene(value: (repeat each content)) { value in
      var windows: [WindowDescription] = []
      for part in repeat each value {
        @MainActor func add<Part: Scene>(_ part: Part) { windows += Part._windows(part) }
        add(part)
      }
      return windows
    }
  }
  public static func buildExpression<Content: Scene>(_ content: Content) -> Content { content }
}
