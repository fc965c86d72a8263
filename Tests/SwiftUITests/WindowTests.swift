import Foundation
import Observation
import SwiftUICore
import Testing

/// The window is the core's, whatever draws it: a renderer written here, in a few lines and with
/// no HTML, gets the settled tree, sends events back through the nodes' closures, and opens
/// addresses; closing the window runs its scene phases and lifecycle without drawing.
@MainActor
struct WindowTests {
  /// Draws a window as lines of text, buttons in brackets, and keeps what it drew last.
  final class LinesRenderer: ViewRenderer {
    private(set) var lastNodes: [ViewNode] = []
    private(set) var renderCount = 0
    private(set) var opened: [URL] = []

    func render(_ nodes: [ViewNode]) -> [String] {
      renderCount += 1
      lastNodes = nodes
      return lines(nodes)
    }

    func open(_ url: URL) -> Bool {
      opened.append(url)
      return true
    }

    private func lines(_ nodes: [ViewNode]) -> [String] {
      nodes.flatMap { node -> [String] in
        switch node.kind {
        case let .text(runs): return [runs.map(\.string).joined()]
        case .button: return ["[\(node.plainText)]"]
        default: return lines(node.children)
        }
      }
    }

    /// Presses the button labelled `label`, as a user of this renderer's medium would.
    func press(_ label: String) {
      tap(label, in: lastNodes)
    }
  }

  struct Downloads: View {
    let log: EvaluationLog
    @Environment(\.scenePhase) private var scenePhase
    @Environment(\.openURL) private var openURL
    @State private var isLoaded = false
    @State private var count = 0

    var body: some View {
      VStack {
        Text(isLoaded ? "Loaded" : "Loading…")
        Button("Count: \(count)") { count += 1 }
        Button("Help") { openURL(URL(string: "https://example.com/help")!) }
      }
      .onAppear { isLoaded = true }
      .onChange(of: count) { _, count in log.record("count \(count)") }
      .onChange(of: scenePhase) { _, phase in log.record("phase \(phase)") }
      .onDisappear { log.record("disappear") }
      .task {
        do {
          try await Task.sleep(for: .seconds(3600))
        } catch {
          log.record("task cancelled")
        }
      }
    }
  }

  @Test func aRendererOfItsOwnDrawsTheSettledWindowAndSendsEventsBack() async {
    let log = EvaluationLog()
    let renderer = LinesRenderer()
    let window = ViewWindow(root: AnyView(Downloads(log: log)), renderer: renderer)

    // The first drawing is settled: `onAppear` ran and what it changed is drawn.
    #expect(window.render() == ["Loaded", "[Count: 0]", "[Help]"])
    #expect(renderer.renderCount == 1)

    // An event goes back through the node's closure; `onChange` runs before the next drawing.
    renderer.press("Count: 0")
    #expect(window.render() == ["Loaded", "[Count: 1]", "[Help]"])
    #expect(log.take() == ["count 1"])

    // `openURL` reaches the renderer that draws the window.
    renderer.press("Help")
    #expect(renderer.opened == [URL(string: "https://example.com/help")!])

    // Closing: the phases, then `onDisappear` and the task's cancellation; nothing is drawn.
    #expect(window.graph.runningTaskCount == 1)
    window.close()
    #expect(renderer.renderCount == 2)
    #expect(window.graph.runningTaskCount == 0)
    #expect(log.take() == ["phase inactive", "phase background", "disappear"])
    await log.wait(for: 1) { $0 == "task cancelled" }
    #expect(log.take() == ["task cancelled"])
  }

  @Test func anIfElseBranchKeepsItsStateUntilTheOtherBranchIsShown() {
    struct Counter: View {
      let name: String
      @State private var count = 0
      var body: some View {
        Button("\(name): \(count)") { count += 1 }
      }
    }
    struct Switcher: View {
      @State private var showsFirst = true
      @State private var taps = 0
      var body: some View {
        VStack {
          Button("Switch") { showsFirst.toggle() }
          Button("Taps: \(taps)") { taps += 1 }
          if showsFirst {
            Counter(name: "first")
          } else {
            Counter(name: "second")
          }
        }
      }
    }
    let renderer = LinesRenderer()
    let window = ViewWindow(root: AnyView(Switcher()), renderer: renderer)
    _ = window.render()
    renderer.press("first: 0")
    renderer.press("Taps: 0")
    #expect(window.render() == ["[Switch]", "[Taps: 1]", "[first: 1]"])

    // The other branch is another place: its counter starts at zero, and coming back to the
    // first branch finds a new counter too (the first one's state went when it left).
    renderer.press("Switch")
    #expect(window.render() == ["[Switch]", "[Taps: 1]", "[second: 0]"])
    renderer.press("second: 0")
    _ = window.render()
    renderer.press("Switch")
    #expect(window.render() == ["[Switch]", "[Taps: 1]", "[first: 0]"])
    renderer.press("Switch")
    #expect(window.render() == ["[Switch]", "[Taps: 1]", "[second: 0]"])
  }
}
