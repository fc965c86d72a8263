import ComposableWebCore
import Foundation
import SwiftUICore
import SwiftUIWeb
import Testing

/// `Image("name")` shows a picture of the app's asset catalogue, served by the app at an address
/// of its own; what is not there is reported and drawn empty.
@MainActor
struct AssetImageTests {
  /// A bundle whose catalogue holds `badge` (1x and 2x PNGs, a dark 2x one), `logo` (one SVG
  /// without a scale), `vector` (a PDF only), nested in a group folder as Xcode writes them.
  struct Catalogue {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assets-\(UUID())")
    let bundle: Bundle

    init() throws {
      let catalogue = folder.appendingPathComponent("Assets.xcassets")
      func set(_ path: String, _ images: String, files: [String]) throws {
        let set = catalogue.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data(#"{"images":[\#(images)],"info":{"author":"xcode","version":1}}"#.utf8)
          .write(to: set.appendingPathComponent("Contents.json"))
        for file in files { try Data(file.utf8).write(to: set.appendingPathComponent(file)) }
      }
      try set(
        "Club/badge.imageset",
        #"""
        {"filename":"badge.png","idiom":"universal","scale":"1x"},
        {"appearances":[{"appearance":"luminosity","value":"dark"}],"filename":"badge-dark@2x.png","idiom":"universal","scale":"2x"},
        {"filename":"badge@2x.png","idiom":"universal","scale":"2x"},
        {"idiom":"universal","scale":"3x"}
        """#,
        files: ["badge.png", "badge@2x.png", "badge-dark@2x.png"]
      )
      try set("logo.imageset", #"{"filename":"logo.svg","idiom":"universal"}"#, files: ["logo.svg"])
      try set("vector.imageset", #"{"filename":"vector.pdf","idiom":"universal"}"#, files: ["vector.pdf"])
      bundle = try #require(Bundle(path: folder.path))
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
  }

  func html(_ view: some View) -> String {
    WebRenderer().renderAll(ViewGraph().resolve(view)).map { RenderedView($0).root.html }.joined()
  }

  @Test func aPictureOfTheCatalogueIsServedAtItsOwnSizeAndNamed() throws {
    let catalogue = try Catalogue()
    defer { catalogue.remove() }
    let badge = html(Image("badge", bundle: catalogue.bundle))
    let src = try #require(badge.firstMatch(of: /src="([^"]+)"/)?.1)
    // The light 2x file, halved to its size in points once the browser knows its pixels.
    #expect(badge == #"<img class="sui-bitmap" alt src="\#(src)" data-scale="2" aria-label="badge">"#)
    #expect(src.hasPrefix("/_cw/file/") && src.hasSuffix("/badge@2x.png"))
    let served = try #require(ServedFiles.file(atPath: String(src)))
    #expect(served.lastPathComponent == "badge@2x.png")
    #expect(served.deletingLastPathComponent().lastPathComponent == "badge.imageset")
    // The same picture has the same address.
    #expect(html(Image("badge", bundle: catalogue.bundle)) == badge)

    // A single-scale picture; a label; an ornament; resizable.
    let logo = html(Image("logo", bundle: catalogue.bundle, label: Text("Club logo")))
    #expect(logo.hasPrefix(#"<img class="sui-bitmap" alt src="/_cw/file/"#))
    #expect(logo.hasSuffix(#"/logo.svg" aria-label="Club logo">"#))
    #expect(html(Image(decorative: "logo", bundle: catalogue.bundle)).hasSuffix(#"/logo.svg" aria-hidden="true">"#))
    let resizable = html(Image("badge", bundle: catalogue.bundle).resizable().frame(width: 20, height: 20))
    #expect(resizable.contains(#"<img class="sui-bitmap sui-bitmap-resizable" alt src="\#(src)" aria-label="badge">"#))
  }

  @Test func aPictureNotThereOrNotDrawableIsReportedAndEmpty() throws {
    let catalogue = try Catalogue()
    defer { catalogue.remove() }
    withKnownIssue {
      #expect(html(Image("nowhere", bundle: catalogue.bundle)) == #"<img class="sui-bitmap" alt aria-label="nowhere">"#)
    } matching: { issue in
      issue.description.contains(#"No image named "nowhere" in an asset catalogue of"#)
        && issue.description.contains("nowhere.imageset")
    }
    withKnownIssue {
      #expect(html(Image("vector", bundle: catalogue.bundle)) == #"<img class="sui-bitmap" alt aria-label="vector">"#)
    } matching: { issue in
      issue.description.contains(#"The image set "vector""#) && issue.description.contains("a PDF or HEIC one is not drawn")
    }
  }
}
