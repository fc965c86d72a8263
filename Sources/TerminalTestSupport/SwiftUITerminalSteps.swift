import Foundation

/// Steps for driving a SwiftUI app drawn by `SwiftUITerminal` (an `App` run with `--terminal`)
/// the way a person does: by the status line on the screen's last row, which names the focused
/// control and the keys it takes (" Title — type; Tab next").
extension TmuxSession {
  /// The status line of `screen`: its last row with text.
  public static func status(of screen: String) -> String {
    screen.components(separatedBy: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
  }

  /// The focused control's name, read from the status line of `screen` (empty when nothing has
  /// the focus).
  public static func focusedName(on screen: String) -> String {
    let status = status(of: screen)
    guard let name = status.components(separatedBy: " — ").first, name != status else { return "" }
    return String(name.dropFirst())
  }

  /// The status line now.
  public func status() throws -> String {
    Self.status(of: try screen())
  }

  /// Presses Tab until the status line names the control `name`.
  public func focus(_ name: String) throws {
    try pressUntilFocused { $0 == name }
  }

  /// Presses Tab until the focused control's name satisfies `matches` (at most 40 times), each
  /// time on a screen that has settled (what was typed before drawn).
  public func pressUntilFocused(_ matches: (String) -> Bool) throws {
    for _ in 0..<40 {
      let before = try settledScreen()
      if matches(Self.focusedName(on: try screen())) { return }
      try send("Tab")
      // The highlight moves even between two controls of one name.
      let deadline = Date().addingTimeInterval(5)
      while try styledScreen() == before, Date() < deadline { usleep(20_000) }
    }
    throw TmuxError.timedOut("a control to focus", screen: try screen())
  }

  /// The screen (with its attributes) once it has not changed for 100 ms.
  public func settledScreen() throws -> String {
    var last = try styledScreen()
    let deadline = Date().addingTimeInterval(5)
    while Date() < deadline {
      usleep(100_000)
      let next = try styledScreen()
      if next == last { return next }
      last = next
    }
    return last
  }

  /// Presses `key` until the screen shows `text` (at most 20 times), each time waiting for the
  /// screen to change.
  public func pressUntil(_ key: String, shows text: String) throws {
    for _ in 0..<20 {
      let current = try screen()
      if current.contains(text) { return }
      try send(key)
      try waitUntil(timeout: 5, "the screen to change after \(key)") { $0 != current }
    }
    throw TmuxError.timedOut("\"\(text)\" on screen", screen: try screen())
  }
}
