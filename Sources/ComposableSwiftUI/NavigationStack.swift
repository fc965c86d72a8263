import ComposableArchitecture
import SwiftUICore

extension StackState {
  /// A stack's elements with their ids, as a navigation stack's path: what
  /// `NavigationStack(path: $store.scope(state: \.path, action: \.path))` shows, one screen
  /// per element.
  public struct PathView: MutableCollection, RandomAccessCollection, RangeReplaceableCollection {
    /// The screens, bottom first.
    var components: [Component]

    /// An empty path.
    public init() { components = [] }
    init(_ stack: StackState) {
      components = stack.ids.map { Component(id: $0, element: stack[id: $0]!) }
    }

    public var startIndex: Int { components.startIndex }
    public var endIndex: Int { components.endIndex }
    public subscript(position: Int) -> Component {
      get { components[position] }
      set { components[position] = newValue }
    }
    /// Replaces screens (a push appends, Back removes the last).
    public mutating func replaceSubrange<C: Collection<Component>>(_ subrange: Range<Int>, with newElements: C) {
      components.replaceSubrange(subrange, with: newElements)
    }
  }

  /// An element of a stack as a screen of a navigation stack: its id (nil for one a
  /// `NavigationLink(state:)` is pushing, which gets the next id), and its state. Screens are
  /// the same screen when their ids are.
  public struct Component: Hashable, CustomStringConvertible {
    let id: StackElementID?
    let element: Element

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
    /// The element's id: what names its screen, so the screen keeps its views' state (and its
    /// shapes their measured sizes) while the element's state changes.
    public var description: String { id.map { "\($0)" } ?? "new" }
  }
}

extension NavigationStack {
  /// A stack whose screens are a store's `StackState`: the root, then a screen per element,
  /// drawn by `destination` with the element's store. A `NavigationLink(state:)` pushes (the
  /// store gets `.push(id:state:)`), Back pops (`.popFrom(id:)`).
  ///
  /// ```swift
  /// NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
  ///   SyncUpsListView(store: store.scope(state: \.syncUpsList, action: \.syncUpsList))
  /// } destination: { store in
  ///   switch store.case {
  ///   case let .detail(store): SyncUpDetailView(store: store)
  ///   case let .meeting(meeting, syncUp): MeetingView(meeting: meeting, syncUp: syncUp)
  ///   case let .record(store): RecordMeetingView(store: store)
  ///   }
  /// }
  /// ```
  @MainActor
  public init<State, Action, Destination: View, R: View>(
    path: Binding<Store<StackState<State>, StackAction<State, Action>>>,
    @ViewBuilder root: () -> R,
    @ViewBuilder destination: @escaping (Store<State, Action>) -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Data == StackState<State>.PathView, Root == ModifiedContent<R, _NavigationDestinationViewModifier<State, Action, Destination>> {
    let store = path.wrappedValue
    let pathView = Binding<StackState<State>.PathView>(
      get: { StackState<State>.PathView(store.withState { $0 }) },
      set: { newValue, transaction in
        let current = StackState<State>.PathView(store.withState { $0 })
        if newValue.count > current.count {
          for component in newValue.dropFirst(current.count) {
            @Dependency(\.stackElementID) var stackElementID
            store.send(.push(id: component.id ?? stackElementID(), state: component.element), transaction: transaction)
          }
        } else if newValue.count < current.count, let id = current[newValue.count].id {
          store.send(.popFrom(id: id), transaction: transaction)
        }
      }
    )
    self.init(path: pathView) {
      root().modifier(_NavigationDestinationViewModifier(store: store, destination: destination))
    }
  }
}

/// Declares how a stack's screens are drawn: with the store of each element, scoped by its id.
public struct _NavigationDestinationViewModifier<State, Action, Destination: View>: ViewModifier {
  let store: Store<StackState<State>, StackAction<State, Action>>
  let destination: (Store<State, Action>) -> Destination

  /// The content, with the stack's destination declared.
  public func body(content: Content) -> some View {
    let store = store
    let destination = destination
    return content.navigationDestination(for: StackState<State>.Component.self) { component in
      if let id = component.id,
        let elementStore = store.scope(state: \.[id: id], action: \.[id: id])
      {
        destination(elementStore)
      }
    }
  }
}

extension NavigationLink where Destination == Never {
  /// A link that pushes `state` on the stack of the `NavigationStack(path:)` it is in (the store
  /// gets `.push(id:state:)` with the next id); nil: a link that does nothing.
  ///
  /// ```swift
  /// NavigationLink(state: AppFeature.Path.State.detail(SyncUpDetail.State(syncUp: $syncUp))) {
  ///   CardView(syncUp: syncUp)
  /// }
  /// ```
  public init<P>(
    state: P?,
    @ViewBuilder label: () -> Label,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(value: state.map { StackState<P>.Component(id: nil, element: $0) }, label: label)
  }

  /// A link titled `titleKey` that pushes `state`.
  public init<P>(_ titleKey: LocalizedStringKey, state: P?) where Label == Text {
    self.init(state: state) { Text(titleKey) }
  }

  /// A link titled `title` that pushes `state`.
  @_disfavoredOverload
  public init<S: StringProtocol, P>(_ title: S, state: P?) where Label == Text {
    self.init(state: state) { Text(title) }
  }
}
