@_spi(SwiftUIIntegration) import ComposableArchitecture
import SwiftUICore

// The presentation modifiers that take a store of `PresentationState` (TCA before
// `@ObservableState`): each turns the store into the binding of an optional child store that
// the modifier of the same name with `item:` takes, so it presents, dismisses and sends as the
// 1.7 spelling with `$store.scope(state:action:)` does.

@available(
  *, deprecated,
  message: "Pass the modifier a binding of a scoped store ('.sheet(item: $store.scope(state: \\.child, action: \\.child))'), instead."
)
extension View {
  /// A sheet of the presented child's feature, dismissed with `.dismiss` when swiped away.
  public func sheet<State, Action, Content: View>(
    store: Store<PresentationState<State>, PresentationAction<Action>>,
    onDismiss: (@MainActor () -> Void)? = nil,
    @ViewBuilder content: @escaping (_ store: Store<State, Action>) -> Content,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> some View {
    sheet(
      item: store._presented({ $0 }, { $0 }, at: Site(fileID, filePath, line, column)), onDismiss: onDismiss,
      content: content
    )
  }

  /// A sheet of one case of the presented state (`state` extracts it, `action` embeds its
  /// actions).
  public func sheet<State, Action, DestinationState, DestinationAction, Content: View>(
    store: Store<PresentationState<State>, PresentationAction<Action>>,
    state toDestinationState: @escaping (_ state: State) -> DestinationState?,
    action fromDestinationAction: @escaping (_ destinationAction: DestinationAction) -> Action,
    onDismiss: (@MainActor () -> Void)? = nil,
    @ViewBuilder content: @escaping (_ store: Store<DestinationState, DestinationAction>) -> Content,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> some View {
    sheet(
      item: store._presented(toDestinationState, fromDestinationAction, at: Site(fileID, filePath, line, column)),
      onDismiss: onDismiss, content: content
    )
  }

  /// A full-screen cover of the presented child's feature.
  public func fullScreenCover<State, Action, Content: View>(
    store: Store<PresentationState<State>, PresentationAction<Action>>,
    onDismiss: (@MainActor () -> Void)? = nil,
    @ViewBuilder content: @escaping (_ store: Store<State, Action>) -> Content,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> some View {
    fullScreenCover(
      item: store._presented({ $0 }, { $0 }, at: Site(fileID, filePath, line, column)), onDismiss: onDismiss,
      content: content
    )
  }

  /// A full-screen cover of one case of the presented state.
  public func fullScreenCover<State, Action, DestinationState, DestinationAction, Content: View>(
    store: Store<PresentationState<State>, PresentationAction<Action>>,
    state toDestinationState: @escaping (_ state: State) -> DestinationState?,
    action fromDestinationAction: @escaping (_ destinationAction: DestinationAction) -> Action,
    onDismiss: (@MainActor () -> Void)? = nil,
    @ViewBuilder content: @escaping (_ store: Store<DestinationState, DestinationAction>) -> Content,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> some View {
    fullScreenCover(
      item: store._presented(toDestinationState, fromDestinationAction, at: Site(fileID, filePath, line, column)),
      onDismiss: onDismiss, content: content
    )
  }

  /// A popover of the presented child's feature (drawn as a sheet, as on a phone).
  public func popover<State, Action, Content: View>(
    store: Store<PresentationState<State>, PresentationAction<Action>>,
    attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds),
    arrowEdge: Edge? = nil,
    @ViewBuilder content: @escaping (_ store: Store<State, Action>) -> Content,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> some View {
    popover(
      item: store._presented({ $0 }, { $0 }, at: Site(fileID, filePath, line, column)),
      attachmentAnchor: attachmentAnchor, arrowEdge: arrowEdge, content: content
    )
  }

  /// A popover of one case of the presented state.
  public func popover<State, Action, DestinationState, DestinationAction, Content: View>(
    store: Store<PresentationState<State>, PresentationAction<Action>>,
    state toDestinationState: @escaping (_ state: State) -> DestinationState?,
    action fromDestinationAction: @escaping (_ destinationAction: DestinationAction) -> Action,
    attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds),
    arrowEdge: Edge? = nil,
    @ViewBuilder content: @escaping (_ store: Store<DestinationState, DestinationAction>) -> Content,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> some View {
    popover(
      item: store._presented(toDestinationState, fromDestinationAction, at: Site(fileID, filePath, line, column)),
      attachmentAnchor: attachmentAnchor, arrowEdge: arrowEdge, content: content
    )
  }

  /// A screen pushed for the presented child's feature; Back sends `.dismiss`.
  public func navigationDestination<State, Action, Destination: View>(
    store: Store<PresentationState<State>, PresentationAction<Action>>,
    @ViewBuilder destination: @escaping (_ store: Store<State, Action>) -> Destination,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> some View {
    navigationDestination(
      item: store._presented({ $0 }, { $0 }, at: Site(fileID, filePath, line, column)), destination: destination
    )
  }

  /// A screen pushed for one case of the presented state.
  public func navigationDestination<State, Action, DestinationState, DestinationAction, Destination: View>(
    store: Store<PresentationState<State>, PresentationAction<Action>>,
    state toDestinationState: @escaping (_ state: State) -> DestinationState?,
    action fromDestinationAction: @escaping (_ destinationAction: DestinationAction) -> Action,
    @ViewBuilder destination: @escaping (_ store: Store<DestinationState, DestinationAction>) -> Destination,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> some View {
    navigationDestination(
      item: store._presented(toDestinationState, fromDestinationAction, at: Site(fileID, filePath, line, column)),
      destination: destination
    )
  }

  /// An alert drawn from the presented `AlertState`; its buttons send their actions.
  public func alert<ButtonAction>(
    store: Store<PresentationState<AlertState<ButtonAction>>, PresentationAction<ButtonAction>>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> some View {
    alert(store._presented({ $0 }, { $0 }, at: Site(fileID, filePath, line, column)))
  }

  /// An alert drawn from one case of the presented state.
  public func alert<State, Action, ButtonAction>(
    store: Store<PresentationState<State>, PresentationAction<Action>>,
    state toDestinationState: @escaping (_ state: State) -> AlertState<ButtonAction>?,
    action fromDestinationAction: @escaping (_ alertAction: ButtonAction) -> Action,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> some View {
    alert(store._presented(toDestinationState, fromDestinationAction, at: Site(fileID, filePath, line, column)))
  }

  /// A confirmation dialog drawn from the presented `ConfirmationDialogState`.
  public func confirmationDialog<ButtonAction>(
    store: Store<PresentationState<ConfirmationDialogState<ButtonAction>>, PresentationAction<ButtonAction>>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> some View {
    confirmationDialog(store._presented({ $0 }, { $0 }, at: Site(fileID, filePath, line, column)))
  }

  /// A confirmation dialog drawn from one case of the presented state.
  public func confirmationDialog<State, Action, ButtonAction>(
    store: Store<PresentationState<State>, PresentationAction<Action>>,
    state toDestinationState: @escaping (_ state: State) -> ConfirmationDialogState<ButtonAction>?,
    action fromDestinationAction: @escaping (_ dialogAction: ButtonAction) -> Action,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> some View {
    confirmationDialog(
      store._presented(toDestinationState, fromDestinationAction, at: Site(fileID, filePath, line, column))
    )
  }
}

/// Where a presentation modifier was written: what its child store is cached under, and where
/// an issue about it points.
private struct Site {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  init(_ fileID: StaticString, _ filePath: StaticString, _ line: UInt, _ column: UInt) {
    (self.fileID, self.filePath, self.line, self.column) = (fileID, filePath, line, column)
  }

  var key: String { "\(fileID):\(line):\(column)" }
}

extension Store {
  /// The binding a `store:` presentation modifier gives the `item:` one: the store of the
  /// presented state's part `toChild` extracts (nil while there is none), which sends its
  /// actions as `.presented`; setting it to nil sends `.dismiss` if that child is still there.
  @MainActor
  fileprivate func _presented<Presented, ChildState, ChildAction, PresentedAction>(
    _ toChild: @escaping (Presented) -> ChildState?,
    _ fromChild: @escaping (ChildAction) -> PresentedAction,
    at site: Site
  ) -> Binding<Store<ChildState, ChildAction>?>
  where State == PresentationState<Presented>, Action == PresentationAction<PresentedAction> {
    let childStore = _scope(
      site: site.key, state: { $0.wrappedValue.flatMap(toChild) }, action: { .presented(fromChild($0)) },
      fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column
    )
    return Binding(
      get: { childStore },
      set: { newValue, transaction in
        guard newValue == nil, self._hasState, let shown = childStore,
          self.state.wrappedValue.flatMap(toChild) != nil, shown._hasState
        else { return }
        self.send(.dismiss, transaction: transaction)
      }
    )
  }
}
