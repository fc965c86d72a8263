import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@ObservableState`: gives a struct or enum an identity and an observation registrar, and makes
/// each stored property of a struct tracked (see `ObservationStateTrackedMacro`).
public enum ObservableStateMacro {
  static let moduleName = "ComposableArchitecture"
  static let registrarName = "_$observationRegistrar"

  /// Fails with a clear diagnostic on anything but a struct or an enum.
  static func validate(
    _ declaration: some DeclGroupSyntax,
    _ node: AttributeSyntax,
    in context: some MacroExpansionContext
  ) throws {
    guard declaration.is(StructDeclSyntax.self) || declaration.is(EnumDeclSyntax.self) else {
      let kind = declaration.kindDescription
      let hint = kind == "class" ? " Classes are observed with Swift's '@Observable' instead." : ""
      context.diagnose(
        Diagnostic(
          node: node,
          message: MacroDiagnostic(
            message: "'@ObservableState' cannot be applied to \(kind) type '\(declaration.nameDescription)'; apply it to a struct or an enum.\(hint)",
            id: "invalid-type"
          )
        )
      )
      throw DiagnosticsEmitted()
    }
  }
}

extension ObservableStateMacro: MemberMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    do {
      try validate(declaration, node, in: context)
    } catch is DiagnosticsEmitted {
      return []
    }
    let access = declaration.accessPrefix
    if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      return enumMembers(enumDecl, access: access)
    }
    return structMembers(declaration, access: access)
  }

  /// The properties that reducer operators may mutate in place: each tracked property, and the
  /// `$name` projection of each `@Presents` property.
  static func inPlaceProperties(_ declaration: some DeclGroupSyntax) -> [String] {
    declaration.memberBlock.members.compactMap { member in
      guard
        let property = member.decl.as(VariableDeclSyntax.self),
        property.isTrackableStoredProperty,
        let name = property.identifier?.text,
        !name.hasPrefix("_"),
        !property.attributes.contains(attributeNamed: "ObservationStateIgnored")
      else { return nil }
      return property.attributes.contains(attributeNamed: "Presents") ? "$\(name)" : name
    }
  }

  /// Whether every stored `var` of the struct reports its changes to the registrar: each is
  /// tracked (by `@ObservationStateTracked`, which this macro adds) or presented (`@Presents`),
  /// none is ignored, shared, wrapped or of several bindings. A store scoped through such a type
  /// can watch its path instead of reading its state after every send (see `PathWatch`).
  static func observesEveryProperty(_ declaration: some DeclGroupSyntax) -> Bool {
    declaration.memberBlock.members.allSatisfy { member in
      guard let property = member.decl.as(VariableDeclSyntax.self) else { return true }
      // Ignored, even a `let`: the way to tell a type's watchers to stay away.
      if property.attributes.contains(attributeNamed: "ObservationStateIgnored") { return false }
      guard
        property.bindingSpecifier.tokenKind == .keyword(.var),
        !property.modifiers.contains(where: {
          [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind)
        }),
        property.bindings.contains(where: \.isStored)
      else { return true }
      if property.attributes.contains(attributeNamed: "Presents") { return true }
      return property.isTrackableStoredProperty
        && property.identifier?.text.hasPrefix("_") == false
        && property.attributes.allSatisfy { attribute in
          guard case let .attribute(attribute) = attribute else { return false }
          return attribute.attributeName.trimmedDescription.hasSuffix("ObservationStateTracked")
        }
    }
  }

  static func structMembers(_ declaration: some DeclGroupSyntax, access: String) -> [DeclSyntax] {
    let propertyNames = inPlaceProperties(declaration).map { $0.hasPrefix("$") ? String($0.dropFirst()) : $0 }
    let modifierCases = inPlaceProperties(declaration).map { name in
      // Reads go to the backing store: an operator reading a child (`forEach` reads the ids
      // before and after every action) has no observer to register, and registering cost a key
      // path and the registrar's bookkeeping at every read. Edits go through the accessor, which
      // notifies; the last closure edits the backing store, for an operator that changes only
      // what notifies by itself (`forEach` editing an observable element in place). (`$name`, a
      // `@Presents` projection, is read and edited as it is.)
      let storage = name.hasPrefix("$") ? name : "_\(name)"
      return """
      if keyPath == \\Self.\(name) {
          return \(moduleName)._$inPlace(\\Self.\(name), { state, body in body(state.\(storage)) }, { state, body in body(&state.\(name)) }) { state, body in body(&state.\(storage)) }
        }
      """
    }
    return [
      """
      @\(raw: moduleName).ObservationStateIgnored
      var \(raw: registrarName) = \(raw: moduleName).ObservationStateRegistrar()
      """,
      """
      \(raw: access)var _$id: \(raw: moduleName).ObservableStateID {
        \(raw: registrarName).id
      }
      """,
      """
      \(raw: access)mutating func _$willModify() {
        \(raw: registrarName)._$willModify()
      }
      """,
      """
      \(raw: access)static func _$modifier(for keyPath: AnyKeyPath) -> Any? {
        \(raw: modifierCases.joined(separator: "\n  "))
        return nil
      }
      """,
      """
      \(raw: access)static var _$propertyKeyPaths: [(keyPath: AnyKeyPath, name: String)] {
        [\(raw: propertyNames.isEmpty ? "" : propertyNames.map { "(\\Self.\($0), \"\($0)\")" }.joined(separator: ", "))]
      }
      """,
    ] + (observesEveryProperty(declaration)
      ? ["\(raw: access)static var _$observesEveryProperty: Bool { true }"]
      : [])
  }

  /// An enum's identity is its case (the tag) and, for a single associated value, that value's
  /// identity: switching cases notifies, mutating inside a case does not.
  static func enumMembers(_ enumDecl: EnumDeclSyntax, access: String) -> [DeclSyntax] {
    let cases = EnumCaseTree(enumDecl.memberBlock.members) { _, element, tag in (element, tag) }!
    guard !cases.isEmpty else {
      return [
        "\(raw: access)var _$id: \(raw: moduleName).ObservableStateID { \(raw: moduleName).ObservableStateID._$id(for: ()) }",
        "\(raw: access)mutating func _$willModify() {}",
      ]
    }
    let idCases = cases.render(separator: "\n  ") { element, tag in
      let name = element.name.text
      if element.parameterClause?.parameters.count == 1 {
        return "case let .\(name)(state):\n    return \(moduleName).ObservableStateID._$id(for: state)._$tag(\(tag))"
      }
      return "case .\(name):\n    return \(moduleName).ObservableStateID._$id(for: ())._$tag(\(tag))"
    }
    let willModifyCases = cases.render(separator: "\n  ") { element, _ in
      let name = element.name.text
      if element.parameterClause?.parameters.count == 1 {
        return "case var .\(name)(state):\n    \(moduleName).ObservableStateID._$willModify(&state)\n    self = .\(name)(state)"
      }
      return "case .\(name):\n    break"
    }
    return [
      """
      \(raw: access)var _$id: \(raw: moduleName).ObservableStateID {
        switch self {
        \(raw: idCases)
        }
      }
      """,
      """
      \(raw: access)mutating func _$willModify() {
        switch self {
        \(raw: willModifyCases)
        }
      }
      """,
    ]
  }
}

extension ObservableStateMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard declaration.is(StructDeclSyntax.self) || declaration.is(EnumDeclSyntax.self) else {
      return []
    }
    guard !declaration.inherits("ObservableState") else { return [] }
    let inPlace = declaration.is(StructDeclSyntax.self) ? ", \(moduleName)._InPlaceModifiable" : ""
    return [
      try ExtensionDeclSyntax(
        "extension \(type.trimmed): \(raw: moduleName).ObservableState, Observation.Observable\(raw: inPlace) {}"
      )
    ]
  }
}

extension ObservableStateMacro: MemberAttributeMacro {
  /// Marks each stored property of a struct as tracked, unless it opts out.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard
      declaration.is(StructDeclSyntax.self),
      let property = member.as(VariableDeclSyntax.self),
      property.isTrackableStoredProperty,
      !property.attributes.contains(attributeNamed: "ObservationStateIgnored"),
      !property.attributes.contains(attributeNamed: "ObservationStateTracked"),
      !property.attributes.contains(attributeNamed: "Presents"),
      !property.attributes.contains(attributeNamed: "PresentationState"),
      property.identifier?.text.hasPrefix("_") == false
    else { return [] }
    return ["@\(raw: moduleName).ObservationStateTracked"]
  }
}

/// `@ObservationStateTracked`: turns a stored property into accessors over a `_name` backing
/// store that report reads and changes to the state's registrar. Applied by `@ObservableState`.
public enum ObservationStateTrackedMacro: AccessorMacro, PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard
      let property = declaration.as(VariableDeclSyntax.self),
      property.isTrackableStoredProperty,
      let name = property.identifier?.trimmed
    else { return [] }
    let tracked = name.text
    return [
      """
      @storageRestrictions(initializes: _\(name))
      init(initialValue) {
        _\(name) = initialValue
      }
      """,
      "\(raw: TrackedAccessors.get(tracked, storage: "_\(tracked)"))",
      "\(raw: TrackedAccessors.set(tracked, storage: "_\(tracked)"))",
      "\(raw: TrackedAccessors.modify(tracked, storage: "_\(tracked)"))",
    ]
  }

  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard
      let property = declaration.as(VariableDeclSyntax.self),
      property.isTrackableStoredProperty,
      let binding = property.bindings.first,
      let name = property.identifier?.trimmed
    else { return [] }
    let type = binding.typeAnnotation.map { ": \($0.type.trimmedDescription)" } ?? ""
    let initializer = binding.initializer.map { " = \($0.value.trimmedDescription)" } ?? ""
    return [
      "@\(raw: ObservableStateMacro.moduleName).ObservationStateIgnored private var _\(name)\(raw: type)\(raw: initializer)"
    ]
  }
}

/// `@ObservationStateIgnored`: leaves a property of an `@ObservableState` type untracked.
public enum ObservationStateIgnoredMacro: AccessorMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    []
  }
}
