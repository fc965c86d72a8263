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
}
