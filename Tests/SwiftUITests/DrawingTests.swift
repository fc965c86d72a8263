import ComposableWebCore
import ComposableWebTestSupport
import Observation
import SwiftUICore
import SwiftUIWeb
import Testing

/// The web renderer draws again only what changed: a view taken as it was keeps what was drawn
/// for it, and anything around it that changed (a modifier its parent applies) is drawn anew.
@MainActor
struct DrawingTests {
  @Observable final class Item: Identifiable {
    let id: Int
    var title: String
    init(id: Int, title: String) {
      self.id = id
      self.title = title
    }
  }

  struct ItemRow: View {
    let item: Item
    var body: some View {
      HStack {
        Text(item.title)
        Spacer()
        Text("#\(item.id)")
      }
    }
  }

  struct Items: View {
    let items: [Item]
    @State private var isDimmed = false
    var body: some View {
      VStack {
        Button(isDimmed ? "Undim" : "Dim") { isDimmed.toggle() }
        ForEach(items) { item in
          ItemRow(item: item).opacity(item.id == 1 && isDimmed ? 0.5 : 1)
        }
      }
    }
  }

  @Test func oneRowChangedAmongFiftyIsTheOnlyOneSent() async {
    let items = (1...50).map { Item(id: $0, title: "Item \($0)") }
    let (tab, host) = openTab(Items(items: items))
    #expect(tab.text.contains("Item 7"))
    let evaluations = host.graph.bodyEvaluationCount

    items[6].title = "Seventh"
    await tab.settle()
    #expect(tab.text.contains("Seventh"))
    #expect(!tab.text.contains("Item 7 "))
    #expect(host.graph.bodyEvaluationCount == evaluations + 1)
    // One patch, one text.
    #expect(tab.messages.last == #"[["t",[0,7,0,0],"Seventh"]]"#)

    // Another row changes after it: each drawn as the page shows it.
    items[7].title = "Eighth"
    await tab.settle()
    #expect(tab.text.contains("Seventh"))
    #expect(tab.text.contains("Eighth"))
  }

  @Test func aModifierAroundATakenViewIsDrawnAnew() async {
    let items = (1...3).map { Item(id: $0, title: "Item \($0)") }
    let (tab, _) = openTab(Items(items: items))
    #expect(!tab.html.contains("opacity:0.5"))
    // The rows' views are taken as they were; the opacity their parent puts on the first changes.
    await tab.click("Dim")
    #expect(tab.html.contains("opacity:0.5"))
    await tab.click("Undim")
    #expect(!tab.html.contains("opacity:0.5"))
    #expect(tab.text.contains("Item 1"))
  }
}
