import CasePaths

/// How an operator reaches a child's case of its parent's enum: a case key path (`\.child`), or
/// the `AnyCasePath` of the older `/Action.child` spelling.
///
/// The case key path is kept as it is rather than wrapped in an `AnyCasePath`: operators such as
/// `Scope` are rebuilt every time their parent's `body` is evaluated, and making an `AnyCasePath`
/// allocates its closures.
///
/// `@unchecked Sendable` because `CaseKeyPath` is not declared `Sendable`; a key path is an
/// immutable value, and a case key path's only captured arguments are other key paths (the
/// `AllCasePaths` members it goes through), so sharing one between tasks is safe. `AnyCasePath` is
/// `Sendable`.
@usableFromInline
enum CaseAccess<Root, Value>: @unchecked Sendable {
  case keyPath(CaseKeyPath<Root, Value>)
  case casePath(AnyCasePath<Root, Value>)

  @inlinable
  func extract(from root: Root) -> Value? {
    switch self {
    case let .keyPath(keyPath): Case(keyPath)._extract(from: root)
    case let .casePath(casePath): casePath.extract(from: root)
    }
  }

  @inlinable
  func embed(_ value: Value) -> Root {
    switch self {
    case let .keyPath(keyPath): Case(keyPath)._embed(value) as! Root
    case let .casePath(casePath): casePath.embed(value)
    }
  }
}
