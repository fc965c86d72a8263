import Foundation
import SwiftUICore
import SwiftUIWeb
import Testing

/// Progress views drawn as on iOS: a spinner for unknown length, a bar for a fraction, and the
/// styles that choose.
@MainActor
struct ProgressViewTests {
  @Test func unknownLengthIsASpinnerAndAFractionIsABar() {
    let spinner = html(ProgressView())
    #expect(spinner.contains(#"<span role="progressbar" class="sui-spinner" aria-busy="true" aria-label="In progress"></span>"#))
    #expect(!spinner.contains("<progress"))

    let bar = html(ProgressView(value: 3, total: 4))
    #expect(bar.contains(#"<progress class="sui-progress-bar" max="1" value="0.75"></progress>"#))
    #expect(!bar.contains("sui-spinner"))
  }

  @Test func aLabelNamesTheSpinnerAndIsShownUnderIt() {
    let page = html(ProgressView("Loading scores…"))
    #expect(page.contains(#"aria-label="Loading scores…"></span><span class="sui-text">Loading scores…</span>"#))
  }

  @Test func theStylesChooseTheShape() {
    let ring = html(ProgressView(value: 0.5).progressViewStyle(.circular))
    #expect(ring.contains(#"class="sui-progress-ring" aria-valuemin="0" aria-valuemax="1" aria-valuenow="0.5" style="--sui-fraction: 50%""#))
    #expect(!ring.contains("<progress"))

    let movingBar = html(ProgressView().progressViewStyle(.linear))
    #expect(movingBar.contains(#"<progress class="sui-progress-bar" max="1"></progress>"#))
    #expect(!movingBar.contains("sui-spinner"))
  }

  /// The shape of the picture loading in a list row (the demo's crest): a spinner with its own
  /// size, where a bar in the row's stack had no width and showed nothing.
  @Test func aSpinnerInsideAnAsyncImageInAListRow() {
    let page = html(List {
      HStack {
        AsyncImage(url: URL(string: "https://example.com/crest.png")) { image in
          image.resizable()
        } placeholder: {
          ProgressView()
        }
        .frame(width: 28, height: 28)
        Text("Rovers")
      }
    })
    #expect(page.contains(#"class="sui-spinner""#))
  }
}
