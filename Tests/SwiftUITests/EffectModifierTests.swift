import ComposableWebCore
import SwiftUICore
import SwiftUIWeb
import Testing

/// Drawing effects that keep a view's place in the layout: scale, offset, rotation, shadow and
/// clipping, as CSS.
@MainActor
struct EffectModifierTests {
  @Test func transformsComposeInTheOrderTheyAreApplied() {
    // Turned, then scaled, then moved: CSS applies its list right to left.
    let drawn = html(Text("Hi").rotationEffect(.degrees(45)).scaleEffect(2).offset(x: 10, y: -4))
    #expect(drawn.contains("transform:translate(10px,-4px) scale(2,2) rotate(45deg)"))
    #expect(html(Text("Hi").scaleEffect(x: 1.5, y: 0.5)).contains("transform:scale(1.5,0.5)"))
    #expect(html(Text("Hi").offset(CGSize(width: 3, height: 4))).contains("transform:translate(3px,4px)"))
  }

  @Test func aShadowAndAClip() {
    let drawn = html(Text("Card").shadow(color: .black.opacity(0.2), radius: 5, y: 5).clipped())
    #expect(drawn.contains("box-shadow:0px 5px 5px "))
    #expect(drawn.contains("overflow:hidden"))
  }

  @Test func aTransitionWithAnAnimationIsAccepted() {
    let drawn = html(Text("Menu").transition(.opacity.animation(.default)))
    #expect(drawn.contains("Menu"))
  }
}
