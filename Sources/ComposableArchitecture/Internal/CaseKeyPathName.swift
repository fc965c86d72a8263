@_spi(Reflection) import CasePaths

/// A readable name for a case key path, as it was written: `\.response`, `\.child.response`.
///
/// A case key path goes through computed members, which a key path cannot name on Linux (it
/// prints `<computed 0x…>`). The name is recovered from the enum instead: the case key path is
/// found among its enum's `allCasePaths` (declaration order, and the cases of nested enums for up
/// to `maxDepth` levels), and the case's name is read from the enum's metadata. Paths that go
/// through a subscript (`\.path[id: 0]`) cannot be enumerated and are described by their types.
func caseKeyPathName<Root, Value>(_ keyPath: CaseKeyPath<Root, Value>) -> String {
  if let names = caseNames(of: keyPath, in: Root.self, maxDepth: 3) {
    return "\\." + names.joined(separator: ".")
  }
  return "a case key path from '\(typeName(Root.self))' to '\(typeName(Value.self))'"
}

private func caseNames(of target: AnyKeyPath, in root: Any.Type, maxDepth: Int) -> [String]? {
  guard maxDepth > 0, let root = root as? any CasePathIterable.Type else { return nil }
  return iterableCaseNames(of: target, in: root, maxDepth: maxDepth)
}

private func iterableCaseNames<Root: CasePathIterable>(
  of target: AnyKeyPath, in _: Root.Type, maxDepth: Int
) -> [String]? {
  let casePaths = Array(Root.allCasePaths)
  guard let names = declaredCaseNames(Root.self, casePaths: casePaths) else { return nil }
  for (casePath, name) in zip(casePaths, names) where casePath == target {
    return [name]
  }
  for (casePath, name) in zip(casePaths, names) {
    guard
      let valueType = (type(of: casePath).valueType as? any _CaseOfValue.Type)?.valueType,
      let nested = valueType as? any CasePathIterable.Type
    else { continue }
    func descend<Nested: CasePathIterable>(_: Nested.Type) -> [String]? {
      for nestedPath in Nested.allCasePaths {
        guard let appended = casePath.appending(path: nestedPath as AnyKeyPath) else { continue }
        if appended == target, let nestedNames = declaredCaseNames(Nested.self) {
          let index = Array(Nested.allCasePaths).firstIndex(of: nestedPath)!
          return [name, nestedNames[index]]
        }
      }
      return nil
    }
    if maxDepth > 1, let names = descend(nested) { return names }
  }
  return nil
}

/// The names of an enum's cases, in the order of `allCasePaths`.
private func declaredCaseNames<Root: CasePathIterable>(
  _: Root.Type, casePaths: [PartialCaseKeyPath<Root>]? = nil
) -> [String]? {
  guard
    let metadata = EnumMetadata(Root.self),
    let tags = caseTags(Root.self, casePaths: casePaths ?? Array(Root.allCasePaths))
  else { return nil }
  var names: [String] = []
  for tag in tags {
    guard let name = metadata.caseName(forTag: tag) else { return nil }
    names.append(name)
  }
  return names
}

/// Lets a `Case<Value>` type name its `Value`.
protocol _CaseOfValue {
  static var valueType: Any.Type { get }
}

extension Case: _CaseOfValue {
  static var valueType: Any.Type { Value.self }
}

private func typeName(_ type: Any.Type) -> String {
  String(reflecting: type).split(separator: ".").dropFirst().joined(separator: ".")
}
