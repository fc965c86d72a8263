import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct ComposableArchitectureMacrosPlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [
    ObservableStateMacro.self,
    ObservationStateIgnoredMacro.self,
    ObservationStateTrackedMacro.self,
    ReducerMacro.self,
    ReducerCaseEphemeralMacro.self,
    ReducerCaseIgnoredMacro.self,
    PresentsMacro.self,
    PreviewMacro.self,
    ViewActionMacro.self,
  ]
}
