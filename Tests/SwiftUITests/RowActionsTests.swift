import ComposableWebCore
import ComposableWebTestSupport
import SwiftUICore
import SwiftUIWeb
import Testing

/// Swipe actions and context menus on a list's rows, as a mail or to-do screen writes them: the
/// actions are the row's own buttons at its edge, and the menu opens from a More button.
@MainActor
struct RowActionsTests {
  struct Inbox: View {
    @State var messages = ["Lunch?", "Invoice", "Standup notes"]
    @State var pinned: [String] = []
    @State var log: [String] = []
    var body: some View {
      List {
        ForEach(messages, id: \.self) { message in
          Text(message)
            .swipeActions {
              Button(role: .destructive) { messages.removeAll { $0 == message } } label: {
                Label("Delete \(message)", systemImage: "trash")
              }
            }
            .swipeActions(edge: .leading) {
              Button { pinned.append(message) } label: { Label("Pin \(message)", systemImage: "pin") }.tint(.orange)
            }
            .contextMenu {
              Button("Copy \(message)") { log.append("copied \(message)") }
              Button("Forward \(message)") { log.append("forwarded \(message)") }
            }
        }
        Text("Pinned: \(pinned.joined(separator: ","))")
        Text("Log: \(log.joined(separator: ","))")
      }
    }
  }

  @Test func swipeActionsAreTheRowsButtonsAndTheMenuOpensFromMore() async {
    let (client, _) = openTab(Inbox())
    let html = client.html
    // The pin comes before the text, the delete after it.
    let pin = try! #require(html.range(of: #"aria-label="Pin Invoice""#))
    let text = try! #require(html.range(of: ">Invoice<"))
    let delete = try! #require(html.range(of: #"aria-label="Delete Invoice""#))
    #expect(pin.lowerBound < text.lowerBound && text.lowerBound < delete.lowerBound)

    await client.click("Pin Invoice")
    #expect(client.text.contains("Pinned: Invoice"))
    await client.click("Delete Lunch?")
    #expect(!client.text.contains("Lunch?"))

    #expect(!client.text.contains("Forward Invoice"))
    await client.click("More, Collapsed")
    await client.click("Forward Invoice")
    #expect(client.text.contains("Log: forwarded Invoice"))
  }
}
