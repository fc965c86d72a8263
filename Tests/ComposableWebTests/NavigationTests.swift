import ComposableArchitecture
import ComposableWeb
import Testing

@MainActor
struct NavigationTests {
  @Test func pushingAScreenPushesItsAddressAndBackPopsIt() async throws {
    let (page, store) = try #require(catalogPage("/"))
    let client = WebTestClient(page: page)
    #expect(client.location == "/")

    await client.click("Item 1")
    await client.click("Next")
    #expect(client.history == ["/", "/items/1", "/items/1/2"])
    #expect(client.contains("Item 2"))
    // The address travels with the patches of the same render.
    #expect(client.messages.last?.hasSuffix(#"["u","/items/1/2",0]]"#) == true)

    await client.back()
    #expect(store.path.map(\.number) == [1])
    #expect(client.location == "/items/1")
    #expect(client.contains("Item 1"))
    await client.back()
    #expect(store.path.isEmpty)
    #expect(client.texts(role: "heading") == ["Catalog"])
  }

  @Test func forwardPushesTheScreensAgain() async throws {
    let (page, store) = try #require(catalogPage("/"))
    let client = WebTestClient(page: page)
    await client.sendRaw(#"{"u":"/items/4/5"}"#)
    #expect(store.path.map(\.number) == [4, 5])
    #expect(client.location == "/items/4/5")
    #expect(client.contains("Item 5"))
    // Going "back" to a sibling screen pops what differs and pushes the rest.
    await client.sendRaw(#"{"u":"/items/4/6"}"#)
    #expect(store.path.map(\.number) == [4, 6])
  }

  @Test func anAddressTheStoreCannotReachIsPutBack() async throws {
    let (page, store) = try #require(catalogPage("/items/3"))
    let client = WebTestClient(page: page)
    #expect(client.contains("Item 3"))
    await client.sendRaw(#"{"u":"/items/42"}"#)
    #expect(store.path.map(\.number) == [3])
    #expect(client.location == "/items/3")
    #expect(client.messages.last == #"[["u","/items/3",1]]"#)
  }

  @Test func aDeepLinkOpensItsScreenAndAnUnknownOneIsNothing() async throws {
    let (page, _) = try #require(catalogPage("/items/2/3"))
    let client = WebTestClient(page: page)
    #expect(client.texts(role: "heading") == ["Item 3"])
    #expect(client.location == "/items/2/3")
    #expect(catalogPage("/items/0") == nil)
    #expect(catalogPage("/nowhere") == nil)
  }

  @Test func aPageWithOneAddressIgnoresNavigation() async {
    let client = WebTestClient { h1("One") }
    await client.sendRaw(#"{"u":"/elsewhere"}"#)
    #expect(client.log == ["dropped a navigation to /elsewhere: this page has one address"])
  }
}
