/// A key path as it was written (`\.standup.title`), for messages.
///
/// `@ObservableState` makes every field a computed property, and Linux prints a computed
/// component as `<computed 0x… (Type)>`. Each component of that form is named by matching it
/// against the key paths `@ObservableState` lists for its type (`_$propertyKeyPaths`), following
/// the value types down; stored components already print their names. `nil` when the root is not
/// `@ObservableState`.
func readableKeyPath(_ keyPath: AnyKeyPath) -> String? {
  let description = String(describing: keyPath)
  guard
    let rootNames = namedKeyPaths(of: type(of: keyPath).rootType),
    let firstDot = description.firstIndex(of: ".")
  else { return nil }
  var rest = description[firstDot...]
  var names: [(keyPath: AnyKeyPath, name: String)]? = rootNames
  var result = "\\"
  while !rest.isEmpty {
    // The next component: `.name`, or `.<computed 0x… (Type)>`.
    let component: Substring
    if rest.hasPrefix(".<computed"), let close = rest.firstIndex(of: ">") {
      component = rest[...close]
    } else {
      let next = rest.dropFirst().firstIndex(where: { $0 == "." }) ?? rest.endIndex
      component = rest[..<next]
    }
    rest = rest[component.endIndex...]
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
  return result == "\\" ? nil : result
}

private func namedKeyPaths(of type: Any.Type) -> [(keyPath: AnyKeyPath, name: String)]? {
  guard let type = type as? any _InPlaceModifiable.Type else { return nil }
  let names = type._$propertyKeyPaths
  return names.isEmpty ? nil : names
}
