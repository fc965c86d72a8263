import ComposableArchitecture
import Observation
import Synchronization
import SwiftUICore

// TCA's view layer from before 1.7 (`ViewStore`, `WithViewStore`, `IfLetStore`, …), which TCA
// still ships as deprecated: code in that style compiles and runs here unchanged. Each type is
// a thin layer over the store's observation: a view that reads a view store's state reads the
// store's, so the view is evaluated again when the store's state changes, as one written with
// `@ObservableState` is.

/// A view of a store's state, as TCA wrote views before `@ObservableState` (1.7): the part of
/// the state a view shows (`observe:`) and the actions it sends (`send:`).
///
/// ```swift
/// WithViewStore(store, observe: { $0 }) { viewStore in
///   Text("\(viewStore.count)")
///   Button("+") { viewStore.send(.incrementButtonTapped) }
/// }
/// ```
///
/// `state` is read from the store each time, so it is never stale; `removeDuplicates` is
/// accepted, and a view reading the state is evaluated again after each change of the store's
/// state (an evaluation that finds the same state draws the same thing).
@available(
  *, deprecated,
  message: "Mark the state '@ObservableState' and read it from the store ('store.count'), instead; TCA's 1.7 migration guide shows each step."
)
@MainActor
@dynamicMemberLookup
public final class ViewStore<ViewState, ViewAction> {
  private let readState: @MainActor () -> ViewState
  private let sendAction: @MainActor (ViewAction) -> StoreTask

  /// A view store of `store`'s state as `toViewState` gives it, sending `fromViewAction`'s
  /// actions.
  public init<State, Action>(
    _ store: Store<State, Action>,
    observe toViewState: @escaping (_ state: State) -> ViewState,
    send fromViewAction: @escaping (_ viewAction: ViewAction) -> Action,
    removeDuplicates isDuplicate: @escaping (_ lhs: ViewState, _ rhs: ViewState) -> Bool
  ) {
    readState = { toViewState(store.state) }
    sendAction = { store.send(fromViewAction($0)) }
  }

  /// A view store of `store`'s state as `toViewState` gives it, sending the store's actions.
  public convenience init<State>(
    _ store: Store<State, ViewAction>,
    observe toViewState: @escaping (_ state: State) -> ViewState,
    removeDuplicates isDuplicate: @escaping (_ lhs: ViewState, _ rhs: ViewState) -> Bool
  ) {
    self.init(store, observe: toViewState, send: { $0 }, removeDuplicates: isDuplicate)
  }

  /// The view state now.
  public var state: ViewState { readState() }

  /// A property of the view state: `viewStore.count`.
  public subscript<Value>(dynamicMember keyPath: KeyPath<ViewState, Value>) -> Value {
    state[keyPath: keyPath]
  }

  /// Sends an action to the store.
  @discardableResult
  public func send(_ action: ViewAction) -> StoreTask {
    sendAction(action)
  }

  /// Sends an action with `animation` for the changes it makes.
  @discardableResult
  public func send(_ action: ViewAction, animation: Animation?) -> StoreTask {
    send(action, transaction: Transaction(animation: animation))
  }

  /// Sends an action in `transaction`.
  @discardableResult
  public func send(_ action: ViewAction, transaction: Transaction) -> StoreTask {
    withTransaction(transaction) { send(action) }
  }

  /// Sends an action and waits while `predicate` holds for the view state (for `refreshable`);
  /// cancelling the wait cancels the action's effects.
  public func send(_ action: ViewAction, while predicate: @escaping (_ state: ViewState) -> Bool) async {
    let task = send(action)
    await withTaskCancellationHandler {
      await yield(while: predicate)
    } onCancel: {
      task.cancel()
    }
  }

