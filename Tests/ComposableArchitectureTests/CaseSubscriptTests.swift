import ComposableArchitecture
import Testing

/// `PresentationState`'s `subscript(case:)` and `StackState`'s `subscript(id:case:)`, as TCA's
/// own tests use them: nil through the matching case clears, an unrelated case changes nothing
/// and reports TCA's message word for word (its tests compare the whole text).
@Suite struct CaseSubscriptTests {
  @CasePathable
  enum Child: Equatable {
    case int(Int)
    case text(String)
  }

  struct Parent: Equatable {
    @PresentationState var child: Child?
  }

  @Test func aStackCaseIsModifiedInPlaceAndClearedByNil() {
    var stack = StackState<Child>([.int(42)])
    stack[id: 0, case: \.int]? += 1
    #expect(stack[id: 0] == .int(43))
    stack[id: 0, case: \.int] = nil
    #expect(stack.isEmpty)
  }

  @Test func anUnrelatedStackCaseChangesNothingAndIsReported() {
    var stack = StackState<Child>([.int(42)])
    withKnownIssue {
      stack[id: 0, case: \.text]?.append("!")
    } matching: { message(of: $0) == #"Can't modify unrelated case "int""# }
    withKnownIssue {
      stack[id: 0, case: \.text] = nil
    } matching: { message(of: $0) == #"Can't modify unrelated case "int""# }
    #expect(Array(stack) == [.int(42)])
  }

  @Test func aPresentedCaseIsModifiedInPlaceAndClearedByNil() {
    var parent = Parent(child: .int(42))
    parent.$child[case: \.int]? += 1
    #expect(parent.child == .int(43))
    parent.$child[case: \.int] = nil
    #expect(parent.child == nil)
  }

  @Test func anUnrelatedPresentedCaseChangesNothingAndIsReported() {
    var parent = Parent(child: .int(42))
    withKnownIssue {
      parent.$child[case: \.text]?.append("!")
    } matching: { message(of: $0) == #"Can't modify unrelated case "int""# }
    withKnownIssue {
      parent.$child[case: \.text] = nil
    } matching: { message(of: $0) == #"Can't modify unrelated case "int""# }
    #expect(parent.child == .int(42))
  }

  @Test func nothingPresentedNamesNoCase() {
    var parent = Parent(child: nil)
    withKnownIssue {
      parent.$child[case: \.text] = "?"
    } matching: { message(of: $0) == "Can't modify unrelated case" }
    #expect(parent.child == nil)
  }

  @Test func anOptionalElementInItsNoneCaseIsNamedNone() {
    var stack = StackState<Int?>([nil])
    withKnownIssue {
      stack[id: 0, case: \.some] = 1
    } matching: { message(of: $0) == #"Can't modify unrelated case "none""# }
    #expect(stack[id: 0] == .some(nil))
  }

  /// TCA's own tests write these with `AnyCasePath`s (`/Child.text`); the issue is reported at
  /// the line that wrote through the subscript.
  @available(*, deprecated)
  @Test func theCasePathSpellingsBehaveTheSameAndReportAtTheCaller() {
    var stack = StackState<Child>([.int(42)])
    stack[id: 0, case: /Child.int]? += 1
    #expect(stack[id: 0] == .int(43))
    let stackLine: Int = #line + 2
    withKnownIssue {
      stack[id: 0, case: /Child.text]?.append("!")
    } matching: { message(of: $0) == #"Can't modify unrelated case "int""# && $0.sourceLocation?.line == stackLine }
    stack[id: 0, case: /Child.int] = nil
    #expect(stack.isEmpty)

    var parent = Parent(child: .int(42))
    let parentLine: Int = #line + 2
    withKnownIssue {
      parent.$child[case: /Child.text] = nil
    } matching: { message(of: $0) == #"Can't modify unrelated case "int""# && $0.sourceLocation?.line == parentLine }
    parent.$child[case: /Child.int]? += 1
    #expect(parent.child == .int(43))
    parent.$child[case: /Child.int] = nil
    #expect(parent.child == nil)
  }
}
