import CasePaths
import Foundation
import Testing

@testable import ComposableArchitecture

/// Operators read a case key path through its enum's layout (`EnumCase`). These check, for enums
/// of every shape, that extracting and embedding that way agrees with the case key path itself on
/// every case, and that paths the layout cannot serve keep going through the key path.
@Suite struct EnumCaseTests {
  final class Reference: Equatable, Sendable {
    let name: String
    init(_ name: String) { self.name = name }
    static func == (lhs: Reference, rhs: Reference) -> Bool { lhs.name == rhs.name }
  }

  @CasePathable
  enum Mixed: Equatable {
    case empty
    case number(Int)
    case text(String)
    case pair(Int, String)
    case labelled(id: Int, name: String)
    case single(value: Int)
    case object(Reference)
    case optional(Int?)
    case other
    case list([Int])
  }

  @CasePathable
  indirect enum Tree: Equatable {
    case leaf(Int)
    case node(Tree)
    case pair(Tree, Tree)
    case none
  }

  @CasePathable
  enum Partly: Equatable {
    case plain(String)
    indirect case boxed(Partly)
    case done
  }

  @CasePathable
  enum OnePayload: Equatable {
    case first
    case payload(Reference)
    case second
    case third
  }

  @CasePathable
  enum Wrapper<Value: Equatable & Sendable>: Equatable {
    case value(Value)
    case nothing
  }

  @CasePathable
  enum Aligned: Equatable {
    case wide(SIMD4<Double>)
    case small(UInt8)
  }

  /// Boxed payloads: over-aligned, and holding a reference.
  @CasePathable
  enum Boxed: Equatable {
    indirect case wide(SIMD4<Double>)
    indirect case object(Reference)
    case small(UInt8)
  }

  struct Nothing: Equatable {}

  /// Cases whose payload takes no bytes count as cases without one in the enum's tags.
  @CasePathable
  enum WithEmptyPayloads: Equatable {
    case empty(Nothing)
    case number(Int)
    case none
    case text(String)
    case nothings(Nothing, Nothing)
  }

  @CasePathable
  enum WithNever: Equatable {
    case never(Never)
    case number(Int)
    case none
  }

  static let mixedValues: [Mixed] = [
    .empty, .number(42), .text("a string that is longer than fifteen bytes"),
    .pair(7, "seven"), .labelled(id: 3, name: "three"), .single(value: 9), .object(Reference("o")),
    .optional(nil), .optional(5), .other, .list([1, 2, 3]),
  ]

  /// Extracting every value through `keyPath`'s case and through the key path agree, and so does
  /// embedding each value the key path extracts.
  func agree<Root: CasePathable & Equatable, Value>(
    _ keyPath: CaseKeyPath<Root, Value>, over values: [Root], equal: (Value, Value) -> Bool,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let access = CaseAccess.resolving(keyPath)
    var matched = 0
    for root in values {
      let expected = root[case: keyPath]
      let extracted = access.extract(from: root)
      #expect((expected == nil) == (extracted == nil), "\(root)", sourceLocation: sourceLocation)
      if let expected, let extracted {
        matched += 1
        #expect(equal(expected, extracted), "\(root)", sourceLocation: sourceLocation)
        #expect(access.embed(extracted) == root, sourceLocation: sourceLocation)
        #expect(access.embed(extracted) == keyPath(expected), sourceLocation: sourceLocation)
      }
    }
    #expect(matched > 0, "no value of the case was tried", sourceLocation: sourceLocation)
  }

  func isEnumCase<Root, Value>(_ access: CaseAccess<Root, Value>) -> Bool {
    if case .enumCase = access { return true }
    return false
  }

  /// Whether both directions go through the layout alone, without the case key path.
  func isLayoutOnly<Root, Value>(_ access: CaseAccess<Root, Value>) -> Bool {
    if case let .enumCase(enumCase) = access { return enumCase.resolved == nil }
    return false
  }

