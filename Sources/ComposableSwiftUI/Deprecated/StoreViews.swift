@_spi(SwiftUIIntegration) import ComposableArchitecture
import SwiftUICore

/// A view of optional state: `then` with the store of the unwrapped state while it is there,
/// `else` otherwise. TCA's `IfLetStore`, from before `@ObservableState`.
///
/// ```swift
/// IfLetStore(store.scope(state: \.detail, action: \.detail)) { store in
///   DetailView(store: store)
/// } else: {
///   ProgressView()
/// }
/// ```
///
/// The unwrapped store is the same instance for as long as the state is there.
@available(
  *, deprecated,
  message: "Unwrap with 'if let store = store.scope(state: \\.child, action: \\.child)' in 'body', instead."
)
public struct IfLetStore<State, Action, Content: View>: View {
  private let content: @MainActor () -> Content

  /// `ifContent` while the state is there, `elseContent` while it is nil.
  public init<IfContent, ElseContent>(
    _ store: Store<State?, Action>,
    @ViewBuilder then ifContent: @escaping (_ store: Store<State, Action>) -> IfContent,
    @ViewBuilder else elseContent: () -> ElseContent,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Content == _ConditionalContent<IfContent, ElseContent> {
    let elseContent = elseContent()
    let unwrap = Unwrap(store: store, fileID: fileID, filePath: filePath, line: line, column: column)
    content = {
      if let store = unwrap() {
        ViewBuilder.buildEither(first: ifContent(store))
      } else {
        ViewBuilder.buildEither(second: elseContent)
      }
    }
  }

  /// `ifContent` while the state is there, nothing while it is nil.
  public init<IfContent>(
    _ store: Store<State?, Action>,
    @ViewBuilder then ifContent: @escaping (_ store: Store<State, Action>) -> IfContent,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Content == IfContent? {
    let unwrap = Unwrap(store: store, fileID: fileID, filePath: filePath, line: line, column: column)
    content = { unwrap().map(ifContent) }
  }

  /// The content for the state now.
  public var body: Content { content() }
}

/// The unwrapping of an optional store's state, cached at the place that wrote it.
@MainActor
private struct Unwrap<State, Action> {
  let store: Store<State?, Action>
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  func callAsFunction() -> Store<State, Action>? {
    store._scope(
      site: "\(fileID):\(line):\(column)", state: { $0 }, action: { $0 },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

/// A view for each element of a collection feature, with the element's store. TCA's
/// `ForEachStore`, from before `@ObservableState`.
///
/// ```swift
/// ForEachStore(store.scope(state: \.todos, action: \.todos)) { store in
///   TodoView(store: store)
/// }
/// .onDelete { viewStore.send(.delete($0)) }
/// ```
@available(
  *, deprecated,
  message: "Use 'ForEach(store.scope(state: \\.rows, action: \\.rows)) { store in … }', instead."
)
public struct ForEachStore<EachState, EachAction, Data: Collection, ID: Hashable & Sendable, EachContent: View>: View {
  /// The elements, when the view was made.
  public let data: Data
  private let store: Store<IdentifiedArray<ID, EachState>, IdentifiedAction<ID, EachAction>>
  private let content: (Store<EachState, EachAction>) -> EachContent
  private var onDelete: (@MainActor (IndexSet) -> Void)?
  private var onMove: (@MainActor (IndexSet, Int) -> Void)?

  /// A view for each element of `store`'s collection, made by `content` with its store.
  public init(
    _ store: Store<IdentifiedArray<ID, EachState>, IdentifiedAction<ID, EachAction>>,
    @ViewBuilder content: @escaping (_ store: Store<EachState, EachAction>) -> EachContent
  ) where Data == IdentifiedArray<ID, EachState> {
    self.data = store.withState { $0 }
    self.store = store
    self.content = content
  }

  /// The rows: a `ForEach` of the element stores.
  public var body: some View {
    ForEach(store.scope(state: \.self, action: \.self), content: content)
      .onDelete(perform: onDelete)
      .onMove(perform: onMove)
  }

  /// Rows the user can delete, as `ForEach`'s.
  public func onDelete(perform action: (@MainActor (IndexSet) -> Void)?) -> Self {
    var copy = self
    copy.onDelete = action
    return copy
  }

  /// Rows the user can move, as `ForEach`'s.
  public func onMove(perform action: (@MainActor (IndexSet, Int) -> Void)?) -> Self {
    var copy = self
    copy.onMove = action
    return copy
  }
}

/// A view of enum state, one `CaseLet` per case: TCA's `SwitchStore`, from before
/// `@ObservableState`.
///
/// ```swift
/// SwitchStore(store) { state in
///   switch state {
///   case .loggedIn: CaseLet(\.loggedIn, action: Root.Action.loggedIn) { LoggedInView(store: $0) }
///   case .loggedOut: CaseLet(\.loggedOut, action: Root.Action.loggedOut) { LoggedOutView(store: $0) }
///   }
/// }
/// ```
@available(
  *, deprecated,
  message: "Use 'switch store.case { … }' with a '@Reducer enum', instead."
)
public struct SwitchStore<State, Action, Content: View>: View {
  /// The store of the enum state.
  public let store: Store<State, Action>
  /// The content for a state (a `switch` over it, of `CaseLet`s).
  public let content: (State) -> Content

  /// The content `content` makes of the state, whose `CaseLet`s scope `store`.
  public init(_ store: Store<State, Action>, @ViewBuilder content: @escaping (_ initialState: State) -> Content) {
    self.store = store
    self.content = content
  }

  /// The content for the state now, with the store in the environment for its `CaseLet`s.
  public var body: some View {
    content(store.state).environment(\.switchStore, store)
  }
}

/// The content of one case of the state of the `SwitchStore` it is in, with the store of the
/// case's state: TCA's `CaseLet`.
@available(
  *, deprecated,
  message: "Use 'switch store.case { … }' with a '@Reducer enum', instead."
)
public struct CaseLet<EnumState, EnumAction, CaseState, CaseAction, Content: View>: View {
  /// Extracts the case's state.
  public let toCaseState: (EnumState) -> CaseState?
  /// Embeds the case's action.
  public let fromCaseAction: (CaseAction) -> EnumAction
  /// The content, with the case's store.
  public let content: (Store<CaseState, CaseAction>) -> Content
  private let location: (fileID: StaticString, filePath: StaticString, line: UInt, column: UInt)
  @Environment(\.switchStore) private var switchStore

  /// The content of the case `toCaseState` extracts, whose actions `fromCaseAction` embeds.
  public init(
    _ toCaseState: @escaping (EnumState) -> CaseState?,
    action fromCaseAction: @escaping (CaseAction) -> EnumAction,
    @ViewBuilder then content: @escaping (_ store: Store<CaseState, CaseAction>) -> Content,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.toCaseState = toCaseState
    self.fromCaseAction = fromCaseAction
    self.content = content
    self.location = (fileID, filePath, line, column)
  }

  /// The content with the case's store; outside a `SwitchStore`, or while the state is in
  /// another case, nothing is drawn and an issue is reported.
  public var body: some View {
    let store = switchStore as? Store<EnumState, EnumAction>
    let caseStore = store?._scope(
      site: "\(location.fileID):\(location.line):\(location.column)",
      state: toCaseState, action: fromCaseAction,
      fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column
    )
    if let caseStore {
      content(caseStore)
    } else {
      CaseLetMismatch(
        isInSwitchStore: store != nil, state: store?.withState { "\($0)" },
        fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column
      )
    }
  }
}

@available(*, deprecated, message: "Use 'switch store.case { … }' with a '@Reducer enum', instead.")
extension CaseLet where EnumAction == CaseAction {
  /// The content of the case `toCaseState` extracts, sending the enum's own actions.
  public init(
    state toCaseState: @escaping (EnumState) -> CaseState?,
    @ViewBuilder then content: @escaping (_ store: Store<CaseState, CaseAction>) -> Content
  ) {
    self.init(toCaseState, action: { $0 }, then: content)
  }
}

/// What a `CaseLet` draws when its case is not the state's: nothing, and an issue saying where.
private struct CaseLetMismatch: View {
  let isInSwitchStore: Bool
  let state: String?
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  var body: some View {
    EmptyView().onAppear {
      let message =
        isInSwitchStore
        ? """
          The CaseLet at \(fileID):\(line) names a case the state is not in; the state is now \
          \(state ?? "?"). Check that the `case` this CaseLet sits under and the case path it \
          is given name the same case.
          """
        : """
          The CaseLet at \(fileID):\(line) is not inside a SwitchStore of its enum's store, so it \
          has no state to draw. Put it in 'SwitchStore(store) { state in switch state { … } }'.
          """
      reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
}

private enum SwitchStoreKey: EnvironmentKey {
  static var defaultValue: AnyObject? { nil }
}

extension EnvironmentValues {
  /// The store of the `SwitchStore` a view is in, for its `CaseLet`s.
  fileprivate var switchStore: AnyObject? {
    get { self[SwitchStoreKey.self] }
    set { self[SwitchStoreKey.self] = newValue }
  }
}