  /// Sends an action with `animation` and waits while `predicate` holds for the view state.
  public func send(
    _ action: ViewAction, animation: Animation?, while predicate: @escaping (_ state: ViewState) -> Bool
  ) async {
    let task = withAnimation(animation) { send(action) }
    await withTaskCancellationHandler {
      await yield(while: predicate)
    } onCancel: {
      task.cancel()
    }
  }

  /// Waits while `predicate` holds for the view state, or until the task is cancelled.
  public func yield(while predicate: @escaping (_ state: ViewState) -> Bool) async {
    while !Task.isCancelled {
      let change = ChangeSignal()
      let holds = withObservationTracking {
        predicate(state)
      } onChange: {
        change.fire()
      }
      guard holds else { return }
      await change.wait()
    }
  }

  /// A binding whose value is read from the view state with `get` and written by sending the
  /// action `valueToAction` makes of it.
  public func binding<Value>(
    get: @escaping (_ state: ViewState) -> Value,
    send valueToAction: @escaping (_ value: Value) -> ViewAction
  ) -> Binding<Value> {
    Binding(
      get: { get(self.state) },
      set: { newValue, transaction in self.send(valueToAction(newValue), transaction: transaction) }
    )
  }

  /// A binding whose value is read from the view state with `get` and written by sending
  /// `action`.
  public func binding<Value>(
    get: @escaping (_ state: ViewState) -> Value,
    send action: ViewAction
  ) -> Binding<Value> {
    binding(get: get, send: { _ in action })
  }

  /// A binding of the whole view state, written by sending the action `valueToAction` makes.
  public func binding(send valueToAction: @escaping (_ state: ViewState) -> ViewAction) -> Binding<ViewState> {
    binding(get: { $0 }, send: valueToAction)
  }

  /// A binding of the whole view state, written by sending `action`.
  public func binding(send action: ViewAction) -> Binding<ViewState> {
    binding(send: { _ in action })
  }
}

@available(*, deprecated, message: "Mark the state '@ObservableState' and read it from the store, instead.")
extension ViewStore where ViewState: Equatable {
  /// A view store of `store`'s state as `toViewState` gives it.
  public convenience init<State>(
    _ store: Store<State, ViewAction>,
    observe toViewState: @escaping (_ state: State) -> ViewState
  ) {
    self.init(store, observe: toViewState, removeDuplicates: { $0 == $1 })
  }

  /// A view store of `store`'s state as `toViewState` gives it, sending `fromViewAction`'s
  /// actions.
  public convenience init<State, Action>(
    _ store: Store<State, Action>,
    observe toViewState: @escaping (_ state: State) -> ViewState,
    send fromViewAction: @escaping (_ viewAction: ViewAction) -> Action
  ) {
    self.init(store, observe: toViewState, send: fromViewAction, removeDuplicates: { $0 == $1 })
  }
}

@available(*, deprecated, message: "Use '$store.title' with '@ObservableState' and 'BindingReducer', instead.")
extension ViewStore where ViewAction: BindableAction, ViewAction.State == ViewState {
  /// A binding of a `@BindingState` field: `TextField("Title", text: viewStore.$title)`. Writing
  /// it sends the action's `.binding(.set(\.$title, value))`.
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<ViewState, BindingState<Value>>
  ) -> Binding<Value> {
    binding(get: { $0[keyPath: keyPath].wrappedValue }, send: { .set(keyPath, $0) })
  }
}

/// A view store of a feature's state and actions: `ViewStoreOf<Feature>`.
@available(*, deprecated, message: "Mark the state '@ObservableState' and read it from the store, instead.")
public typealias ViewStoreOf<R: Reducer> = ViewStore<R.State, R.Action>

/// Resumes one waiter once, whichever comes first: a change or the waiting task's cancellation.
private final class ChangeSignal: Sendable {
  private let state = Mutex<(fired: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

  func fire() {
    let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
      state.fired = true
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume()
  }

  func wait() async {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let resumeNow = state.withLock { state -> Bool in
          if state.fired { return true }
          state.waiter = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      fire()
    }
  }
}
