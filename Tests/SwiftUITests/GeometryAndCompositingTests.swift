import ComposableWebCore
import ComposableWebTestSupport
import SwiftUICore
import SwiftUIWeb
import Testing

/// `GeometryReader` with the size the browser measures, and the compositing modifiers TCA's
/// case studies use (`aspectRatio`, `position`, `blendMode`, `colorInvert`, `allowsHitTesting`).
@MainActor
struct GeometryAndCompositingTests {
  /// The timers case study's dial: a square of an angular gradient, with a hand drawn from the
  /// centre of a `GeometryReader`'s space to its top, turned by the seconds elapsed.
  struct Dial: View {
    var secondsElapsed: Int
    var body: some View {
      ZStack {
        Circle()
          .fill(AngularGradient(gradient: Gradient(colors: [.blue, .green, .red]), center: .center))
          .rotationEffect(.degrees(-90))
        GeometryReader { proxy in
          Path { path in
            path.move(to: CGPoint(x: proxy.size.width / 2, y: proxy.size.height / 2))
            path.addLine(to: CGPoint(x: proxy.size.width / 2, y: 0))
          }
          .stroke(.primary, lineWidth: 3)
          .rotationEffect(.degrees(Double(secondsElapsed) * 360 / 60))
          Text("\(Int(proxy.size.width)) × \(Int(proxy.size.height))")
        }
      }
      .aspectRatio(1, contentMode: .fit)
      .frame(maxWidth: 280)
      .frame(maxWidth: .infinity)
    }
  }

  @Test func aGeometryReaderBuildsItsContentFromTheSizeTheBrowserMeasured() async throws {
    let (client, _) = openTab(Dial(secondsElapsed: 15))
    // Before the browser says, the proxy's size is 100 × 100.
    #expect(client.text.contains("100 × 100"))
    #expect(client.html.contains("rotate(90deg)"))
    #expect(client.html.contains("aspect-ratio:1;width:100%;max-height:100%"))
    let reader = try #require(client.html.firstMatch(of: /class="sui-geometry[^"]*" data-measure="[^"]+" data-on-resize="([^"]+)"/)?.1)
    await client.sendRaw(#"{"h":"\#(reader)","v":"280,280"}"#)
    #expect(client.text.contains("280 × 280"))
    // The hand's box is measured apart; drawn to its size, it runs from the centre to the top.
    let boxes = client.html.matches(of: /data-on-resize="([^"]+)"/).map { String($0.1) }
    let hand = try #require(boxes.last { $0 != reader })
    await client.sendRaw(#"{"h":"\#(hand)","v":"280,280"}"#)
    #expect(client.html.contains(#"<path d="M140 140 L140 0""#))
    // An empty box (not laid out yet) changes nothing.
    await client.sendRaw(#"{"h":"\#(reader)","v":"0,0"}"#)
    #expect(client.text.contains("280 × 280"))
  }

  @Test func theReadersSizeIsStateOfItsPlace() {
    // The reader grows both ways, its content from its top leading corner.
    let markup = html(GeometryReader { proxy in Text("w \(Int(proxy.size.width)), frame \(Int(proxy.frame(in: .local).maxY))") })
    #expect(markup.contains(#"class="sui-geometry sui-expand-h sui-expand-v""#))
    #expect(markup.contains("w 100, frame 100"))
  }

  /// The animations case study's dot: a circle placed where the user tapped, over a background
  /// blended with `difference` and a text inverted.
  @Test func positionPlacesTheCentreAndTakesTheSpace() {
    let markup = html(
      ZStack {
        Circle().fill(Color.white).frame(width: 50, height: 50).blendMode(.difference).position(x: 40, y: 60)
        Text("Tap").colorInvert().allowsHitTesting(false)
      }
    )
    // The blend goes on the outermost element: the transform placing the dot would otherwise
    // leave it blending with an empty backdrop of its own.
    #expect(markup.contains(#"class="sui-modified sui-expand-h sui-expand-v sui-positioned sui-blend-difference" style="mix-blend-mode:difference""#))
    #expect(swiftUIStylesheet.contains(".sui-layer:has(.sui-blend-difference) { mix-blend-mode: difference; }"))
    #expect(markup.contains("position:absolute;left:40px;top:60px;translate:-50% -50%"))
    #expect(markup.contains("filter:invert(1);pointer-events:none"))
    #expect(html(Color.red.blendMode(.plusLighter)).contains("mix-blend-mode:plus-lighter"))
  }

  @Test func scaledToFitKeepsNoRatioItCannotKnow() {
    // A view's own ratio is known only to the browser: nothing is written for it.
    #expect(!html(Color.red.scaledToFit()).contains("aspect-ratio"))
    #expect(html(Color.red.aspectRatio(CGSize(width: 16, height: 9), contentMode: .fill)).contains("aspect-ratio:1.778;width:100%;overflow:hidden"))
  }
}

/// `monospacedDigit()` on any view, as TCA's bindings case studies put it on a whole `Form`.
@MainActor
struct MonospacedDigitTests {
  @Test func digitsInsideAViewKeepOneWidth() {
    let html = WebRenderer().renderAll(ViewGraph().resolve(Form { Text("Count: 10") }.monospacedDigit()))
      .map { RenderedView($0).root.html }.joined()
    #expect(html.contains("font-variant-numeric:tabular-nums"))
  }
}
