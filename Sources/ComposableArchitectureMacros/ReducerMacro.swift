import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Reducer`.
///
/// On a struct: conforms it to `Reducer`, makes its nested `Action` enum `@CasePathable` (and a
/// nested `State` enum `@CasePathable @dynamicMemberLookup`) and gives `body` its builder.
///
/// On an enum whose cases hold reducers (`case edit(EditFeature)`) or plain state
/// (`case alert(AlertState<Alert>)`): synthesizes `State`, `Action`, a `body` with one `Scope` per
/// reducer case, a `CaseScope` enum and `scope(_:)` for switching over a store, and conforms the
/// enum to `CaseReducer`.
public enum ReducerMacro {
  static let module = ObservableStateMacro.moduleName

  static func validate(
    _ declaration: some DeclGroupSyntax, _ node: AttributeSyntax, in context: some MacroExpansionContext
  ) -> Bool {
    guard declaration.is(StructDeclSyntax.self) || declaration.is(EnumDeclSyntax.self) else {
      context.diagnose(
        Diagnostic(
          node: node,
          message: MacroDiagnostic(
            message: "'@Reducer' can only be applied to a struct or an enum, not to \(declaration.kindDescription) '\(declaration.nameDescription)'. Reducers are value types: make '\(declaration.nameDescription)' a struct.",
            id: "invalid-type"
          )
        )
      )
      return false
    }
    return true
  }
}

// MARK: - Conformance

extension ReducerMacro: ExtensionMacro {
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
    if declaration.is(EnumDeclSyntax.self) {
      return [
        try ExtensionDeclSyntax(
          "extension \(type.trimmed): \(raw: module).CaseReducer, \(raw: module).Reducer {}"
        )
      ]
    }
    guard !declaration.inherits("Reducer") else { return [] }
    return [try ExtensionDeclSyntax("extension \(type.trimmed): \(raw: module).Reducer {}")]
  }
}

// MARK: - Struct reducers: attributes on nested State, Action and body

extension ReducerMacro: MemberAttributeMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard declaration.is(StructDeclSyntax.self) else { return [] }
    if let enumDecl = member.as(EnumDeclSyntax.self) {
      var attributes: [AttributeSyntax] = []
      let name = enumDecl.name.text
      guard name == "State" || name == "Action" else { return [] }
      if !enumDecl.attributes.contains(attributeNamed: "CasePathable") {
        attributes.append("@CasePaths.CasePathable")
      }
      if name == "State", !enumDecl.attributes.contains(attributeNamed: "dynamicMemberLookup") {
        attributes.append("@dynamicMemberLookup")
      }
      return attributes
    }
    if
      let property = member.as(VariableDeclSyntax.self),
      property.identifier?.text == "body",
      !property.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }),
      !property.attributes.contains(attributeNamed: "ReducerBuilder")
    {
      return ["@\(raw: module).ReducerBuilder<Self.State, Self.Action>"]
    }
    return []
  }
}

// MARK: - Enum reducers: synthesized State, Action, body and case scoping

extension ReducerMacro: MemberMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard validate(declaration, node, in: context) else { return [] }
    guard let enumDecl = declaration.as(EnumDeclSyntax.self) else { return [] }
    let access = enumDecl.accessPrefix
    let conformances = requestedConformances(node)
    var reducerCases: [ReducerCase] = []
    for member in enumDecl.memberBlock.members {
      guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
      for element in caseDecl.elements {
        guard let reducerCase = ReducerCase(element, attributes: caseDecl.attributes, in: context) else {
          return []
        }
        reducerCases.append(reducerCase)
      }
    }

    let stateCases = reducerCases.map { "case \($0.name)\($0.stateType.map { "(\($0))" } ?? "")" }
    let actionCases = reducerCases.compactMap { reducerCase in
      reducerCase.actionType.map { "case \(reducerCase.name)(\($0))" }
    }
    let scopes = reducerCases.compactMap { reducerCase -> String? in
      guard case let .reducer(type) = reducerCase.kind else { return nil }
      return "\(module).Scope(state: \\Self.State.Cases.\(reducerCase.name), action: \\Self.Action.Cases.\(reducerCase.name)) { \(type)() }"
    }
    let caseScopeCases = reducerCases.map { reducerCase -> String in
      switch reducerCase.kind {
      case let .reducer(type): return "case \(reducerCase.name)(\(module).StoreOf<\(type)>)"
      case .ephemeral, .ignored: return "case \(reducerCase.name)\(reducerCase.stateType.map { "(\($0))" } ?? "")"
      }
    }
    let scopeSwitch = reducerCases.map { reducerCase -> String in
      switch reducerCase.kind {
      case .reducer:
        return "case .\(reducerCase.name): return .\(reducerCase.name)(store.scope(state: \\.\(reducerCase.name), action: \\.\(reducerCase.name))!)"
      case .ephemeral, .ignored:
        if reducerCase.stateType == nil {
          return "case .\(reducerCase.name): return .\(reducerCase.name)"
        }
        return "case let .\(reducerCase.name)(state): return .\(reducerCase.name)(state)"
      }
    }

    let stateConformances = (["\(module).CaseReducerState"] + conformances.state).joined(separator: ", ")
    let actionConformances = conformances.action.isEmpty ? "" : ": " + conformances.action.joined(separator: ", ")
    let body = scopes.isEmpty ? "\(module).EmptyReducer<Self.State, Self.Action>()" : scopes.joined(separator: "\n")

    return [
      """
      @CasePaths.CasePathable
      @dynamicMemberLookup
      @\(raw: module).ObservableState
      \(raw: access)enum State: \(raw: stateConformances) {
        \(raw: access)typealias StateReducer = \(enumDecl.name.trimmed)
        \(raw: stateCases.joined(separator: "\n"))
      }
      """,
      """
      @CasePaths.CasePathable
      \(raw: access)enum Action\(raw: actionConformances) {
        \(raw: actionCases.joined(separator: "\n"))
      }
      """,
      """
      @\(raw: module).ReducerBuilder<Self.State, Self.Action>
      \(raw: access)static var body: some \(raw: module).Reducer<Self.State, Self.Action> {
        \(raw: body)
      }
      """,
      """
      \(raw: access)enum CaseScope {
        \(raw: caseScopeCases.joined(separator: "\n"))
      }
      """,
      """
      @MainActor
      \(raw: access)static func scope(_ store: \(raw: module).Store<Self.State, Self.Action>) -> CaseScope {
        switch store.state {
        \(raw: scopeSwitch.joined(separator: "\n"))
        }
      }
      """,
    ]
  }

  /// `@Reducer(state: .equatable, .hashable, .sendable, action: .equatable, .sendable)`.
  static func requestedConformances(_ node: AttributeSyntax) -> (state: [String], action: [String]) {
    guard case let .argumentList(arguments) = node.arguments else { return ([], []) }
    var state: [String] = []
    var action: [String] = []
    var current: String?
    for argument in arguments {
      if let label = argument.label?.text { current = label }
      guard let member = argument.expression.as(MemberAccessExprSyntax.self) else { continue }
      let conformance: String
      switch member.declName.baseName.text {
      case "equatable": conformance = "Equatable"
      case "hashable": conformance = "Hashable"
      case "sendable": conformance = "Sendable"
      case "codable": conformance = "Codable"
      case "decodable": conformance = "Decodable"
      case "encodable": conformance = "Encodable"
      default: continue
      }
      if current == "action" { action.append(conformance) } else { state.append(conformance) }
    }
    return (state, action)
  }
}

/// One case of an `@Reducer enum`.
struct ReducerCase {
  enum Kind {
    /// `case edit(EditFeature)`: a feature with its own reducer.
    case reducer(String)
    /// `case alert(AlertState<Alert>)`, or `@ReducerCaseEphemeral`: state whose only actions are
    /// its buttons'.
    case ephemeral
    /// `@ReducerCaseIgnored`, or a case without a value: state only, no actions.
    case ignored
  }

  let name: String
  let kind: Kind
  let stateType: String?
  let actionType: String?

  init?(_ element: EnumCaseElementSyntax, attributes: AttributeListSyntax, in context: some MacroExpansionContext) {
    name = element.name.text
    let parameters = element.parameterClause?.parameters ?? []
    guard parameters.count <= 1 else {
      context.diagnose(
        Diagnostic(
          node: element,
          message: MacroDiagnostic(
            message: "'@Reducer' enum case '\(element.name.text)' must hold exactly one value: a reducer type such as 'case \(element.name.text)(Feature)', or plain state",
            id: "case-arity"
          )
        )
      )
      return nil
    }
    guard let type = parameters.first?.type else {
      kind = .ignored
      stateType = nil
      actionType = nil
      return
    }
    let typeName = type.trimmedDescription
    let genericArgument = type.as(IdentifierTypeSyntax.self)?.genericArgumentClause?.arguments.first
      .map { $0.argument.trimmedDescription }
    let baseName = type.as(IdentifierTypeSyntax.self)?.name.text ?? typeName
    if attributes.contains(attributeNamed: "ReducerCaseIgnored") {
      kind = .ignored
      stateType = typeName
      actionType = nil
    } else if attributes.contains(attributeNamed: "ReducerCaseEphemeral")
      || ["AlertState", "ConfirmationDialogState"].contains(baseName)
    {
      kind = .ephemeral
      stateType = typeName
      actionType = genericArgument
    } else {
      kind = .reducer(typeName)
      stateType = "\(typeName).State"
      actionType = "\(typeName).Action"
    }
  }
}

/// `@ReducerCaseEphemeral`: marks an `@Reducer enum` case as ephemeral state (like an alert).
public enum ReducerCaseEphemeralMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] { [] }
}

/// `@ReducerCaseIgnored`: marks an `@Reducer enum` case as state with no reducer or actions.
public enum ReducerCaseIgnoredMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] { [] }
}
