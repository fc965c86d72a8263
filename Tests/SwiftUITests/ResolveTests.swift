import SwiftUICore
import Testing

@MainActor
struct ResolveTests {
  @Test func stateSurvivesPassesAndResetsWhenItsViewGoes() {
    struct Counter: View {
      @State var count = 0
      var body: some View {
        Button("Count: \(count)") { count += 1 }
      }
    }
    struct Screen: View {
      var showsCounter: Bool
      var body: some View {
        if showsCounter { Counter() } else { Text("Hidden") }
      }
    }
    let graph = ViewGraph()
    func tapAndRead(_ view: Screen) -> String {
      let nodes = graph.resolve(view)
      if case let .button(spec)? = nodes.first?.kind { spec.action() }
      return graph.resolve(view).first?.plainText ?? ""
    }
    #expect(tapAndRead(Screen(showsCounter: true)) == "Count: 1")
    #expect(tapAndRead(Screen(showsCounter: true)) == "Count: 2")
    #expect(graph.resolve(Screen(showsCounter: false)).first?.plainText == "Hidden")
    // Back on screen: a new counter, as in SwiftUI.
    #expect(graph.resolve(Screen(showsCounter: true)).first?.plainText == "Count: 0")
  }
}
