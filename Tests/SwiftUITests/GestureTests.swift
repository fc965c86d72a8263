import ComposableArchitecture
import ComposableSwiftUI
import ComposableWebCore
import ComposableWebTestSupport
import SwiftUICore
import SwiftUIWeb
import Testing

/// Gestures from the pointer events a page sends (`"PHASE,X,Y,T"`), in the shape of TCA's
/// animations case study: a drag of no minimum distance moves a dot drawn with `position` in a
/// `GeometryReader` over the text.
@MainActor
struct GestureTests {
  @Reducer
  struct Animations {
    @ObservableState
    struct State: Equatable {
      var circleCenter: CGPoint?
      var log: [String] = []
    }
    enum Action {
      case tapped(CGPoint)
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .tapped(point):
        state.circleCenter = point
        return .none
      }
    }
  }

  struct AnimationsView: View {
    let store: StoreOf<Animations>
    var body: some View {
      VStack(alignment: .leading) {
        Text("Tap anywhere to move the dot.")
          .padding()
          .gesture(
            DragGesture(minimumDistance: 0).onChanged { gesture in
              store.send(.tapped(gesture.location), animation: .interactiveSpring(response: 0.25, dampingFraction: 0.1))
            }
          )
          .overlay {
            GeometryReader { proxy in
              Circle()
                .fill(Color.blue)
                .colorInvert()
                .blendMode(.difference)
                .frame(width: 50, height: 50)
                .position(
                  x: store.circleCenter?.x ?? proxy.size.width / 2,
                  y: store.circleCenter?.y ?? proxy.size.height / 2
                )
            }
            .allowsHitTesting(false)
          }
      }
    }
  }

  func pointerHandler(_ client: WebTestClient, index: Int = 0) throws -> String {
    let handlers = client.html.matches(of: /data-on-pointer="([^"]+)"/).map { String($0.1) }
    return try #require(handlers.indices.contains(index) ? handlers[index] : nil)
  }

  @Test func aDragOfNoMinimumDistanceMovesTheDotFromThePress() async throws {
    let store = Store(initialState: Animations.State()) { Animations() }
    let (client, _) = openTab(AnimationsView(store: store))
    // Before any press, the dot is in the middle of the reader's space (100 × 100 unmeasured).
    #expect(client.html.contains("left:50px;top:50px"))
    // A drag keeps the page from scrolling under it.
    #expect(client.html.contains("sui-drag"))
    let handler = try pointerHandler(client)
    await client.sendRaw(#"{"h":"\#(handler)","v":"down,30,40,1000"}"#)
    #expect(store.circleCenter == CGPoint(x: 30, y: 40))
    #expect(client.html.contains("left:30px;top:40px"))
    await client.sendRaw(#"{"h":"\#(handler)","v":"move,60,45,1016"}"#)
    #expect(client.html.contains("left:60px;top:45px"))
    await client.sendRaw(#"{"h":"\#(handler)","v":"up,60,45,1030"}"#)
    // Text that is not a pointer event is dropped.
    await client.sendRaw(#"{"h":"\#(handler)","v":"move,x,1,2"}"#)
    #expect(store.circleCenter == CGPoint(x: 60, y: 45))
  }

  struct Gestures: View {
    @State var log: [String] = []
    var body: some View {
      VStack {
        Text("Drag me")
          .gesture(
            DragGesture()
              .onChanged { log.append("changed \(Int($0.translation.width)),\(Int($0.translation.height))") }
              .onEnded { log.append("ended \(Int($0.translation.width)) at \(Int($0.velocity.width))/s") }
          )
        Text("Double tap").onTapGesture(count: 2) { log.append("double tap") }
        Text("Where").onTapGesture { point in log.append("tap at \(Int(point.x)),\(Int(point.y))") }
        Text("Hold").onLongPressGesture(minimumDuration: 0.5) { log.append("long press") }
        Text(log.joined(separator: "; "))
      }
    }
  }

  @Test func dragsTapsAndLongPressesGoByDistanceCountAndTime() async throws {
    let (client, _) = openTab(Gestures())
    let drag = try pointerHandler(client, index: 0)
    let doubleTap = try pointerHandler(client, index: 1)
    let spatialTap = try pointerHandler(client, index: 2)
    let hold = try pointerHandler(client, index: 3)
    func send(_ handler: String, _ value: String) async {
      await client.sendRaw(#"{"h":"\#(handler)","v":"\#(value)"}"#)
    }
    // A drag counts after ten points: the first move is under it.
    await send(drag, "down,0,0,0")
    await send(drag, "move,4,0,100")
    await send(drag, "move,20,5,200")
    await send(drag, "up,30,5,300")
    #expect(client.text.contains("changed 20,5; ended 30 at 100/s"))

    // Two taps 0.2 s apart make a double tap; one alone, or two too far apart, do not.
    await send(doubleTap, "down,5,5,1000")
    await send(doubleTap, "up,5,5,1050")
    #expect(!client.text.contains("double tap"))
    await send(doubleTap, "down,5,5,1200")
    await send(doubleTap, "up,6,5,1250")
    #expect(client.text.contains("double tap"))
    await send(doubleTap, "down,5,5,3000")
    await send(doubleTap, "up,5,5,3050")
    await send(doubleTap, "down,5,5,4000")
    await send(doubleTap, "up,5,5,4050")
    #expect(client.text.components(separatedBy: "double tap").count == 2)

    // A tap tells where it landed; a press that wandered is no tap.
    await send(spatialTap, "down,7,3,5000")
    await send(spatialTap, "up,7,3,5040")
    await send(spatialTap, "down,7,3,6000")
    await send(spatialTap, "move,40,3,6020")
    await send(spatialTap, "up,40,3,6040")
    #expect(client.text.components(separatedBy: "tap at").count == 2)
    #expect(client.text.contains("tap at 7,3"))

    // A press let go before half a second is no long press; one held past it is, once.
    await send(hold, "down,1,1,7000")
    await send(hold, "up,1,1,7200")
    #expect(!client.text.contains("long press"))
    await send(hold, "down,1,1,8000")
    await send(hold, "move,2,1,8600")
    await send(hold, "up,2,1,8700")
    #expect(client.text.components(separatedBy: "long press").count == 2)
  }

  @Test func aDisabledViewRecognizesNoGesture() {
    let html = WebRenderer().renderAll(ViewGraph().resolve(Text("Off").onTapGesture {}.disabled(true)))
      .map { RenderedView($0).root.html }.joined()
    #expect(!html.contains("data-on-pointer"))
  }
}
