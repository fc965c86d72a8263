import ComposableWebCore
import Foundation
import SwiftUICore
import SwiftUIWeb
import Testing

/// A canvas's closure draws at the size the canvas is given: paths filled and stroked, text
/// placed, in the transform and opacity of the context it drew with.
@MainActor
struct CanvasTests {
  @Test func pathsAndTextAreDrawnAsSVGInTheirTransformAndOpacity() {
    let drawn = html(
      Canvas { context, size in
        let bounds = CGRect(origin: .zero, size: size)
        context.fill(Path(ellipseIn: bounds), with: .color(.orange))
        var layer = context
        layer.opacity = 0.5
        layer.translateBy(x: 10, y: 20)
        layer.stroke(Path(bounds), with: .color(.blue), style: StrokeStyle(lineWidth: 3, dash: [4, 2]))
        context.draw(Text("Hi"), at: CGPoint(x: size.width / 2, y: size.height / 2))
        context.drawLayer { inner in
          inner.rotate(by: .degrees(90))
          inner.fill(Path(CGRect(x: 0, y: 0, width: 5, height: 5)), with: .foreground)
        }
      }
      .frame(width: 200, height: 100)
    )
    // Drawn at its frame's size until the browser measures it.
    #expect(drawn.contains(#"viewBox="0 0 200 100""#))
    #expect(drawn.contains(#"fill="var(--sui-orange)""#))
    #expect(drawn.contains(#"stroke="var(--sui-blue)" stroke-width="3""#))
    #expect(drawn.contains(#"stroke-dasharray="4 2""#))
    #expect(drawn.contains(#"transform="translate(10.0 20.0)" opacity="0.5""#))
    #expect(drawn.contains(#"<text x="100" y="50" text-anchor="middle" dominant-baseline="central" fill="currentColor">Hi</text>"#))
    // A layer's transform stays in the layer: the text after it has none.
    #expect(drawn.contains(#"transform="rotate(90.0)""#))
    #expect(drawn.matches(of: /transform=/).count == 2)
  }

  struct Gauge: View {
    @State var level = 0.25
    var body: some View {
      VStack {
        Canvas { context, size in
          context.fill(Path(CGRect(x: 0, y: 0, width: size.width * level, height: size.height)), with: .color(.green))
        }
        .frame(width: 100, height: 10)
        Button("Fill") { level = 1 }
      }
    }
  }

  @Test func aCanvasIsDrawnAgainWhenWhatItReadChanges() async {
    let (client, _) = openTab(Gauge())
    #expect(client.html.contains(#"d="M0 0 L25 0 L25 10 L0 10 Z""#))
    await client.click("Fill")
    #expect(client.html.contains(#"d="M0 0 L100 0 L100 10 L0 10 Z""#))
  }
}
