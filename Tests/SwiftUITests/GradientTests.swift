import ComposableWebCore
import ComposableWebTestSupport
import SwiftUICore
import SwiftUIWeb
import Testing

/// Gradients as shape fills, backgrounds and views, drawn as CSS gradients.
@MainActor
struct GradientTests {
  /// The dial of TCA's timers case study: a circle filled with an angular gradient of twelve
  /// colours around its centre.
  @Test func anAngularGradientFillsACircleCutToItsShape() {
    let dial = Circle()
      .fill(
        AngularGradient(
          gradient: Gradient(colors: [.blue.opacity(0.3), .blue, .blue, .green, .green, .yellow, .yellow, .red, .red, .purple, .purple, .purple.opacity(0.3)]),
          center: .center
        )
      )
      .frame(width: 200, height: 200)
    let page = html(dial)
    // SwiftUI's zero points right; CSS's points up. Twelve stops over a full turn.
    #expect(page.contains("conic-gradient(from 90deg at 50% 50%,"))
    #expect(page.contains("var(--sui-blue) 32.727"))
    #expect(page.contains("360deg)"))
    #expect(page.components(separatedBy: "deg,").count == 12)
    // Cut to the circle drawn in the box: a path starting on its right edge.
    #expect(page.contains("clip-path:path(&#39;M200 100 C200 155.228"))
  }

  @Test func aLinearGradientRunsAtTheAngleBetweenItsPoints() {
    let down = html(LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom))
    #expect(down.contains("linear-gradient(180deg,var(--sui-red) 0%,var(--sui-blue) 100%)"))
    let diagonal = html(Color.clear.background(LinearGradient(colors: [.red, .blue], startPoint: .topLeading, endPoint: .bottomTrailing)))
    #expect(diagonal.contains("linear-gradient(135deg,var(--sui-red) 0%,var(--sui-blue) 100%)"))
    // From the top to the middle: the stops take the first half of the line.
    let half = html(LinearGradient(stops: [.init(color: .red, location: 0), .init(color: .blue, location: 1)], startPoint: .top, endPoint: .center))
    #expect(half.contains("linear-gradient(180deg,var(--sui-red) 0%,var(--sui-blue) 50%)"))
  }

  @Test func aRadialGradientPlacesItsStopsAtTheirRadii() {
    let glow = html(Rectangle().fill(RadialGradient(colors: [.white, .blue], center: .center, startRadius: 10, endRadius: 110)))
    #expect(glow.contains("radial-gradient(circle at 50% 50%,var(--sui-white) 10px,var(--sui-blue) 110px)"))
  }

  @Test func whereOneColourIsNeededTheFirstStopIsUsed() {
    let text = html(Text("Hi").foregroundStyle(LinearGradient(colors: [.green, .blue], startPoint: .leading, endPoint: .trailing)))
    #expect(text.contains("color:var(--sui-green)"))
  }
}
