import ComposableArchitecture
import SwiftUICore

/// A view drawn from a ``ViewStore`` of a store: TCA's `WithViewStore`, from before
/// `@ObservableState`. The content is evaluated again when the store's state changes.
///
/// ```swift
/// WithViewStore(store, observe: \.count) { viewStore in
///   Text("\(viewStore.state)")
/// }
/// ```
@available(
  *, deprecated,
  message: "Read the state from the store in 'body' ('@ObservableState' state), instead of through 'WithViewStore'."
)
public struct WithViewStore<ViewState, ViewAction, Content: View>: View {
  private let viewStore: ViewStore<ViewState, ViewAction>
  private let content: (ViewStore<ViewState, ViewAction>) -> Content

  /// Content drawn from `store`'s state as `toViewState` gives it, sending `fromViewAction`'s
  /// actions.
  public init<State, Action>(
    _ store: Store<State, Action>,
    observe toViewState: @escaping (_ state: State) -> ViewState,
    send fromViewAction: @escaping (_ viewAction: ViewAction) -> Action,
    removeDuplicates isDuplicate: @escaping (_ lhs: ViewState, _ rhs: ViewState) -> Bool,
    @ViewBuilder content: @escaping (_ viewStore: ViewStore<ViewState, ViewAction>) -> Content,
    file: StaticString = #fileID,
    line: UInt = #line
  ) {
    viewStore = ViewStore(store, observe: toViewState, send: fromViewAction, removeDuplicates: isDuplicate)
    self.content = content
  }

  /// Content drawn from `store`'s state as `toViewState` gives it.
  public init<State>(
    _ store: Store<State, ViewAction>,
    observe toViewState: @escaping (_ state: State) -> ViewState,
    removeDuplicates isDuplicate: @escaping (_ lhs: ViewState, _ rhs: ViewState) -> Bool,
    @ViewBuilder content: @escaping (_ viewStore: ViewStore<ViewState, ViewAction>) -> Content,
    file: StaticString = #fileID,
    line: UInt = #line
  ) {
    self.init(
      store, observe: toViewState, send: { $0 }, removeDuplicates: isDuplicate, content: content,
      file: file, line: line
    )
  }

  /// The content, for the view state now.
  public var body: Content { content(viewStore) }

  /// Accepted for source compatibility; prints nothing (see `Store`'s `_printChanges` on the
  /// reducer for the changes an action makes).
  public func _printChanges(_ prefix: String = "") -> Self { self }
}

@available(
  *, deprecated,
  message: "Read the state from the store in 'body' ('@ObservableState' state), instead of through 'WithViewStore'."
)
extension WithViewStore where ViewState: Equatable {
  /// Content drawn from `store`'s state as `toViewState` gives it, sending `fromViewAction`'s
  /// actions.
  public init<State, Action>(
    _ store: Store<State, Action>,
    observe toViewState: @escaping (_ state: State) -> ViewState,
    send fromViewAction: @escaping (_ viewAction: ViewAction) -> Action,
    @ViewBuilder content: @escaping (_ viewStore: ViewStore<ViewState, ViewAction>) -> Content,
    file: StaticString = #fileID,
    line: UInt = #line
  ) {
    self.init(
      store, observe: toViewState, send: fromViewAction, removeDuplicates: { $0 == $1 }, content: content,
      file: file, line: line
    )
  }

  /// Content drawn from `store`'s state as `toViewState` gives it.
  public init<State>(
    _ store: Store<State, ViewAction>,
    observe toViewState: @escaping (_ state: State) -> ViewState,
    @ViewBuilder content: @escaping (_ viewStore: ViewStore<ViewState, ViewAction>) -> Content,
    file: StaticString = #fileID,
    line: UInt = #line
  ) {
    self.init(
      store, observe: toViewState, send: { $0 }, removeDuplicates: { $0 == $1 }, content: content,
      file: file, line: line
    )
  }
}
