import ComposableArchitecture
import ComposableWeb
import Testing

/// Whose data a tab reads: a page made inside `withDependencies` (a signed-in account's) renders,
/// routes Back and Forward, and runs its events in those dependencies, whichever task delivers
/// the browser's message later.
@MainActor
@Suite struct PageDependenciesTests {
  /// The account whose data a lookup reads; "single-user" outside any account.
  private enum Owner: DependencyKey {
    static let liveValue = "single-user"
  }

  /// A page with two addresses whose route, view and button each look up the owner, as a page
  /// reading `@Shared(.standups)` does.
  private func makePage(seen: LockIsolated<[String]>) -> WebPage {
    let place = LockIsolated("/")
    return WebPage(
      location: { place.value },
      navigate: { address in
        @Dependency(Owner.self) var owner
        seen.withValue { $0.append("route \(address) for \(owner)") }
        place.setValue(address)
      },
      view: {
        @Dependency(Owner.self) var owner
        return main {
          p(.class("owner")) { owner }
          button("Look", .id("look")) {
            @Dependency(Owner.self) var owner
            seen.withValue { $0.append("event for \(owner)") }
          }
        }
      }
    )
  }

  @Test func routesViewsAndEventsRunInTheDependenciesThePageWasMadeIn() async throws {
    let seen = LockIsolated<[String]>([])
    let page = withDependencies { $0[Owner.self] = "ada" } operation: { makePage(seen: seen) }
    var messages: [String] = []
    // Made out here, as the server makes it when the tab's socket connects.
    let live = LiveView(page: page, send: { messages.append($0) })
    #expect(live.rendered.root.html.contains(#"<p class="owner">ada</p>"#))
    live.receive(#"{"u":"/standups/1"}"#)
    let handler = try #require(live.rendered.handlers.keys.first)
    live.receive(#"{"h":"\#(handler)"}"#)
    #expect(seen.value == ["route /standups/1 for ada", "event for ada"])
    live.stop()
  }
}
