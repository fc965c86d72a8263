/// A key path as it was written (`\.standup.title`), for messages.
///
/// `@ObservableState` makes every field a computed property, and Linux prints a computed
/// component as `<computed 0x… (Type)>`. Each component of that form is named by matching it
/// against the key paths `@ObservableState` lists for its type (`_$propertyKeyPaths`), following
/// the value types down; stored components already print their names. `nil` when the root is not
/// `@ObservableState`.
///
/// Two ways to match, the second when the first leaves a component unnamed: by the printed
/// component (the same accessor prints the same address), and by key path equality, trying the
/// listed fields whose value type the component names. Optimized builds may instantiate the same
/// property's accessors at different addresses in two key paths, so only equality holds there.
func readableKeyPath(_ keyPath: AnyKeyPath) -> String? {
  let description = String(describing: keyPath)
  guard
    let rootNames = namedKeyPaths(of: type(of: keyPath).rootType),
    let firstDot = description.firstIndex(of: ".")
  else { return nil }
  let components = printedComponents(description[firstDot...])
  let byText = namedByText(components, rootNames: rootNames)
  if byText.contains("<computed"),
    let names = namedByEquality(keyPath, components[...], prefix: nil, names: rootNames)
  {
    return "\\." + names.joined(separator: ".")
  }
  return byText == "\\" ? nil : byText
}

/// The printed components: `.name`, or `.<computed 0x… (Type)>` (whose type may hold dots).
private func printedComponents(_ text: Substring) -> [Substring] {
  var rest = text
  var components: [Substring] = []
  while !rest.isEmpty {
    let component: Substring
    if rest.hasPrefix(".<computed"), let close = rest.firstIndex(of: ">") {
      component = rest[...close]
    } else {
      let next = rest.dropFirst().firstIndex(where: { $0 == "." }) ?? rest.endIndex
      component = rest[..<next]
    }
    components.append(component)
    rest = rest[component.endIndex...]
  }
  return components
}

/// Each component named by the listed field that prints the same; left as printed otherwise.
private func namedByText(_ components: [Substring], rootNames: [(keyPath: AnyKeyPath, name: String)]) -> String {
  var names: [(keyPath: AnyKeyPath, name: String)]? = rootNames
  var result = "\\"
  for component in components {
    let match = names?.first { named in
      let text = String(describing: named.keyPath)
      return text.firstIndex(of: ".").map { text[$0...] == component } ?? false
    }
    if let match {
      result += "." + match.name
      names = namedKeyPaths(of: type(of: match.keyPath).valueType)
    } else {
      result += component
      names = nil
    }
  }
  return result
}

/// The names of the listed fields that, appended one after another, make a key path equal to
/// `keyPath`; nil when some component is not a listed field.
private func namedByEquality(
  _ keyPath: AnyKeyPath,
  _ components: ArraySlice<Substring>,
  prefix: AnyKeyPath?,
  names: [(keyPath: AnyKeyPath, name: String)]
) -> [String]? {
  guard let component = components.first else { return prefix == keyPath ? [] : nil }
  for named in names where mayBe(component, named.keyPath) {
    guard let next = prefix.map({ $0.appending(path: named.keyPath) }) ?? named.keyPath else { continue }
    let rest = components.dropFirst()
    if rest.isEmpty {
      if next == keyPath { return [named.name] }
      continue
    }
    guard let deeper = namedKeyPaths(of: type(of: named.keyPath).valueType),
      let tail = namedByEquality(keyPath, rest, prefix: next, names: deeper)
    else { continue }
    return [named.name] + tail
  }
  return nil
}

/// Whether the printed `component` may be the listed field `candidate`: a stored component
/// prints its name, a computed one the type of its value.
private func mayBe(_ component: Substring, _ candidate: AnyKeyPath) -> Bool {
  let text = String(describing: candidate)
  guard let dot = text.firstIndex(of: ".") else { return false }
  if component.hasPrefix(".<computed") {
    return component.hasSuffix(" (\(type(of: candidate).valueType))>")
  }
  return text[dot...] == component
}

private func namedKeyPaths(of type: Any.Type) -> [(keyPath: AnyKeyPath, name: String)]? {
  guard let type = type as? any _InPlaceModifiable.Type else { return nil }
  let names = type._$propertyKeyPaths
  return names.isEmpty ? nil : names
}
