import ComposableTerminal
import SwiftUICore
import SwiftUITerminal

/// A window showing a view in a terminal of `width` × `height` cells, drawn into a buffer as the
/// terminal would be, and driven by keys.
@MainActor
final class TerminalScreen {
  let window: TerminalWindow
  let width: Int
  let height: Int

  init<V: View>(_ view: V, width: Int = 40, height: Int = 14) {
    window = TerminalWindow(root: AnyView(view))
    self.width = width
    self.height = height
  }

  /// A new frame.
  func draw() -> Buffer {
    var buffer = Buffer(width: width, height: height)
    window.draw(into: &buffer)
    return buffer
  }

  /// What the screen shows, line by line (trailing spaces removed).
  var lines: [String] { draw().text.components(separatedBy: "\n") }

  var text: String { draw().text }

  /// Presses `keys` one after the other, each on the frame the last one left.
  @discardableResult
  func press(_ keys: Key...) -> KeyResponse {
    var response = KeyResponse.ignored
    for key in keys {
      _ = draw()
      response = window.handle(key)
    }
    return response
  }

  /// Types `text` into the focused field.
  func type(_ text: String) {
    for character in text { press(.character(character)) }
  }

  /// The focused control's accessible name.
  var focusedName: String? {
    _ = draw()
    return window.focusedControl?.name
  }

  /// The cells of the row showing `text`, from its first character.
  func cells(of text: String) -> [Cell]? {
    let buffer = draw()
    for y in 0..<buffer.height {
      let line = (0..<buffer.width).map { buffer[$0, y].symbol }.joined()
      guard let range = line.range(of: text) else { continue }
      let x = line.distance(from: line.startIndex, to: range.lowerBound)
      return (x..<(x + text.count)).map { buffer[$0, y] }
    }
    return nil
  }
}
