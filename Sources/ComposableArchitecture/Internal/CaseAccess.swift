import CasePaths

/// How an operator reaches a child's case of its parent's enum: a case key path (`\.child`), or
/// the `AnyCasePath` of the older `/Action.child` spelling.
///
/// A case key path is resolved once, when the operator is made: applying one (`action[case:]`)
/// instantiates `Case` values and looks up generic metadata on every call, about 10 000
/// instructions on Linux. Resolved, it is one case of its enum read through the enum's layout (see
/// `EnumCase`), or, for paths that are not one case of an enum (`\.child.grandchild`), the
/// resolved `Case`, which still runs its closures and casts through `Any` (about 4 000). Operators
/// are made once per reducer value (see `_ReducerBodyStorage`), so resolving is paid once, not per
/// action.
@usableFromInline
enum CaseAccess<Root, Value>: Sendable {
  case enumCase(EnumCase<Root, Value>)
  case keyPath(Case<Value>)
  case casePath(AnyCasePath<Root, Value>)

  @usableFromInline
  static func resolving(_ keyPath: CaseKeyPath<Root, Value>) -> Self {
    EnumCase(keyPath).map(Self.enumCase) ?? .keyPath(Case(keyPath))
  }

  @inlinable
  func extract(from root: Root) -> Value? {
    switch self {
    case let .enumCase(enumCase): enumCase.extract(from: root)
    case let .keyPath(resolved): resolved._extract(from: root)
    case let .casePath(casePath): casePath.extract(from: root)
    }
  }

  @inlinable
  func embed(_ value: Value) -> Root {
    switch self {
    case let .enumCase(enumCase): enumCase.embed(value)
    case let .keyPath(resolved): resolved._embed(value) as! Root
    case let .casePath(casePath): casePath.embed(value)
    }
  }
}

extension AnyCasePath {
  /// The case path of `keyPath`, resolved once as `CaseAccess` resolves it, for operators and
  /// stores that keep an `AnyCasePath`.
  @usableFromInline
  init(resolving keyPath: CaseKeyPath<Root, Value>) {
    let access = CaseAccess.resolving(keyPath)
    self.init(embed: { access.embed($0) }, extract: { access.extract(from: $0) })
  }
}
