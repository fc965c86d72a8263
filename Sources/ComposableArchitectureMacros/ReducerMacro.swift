import CasePathsMacrosSupport
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
    // An `@Reducer enum` that declares its own `Action` or `State` gets the same attributes, so
    // its synthesized `body` and `scope(_:)` can use their case paths.
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
    guard
      let property = member.as(VariableDeclSyntax.self),
      property.identifier?.text == "body",
      // A stored `let body = …` (or `var body = …`) is a value, not a builder.
      property.bindingSpecifier.tokenKind == .keyword(.var),
      property.bindings.first?.initializer == nil,
      !property.attributes.contains(attributeNamed: "ReducerBuilder")
    else { return [] }
    let isStatic = property.modifiers.contains { $0.name.tokenKind == .keyword(.static) }
    if declaration.is(EnumDeclSyntax.self) {
      // A hand-written `static var body` of an `@Reducer enum` is a builder too, as in TCA:
      // `Scope(state: \.first, action: \.first) { First() }` then needs no `CombineReducers`.
      return isStatic ? ["@\(raw: module).ReducerBuilder<Self.State, Self.Action>"] : []
    }
    guard let structDecl = declaration.as(StructDeclSyntax.self), !isStatic else { return [] }
    let types = bodyTypes(property, declaresOwnTypes: declaresOwnTypes(structDecl)) ?? ("Self.State", "Self.Action")
    return ["@\(raw: module).ReducerBuilder<\(raw: types.state), \(raw: types.action)>"]
  }

  /// Whether a struct declares a `State` or an `Action` of its own (a nested type or alias).
  static func declaresOwnTypes(_ structDecl: StructDeclSyntax) -> Bool {
    structDecl.memberBlock.members.contains { member in
      guard let name = member.decl.asProtocol(NamedDeclSyntax.self)?.name.text else { return false }
      return name == "State" || name == "Action"
    }
  }

  /// The state and action types a `body` names: `some Reducer<Int, Bool>` gives `Int` and `Bool`,
  /// `some ReducerOf<Base>` gives `Base.State` and `Base.Action`; nil for `ReducerOf<Self>` and
  /// anything else, which means the reducer's own `State` and `Action`. A bare `State` and
  /// `Action` are the reducer's own when it declares them, and otherwise the enclosing type's (a
  /// reducer nested in a feature, written in the feature's domain).
  static func bodyTypes(
    _ property: VariableDeclSyntax, declaresOwnTypes: Bool
  ) -> (state: String, action: String)? {
    guard
      let type = property.bindings.first?.typeAnnotation?.type,
      let someType = type.as(SomeOrAnyTypeSyntax.self),
      let constraint = someType.constraint.as(IdentifierTypeSyntax.self),
      let arguments = constraint.genericArgumentClause?.arguments.map({ $0.argument.trimmedDescription })
    else { return nil }
    switch (constraint.name.text, arguments.count) {
    case ("Reducer", 2):
      if arguments[0] == "Self.State" || (arguments[0] == "State" && declaresOwnTypes) { return nil }
      return (arguments[0], arguments[1])
    case ("ReducerOf", 1):
      return arguments[0] == "Self" ? nil : ("\(arguments[0]).State", "\(arguments[0]).Action")
    default:
      return nil
    }
  }

  /// Whether a `@Reducer struct` names other types than its own `State` and `Action` in `body`
  /// or `reduce(into:action:)` (`var body: some Reducer<Int, Bool>`, or a bare `State` it does
  /// not declare): then it has none to synthesize.
  static func usesOtherTypes(_ structDecl: StructDeclSyntax) -> Bool {
    let declaresOwnTypes = declaresOwnTypes(structDecl)
    return structDecl.memberBlock.members.contains { member in
      if let property = member.decl.as(VariableDeclSyntax.self), property.identifier?.text == "body" {
        // `let body = EmptyReducer<Int, Int>()`: the stored reducer's types are the reducer's.
        if property.bindings.first?.initializer != nil, property.bindings.first?.typeAnnotation == nil {
          return true
        }
        return bodyTypes(property, declaresOwnTypes: declaresOwnTypes) != nil
      }
      if let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == "reduce",
        let stateParameter = function.signature.parameterClause.parameters.first
      {
        let type = (stateParameter.type.as(AttributedTypeSyntax.self)?.baseType ?? stateParameter.type).trimmedDescription
        return type != "Self.State" && (type != "State" || !declaresOwnTypes)
      }
      return false
    }
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
      return missingStructMembers(structDecl) + bodyStorage(structDecl)
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
    // A hand-written `Action`'s one-value cases: an ignored case whose action is declared there
    // (`@ReducerCaseIgnored case alert(AlertState<Alert>)` beside `case alert(Alert)`) is a store
    // in `CaseScope`, as in TCA.
    var declaredActions: [String: String] = [:]
    for member in enumDecl.memberBlock.members {
      guard let action = member.decl.as(EnumDeclSyntax.self), action.name.text == "Action" else { continue }
      for caseMember in action.memberBlock.members {
        guard let caseDecl = caseMember.decl.as(EnumCaseDeclSyntax.self) else { continue }
        for element in caseDecl.elements {
          if let parameters = element.parameterClause?.parameters, parameters.count == 1, let parameter = parameters.first {
            declaredActions[element.name.text] = parameter.type.trimmedDescription
          }
        }
      }
    }
    guard
      let cases = EnumCaseTree(enumDecl.memberBlock.members, { caseDecl, element, _ in
        ReducerCase(
          element, attributes: caseDecl.attributes, nestedEnumReducers: nestedEnumReducers,
          declaredActions: declaredActions
        )
      })
    else { return [] }
    // What the enum declares itself is kept (TCA does the same): a hand-written `Action` with a
    // `case alert(Alert)`, a custom `State`, or a `static var body`.
    let declared = Set(
      enumDecl.memberBlock.members.compactMap { member -> String? in
        let decl = member.decl
        if let nominal = decl.asProtocol(NamedDeclSyntax.self) { return nominal.name.text }
        if let variable = decl.as(VariableDeclSyntax.self) { return variable.identifier?.text }
        if let function = decl.as(FunctionDeclSyntax.self) { return function.name.text }
        return nil
      }
    )

    let stateCases = cases.render { "case \($0.name)\($0.stateParameters ?? "")" }
    let actionCases = cases.render { "case \($0.name)(\($0.actionType))" }
    let scopes = cases.render { reducerCase -> String? in
      guard let reducer = reducerCase.reducerExpression else { return nil }
      return "\(module).Scope(state: \\Self.State.Cases.\(reducerCase.name), action: \\Self.Action.Cases.\(reducerCase.name)) { \(reducer) }"
    }
    // A case with a feature, or ephemeral state (an alert), is a store in `CaseScope`, as in
    // TCA: `$store.scope(state: \.$destination, action: \.destination).alert` is a binding of
    // the alert's store.
    let caseScopeCases = cases.render { reducerCase -> String in
      if let storeType = reducerCase.scopeStoreType(module: module) {
        return "case \(reducerCase.name)(\(storeType))"
      }
      return "case \(reducerCase.name)\(reducerCase.stateParameters ?? "")"
    }
    let scopeSwitch = cases.render { reducerCase -> String in
      if reducerCase.scopeStoreType(module: module) != nil {
        return "case .\(reducerCase.name): return .\(reducerCase.name)(store.scope(state: \\.\(reducerCase.name), action: \\.\(reducerCase.name))!)"
      }
      return reducerCase.passThroughSwitchArm
    }
    let caseScopePaths = cases.render { reducerCase -> String in
      reducerCase.caseScopePath(module: module, access: access)
    }

    let stateConformances = (["\(module).CaseReducerState"] + conformances.state).joined(separator: ", ")
    let actionConformances = conformances.action.isEmpty ? "" : ": " + conformances.action.joined(separator: ", ")
    // `body` has a written type, as in TCA: inferring an opaque `some Reducer` for several enum
    // reducers side by side in one type sends the compiler into exponential work, and an opaque
    // body over the State and Action this macro generates crashes optimized (-O) builds (TCA's
    // issue 2824, fixed there the same way).
    let reducerCases = cases.allCases.filter { $0.value.reducerExpression != nil }
    let body: String
    let bodyType: String
    if reducerCases.isEmpty {
      body = "\(module).EmptyReducer<Self.State, Self.Action>()"
      bodyType = "\(module).EmptyReducer<Self.State, Self.Action>"
    } else if reducerCases.contains(where: \.isConditional) {
      // Which scopes exist depends on the configuration, so the type is erased.
      body = "\(module).Reduce(\(module).CombineReducers {\n\(scopes)\n})"
      bodyType = "\(module).Reduce<Self.State, Self.Action>"
    } else {
      body = scopes
      let scopeTypes = reducerCases.map { reducerCase in
        "\(module).Scope<Self.State, Self.Action, \(reducerCase.value.childReducerType ?? "")>"
      }
      var sequenceType = scopeTypes[0]
      for scopeType in scopeTypes.dropFirst() {
        sequenceType = "\(module)._Sequence<\(sequenceType), \(scopeType)>"
      }
      bodyType = sequenceType
    }

    var members: [DeclSyntax] = []
    if !declared.contains("State") {
      members.append(
        try casePathable(
          """
          @dynamicMemberLookup
          @\(raw: module).ObservableState
          \(raw: access)enum State: \(raw: stateConformances) {
            \(raw: access)typealias StateReducer = \(enumDecl.name.trimmed)
            \(raw: stateCases)
          }
          """,
          in: context
        )
      )
    }
    if !declared.contains("Action") {
      members.append(
        try casePathable(
          """
          \(raw: access)enum Action\(raw: actionConformances) {
            \(raw: actionCases)
          }
          """,
          in: context
        )
      )
    }
    if !declared.contains("body") {
      if cases.allCases.contains(where: \.value.hasDefaultValue) {
        members.append(
          """
          @\(raw: module).ReducerBuilder<Self.State, Self.Action>
          \(raw: access)static var body: \(raw: bodyType) {
            \(raw: body)
          }
          """
        )
      } else {
        // `Feature()` for every case: building the body once gives the same reducer every time.
        members.append(
          """
          \(raw: access)static var body: \(raw: bodyType) {
            \(raw: module)._cachedCaseBody(of: Self.self) {
              \(raw: body)
            }
          }
          """
        )
      }
      if !declared.contains("Body") {
        // The type of the static `body`, as TCA names it: `case nested(Nested.Body = Nested.body)`.
        members.append("\(raw: access)typealias Body = CaseBody")
      }
    }
    if !declared.contains("CaseScope") {
      members.append(
        """
        \(raw: access)enum CaseScope: CasePaths.CasePathable {
          \(raw: caseScopeCases)
          \(raw: access)struct AllCasePaths {
            \(raw: caseScopePaths)
          }
          \(raw: access)static var allCasePaths: AllCasePaths { AllCasePaths() }
        }
        """
      )
    }
    if !declared.contains("scope") {
      members.append(
        """
        @MainActor
        \(raw: access)static func scope(_ store: \(raw: module).Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          \(raw: scopeSwitch)
          }
        }
        """
      )
    }
    return members
  }

  /// A synthesized `State` or `Action` enum made case-pathable by writing out what `@CasePathable`
  /// would add (its `AllCasePaths` members and conformances) instead of attaching the macro.
  ///
  /// An attached `@CasePathable` on an enum that is itself macro-generated is expanded lazily, while
  /// the compiler type-checks the file's expansions; with three or more `@Reducer enum`s in a file
  /// that crashed Swift 6.3's type checker (signal 11 in `TypeCheckPrimaryFileRequest`). Writing the
  /// members out leaves no macro nested in the expansion, and case-paths' own generator keeps them
  /// identical to what the macro would produce.
  static func casePathable(_ source: DeclSyntax, in context: some MacroExpansionContext) throws -> DeclSyntax {
    guard var enumDecl = source.as(EnumDeclSyntax.self) else { return source }
    let members = try CasePathsMacrosSupport.CasePathableMacro.expansion(
      of: "@CasePaths.CasePathable", providingMembersOf: enumDecl, in: context
    )
    for member in members {
      enumDecl.memberBlock.members.append(MemberBlockItemSyntax(decl: member))
    }
    let conformances = ["CasePaths.CasePathable", "CasePaths.CasePathIterable"].map {
      InheritedTypeSyntax(type: TypeSyntax(stringLiteral: $0))
    }
    if var inheritance = enumDecl.inheritanceClause {
      for conformance in conformances {
        let last = inheritance.inheritedTypes.index(before: inheritance.inheritedTypes.endIndex)
        inheritance.inheritedTypes[last] = inheritance.inheritedTypes[last]
          .with(\.trailingTrivia, []).with(\.trailingComma, .commaToken())
        inheritance.inheritedTypes.append(conformance.with(\.leadingTrivia, .space))
      }
      inheritance.inheritedTypes[inheritance.inheritedTypes.index(before: inheritance.inheritedTypes.endIndex)]
        .trailingTrivia = .space
      enumDecl.inheritanceClause = inheritance
    } else {
      enumDecl.inheritanceClause = InheritanceClauseSyntax(
        inheritedTypes: InheritedTypeListSyntax(
          conformances.enumerated().map { index, conformance in
            conformance
              .with(\.leadingTrivia, index == 0 ? [] : .space)
              .with(\.trailingComma, index == 0 ? .commaToken() : nil)
          }
        )
      )
      enumDecl.name = enumDecl.name.with(\.trailingTrivia, [])
    }
    return DeclSyntax(enumDecl)
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
    let needsTypes = !usesOtherTypes(structDecl)
    if needsTypes, !memberNames.contains("State") {
      members.append(
        """
        \(raw: access)struct State: Codable, Equatable, Hashable, Sendable {
          \(raw: access)init() {}
        }
        """
      )
    }
    if needsTypes, !memberNames.contains("Action") {
      members.append("\(raw: access)enum Action: Equatable, Hashable, Sendable {}")
    }
    if !memberNames.contains("body"), !memberNames.contains("reduce") {
      members.append("\(raw: access)let body = \(raw: module).EmptyReducer<State, Action>()")
    }
    return members
  }

  /// Storage for the built `body` (see `_ReducerBodyStorage`), when building it once gives the same
  /// reducer as building it for every action: the struct has a computed `body` and no
  /// `reduce(into:action:)`, no stored `var` but `@Dependency` ones, and `body` reads no dependency
  /// and applies no dependency modifier while it is built. Reading dependencies inside the closures
  /// of `Reduce` is fine: those run for every action.
  ///
  /// A struct with no stored property at all has one value, so its body is kept once for the type
  /// (`_ReducerBodyStorage(sameForEveryValue: ())`): even a value made outside any store, say
  /// `Child().reduce(into:action:)` in a `Reduce`, uses it instead of building `body` every action.
  static func bodyStorage(_ structDecl: StructDeclSyntax) -> [DeclSyntax] {
    var body: VariableDeclSyntax?
    var dependencyNames: Set<String> = []
    var hasStoredProperty = false
    for member in structDecl.memberBlock.members {
      if let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == "reduce" {
        return []
      }
      guard
        let property = member.decl.as(VariableDeclSyntax.self),
        !property.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) })
      else { continue }
      if property.identifier?.text == "_$bodyStorage" { return [] }
      if property.identifier?.text == "body" {
        guard
          property.bindings.count == 1, let binding = property.bindings.first,
          binding.initializer == nil, binding.accessorBlock != nil
        else { return [] }
        body = property
        continue
      }
      if property.bindings.contains(where: \.isStored) { hasStoredProperty = true }
      guard property.bindings.allSatisfy(\.isStored), property.bindingSpecifier.tokenKind == .keyword(.var)
      else { continue }
      // A stored `var` can change after the value is copied; only `@Dependency` ones are allowed.
      guard property.attributes.contains(attributeNamed: "Dependency") else { return [] }
      dependencyNames.formUnion(property.bindings.compactMap {
        $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
      })
    }
    guard let body, let accessors = body.bindings.first?.accessorBlock else { return [] }
    let forbidden = dependencyNames.union([
      "Dependency", "DependencyValues", "withDependencies", "dependency", "transformDependency",
    ])
    let reads = BuildTimeNames(viewMode: .sourceAccurate)
    reads.walk(accessors)
    guard reads.names.isDisjoint(with: forbidden) else { return [] }
    let access = structDecl.accessPrefix
    let argument = hasStoredProperty ? "" : "sameForEveryValue: ()"
    return [
      "\(raw: access)let _$bodyStorage: \(raw: module)._ReducerBodyStorage? = \(raw: module)._ReducerBodyStorage(\(raw: argument))"
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
    /// `case edit(EditFeature)`: a feature with its own reducer, run as `reducer` (`EditFeature()`,
    /// the case's default value, or `Inner.body` for an `@Reducer enum` nested in this one).
    case reducer(type: String, reducer: String)
    /// `case alert(AlertState<Alert>)`, or `@ReducerCaseEphemeral`: state whose only actions are
    /// its buttons'.
    case ephemeral
    /// `@ReducerCaseIgnored`, a case without a value, or one holding several values
    /// (`case meeting(Meeting, syncUp: SyncUp)`): state only, with a `Never` action, as in TCA.
    case ignored
  }

  let name: String
  let kind: Kind
  /// The state case's associated values as declared (`(Meeting, syncUp: SyncUp)`), or nil.
  let stateParameters: String?
  /// The action case's payload type.
  let actionType: String
  /// How many values the state case holds, for `case let .meeting(v0, v1)`.
  let valueLabels: [String?]

  var reducerExpression: String? {
    guard case let .reducer(_, reducer) = kind else { return nil }
    return reducer
  }

  /// Whether the case runs a reducer its declaration gives (`case feature(Feature = Feature(…))`).
  let hasDefaultValue: Bool

  /// The type of `reducerExpression`: the case's type, or `Inner.Body` for a nested enum reducer
  /// run through its static body.
  var childReducerType: String? {
    guard case let .reducer(type, reducer) = kind else { return nil }
    return reducer == "\(type).body" ? "\(type).Body" : type
  }

  /// The action type a hand-written `Action` gives this case, if any.
  let declaredActionType: String?

  init(
    _ element: EnumCaseElementSyntax, attributes: AttributeListSyntax, nestedEnumReducers: Set<String>,
    declaredActions: [String: String] = [:]
  ) {
    name = element.name.text
    declaredActionType = declaredActions[element.name.text]
    let parameters = Array(element.parameterClause?.parameters ?? [])
    hasDefaultValue = parameters.contains { $0.defaultValue != nil }
    valueLabels = parameters.map { ($0.firstName ?? $0.secondName)?.text }
    guard
      !attributes.contains(attributeNamed: "ReducerCaseIgnored"),
      parameters.count == 1,
      let parameter = parameters.first,
      parameter.type.is(IdentifierTypeSyntax.self) || parameter.type.is(MemberTypeSyntax.self)
    else {
      kind = .ignored
      stateParameters = element.parameterClause.map { clause in
        let values = clause.parameters.map { parameter in
          (parameter.firstName.map { "\($0.text): " } ?? "") + parameter.type.trimmedDescription
        }
        return "(\(values.joined(separator: ", ")))"
      }
      actionType = "Swift.Never"
      return
    }
    let type = parameter.type
    let typeName = type.trimmedDescription
    let baseName = type.as(IdentifierTypeSyntax.self)?.name.text ?? typeName
    if attributes.contains(attributeNamed: "ReducerCaseEphemeral")
      || ["AlertState", "ConfirmationDialogState"].contains(baseName)
    {
      kind = .ephemeral
      stateParameters = "(\(typeName))"
      // `AlertState<Alert>`'s actions are `Alert`; another ephemeral type names its `Action`.
      let genericArgument = type.as(IdentifierTypeSyntax.self)?.genericArgumentClause?.arguments.first
      actionType = genericArgument.map { $0.argument.trimmedDescription } ?? "\(typeName).Action"
    } else {
      let reducer =
        parameter.defaultValue?.value.trimmedDescription
        ?? (nestedEnumReducers.contains(typeName) ? "\(typeName).body" : "\(typeName)()")
      kind = .reducer(type: typeName, reducer: reducer)
      stateParameters = "(\(typeName).State)"
      actionType = "\(typeName).Action"
    }
  }

  /// The store this case is in `CaseScope`: the feature's, or the ephemeral state's with its
  /// actions (`Store<AlertState<Alert>, Alert>`); nil for a case that is state only.
  func scopeStoreType(module: String) -> String? {
    switch kind {
    case let .reducer(type, _): "\(module).StoreOf<\(type)>"
    case .ephemeral: "\(module).Store<\(String((stateParameters ?? "()").dropFirst().dropLast())), \(actionType)>"
    case .ignored:
      if let declaredActionType, valueLabels.count == 1, valueLabels[0] == nil, let stateParameters {
        "\(module).Store<\(String(stateParameters.dropFirst().dropLast())), \(declaredActionType)>"
      } else {
        nil
      }
    }
  }

  /// The case path to this case of `CaseScope`, written out as `@CasePathable` would make it
  /// (the enum is generated, so the macro is not attached to it); a case holding several values
  /// has none.
  func caseScopePath(module: String, access: String) -> String {
    let payload: String
    if let storeType = scopeStoreType(module: module) {
      payload = storeType
    } else if valueLabels.isEmpty {
      return """
        \(access)var \(name): CasePaths.AnyCasePath<CaseScope, Void> {
          CasePaths.AnyCasePath(embed: { CaseScope.\(name) }, extract: { if case .\(name) = $0 { return () } else { return nil } })
        }
        """
    } else if valueLabels.count == 1, let parameters = stateParameters, valueLabels[0] == nil {
      payload = String(parameters.dropFirst().dropLast())
    } else {
      return ""
    }
    return """
      \(access)var \(name): CasePaths.AnyCasePath<CaseScope, \(payload)> {
        CasePaths.AnyCasePath(embed: { CaseScope.\(name)($0) }, extract: { if case let .\(name)(value) = $0 { return value } else { return nil } })
      }
      """
  }

  /// `case let .meeting(v0, v1): return .meeting(v0, syncUp: v1)`.
  var passThroughSwitchArm: String {
    guard !valueLabels.isEmpty else { return "case .\(name): return .\(name)" }
    let bindings = valueLabels.indices.map { "v\($0)" }
    let arguments = zip(valueLabels, bindings).map { label, binding in
      label.map { "\($0): \(binding)" } ?? binding
    }
    return "case let .\(name)(\(bindings.joined(separator: ", "))): return .\(name)(\(arguments.joined(separator: ", ")))"
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

/// The identifiers a `body` evaluates while it is built: everything but what the closures of
/// `Reduce` hold, which run for every action instead.
private final class BuildTimeNames: SyntaxVisitor {
  var names: Set<String> = []

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    let callee = node.calledExpression.trimmedDescription
    let name = callee.split(separator: "<").first.map(String.init) ?? callee
    guard name == "Reduce" || name.hasSuffix(".Reduce") else { return .visitChildren }
    // The arguments that are not closures (`Reduce(self.core)`) are evaluated now.
    for argument in node.arguments where !argument.expression.is(ClosureExprSyntax.self) {
      walk(argument)
    }
    return .skipChildren
  }

  override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
    if case let .identifier(name) = token.tokenKind { names.insert(name) }
    return .visitChildren
  }
}
