import Combine
import Foundation
import Testing

/// `import Combine` in feature code that was written for Apple's platforms (TCA's TicTacToe
/// imports it in a feature module): Combine's API, under Combine's names, on Linux.
struct CombineTests {
  final class Model: ObservableObject {
    @Published var count = 0
  }

  @Test func subjectsOperatorsAndCancellablesBehaveAsCombines() {
    var received: [String] = []
    var cancellables: Set<AnyCancellable> = []
    let subject = PassthroughSubject<Int, Never>()
    subject
      .filter { $0.isMultiple(of: 2) }
      .map { "even \($0)" }
      .sink { received.append($0) }
      .store(in: &cancellables)
    subject.send(1)
    subject.send(2)
    subject.send(4)
    #expect(received == ["even 2", "even 4"])

    // Released, the subscription ends: nothing more arrives.
    cancellables.removeAll()
    subject.send(6)
    #expect(received == ["even 2", "even 4"])
  }

  @Test func publishedPropertiesPublishBeforeTheyChange() {
    let model = Model()
    var seen: [Int] = []
    var changes = 0
    let values = model.$count.sink { seen.append($0) }
    let willChange = model.objectWillChange.sink { changes += 1 }
    model.count = 3
    model.count = 5
    #expect(seen == [0, 3, 5])
    #expect(changes == 2)
    values.cancel()
    willChange.cancel()
  }
}
