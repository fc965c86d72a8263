import ComposableWebCore
import Foundation
import SwiftUICore
import SwiftUIWeb
import Testing

/// An async image goes from `.empty` to `.success` or `.failure` as the browser reports its
/// loading, and starts again for a new address.
@MainActor
struct AsyncImageTests {
  static let avatar = URL(string: "https://example.com/avatar.png")!
  static let other = URL(string: "https://example.com/other.png")!

  struct Avatar: View {
    @State var url: URL? = AsyncImageTests.avatar
    var body: some View {
      VStack {
        AsyncImage(url: url, scale: 2) { phase in
          switch phase {
          case .empty:
            ProgressView()
          case let .success(image):
            image.resizable().aspectRatio(contentMode: .fit)
          case let .failure(error):
            Text(error.localizedDescription)
          @unknown default:
            EmptyView()
          }
        }
        .frame(width: 80, height: 80)
        Button("Other") { url = AsyncImageTests.other }
        Button("None") { url = nil }
      }
    }
  }

  /// The handler the page's loader picture reports `outcome` (`load` or `error`) to.
  func loader(_ client: WebTestClient, _ outcome: String) throws -> String {
    let handlers = client.html.matches(of: /data-on-(load|error)="([^"]+)"/).filter { $0.1 == outcome }.map { String($0.2) }
    return try #require(handlers.first)
  }

  @Test func theBrowsersReportMovesThePhaseAndANewAddressStartsAgain() async throws {
    let (client, _) = openTab(Avatar())
    // Empty: the content's progress view, and the picture loading out of sight.
    #expect(client.html.contains(#"class="sui-spinner""#))
    #expect(client.html.contains(#"<img class="sui-image-loader" hidden alt src="https://example.com/avatar.png""#))
    // Loaded: the picture, fitted to its frame, and no loader.
    await client.sendRaw(#"{"h":"\#(try loader(client, "load"))"}"#)
    #expect(!client.html.contains("sui-spinner"))
    #expect(!client.html.contains("sui-image-loader"))
    #expect(client.html.contains(#"class="sui-bitmap sui-bitmap-resizable" alt src="https://example.com/avatar.png" style="object-fit:contain""#))

    // Another address: empty again, then it fails with a sentence.
    await client.click("Other")
    #expect(client.html.contains(#"class="sui-spinner""#))
    await client.sendRaw(#"{"h":"\#(try loader(client, "error"))"}"#)
    #expect(client.contains("The image at https://example.com/other.png could not be loaded."))
    #expect(!client.html.contains("sui-image-loader"))

    // No address at all: a failure at once, nothing loaded.
    await client.click("None")
    #expect(client.contains("There is no image address."))
    #expect(!client.html.contains("<img"))
  }

  @Test func theShortFormsShowAPlaceholderAndThePictureAtItsOwnSize() async throws {
    let (plain, _) = openTab(AsyncImage(url: Self.avatar))
    // A grey box until it loads.
    #expect(!plain.html.contains("sui-bitmap"))
    await plain.sendRaw(#"{"h":"\#(try loader(plain, "load"))"}"#)
    #expect(plain.html.contains(#"<img class="sui-bitmap" alt src="https://example.com/avatar.png">"#))

    let (placeheld, _) = openTab(
      AsyncImage(url: Self.avatar) { image in
        image.resizable()
      } placeholder: {
        Text("Loading…")
      }
    )
    #expect(placeheld.contains("Loading…"))
    await placeheld.sendRaw(#"{"h":"\#(try loader(placeheld, "load"))"}"#)
    #expect(!placeheld.contains("Loading…"))
    #expect(placeheld.html.contains("sui-bitmap-resizable"))
  }

  @Test func anAddressAPageMayNotLoadFailsWithoutReachingThePage() async throws {
    let (client, _) = openTab(
      AsyncImage(url: URL(string: "javascript:alert(1)")) { phase in
        if phase.error != nil { Text("Failed") } else { Text("Waiting") }
      }
    )
    await client.settle()
    #expect(client.contains("Failed"))
    #expect(!client.html.contains("javascript"))
  }
}