  @Test func casesOfAnEnumWithPayloadsAndEmptyCasesAgreeWithTheirKeyPaths() {
    agree(\Mixed.Cases.empty, over: Self.mixedValues, equal: { _, _ in true })
    agree(\Mixed.Cases.number, over: Self.mixedValues, equal: ==)
    agree(\Mixed.Cases.text, over: Self.mixedValues, equal: ==)
    agree(\Mixed.Cases.pair, over: Self.mixedValues, equal: ==)
    agree(\Mixed.Cases.labelled, over: Self.mixedValues, equal: ==)
    agree(\Mixed.Cases.single, over: Self.mixedValues, equal: ==)
    agree(\Mixed.Cases.object, over: Self.mixedValues, equal: ===)
    agree(\Mixed.Cases.optional, over: Self.mixedValues, equal: ==)
    agree(\Mixed.Cases.other, over: Self.mixedValues, equal: { _, _ in true })
    agree(\Mixed.Cases.list, over: Self.mixedValues, equal: ==)
  }

  @Test func anEnumCaseIsReadThroughItsLayout() {
    #expect(isEnumCase(CaseAccess.resolving(\Mixed.Cases.number)))
    #expect(isEnumCase(CaseAccess.resolving(\Mixed.Cases.empty)))
    #expect(isEnumCase(CaseAccess.resolving(\Mixed.Cases.labelled)))
    #expect(isEnumCase(CaseAccess.resolving(\Tree.Cases.node)))
    #expect(isEnumCase(CaseAccess.resolving(\Wrapper<String>.Cases.value)))
    #expect(isLayoutOnly(CaseAccess.resolving(\Mixed.Cases.number)))
    #expect(isLayoutOnly(CaseAccess.resolving(\Mixed.Cases.labelled)))
    #expect(isLayoutOnly(CaseAccess.resolving(\Wrapper<String>.Cases.value)))
    // Embedding into an indirect case makes a box, as the compiled case constructor does.
    #expect(isLayoutOnly(CaseAccess.resolving(\Tree.Cases.node)))
    #expect(isLayoutOnly(CaseAccess.resolving(\Tree.Cases.pair)))
  }

  @Test func appendedAndOptionalPathsGoThroughTheirKeyPaths() {
    let appended = CaseAccess.resolving(\Tree.Cases.node.leaf)
    #expect(!isEnumCase(appended))
    #expect(appended.extract(from: .node(.leaf(1))) == 1)
    #expect(appended.extract(from: .node(.none)) == nil)
    #expect(appended.extract(from: .leaf(1)) == nil)
    #expect(appended.embed(2) == .node(.leaf(2)))

    let some = CaseAccess.resolving(\Int?.Cases.some)
    #expect(!isEnumCase(some))
    #expect(some.extract(from: 3) == 3)
    #expect(some.extract(from: nil) == nil)
  }

  @Test func indirectCasesAreReadFromTheirBoxes() {
    let trees: [Tree] = [
      .leaf(1), .node(.leaf(2)), .node(.node(.none)), .pair(.leaf(3), .none), .none,
    ]
    agree(\Tree.Cases.leaf, over: trees, equal: ==)
    agree(\Tree.Cases.node, over: trees, equal: ==)
    agree(\Tree.Cases.pair, over: trees, equal: ==)
    agree(\Tree.Cases.none, over: trees, equal: { _, _ in true })

    let partly: [Partly] = [.plain("p"), .boxed(.plain("q")), .boxed(.done), .done]
    agree(\Partly.Cases.plain, over: partly, equal: ==)
    agree(\Partly.Cases.boxed, over: partly, equal: ==)
    agree(\Partly.Cases.done, over: partly, equal: { _, _ in true })

    let boxed: [Boxed] = [.wide(SIMD4(1, 2, 3, 4)), .object(Reference("b")), .small(3)]
    agree(\Boxed.Cases.wide, over: boxed, equal: ==)
    agree(\Boxed.Cases.object, over: boxed, equal: ===)
    agree(\Boxed.Cases.small, over: boxed, equal: ==)

    // A value embedded through the layout is an ordinary value: the compiled `switch` reads it.
    let embedded = CaseAccess.resolving(\Tree.Cases.pair).embed((.leaf(5), .node(.none)))
    guard case let .pair(.leaf(five), .node(.none)) = embedded else {
      Issue.record("not the embedded pair: \(embedded)")
      return
    }
    #expect(five == 5)
  }

