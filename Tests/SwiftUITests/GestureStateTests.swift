import ComposableWebCore
import ComposableWebTestSupport
import SwiftUICore
import SwiftUIWeb
import Testing

/// `@GestureState` set by `updating(_:body:)` while a gesture is under way, and put back when it
/// ends or is cancelled, in the shape Apple's documentation draws: a card dragged by an offset
/// that springs back, and a press that lights while it is held.
@MainActor
struct GestureStateTests {
  final class Resets {
    var values: [CGSize] = []
  }

  struct Card: View {
    let resets: Resets
    @GestureState private var drag: CGSize
    @GestureState private var isPressing = false
    @State private var dropped: [String] = []

    init(resets: Resets) {
      self.resets = resets
      _drag = GestureState(wrappedValue: .zero) { value, _ in resets.values.append(value) }
    }

    var body: some View {
      VStack {
        Text(isPressing ? "Pressing" : "Idle")
          .gesture(LongPressGesture(minimumDuration: 60).updating($isPressing) { value, state, _ in state = value })
        Text("Card")
          .offset(drag)
          .gesture(
            DragGesture(minimumDistance: 0)
              .updating($drag) { value, state, transaction in
                state = value.translation
                if !transaction.isContinuous { state = .zero }
              }
              .onEnded { value in dropped.append("\(Int(value.translation.width)),\(Int(value.translation.height))") }
          )
        Text("Dropped: \(dropped.joined(separator: " "))")
      }
    }
  }

  func pointerHandlers(_ client: WebTestClient) -> [String] {
    client.html.matches(of: /data-on-pointer="([^"]+)"/).map { String($0.1) }
  }

  @Test func aDragMovesTheCardWhileUnderWayAndItGoesBackWhenItEnds() async throws {
    let resets = Resets()
    let (client, _) = openTab(Card(resets: resets))
    let drag = try #require(pointerHandlers(client).last)
    #expect(client.html.contains("translate(0px,0px)"))
    await client.sendRaw(#"{"h":"\#(drag)","v":"down,10,10,1000"}"#)
    await client.sendRaw(#"{"h":"\#(drag)","v":"move,40,25,1016"}"#)
    #expect(client.html.contains("translate(30px,15px)"))
    await client.sendRaw(#"{"h":"\#(drag)","v":"move,50,5,1032"}"#)
    #expect(client.html.contains("translate(40px,-5px)"))
    // Released: the gesture's own end runs, and the state is its first value again, its reset
    // told once of the value it had.
    await client.sendRaw(#"{"h":"\#(drag)","v":"up,50,5,1040"}"#)
    #expect(client.html.contains("translate(0px,0px)"))
    #expect(client.contains("Dropped: 40,-5"))
    #expect(resets.values == [CGSize(width: 40, height: -5)])

    // Cancelled by the platform: put back too, without the end's action.
    await client.sendRaw(#"{"h":"\#(drag)","v":"down,0,0,2000"}"#)
    await client.sendRaw(#"{"h":"\#(drag)","v":"move,20,0,2016"}"#)
    #expect(client.html.contains("translate(20px,0px)"))
    await client.sendRaw(#"{"h":"\#(drag)","v":"cancel,20,0,2020"}"#)
    #expect(client.html.contains("translate(0px,0px)"))
    #expect(client.contains("Dropped: 40,-5"))
    #expect(resets.values.count == 2)
  }

  @Test func aPressShowsWhileHeldAndNotAfter() async throws {
    let (client, _) = openTab(Card(resets: Resets()))
    let press = try #require(pointerHandlers(client).first)
    #expect(client.contains("Idle"))
    await client.sendRaw(#"{"h":"\#(press)","v":"down,5,5,1000"}"#)
    #expect(client.contains("Pressing"))
    await client.sendRaw(#"{"h":"\#(press)","v":"up,5,5,1200"}"#)
    #expect(client.contains("Idle"))
  }
}
