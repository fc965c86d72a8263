import ComposableWebCore
import ComposableWebTestSupport
import SwiftUICore
import SwiftUIWeb
import Testing

/// `ScrollViewReader` as a chat or a long list uses it: buttons that scroll to a row by its
/// `ForEach` id or to a view by its `id(_:)`; the browser is asked once per request.
@MainActor
struct ScrollViewReaderTests {
  struct Chat: View {
    let messages = (1...60).map { "Message \($0)" }
    var body: some View {
      ScrollViewReader { proxy in
        VStack {
          HStack {
            Button("Latest") { proxy.scrollTo(messages.count, anchor: .bottom) }
            Button("Message 20") { proxy.scrollTo(20, anchor: .top) }
            Button("Footer") { proxy.scrollTo("footer") }
          }
          ScrollView {
            ForEach(Array(messages.enumerated()), id: \.offset) { offset, message in
              Text(message).id(offset + 1)
            }
            Text("End of the conversation").id("footer")
          }
        }
      }
    }
  }

  func targets(_ html: String) -> [String] {
    html.matches(of: /data-scroll-to="([^"]+)"[^>]*>(?:<[^>]+>)*([^<]*)/).map { "\($0.1) \($0.2)" }
  }

  @Test func scrollToAsksTheBrowserToScrollTheViewOfThatId() async {
    let (client, _) = openTab(Chat())
    #expect(targets(client.html).isEmpty)
    await client.click("Message 20")
    #expect(targets(client.html) == ["1:start Message 20"])
    await client.click("Latest")
    #expect(targets(client.html) == ["2:end Message 60"])
    await client.click("Footer")
    #expect(targets(client.html) == ["3:nearest End of the conversation"])
    // The same target again is a new request: the browser scrolls again.
    await client.click("Footer")
    #expect(targets(client.html) == ["4:nearest End of the conversation"])
  }

  struct Roster: View {
    @State var isShown = true
    let names = (1...30).map { "Player \($0)" }
    var body: some View {
      Text("Under").sheet(isPresented: $isShown) {
        NavigationStack {
          ScrollViewReader { proxy in
            List {
              Section("Players") {
                ForEach(names, id: \.self) { name in
                  Text(name).swipeActions { Button("Bench \(name)") {} }
                }
              }
            }
            .navigationTitle("Roster")
            .toolbar {
              ToolbarItem(placement: .primaryAction) {
                Button("Last") {
                  if let last = names.last { proxy.scrollTo(last, anchor: .bottom) }
                }
              }
              ToolbarItem(placement: .topBarLeading) {
                // An optional id matches no row, as in SwiftUI.
                Button("Optional") { proxy.scrollTo(names.last, anchor: .bottom) }
              }
            }
          }
        }
      }
    }
  }

  /// From a toolbar button, in a sheet's stack, to a row of a section of a list (the shape of
  /// the demo's matches sheet).
  @Test func fromAToolbarButtonToARowInASheet() async {
    let (client, _) = openTab(Roster())
    await client.click("Optional")
    #expect(targets(client.html).isEmpty)
    await client.click("Last")
    #expect(targets(client.html).count == 1)
    #expect(targets(client.html).first?.hasPrefix("2:end") == true)
    #expect(client.html.contains("Player 30"))
  }
}
