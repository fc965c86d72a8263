/// The accessors that make a property observable, shared by `@ObservationStateTracked` and
/// `@Presents`: reads register access, writes notify unless the identity is unchanged.
///
/// `property` is the name observers track; `storage` the expression the value lives in
/// (`_count`, `_destination.wrappedValue`).
///
/// `self` is handed to the registrar only while no access to one of its properties is open: with
/// `&storage` in the same call, Swift copies the whole state first (a retain and a release of
/// everything it holds, on every write).
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
      if \(module)._$isIdentityEqual(\(storage), newValue) {
        \(storage) = newValue
      } else {
        \(registrar).willSet(self, keyPath: \\.\(property))
        \(storage) = newValue
        \(registrar).didSet(self, keyPath: \\.\(property))
      }
    }
    """
  }

  static func modify(_ property: String, storage: String) -> String {
    """
    _modify {
      let snapshot = \(registrar).willModify(&\(storage))
      defer {
        if \(registrar).hasChanged(&\(storage), since: snapshot) {
          \(registrar).didModify(self, keyPath: \\.\(property))
        }
      }
      yield &\(storage)
    }
    """
  }
}
