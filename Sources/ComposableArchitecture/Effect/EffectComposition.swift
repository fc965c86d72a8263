extension Effect {
  /// Runs several effects at the same time.
  ///
  /// ```swift
  /// return .merge(.send(.started), .run { send in await send(.loaded(try await load())) })
  /// ```
  public static func merge(_ effects: Self...) -> Self {
    .merge(effects)
  }

  /// Runs a sequence of effects at the same time.
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    combined(effects, as: Operation.merge)
  }

  /// Runs this effect and `other` at the same time.
  ///
  /// Inlinable: composed reducers merge after every action, and mostly `.none`s, which then cost
  /// two tests (no array, no call, nothing retained).
  @inlinable
  public func merge(with other: Self) -> Self {
    if other.isNone { return self }
    if isNone { return other }
    return merging(other)
  }

  @usableFromInline
  func merging(_ other: Self) -> Self {
    .merge(self, other)
  }

  /// Runs several effects one after another: each starts when the previous one has finished.
  ///
  /// ```swift
  /// return .concatenate(.send(.saving), .run { _ in try await save() }, .send(.saved))
  /// ```
  ///
  /// Leading synchronous effects (``send(_:)``) are delivered at once; if the concatenation is
  /// cancelled, the effects that have not started yet never start.
  public static func concatenate(_ effects: Self...) -> Self {
    .concatenate(effects)
  }

  /// Runs a sequence of effects one after another.
  public static func concatenate(_ effects: some Collection<Self>) -> Self {
    combined(effects, as: Operation.concatenate)
  }

  /// Runs `other` after this effect has finished.
  public func concatenate(with other: Self) -> Self {
    if other.isNone { return self }
    if isNone { return other }
    return .concatenate(self, other)
  }

  /// Transforms every action this effect feeds back.
  ///
  /// ```swift
  /// return Child().reduce(into: &state.child, action: action).map(Action.child)
  /// ```
  public func map<T>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T> {
    switch operation {
    case .none:
      return .none
    case let .send(action):
      return .send(transform(action.value))
    case let .run(priority, operation):
      return Effect<T>(
        operation: .run(priority) { send in
          await operation(Send { action in send(transform(action)) })
        }
      )
    case let .merge(effects):
      return Effect<T>(operation: .merge(effects.map { $0.map(transform) }))
    case let .concatenate(effects):
      return Effect<T>(operation: .concatenate(effects.map { $0.map(transform) }))
    case let .cancel(target):
      return Effect<T>(operation: .cancel(target))
    case let .cancellable(key, cancelInFlight, effect):
      return Effect<T>(
        operation: .cancellable(key, cancelInFlight: cancelInFlight, effect.map(transform))
      )
    }
  }

  /// Drops `.none`s so that combining effects never builds needless structure.
  private static func combined(
    _ effects: some Sequence<Self>, as combine: ([Self]) -> Operation
  ) -> Self {
    let effects = effects.filter {
      if case .none = $0.operation { return false }
      return true
    }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default: return Self(operation: combine(effects))
    }
  }
}

extension Effect {
  /// Runs the whole effect inside the current task and returns when all of its work is done.
  ///
  /// The store starts effects synchronously where it can (see `RootCore.start`); this is the
  /// interpreter for the parts that must wait for something first, such as the tail of a
  /// concatenation.
  func run(send: Send<Action>, registry: CancellationRegistry) async {
    switch operation {
    case .none:
      return
    case let .send(action):
      await send(unchecked: action)
    case let .run(_, operation):
      await operation(send)
    case let .merge(effects):
      await withTaskGroup(of: Void.self) { group in
        for effect in effects {
          group.addTask { await effect.run(send: send, registry: registry) }
        }
      }
    case let .concatenate(effects):
      for effect in effects {
        guard !Task.isCancelled else { return }
        await effect.run(send: send, registry: registry)
      }
    case let .cancel(target):
      registry.cancel(target)
    case let .cancellable(key, cancelInFlight, effect):
      await registry.withCancellation(key, cancelInFlight: cancelInFlight) {
        await effect.run(send: send, registry: registry)
      }
    }
  }
}

extension Send {
  func callAsFunction(unchecked action: UncheckedSendable<Action>) {
    self(action.value)
  }
}
