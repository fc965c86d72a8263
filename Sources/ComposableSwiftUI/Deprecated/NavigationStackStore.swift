import ComposableArchitecture
import SwiftUICore

/// A navigation stack driven by a store of `StackState`: TCA's `NavigationStackStore`, from
/// before `@ObservableState`. It draws as `NavigationStack(path:root:destination:)` does.
///
/// ```swift
/// NavigationStackStore(store.scope(state: \.path, action: \.path)) {
///   RootView(store: store.scope(state: \.root, action: \.root))
/// } destination: { store in
///   DetailView(store: store)
/// }
/// ```
@available(
  *, deprecated,
  message: "Use 'NavigationStack(path: $store.scope(state: \\.path, action: \\.path))', instead."
)
public struct NavigationStackStore<State, Action, Root: View, Destination: View>: View {
  private let store: Store<StackState<State>, StackAction<State, Action>>
  private let root: Root
  private let destination: (Store<State, Action>) -> Destination
  private let location: (fileID: StaticString, filePath: StaticString, line: UInt, column: UInt)

  /// A stack whose root is `root` and whose screens `destination` draws with each element's
  /// store.
  public init(
    _ store: Store<StackState<State>, StackAction<State, Action>>,
    @ViewBuilder root: () -> Root,
    @ViewBuilder destination: @escaping (_ store: Store<State, Action>) -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.store = store
    self.root = root()
    self.destination = destination
    self.location = (fileID, filePath, line, column)
  }

  /// A stack whose screens are drawn by `destination` from each element's state, in a
  /// `SwitchStore` of the element's store (its `CaseLet`s scope to the case).
  @_disfavoredOverload
  public init<D: View>(
    _ store: Store<StackState<State>, StackAction<State, Action>>,
    @ViewBuilder root: () -> Root,
    @ViewBuilder destination: @escaping (_ initialState: State) -> D,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Destination == SwitchStore<State, Action, D> {
    self.init(
      store, root: root, destination: { SwitchStore($0, content: destination) },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// The stack.
  public var body: some View {
    let store = store
    return NavigationStack(
      path: Binding(get: { store }, set: { _ in }), root: { root }, destination: destination,
      fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column
    )
  }
}
