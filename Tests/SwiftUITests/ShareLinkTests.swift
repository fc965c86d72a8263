import Foundation
import SwiftUICore
import SwiftUIWeb
import Testing

/// A share link is a button the page's script shares (or copies) from: its item, subject and
/// message as Apple's initializers take them.
@MainActor
struct ShareLinkTests {
  let url = URL(string: "https://www.pointfree.co/episodes/ep1")!

  @Test func anAddressWithItsSubjectAndMessageAndTheDefaultLabel() {
    let drawn = html(ShareLink(item: url, subject: Text("Episode 1"), message: Text("Worth a watch")))
    #expect(drawn.contains(#"data-share-url="https://www.pointfree.co/episodes/ep1""#))
    #expect(drawn.contains(#"data-share-title="Episode 1""#))
    #expect(drawn.contains(#"data-share-text="Worth a watch""#))
    #expect(drawn.hasPrefix("<button"))
    // "Share" with the share symbol.
    #expect(drawn.contains(">Share<"))
    #expect(drawn.contains(#"aria-label="square.and.arrow.up""#))
  }

  @Test func aTextItemATitleAndAPreview() {
    let text = html(ShareLink("Send the notes", item: "Retro: ship on Friday"))
    #expect(text.contains(#"data-share-text="Retro: ship on Friday""#))
    #expect(!text.contains("data-share-url"))
    #expect(text.contains(">Send the notes<"))
    let previewed = html(ShareLink(item: url, preview: SharePreview("Episode 1", image: Image(systemName: "play"))))
    #expect(previewed.contains(#"data-share-title="Episode 1""#))
    let labelled = html(ShareLink(item: url) { Label("Tell a friend", systemImage: "person") })
    #expect(labelled.contains(">Tell a friend<"))
  }

  @Test func anAddressAPageMayNotLinkToIsLeftOut() {
    let drawn = html(ShareLink(item: URL(string: "javascript:alert(1)")!))
    #expect(!drawn.contains("javascript"))
    #expect(drawn.contains("data-share"))
  }
}
