import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Presents var destination: Destination.State?`: optional presented state, stored as a
/// `PresentationState`, observed like any other field of an `@ObservableState` type, with
/// `$destination` for `ifLet(\.$destination, action:)`.
public enum PresentsMacro {
  static let module = ObservableStateMacro.moduleName
  static let registrar = ObservableStateMacro.registrarName

  /// The property, its name and the presented state type (the optional's wrapped type).
  ///
  /// Both roles of the macro call this; only the accessor role diagnoses, so each mistake is
  /// reported once.
  static func presented(
    _ declaration: some DeclSyntaxProtocol,
    _ node: AttributeSyntax,
    in context: some MacroExpansionContext,
    diagnose: Bool
  ) -> (name: TokenSyntax, wrappedType: String, initializer: String?)? {
    guard
      let property = declaration.as(VariableDeclSyntax.self),
      property.isTrackableStoredProperty,
      let name = property.identifier?.trimmed,
      let binding = property.bindings.first
    else {
      guard diagnose else { return nil }
      context.diagnose(
        Diagnostic(
          node: node,
          message: MacroDiagnostic(
            message: "'@Presents' must be applied to a stored 'var' property of optional state, such as '@Presents var destination: Destination.State?'",
            id: "presents-stored-var"
          )
        )
      )
      return nil
    }
    let type = binding.typeAnnotation?.type
    let wrappedType: String?
    if let optional = type?.as(OptionalTypeSyntax.self) {
      wrappedType = optional.wrappedType.trimmedDescription
    } else if let identifier = type?.as(IdentifierTypeSyntax.self), identifier.name.text == "Optional",
      let argument = identifier.genericArgumentClause?.arguments.first
    {
      wrappedType = argument.argument.trimmedDescription
    } else {
      wrappedType = nil
    }
    guard let wrappedType else {
      guard diagnose else { return nil }
      context.diagnose(
        Diagnostic(
          node: binding,
          message: MacroDiagnostic(
            message: "'@Presents' needs an explicit optional type, such as 'var \(name.text): Destination.State?'",
            id: "presents-optional-type"
          )
        )
      )
      return nil
    }
    return (name, wrappedType, binding.initializer?.value.trimmedDescription)
  }
}

extension PresentsMacro: AccessorMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let (name, _, _) = presented(declaration, node, in: context, diagnose: true) else {
      return []
    }
    return [
      """
      @storageRestrictions(initializes: _\(name))
      init(initialValue) {
        _\(name) = \(raw: module).PresentationState(wrappedValue: initialValue)
      }
      """,
      "\(raw: TrackedAccessors.get(name.text, storage: "_\(name.text).wrappedValue"))",
      "\(raw: TrackedAccessors.set(name.text, storage: "_\(name.text).wrappedValue"))",
    ]
  }
}

extension PresentsMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard
      let (name, wrappedType, initializer) = presented(declaration, node, in: context, diagnose: false)
    else {
      return []
    }
    let access = declaration.as(VariableDeclSyntax.self)?.modifiers
      .first { [.keyword(.public), .keyword(.package)].contains($0.name.tokenKind) }
      .map { "\($0.name.text) " } ?? ""
    let storageType = "\(module).PresentationState<\(wrappedType)>"
    return [
      """
      \(raw: access)var $\(name): \(raw: storageType) {
      \(raw: TrackedAccessors.get(name.text, storage: "_\(name.text).projectedValue"))
      \(raw: TrackedAccessors.set(name.text, storage: "_\(name.text).projectedValue"))
      \(raw: TrackedAccessors.modify(name.text, storage: "_\(name.text)"))
      }
      """,
      """
      @\(raw: module).ObservationStateIgnored private var _\(name) = \(raw: storageType)(wrappedValue: \(raw: initializer ?? "nil"))
      """,
    ]
  }
}
