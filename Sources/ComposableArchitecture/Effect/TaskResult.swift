import CustomDump

/// The result of async work whose error is any `Error`, comparable in tests: TCA's spelling from
/// before typed `Result`s in actions became the norm (deprecated there, still everywhere in 1.0-era
/// features).
///
/// ```swift
/// case factButtonTapped:
///   return .run { [count = state.count] send in
///     await send(.factResponse(TaskResult { try await numberFact(count) }))
///   }
/// case let .factResponse(.success(fact)): …
/// case .factResponse(.failure): …
/// ```
///
/// Two failures are equal when their errors are of the same type and equal (for `Equatable`
/// errors) or dump the same (for others), as in TCA.
public enum TaskResult<Success: Sendable>: Sendable {
  case success(Success)
  case failure(any Error)

  /// The result of `body`: its value, or the error it threw.
  public init(catching body: @Sendable () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }

  /// The same outcome as `result`.
  public init<Failure>(_ result: Result<Success, Failure>) {
    switch result {
    case let .success(value): self = .success(value)
    case let .failure(error): self = .failure(error)
    }
  }

  /// The value, or the error thrown.
  public var value: Success {
    get throws {
      switch self {
      case let .success(value): return value
      case let .failure(error): throw error
      }
    }
  }

  /// The value transformed by `transform`, or the same error.
  public func map<NewSuccess>(_ transform: (Success) -> NewSuccess) -> TaskResult<NewSuccess> {
    switch self {
    case let .success(value): return .success(transform(value))
    case let .failure(error): return .failure(error)
    }
  }

  /// The result of `transform` applied to the value, or the same error.
  public func flatMap<NewSuccess>(
    _ transform: (Success) -> TaskResult<NewSuccess>
  ) -> TaskResult<NewSuccess> {
    switch self {
    case let .success(value): return transform(value)
    case let .failure(error): return .failure(error)
    }
  }
}

extension TaskResult: Equatable where Success: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case let (.success(lhs), .success(rhs)):
      return lhs == rhs
    case let (.failure(lhs), .failure(rhs)):
      return errorsAreEqual(lhs, rhs)
    default:
      return false
    }
  }
}

extension TaskResult: Hashable where Success: Hashable {
  public func hash(into hasher: inout Hasher) {
    switch self {
    case let .success(value):
      hasher.combine(0)
      hasher.combine(value)
    case let .failure(error):
      hasher.combine(1)
      hasher.combine(String(describing: type(of: error)))
    }
  }
}

private func errorsAreEqual(_ lhs: any Error, _ rhs: any Error) -> Bool {
  guard type(of: lhs) == type(of: rhs) else { return false }
  // The metatype, not the value: a value cast would bridge any error to an `NSError`.
  if let equatable = type(of: lhs) as? any Equatable.Type {
    return areEqual(equatable, lhs, rhs)
  }
  return String(customDumping: lhs) == String(customDumping: rhs)
}

private func areEqual<T: Equatable>(_: T.Type, _ lhs: Any, _ rhs: Any) -> Bool {
  (lhs as? T) == (rhs as? T)
}
