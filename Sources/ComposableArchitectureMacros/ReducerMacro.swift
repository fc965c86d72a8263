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
      // A stored `let body = …` (or `var body = …`) is a value, not a builder.
      property.bindingSpecifier.tokenKind == .keyword(.var),
      property.bindings.first?.initializer == nil,
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
    if let structDecl = declaration.as(StructDeclSyntax.self) {
      return missingStructMembers(structDecl)
    }
    guard let enumDecl = declaration.as(EnumDeclSyntax.self) else { return [] }
    let access = enumDecl.accessPrefix
    let conformances = requestedConformances(node)
    let nestedEnumReducers = Set(
      enumDecl.memberBlock.members.compactMap { member -> String? in
        guard let nested = member.decl.as(EnumDeclSyntax.self),
          nested.attributes.contains(attributeNamed: "Reducer")
        else { return nil }
        return nested.name.text
      }
    )
    guard
      let cases = EnumCaseTree(enumDecl.memberBlock.members, { caseDecl, element, _ in
        ReducerCase(
          element, attributes: caseDecl.attributes, nestedEnumReducers: nestedEnumReducers, in: context
        )
      })
    else { return [] }

    let stateCases = cases.render { "case \($0.name)\($0.stateType.map { "(\($0))" } ?? "")" }
    let actionCases = cases.render { reducerCase in
      reducerCase.actionType.map { "case \(reducerCase.name)(\($0))" }
    }
    let scopes = cases.render { reducerCase -> String? in
      guard let reducer = reducerCase.reducerExpression else { return nil }
      return "\(module).Scope(state: \\Self.State.Cases.\(reducerCase.name), action: \\Self.Action.Cases.\(reducerCase.name)) { \(reducer) }"
    }
    let caseScopeCases = cases.render { reducerCase -> String in
      switch reducerCase.kind {
      case let .reducer(type, _): return "case \(reducerCase.name)(\(module).StoreOf<\(type)>)"
      case .ephemeral, .ignored: return "case \(reducerCase.name)\(reducerCase.stateType.map { "(\($0))" } ?? "")"
      }
    }
    let scopeSwitch = cases.render { reducerCase -> String in
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
    // With no reducer case in any configuration, the builder's empty block makes an EmptyReducer.
    let body = scopes.isEmpty ? "\(module).EmptyReducer<Self.State, Self.Action>()" : scopes

    return [
      """
      @CasePaths.CasePathable
      @dynamicMemberLookup
      @\(raw: module).ObservableState
      \(raw: access)enum State: \(raw: stateConformances) {
        \(raw: access)typealias StateReducer = \(enumDecl.name.trimmed)
        \(raw: stateCases)
      }
      """,
      """
      @CasePaths.CasePathable
      \(raw: access)enum Action\(raw: actionConformances) {
        \(raw: actionCases)
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
        \(raw: caseScopeCases)
      }
      """,
      """
      @MainActor
      \(raw: access)static func scope(_ store: \(raw: module).Store<Self.State, Self.Action>) -> CaseScope {
        switch store.state {
        \(raw: scopeSwitch)
        }
      }
      """,
    ]
  }

  /// What a `@Reducer struct` leaves out, as in TCA: an empty `State` and `Action` when it declares
  /// none, and an empty `body` when it has neither `body` nor `reduce(into:action:)`
  /// (`@Reducer struct Settings {}` is a feature with nothing in it yet).
  static func missingStructMembers(_ structDecl: StructDeclSyntax) -> [DeclSyntax] {
    let access = structDecl.accessPrefix
    let memberNames = structDecl.memberBlock.members.flatMap { member -> [String] in
      let decl = member.decl
      if let nominal = decl.asProtocol(NamedDeclSyntax.self) { return [nominal.name.text] }
      if let variable = decl.as(VariableDeclSyntax.self) { return variable.identifier.map { [$0.text] } ?? [] }
      if let function = decl.as(FunctionDeclSyntax.self) { return [function.name.text] }
      return []
    }
    var members: [DeclSyntax] = []
    if !memberNames.contains("State") {
      members.append(
        """
        \(raw: access)struct State: Codable, Equatable, Hashable, Sendable {
          \(raw: access)init() {}
        }
        """
      )
    }
    if !memberNames.contains("Action") {
      members.append("\(raw: access)enum Action: Equatable, Hashable, Sendable {}")
    }
    if !memberNames.contains("body"), !memberNames.contains("reduce") {
      members.append("\(raw: access)let body = \(raw: module).EmptyReducer<State, Action>()")
    }
    return members
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
    /// `case edit(EditFeature)`: a feature with its own reducer; `isEnum` when the type is an
    /// `@Reducer enum` nested in this one, whose reducer is its static `body`.
    case reducer(String, isEnum: Bool)
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

  /// The reducer to scope this case to: `EditFeature()`, or `Inner.body` for a nested enum.
  var reducerExpression: String? {
    guard case let .reducer(type, isEnum) = kind else { return nil }
    return isEnum ? "\(type).body" : "\(type)()"
  }

  init?(
    _ element: EnumCaseElementSyntax, attributes: AttributeListSyntax,
    nestedEnumReducers: Set<String>, in context: some MacroExpansionContext
  ) {
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
      kind = .reducer(typeName, isEnum: nestedEnumReducers.contains(typeName))
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
