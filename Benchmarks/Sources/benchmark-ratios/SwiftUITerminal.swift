import ComposableArchitecture
import ComposableTerminal
import SwiftUICore
import SwiftUITerminal

// SwiftUI views in the terminal: what one row's change writes, and what a frame of a 1,000-row
// TCA list costs, from the views' evaluation to the bytes of what changed.

/// A window of `view` drawn into `width` × `height` cells.
@MainActor
func terminalFrame(_ window: TerminalWindow, width: Int = 200, height: Int = 60) -> Buffer {
  var buffer = Buffer(width: width, height: height)
  window.draw(into: &buffer)
  return buffer
}

/// `swiftui-terminal-bytes-one-row`: the bytes written when one visible row's title changes in a
/// 300-row list (the navigation screen of `swiftui-bytes-one-row-vs-html`), divided by the bytes
/// of a full frame of the same screen, on a 200 × 60 terminal.
@MainActor
func swiftUITerminalBytesOneRow() -> Double {
  let store = rowsStore(300)
  let window = TerminalWindow(root: AnyView(SwiftUIRowsScreen(store: store)))
  let encoder = FrameEncoder(colorMode: .trueColor)
  let before = terminalFrame(window)
  store.send(.rename(id: 10, title: "Daily standup"))
  let after = terminalFrame(window)
  return Double(encoder.changes(from: before, to: after).count) / Double(encoder.fullFrame(after).count)
}

/// `swiftui-terminal-frame-1000-rows`: one row of the 1,000-row TCA list
/// (`ForEach(store.scope(state: \.rows, action: \.rows))` in a `List`) toggled, then the frame:
/// the changed views evaluated, the screen laid out and drawn, and its changes encoded.
@MainActor
func swiftUITerminalFrameBenchmark() -> Benchmark {
  let store = toggleRowsStore(1_000)
  let window = TerminalWindow(root: AnyView(ToggleRowsView(store: store)))
  let encoder = FrameEncoder(colorMode: .trueColor)
  var previous = terminalFrame(window)
  var isOn = false
  return Benchmark(name: "swiftui-terminal-frame-1000-rows", operationsPerSample: 20) { n in
    for _ in 0..<n {
      isOn.toggle()
      store.send(.rows(.element(id: 5, action: .set(\.isDone, isOn))))
      let frame = terminalFrame(window)
      sink &+= encoder.changes(from: previous, to: frame).count
      previous = frame
    }
  }
}

/// Prints the two figures (the frame's from the benchmark's median, in nanoseconds).
@MainActor
func printSwiftUITerminalFigures(frameNanoseconds: Double?) {
  guard let frameNanoseconds else { return }
  figure("swiftui-terminal-bytes-one-row", String(format: "%.3f", swiftUITerminalBytesOneRow()), target: "≤ 0.05")
  figure("swiftui-terminal-frame-1000-rows-us", String(format: "%.0f", frameNanoseconds / 1_000), target: "≪ 16000")
}