  @Test func singlePayloadGenericAndOverAlignedEnumsAgree() {
    let onePayload: [OnePayload] = [.first, .payload(Reference("r")), .second, .third]
    agree(\OnePayload.Cases.payload, over: onePayload, equal: ===)
    agree(\OnePayload.Cases.first, over: onePayload, equal: { _, _ in true })
    agree(\OnePayload.Cases.third, over: onePayload, equal: { _, _ in true })

    let wrappers: [Wrapper<[String: Int]>] = [.value(["a": 1]), .nothing, .value([:])]
    agree(\Wrapper<[String: Int]>.Cases.value, over: wrappers, equal: ==)
    agree(\Wrapper<[String: Int]>.Cases.nothing, over: wrappers, equal: { _, _ in true })

    let aligned: [Aligned] = [.wide(SIMD4(1, 2, 3, 4)), .small(7)]
    agree(\Aligned.Cases.wide, over: aligned, equal: ==)
    agree(\Aligned.Cases.small, over: aligned, equal: ==)
  }

  @Test func payloadsThatTakeNoBytesAreCasesWithoutPayloads() {
    let values: [WithEmptyPayloads] = [
      .empty(Nothing()), .number(1), .none, .text("t"), .nothings(Nothing(), Nothing()),
    ]
    agree(\WithEmptyPayloads.Cases.empty, over: values, equal: ==)
    agree(\WithEmptyPayloads.Cases.number, over: values, equal: ==)
    agree(\WithEmptyPayloads.Cases.none, over: values, equal: { _, _ in true })
    agree(\WithEmptyPayloads.Cases.text, over: values, equal: ==)
    agree(\WithEmptyPayloads.Cases.nothings, over: values, equal: { _, _ in true })
    #expect(isLayoutOnly(CaseAccess.resolving(\WithEmptyPayloads.Cases.text)))

    // The same shapes in a generic enum, laid out when it is instantiated.
    let generic: [Wrapper<Nothing>] = [.value(Nothing()), .nothing]
    agree(\Wrapper<Nothing>.Cases.value, over: generic, equal: ==)
    agree(\Wrapper<Nothing>.Cases.nothing, over: generic, equal: { _, _ in true })

    let withNever: [WithNever] = [.number(2), .none]
    agree(\WithNever.Cases.number, over: withNever, equal: ==)
    agree(\WithNever.Cases.none, over: withNever, equal: { _, _ in true })
  }

  /// A leaked retain would keep the object alive; a missing one would free it while still in use.
  @Test func extractedAndEmbeddedReferencesAreRetainedOnce() {
    weak var released: Reference?
    do {
      let reference = Reference("kept")
      released = reference
      let access = CaseAccess.resolving(\OnePayload.Cases.payload)
      for _ in 0..<1_000 {
        let value = access.embed(reference)
        #expect(access.extract(from: value) === reference)
      }
    }
    #expect(released == nil)

    // In a box: the box holds the reference, the value holds the box.
    weak var releasedFromBox: Reference?
    do {
      let reference = Reference("boxed")
      releasedFromBox = reference
      let access = CaseAccess.resolving(\Boxed.Cases.object)
      #expect(isLayoutOnly(access))
      for _ in 0..<1_000 {
        let value = access.embed(reference)
        let copy = value
        #expect(access.extract(from: copy) === reference)
        #expect(copy == .object(reference))
      }
    }
    #expect(releasedFromBox == nil)
  }
}
