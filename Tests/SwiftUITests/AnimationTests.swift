import ComposableArchitecture
import ComposableSwiftUI
import ComposableWebCore
import SwiftUICore
import SwiftUIWeb
import Testing

/// Animated changes: a change made in `withAnimation`, through a binding made with
/// `animation(_:)` or by a TCA send with an animation reaches the page with its timing, so that
/// the browser plays it; `.animation(_:value:)` and `.transition` mark the elements they animate.
@MainActor
struct AnimationTests {
  struct Lamp: View {
    @State var isOn = false
    @State var count = 0
    var body: some View {
      VStack {
        Circle().fill(isOn ? Color.yellow : Color.gray).frame(width: 40, height: 40)
        Button("Animated") { withAnimation(.easeInOut(duration: 0.5)) { isOn.toggle() } }
        Button("At once") { isOn.toggle() }
        Button("Count") { count += 1 }
        Text("\(count)").animation(.spring, value: count)
        if isOn {
          Text("Glowing").transition(.move(edge: .bottom).combined(with: .opacity))
        }
        Toggle("Bound", isOn: $isOn.animation(.linear(duration: 0.2)))
      }
    }
  }

  @Test func changesInWithAnimationCarryTheirTimingAndOthersDoNot() async throws {
    let (client, _) = openTab(Lamp())
    await client.click("Animated")
    #expect(client.messages.last?.hasPrefix(#"[["an",0.5,0,"ease-in-out"],"#) == true)
    #expect(client.html.contains(#"data-transition="move-bottom+opacity|move-bottom+opacity""#))

    await client.click("At once")
    #expect(client.messages.last?.contains(#"["an""#) == false)
    #expect(!client.html.contains("Glowing"))

    // The binding's own animation.
    let toggle = try #require(client.html.firstMatch(of: /data-on-change="([^"]+)"/)?.output.1)
    await client.sendRaw(#"{"h":"\#(toggle)","v":"true"}"#)
    #expect(client.messages.last?.hasPrefix(#"[["an",0.2,0,"linear"],"#) == true)
    #expect(client.contains("Glowing"))
  }

  @Test func animationValueMarksTheElementsWhoseChangesAnimate() async {
    let (client, _) = openTab(Lamp())
    #expect(client.html.contains(#"<span class="sui-text" data-animation="0.5 0 cubic-bezier(0.22, 1, 0.36, 1)" data-animation-value="0">0</span>"#))
    await client.click("Count")
    // Not a withAnimation change: the message itself carries no timing; the element does, and
    // the value's new version comes before the change it brings.
    #expect(client.messages.last?.contains(#"["an""#) == false)
    #expect(client.html.contains(#"data-animation="0.5 0 cubic-bezier(0.22, 1, 0.36, 1)" data-animation-value="1">1</span>"#))
  }

  struct Badge: View {
    @State var count = 0
    @State var isAlert = false
    var body: some View {
      VStack {
        Text("\(count)")
          .foregroundColor(isAlert ? .red : .blue)
          .scaleEffect(count > 0 ? 1.5 : 1)
          .animation(.easeIn(duration: 0.3), value: count)
        Button("Count") { count += 1 }
        Button("Alert") { isAlert.toggle() }
      }
    }
  }

  /// As in SwiftUI, `.animation(_:value:)` animates the changes that come with `value`'s change
  /// and no others: the page is told which by the version of the value, which changes only then.
  @Test func onlyTheChangesThatComeWithTheValueAnimate() async throws {
    let (client, _) = openTab(Badge())
    await client.click("Count")
    let counted = try #require(client.messages.last)
    let version = try #require(counted.range(of: #""data-animation-value","1"]"#))
    let scale = try #require(counted.range(of: "scale(1.5,1.5)"))
    #expect(version.lowerBound < scale.lowerBound)

    // The colour changes without the value: its message leaves the version as it was.
    await client.click("Alert")
    let alerted = try #require(client.messages.last)
    #expect(alerted.contains("red"))
    #expect(!alerted.contains("data-animation-value"))
    #expect(client.html.contains(#"data-animation-value="1""#))
  }

  @Reducer
  struct Dot {
    @ObservableState
    struct State: Equatable {
      var isBig = false
    }
    enum Action {
      case grow
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.isBig = true
      return .none
    }
  }

  struct DotView: View {
    let store: StoreOf<Dot>
    var body: some View {
      VStack {
        Circle().frame(width: store.isBig ? 80 : 20, height: store.isBig ? 80 : 20)
        Button("Grow") { store.send(.grow, animation: .bouncy) }
      }
    }
  }

  @Test func aStoreSendWithAnAnimation() async {
    let store = Store(initialState: Dot.State()) { Dot() }
    let (client, _) = openTab(DotView(store: store))
    await client.click("Grow")
    #expect(client.messages.last?.hasPrefix(#"[["an",0.5,0,"cubic-bezier(0.34, 1.56, 0.64, 1)"],"#) == true)
    #expect(store.isBig)
  }

  @Test func theCurvesAndTimesOfSwiftUIsAnimations() {
    #expect(Animation.default.duration == 0.35 && Animation.default.curve == "ease-in-out")
    #expect(Animation.easeIn(duration: 2).delay(0.5).speed(2).duration == 1)
    #expect(Animation.easeIn(duration: 2).delay(0.5).speed(2).delay == 0.25)
    #expect(Animation.spring(duration: 0.4, bounce: 0.5).curve == "cubic-bezier(0.34, 1.56, 0.64, 1)")
    #expect(Animation.snappy.duration == 0.3)
    #expect(AnyTransition.asymmetric(insertion: .scale, removal: .push(from: .leading)).removal == "move-trailing")
  }
}
