import CasePaths

/// How an operator reaches a child's case of its parent's enum: a case key path (`\.child`), or
/// the `AnyCasePath` of the older `/Action.child` spelling.
///
/// A case key path is resolved once, when the operator is made: applying one (`action[case:]`)
/// instantiates `Case` values and looks up generic metadata on every call, about 10 000
/// instructions on Linux, where the resolved `Case` only runs its two closures. Operators are made
/// once per reducer value (see `_ReducerBodyStorage`), so resolving here is paid once, not per action.
@usableFromInline
enum CaseAccess<Root, Value>: Sendable {
  case keyPath(Case<Value>)
  case casePath(AnyCasePath<Root, Value>)

  @inlinable
  static func resolving(_ keyPath: CaseKeyPath<Root, Value>) -> Self {
    .keyPath(Case(keyPath))
  }

  @inlinable
  func extract(from root: Root) -> Value? {
    switch self {
    case let .keyPath(resolved): resolved._extract(from: root)
    case let .casePath(casePath): casePath.extract(from: root)
    }
  }

  @inlinable
  func embed(_ value: Value) -> Root {
    switch self {
    case let .keyPath(resolved): resolved._embed(value) as! Root
    case let .casePath(casePath): casePath.embed(value)
    }
  }
}
