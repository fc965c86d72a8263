import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

extension DeclGroupSyntax {
  /// The `public`/`package` modifier to give generated members that satisfy protocol
  /// requirements, so they are as visible as the type.
  var accessPrefix: String {
    for modifier in modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.public), .keyword(.open): return "public "
      case .keyword(.package): return "package "
      default: continue
      }
    }
    return ""
  }

  /// Whether the declaration's inheritance clause names `protocolName` (qualified or not).
  func inherits(_ protocolName: String) -> Bool {
    inheritanceClause?.inheritedTypes.contains {
      let name = $0.type.trimmedDescription
      return name == protocolName || name.hasSuffix(".\(protocolName)")
    } ?? false
  }

  /// The kind of declaration, for diagnostics: "class", "actor", "protocol", "extension".
  var kindDescription: String {
    switch Syntax(self).kind {
    case .classDecl: return "class"
    case .actorDecl: return "actor"
    case .protocolDecl: return "protocol"
    case .extensionDecl: return "extension"
    case .enumDecl: return "enum"
    default: return "struct"
    }
  }

  var nameDescription: String {
    if let decl = self.as(ClassDeclSyntax.self) { return decl.name.text }
    if let decl = self.as(ActorDeclSyntax.self) { return decl.name.text }
    if let decl = self.as(ProtocolDeclSyntax.self) { return decl.name.text }
    if let decl = self.as(StructDeclSyntax.self) { return decl.name.text }
    if let decl = self.as(EnumDeclSyntax.self) { return decl.name.text }
    if let decl = self.as(ExtensionDeclSyntax.self) { return decl.extendedType.trimmedDescription }
    return ""
  }
}

extension AttributeListSyntax {
  func contains(attributeNamed name: String) -> Bool {
    contains {
      guard case let .attribute(attribute) = $0 else { return false }
      let attributeName = attribute.attributeName.trimmedDescription
      return attributeName == name || attributeName.hasSuffix(".\(name)")
    }
  }
}

extension PatternBindingSyntax {
  /// Whether the binding stores a value: it has no accessors, or only observers (`willSet`,
  /// `didSet`); anything else makes it computed.
  var isStored: Bool {
    guard let accessorBlock else { return true }
    guard case let .accessors(accessors) = accessorBlock.accessors else { return false }
    return accessors.allSatisfy {
      [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind)
    }
  }
}

extension VariableDeclSyntax {
  /// A stored `var` property that observation should track: not `let`, not static, not lazy,
  /// not computed, a single simple binding.
  var isTrackableStoredProperty: Bool {
    guard
      bindingSpecifier.tokenKind == .keyword(.var),
      !modifiers.contains(where: {
        [.keyword(.static), .keyword(.class), .keyword(.lazy)].contains($0.name.tokenKind)
      }),
      bindings.count == 1,
      let binding = bindings.first,
      binding.pattern.is(IdentifierPatternSyntax.self),
      // Shared state observes itself: its reference reports reads and changes.
      !attributes.contains(attributeNamed: "Shared"),
      !attributes.contains(attributeNamed: "SharedReader")
    else { return false }
    return binding.isStored
  }

  var identifier: TokenSyntax? {
    bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier
  }
}

/// The cases of an enum in source order, with the `#if` blocks around them, so that code generated
/// per case (more cases, `switch` arms, scopes) repeats the same conditions.
struct EnumCaseTree<Case> {
  enum Item {
    case enumCase(Case)
    /// `#if`/`#elseif`/`#else` clauses: the keyword with its condition, and the items inside.
    case ifConfig([(keyword: String, items: [Item])])
  }

  let items: [Item]

  /// Reads the cases with `makeCase`, which gets each case's declaration, element and index in
  /// source order (across all clauses); `nil` from it (a diagnosed error) makes the tree `nil`.
  init?(
    _ members: MemberBlockItemListSyntax,
    _ makeCase: (EnumCaseDeclSyntax, EnumCaseElementSyntax, Int) -> Case?
  ) {
    var index = 0
    guard let items = Self.items(members, makeCase, index: &index) else { return nil }
    self.items = items
  }

  private static func items(
    _ members: MemberBlockItemListSyntax,
    _ makeCase: (EnumCaseDeclSyntax, EnumCaseElementSyntax, Int) -> Case?,
    index: inout Int
  ) -> [Item]? {
    var items: [Item] = []
    for member in members {
      if let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) {
        for element in caseDecl.elements {
          guard let enumCase = makeCase(caseDecl, element, index) else { return nil }
          items.append(.enumCase(enumCase))
          index += 1
        }
      } else if let ifConfig = member.decl.as(IfConfigDeclSyntax.self) {
        var clauses: [(keyword: String, items: [Item])] = []
        for clause in ifConfig.clauses {
          let keyword =
            clause.poundKeyword.text + (clause.condition.map { " \($0.trimmedDescription)" } ?? "")
          guard case let .decls(decls)? = clause.elements else {
            clauses.append((keyword, []))
            continue
          }
          guard let inner = Self.items(decls, makeCase, index: &index) else { return nil }
          clauses.append((keyword, inner))
        }
        items.append(.ifConfig(clauses))
      }
    }
    return items
  }

  var isEmpty: Bool { render { _ in "" }.isEmpty }

  /// Every case in source order, and whether it sits inside an `#if` block.
  var allCases: [(value: Case, isConditional: Bool)] {
    Self.flatten(items, isConditional: false)
  }

  private static func flatten(_ items: [Item], isConditional: Bool) -> [(value: Case, isConditional: Bool)] {
    items.flatMap { item -> [(value: Case, isConditional: Bool)] in
      switch item {
      case let .enumCase(enumCase): return [(enumCase, isConditional)]
      case let .ifConfig(clauses): return clauses.flatMap { flatten($0.items, isConditional: true) }
      }
    }
  }

  /// One line per case (`line` returning `nil` leaves a case out), inside the same `#if` blocks
  /// as in the source, joined with `separator`; empty when no case produced a line.
  func render(separator: String = "\n", _ line: (Case) -> String?) -> String {
    Self.render(items, line).joined(separator: separator)
  }

  private static func render(_ items: [Item], _ line: (Case) -> String?) -> [String] {
    var lines: [String] = []
    for item in items {
      switch item {
      case let .enumCase(enumCase):
        if let text = line(enumCase) { lines.append(text) }
      case let .ifConfig(clauses):
        let rendered = clauses.map { ($0.keyword, render($0.items, line)) }
        guard rendered.contains(where: { !$0.1.isEmpty }) else { continue }
        for (keyword, clauseLines) in rendered {
          lines.append(keyword)
          lines.append(contentsOf: clauseLines)
        }
        lines.append("#endif")
      }
    }
    return lines
  }
}

/// A diagnostic message of this package's macros.
struct MacroDiagnostic: DiagnosticMessage {
  let message: String
  let id: String
  var severity: DiagnosticSeverity = .error

  var diagnosticID: MessageID { MessageID(domain: "ComposableArchitectureMacros", id: id) }
}

struct MacroFixIt: FixItMessage {
  let message: String
  var fixItID: MessageID { MessageID(domain: "ComposableArchitectureMacros", id: message) }
}

/// Thrown once the diagnostic was emitted, so expansion stops without a second error.
struct DiagnosticsEmitted: Error {}
