import ConcurrencyExtras
import Dependencies
import IssueReporting

/// The work a reducer asks for after it has changed state: nothing, an action to feed back at once,
/// or asynchronous work that feeds actions back through ``Send``.
///
/// ```swift
/// case .refreshTapped:
///   return .run { send in
///     let fact = try await numberFact(count)
///     await send(.factResponse(fact))
///   }
/// ```
public struct Effect<Action>: Sendable {
  @usableFromInline let operation: Operation

  @usableFromInline
  indirect enum Operation: Sendable {
    case none
    /// An action the store reduces right after the current one, before any other work.
    case send(UncheckedSendable<Action>)
    case run(TaskPriority?, @Sendable (Send<Action>) async -> Void)
    case merge([Effect])
    case concatenate([Effect])
    case cancel(CancellationTarget)
    case cancellable(CancelKey, cancelInFlight: Bool, Effect)
  }

  @usableFromInline
  init(operation: Operation) {
    self.operation = operation
  }

  /// Whether this effect does nothing (checked on every send).
  @inlinable
  var isNone: Bool {
    if case .none = operation { return true }
    return false
  }
}

/// A convenience for effects of a reducer's action: `EffectOf<Feature>`.
public typealias EffectOf<R: Reducer> = Effect<R.Action>

extension Effect {
  /// An effect that does nothing.
  ///
  /// Inlinable: most actions return it, and a call into the library for it cost a reducer as
  /// much as its own work.
  @inlinable
  public static var none: Self {
    Self(operation: .none)
  }

  /// An effect that feeds `action` back into the store synchronously, right after the action that
  /// returned it and before any asynchronous effect runs.
  ///
  /// Prefer calling shared logic directly over sending actions to share it; `.send` is for telling
  /// a parent something through a delegate action.
  ///
  /// ```swift
  /// return .send(.delegate(.saved(standup)))
  /// ```
  ///
  /// The action is not required to be `Sendable` (TCA does not require it either): the store takes
  /// it back on the main actor, the same place it was created.
  public static func send(_ action: Action) -> Self {
    Self(operation: .send(UncheckedSendable(action)))
  }

  /// Wraps asynchronous work that can feed any number of actions back into the store.
  ///
  /// ```swift
  /// return .run { send in
  ///   for await _ in clock.timer(interval: .seconds(1)) {
  ///     await send(.timerTicked)
  ///   }
  /// }
  /// ```
  ///
  /// The operation runs with the dependencies that were in force when the effect was created, so
  /// `@Dependency` inside it sees the store's and the reducer's overrides. A `CancellationError` ends
  /// the effect quietly; any other error goes to `handler`, or, without one, is reported as an
  /// issue naming this call's file and line.
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    // The dependencies in force now, with the registry of the store reducing (when it did not
    // push its dependencies), as `withEscapedDependencies` would give them.
    let dependencies = DependencyValues._current.forEscaping
    return Self(
      operation: .run(priority) { send in
        await DependencyValues.$_current.withValue(dependencies) {
          do {
            try await operation(send)
          } catch is CancellationError {
            return
          } catch {
            guard let handler else {
              reportIssue(
                RuntimeIssue.unhandledEffectError(error, fileID: fileID, line: line),
                fileID: fileID, filePath: filePath, line: line, column: column
              )
              return
            }
            await handler(error, send)
          }
        }
      }
    )
  }

  /// Whether starting this effect does all of its work synchronously (no task is needed).
  var isSynchronous: Bool {
    switch operation {
    case .none, .send, .cancel:
      return true
    case .run:
      return false
    case let .merge(effects), let .concatenate(effects):
      return effects.allSatisfy(\.isSynchronous)
    case let .cancellable(_, _, effect):
      return effect.isSynchronous
    }
  }
}
