import ComposableArchitecture
import Testing

/// A value that counts how often it is compared.
struct Counted: Equatable {
  nonisolated(unsafe) static var comparisons = 0  // Only touched by the one test below, serially.
  var value = 0
  static func == (lhs: Self, rhs: Self) -> Bool {
    comparisons += 1
    return lhs.value == rhs.value
  }
}

@Suite(.serialized) struct PresentationStateEqualityTests {
  @Test func copiesThatShareStorageAreEqualWithoutComparingTheirContents() {
    let presented = PresentationState(wrappedValue: Counted(value: 1))
    let copy = presented
    Counted.comparisons = 0
    for _ in 0..<10_000 { #expect(presented == copy) }
    #expect(Counted.comparisons == 0)

    var changed = copy
    changed.wrappedValue?.value = 2
    #expect(presented != changed)
    #expect(Counted.comparisons == 1)
    var same = copy
    same.wrappedValue = Counted(value: 1)  // new storage, equal contents
    #expect(presented == same)
  }
}
