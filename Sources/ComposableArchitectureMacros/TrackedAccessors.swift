/// The accessors that make a property observable, shared by `@ObservationStateTracked` and
/// `@Presents`: reads register access, writes notify unless the identity is unchanged.
///
/// `property` is the name observers track; `storage` the expression the value lives in
/// (`_count`, `_destination.wrappedValue`).
enum TrackedAccessors {
  static let registrar = ObservableStateMacro.registrarName
  static let module = ObservableStateMacro.moduleName

  static func get(_ property: String, storage: String) -> String {
    """
    get {
      \(registrar).access(self, keyPath: \\.\(property))
      return \(storage)
    }
    """
  }

  static func set(_ property: String, storage: String) -> String {
    """
    set {
      \(registrar).mutate(self, keyPath: \\.\(property), &\(storage), newValue, \(module)._$isIdentityEqual)
    }
    """
  }

  static func modify(_ property: String, storage: String) -> String {
    """
    _modify {
      let snapshot = \(registrar).willModify(&\(storage))
      defer {
        \(registrar).didModify(self, keyPath: \\.\(property), &\(storage), snapshot)
      }
      yield &\(storage)
    }
    """
  }
}
