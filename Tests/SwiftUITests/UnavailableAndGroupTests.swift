import ComposableWebCore
import SwiftUICore
import SwiftUIWeb
import Testing

/// `ContentUnavailableView` and `ControlGroup`, drawn from the views they are made of.
@MainActor
struct UnavailableAndGroupTests {
  @Test func anEmptyScreenSaysWhyWithItsSymbolTitleDescriptionAndActions() async {
    let drawn = html(ContentUnavailableView("No Standups", systemImage: "calendar", description: Text("Add one to begin.")))
    let order = [#"aria-label="calendar""#, "No Standups", "Add one to begin."].map { drawn.range(of: $0)?.lowerBound }
    #expect(!order.contains(nil))
    #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
    #expect(drawn.contains("font-size:48px"))
    let search = html(ContentUnavailableView.search(text: "zebra"))
    #expect(search.contains("No Results for “zebra”"))
    #expect(html(ContentUnavailableView.search).contains("No Results<"))

    struct Empty: View {
      @State var added = 0
      var body: some View {
        ContentUnavailableView {
          Label("No Mail", systemImage: "tray")
        } description: {
          Text("New mail appears here.")
        } actions: {
          Button("Refresh") { added += 1 }
        }
      }
    }
    let (client, _) = openTab(Empty())
    #expect(client.contains("No Mail") && client.contains("New mail appears here."))
    await client.click("Refresh")
    #expect(client.contains("No Mail"))
  }

  @Test func aControlGroupDrawsItsControlsInARow() async {
    struct Formatting: View {
      @State var log: [String] = []
      var body: some View {
        VStack {
          ControlGroup {
            Button("Bold") { log.append("bold") }
            Button("Italic") { log.append("italic") }
          } label: {
            Text("Format")
          }
          .controlGroupStyle(.navigation)
          Text(log.joined(separator: ","))
        }
      }
    }
    let (client, _) = openTab(Formatting())
    #expect(client.html.contains("sui-hstack"))
    #expect(!client.contains("Format"))
    await client.click("Bold")
    await client.click("Italic")
    #expect(client.contains("bold,italic"))
  }
}
