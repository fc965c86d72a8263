import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@ViewAction(for: Feature.self)` on a type holding `let store: StoreOf<Feature>`: conforms it
/// to `ViewActionSending`, so `send(.tapped)` sends `.view(.tapped)` to the store.
public enum ViewActionMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    let hasStore = declaration.memberBlock.members.contains { member in
      guard let property = member.decl.as(VariableDeclSyntax.self) else { return false }
      return property.bindings.contains {
        $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "store"
      }
    }
    guard hasStore else {
      context.diagnose(
        Diagnostic(
          node: node,
          message: MacroDiagnostic(
            message: "'@ViewAction' requires \(type.trimmedDescription) to have a 'store' property, such as 'let store: StoreOf<Feature>'",
            id: "view-action-store"
          )
        )
      )
      return []
    }
    return [
      try ExtensionDeclSyntax(
        "extension \(type.trimmed): \(raw: ObservableStateMacro.moduleName).ViewActionSending {}"
      )
    ]
  }
}
