/// Feeds actions from an ``Effect/run(priority:operation:catch:fileID:filePath:line:column:)``
/// effect back into the store.
///
/// ```swift
/// return .run { send in
///   await send(.loaded(try await client.load()))
/// }
/// ```
///
/// Sending after the effect was cancelled does nothing, so a cancelled effect can never change
/// state.
@MainActor
public struct Send<Action>: Sendable {
  let send: @MainActor @Sendable (Action) -> Void

  /// A `Send` that hands each action to `send` (for tests of code that takes one).
  public nonisolated init(send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = send
  }

  /// Sends an action back into the store, unless the effect has been cancelled.
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    self.send(action)
  }
}
