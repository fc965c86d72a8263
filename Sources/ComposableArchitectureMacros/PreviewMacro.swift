import SwiftSyntax
import SwiftSyntaxMacros

/// `#Preview { … }` where Apple's SwiftUI is missing: the compiler has already checked the
/// preview's body against the macro's signature (a view builder returning a view) by the time
/// it asks for the expansion, so a preview that would not compile on iOS does not compile here
/// either. It expands to nothing: there is no canvas to show it in. (Here rather than in a
/// macro target of its own, which would link swift-syntax a second time.)
public enum PreviewMacro: DeclarationMacro {
  public static func expansion(
    of node: some FreestandingMacroExpansionSyntax,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    []
  }
}
