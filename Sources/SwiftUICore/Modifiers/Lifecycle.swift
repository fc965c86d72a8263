/// A view whose coming and going on screen runs handlers (`onAppear`, `onDisappear`, `task`).
struct LifecycleModifier<Content: View>: PrimitiveView {
  let content: Content
  let lifecycle: Lifecycle

  static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    context.withComponent("life") {
      if context.isShown { context.graph.found(view.lifecycle, at: context.path) }
    }
    context.resolve(view.content, into: &nodes, component: "m")
  }
}

extension View {
  /// Runs `action` when the view comes on screen (after the pass that shows it).
  public func onAppear(perform action: (@MainActor () -> Void)? = nil) -> some View {
    LifecycleModifier(content: self, lifecycle: Lifecycle(onAppear: action))
  }

  /// Runs `action` when the view leaves the screen.
  public func onDisappear(perform action: (@MainActor () -> Void)? = nil) -> some View {
    LifecycleModifier(content: self, lifecycle: Lifecycle(onDisappear: action))
  }

  /// Starts `action` when the view comes on screen and cancels it when the view goes:
  /// `.task { await store.send(.onTask).finish() }`.
  public func task(
    priority: TaskPriority = .userInitiated, _ action: @escaping @MainActor @Sendable () async -> Void
  ) -> some View {
    LifecycleModifier(content: self, lifecycle: Lifecycle(task: (priority, action)))
  }

  /// As `task(priority:_:)`, and restarted (the running one cancelled) when `id` changes; any
  /// `Equatable` value, as in SwiftUI.
  public func task<T: Equatable>(
    id value: T, priority: TaskPriority = .userInitiated, _ action: @escaping @MainActor @Sendable () async -> Void
  ) -> some View {
    LifecycleModifier(content: self, lifecycle: Lifecycle(task: (priority, action), taskID: TaskID(value)))
  }

  /// Runs `action` with the old and new value when `value` changes between two passes (and
  /// once when the view appears, if `initial`).
  public func onChange<V: Equatable>(
    of value: V, initial: Bool = false, _ action: @escaping @MainActor (_ oldValue: V, _ newValue: V) -> Void
  ) -> some View {
    OnChange(content: self, value: value, initial: initial, action: action)
  }

  /// Runs `action` when `value` changes between two passes (and once when the view appears, if
  /// `initial`).
  public func onChange<V: Equatable>(
    of value: V, initial: Bool = false, _ action: @escaping @MainActor () -> Void
  ) -> some View {
    OnChange(content: self, value: value, initial: initial) { _, _ in action() }
  }

  /// Runs `action` with the new value when `value` changes (the iOS 14 form).
  @_disfavoredOverload
  public func onChange<V: Equatable>(of value: V, perform action: @escaping @MainActor (_ newValue: V) -> Void) -> some View {
    OnChange(content: self, value: value, initial: false) { _, new in action(new) }
  }

  /// Runs `action` when the user submits a text field inside this view (Return), or, with
  /// `.search` among `triggers`, the search field of a `searchable` inside it.
  public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping @MainActor () -> Void) -> some View {
    EnvironmentWriter(content: self) { values in
      if triggers.contains(.text) {
        let previous = values.onSubmit
        values.onSubmit = {
          previous?()
          action()
        }
      }
      if triggers.contains(.search) {
        let previous = values.onSearchSubmit
        values.onSearchSubmit = {
          previous?()
          action()
        }
      }
    }
  }
}

/// Which submissions `onSubmit` hears.
public struct SubmitTriggers: OptionSet, Sendable {
  /// The set's bits.
  public let rawValue: Int
  /// The set with these bits.
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// A text field submitted.
  public static let text = Self(rawValue: 1)
  /// A search field submitted.
  public static let search = Self(rawValue: 2)
}

extension EnvironmentValues {
  private enum OnSubmitKey: EnvironmentKey {
    static var defaultValue: (@MainActor () -> Void)? { nil }
  }
  var onSubmit: (@MainActor () -> Void)? {
    get { self[OnSubmitKey.self] }
    set { self[OnSubmitKey.self] = newValue }
  }
  private enum OnSearchSubmitKey: EnvironmentKey {
    static var defaultValue: (@MainActor () -> Void)? { nil }
  }
  /// What submitting a search field runs (`onSubmit(of: .search)`).
  var onSearchSubmit: (@MainActor () -> Void)? {
    get { self[OnSearchSubmitKey.self] }
    set { self[OnSearchSubmitKey.self] = newValue }
  }
}

/// The value an `onChange` saw in the last pass.
final class LastValue<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}

struct OnChange<Content: View, Value: Equatable>: PrimitiveView {
  let content: Content
  let value: Value
  let initial: Bool
  let action: @MainActor (Value, Value) -> Void

  static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    context.withComponent("change") {
      var isNew = false
      let last = context.storage(at: context.path) { () -> LastValue<Value> in
        isNew = true
        return LastValue(view.value)
      }
      if isNew {
        if view.initial { context.graph.schedule { view.action(view.value, view.value) } }
      } else if last.value != view.value {
        let old = last.value
        last.value = view.value
        context.graph.schedule { view.action(old, view.value) }
      }
    }
    context.resolve(view.content, into: &nodes, component: "m")
  }
}
