import ComposableWeb
import Testing

@MainActor
struct RenderingTests {
  @Test func textAndAttributesAreEscapedByConstruction() {
    let title = "<script>alert(1)</script>"
    let attack = "\"><img src=x onerror=alert(1)>"
    let page = RenderedView(
      div(.class("title"), .attribute("title", attack)) {
        h1(title)
        attack
      }
    )
    let html = page.root.html
    #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(html.contains("title=\"&quot;&gt;&lt;img src=x onerror=alert(1)&gt;\""))
    #expect(!html.contains("<script"))
    #expect(!html.contains("<img"))
  }

  @Test func escapingKeepsEveryOtherCharacterAsItIs() {
    let text = "Café <b>☕</b> & “quotes” 'x' e\u{301} 👩‍👩‍👧"
    let page = RenderedView(p(.attribute("title", text)) { text })
    let escapedText = "Café &lt;b&gt;☕&lt;/b&gt; &amp; “quotes” 'x' e\u{301} 👩‍👩‍👧"
    let escapedAttribute = "Café &lt;b&gt;☕&lt;/b&gt; &amp; “quotes” &#39;x&#39; e\u{301} 👩‍👩‍👧"
    #expect(page.root.html == "<p title=\"\(escapedAttribute)\">\(escapedText)</p>")
    // Nothing to escape: the text as it is.
    #expect(RenderedView(p { "Plain text, déjà vu" }).root.html == "<p>Plain text, déjà vu</p>")
  }

  @Test func linksGoOnlyToWebMailAndPhoneAddressesOrRelativeOnes() {
    for address in [
      "https://example.com/a", "HTTP://example.com", "mailto:ada@example.com", "tel:+441234", "/standups/3",
      "standups/3", "?q=1", "#top", "//example.com/x", "/a:b", "./x:y",
    ] {
      #expect(isSafeLinkAddress(address), "\(address)")
      #expect(RenderedView(a(.href(address)) { "x" }).root.html.contains("href="), "\(address)")
    }
    for address in [
      "javascript:alert(1)", "JavaScript:alert(1)", " \u{1}javascript:alert(1)", "java\tscript:alert(1)",
      "java\nscript:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:x", "file:///etc/passwd",
    ] {
      #expect(!isSafeLinkAddress(address), "\(address)")
      let html = RenderedView(a(.href(address)) { "x" }).root.html
      #expect(html == "<a>x</a>", "\(address)")
    }
  }

  @Test func onlyUnsafeRawHTMLWritesMarkup() {
    let page = RenderedView(div { unsafeRawHTML("<b>bold</b>") })
    #expect(page.root.html == "<div><span><b>bold</b></span></div>")
  }

  @Test func handlersGetIdsFromTheirPositionAndKeys() {
    var tapped: [String] = []
    let page = RenderedView(
      ul {
        for name in ["a", "b"] {
          li(.key(name)) {
            button("Delete") { tapped.append(name) }
          }
        }
      }
    )
    #expect(
      page.root.html
        == #"<ul><li data-key="a"><button type="button" data-on-click="0.ka.0/click">Delete</button></li><li data-key="b"><button type="button" data-on-click="0.kb.0/click">Delete</button></li></ul>"#
    )
    guard case let .run(action)? = page.handlers["0.kb.0/click"] else {
      Issue.record("No handler for the second row's button")
      return
    }
    action()
    #expect(tapped == ["b"])
  }

  @Test func adjacentTextIsOneNodeAndEmptyTextNone() {
    let page = RenderedView(p { "Hello, "; ""; "world" })
    #expect(page.root == .element(tag: "p", attributes: [], key: nil, children: [.text("Hello, world")]))
  }

  @Test func voidElementsHaveNoClosingTag() {
    let page = RenderedView(div { input(.type("text"), .value("a\"b")) })
    #expect(page.root.html == #"<div><input type="text" value="a&quot;b"></div>"#)
  }
}
