// Reducers written for SwiftUI pass animations along with actions (`send(.x, animation: .default)`).
// They are platform independent otherwise, so here they compile unchanged: with SwiftUI its own
// types are used; without it (Linux, Windows, Android, Wasm), `Animation` and `Transaction` are
// the small values of `SwiftUIStateTypes`, which carry no behaviour: the action is sent as if no
// animation had been given.

#if canImport(SwiftUI)
  import SwiftUI
#else
  // `Animation`, `Transaction`, `withAnimation` and `withTransaction`, shared with the SwiftUI
  // views of this package (see `SwiftUIStateTypes`).
  @_exported import SwiftUIStateTypes
#endif

extension Send {
  /// Sends an action with an animation (`await send(.loaded(items), animation: .default)`).
  /// Without SwiftUI the animation is ignored.
  public func callAsFunction(_ action: Action, animation: Animation?) {
    callAsFunction(action, transaction: Transaction(animation: animation))
  }

  /// Sends an action in a transaction. Without SwiftUI the transaction is ignored.
  public func callAsFunction(_ action: Action, transaction: Transaction) {
    guard !Task.isCancelled else { return }
    withTransaction(transaction) {
      self.send(action)
    }
  }
}

extension Effect {
  /// An effect that sends an action with an animation. No store here renders with SwiftUI, so
  /// the animation is not applied: this is `.send(action)`, delivered just as synchronously.
  public static func send(_ action: Action, animation: Animation?) -> Self {
    .send(action)
  }
}

extension Store {
  /// Sends an action with an animation. Without SwiftUI the animation is ignored.
  @discardableResult
  public func send(_ action: Action, animation: Animation?) -> StoreTask {
    send(action, transaction: Transaction(animation: animation))
  }

  /// Sends an action in a transaction. Without SwiftUI the transaction is ignored.
  @discardableResult
  public func send(_ action: Action, transaction: Transaction) -> StoreTask {
    withTransaction(transaction) {
      send(action)
    }
  }
}
