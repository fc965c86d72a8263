@_spi(Internals) import ComposableArchitecture
import Testing

/// TCA's `@_spi(Internals)` spellings that its own tests, and some libraries built on it, use.
struct InternalsSPITests {
  @Test func theStackElementIDGeneratorHandsOutGenerationsInOrder() {
    @Dependency(\.stackElementID) var stackElementID
    let first = stackElementID.peek().generation
    #expect(stackElementID.next().generation == first)
    #expect(stackElementID.peek().generation == first + 1)
    #expect(stackElementID.next().customDumpDescription == "#\(first + 1)")
    #expect(stackElementID().generation == first + 2)
  }
}
