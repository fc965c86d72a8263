/// The text of a single-line field and the position of its cursor, and what editing keys do to
/// them. A pure value: a front end keeps the text in the feature's state (sending a binding
/// action when it changes) and the cursor wherever it keeps view state.
///
/// ```swift
/// var input = TextInput(text: store.title)  // cursor at the end
/// if input.handle(key), input.text != store.title {
///   store.send(.binding(.set(\.title, input.text)))
/// }
/// ```
///
/// Keys: printable characters and pastes insert (a paste's line breaks become spaces); ←/→ move
/// by a character, Home/End and Ctrl-A/Ctrl-E to the ends; Backspace and Delete remove a
/// character; Ctrl-U removes everything before the cursor, Ctrl-K everything after it, Ctrl-W the
/// word before it.
public struct TextInput: Hashable, Sendable {
  /// The text typed so far.
  public private(set) var text: String
  /// The cursor, as a number of characters (grapheme clusters) from the start.
  public private(set) var cursor: Int

  /// A field showing `text`, with the cursor at `cursor` or, by default, at the end.
  public init(text: String, cursor: Int? = nil) {
    self.text = text
    self.cursor = min(max(0, cursor ?? text.count), text.count)
  }

  /// Applies an editing key; returns false for a key that does not edit or move (Enter, Tab,
  /// arrows up and down …), which the caller handles.
  @discardableResult
  public mutating func handle(_ key: Key) -> Bool {
    switch key {
    case let .character(character):
      insert(String(character))
    case let .paste(pasted):
      insert(pasted.map { $0.isNewline || $0 == "\t" ? " " : String($0) }.joined())
    case .left:
      cursor = max(0, cursor - 1)
    case .right:
      cursor = min(text.count, cursor + 1)
    case .home, .ctrl("a"):
      cursor = 0
    case .end, .ctrl("e"):
      cursor = text.count
    case .backspace:
      guard cursor > 0 else { return true }
      text.remove(at: index(cursor - 1))
      cursor -= 1
    case .delete:
      if cursor < text.count { text.remove(at: index(cursor)) }
    case .ctrl("u"):
      text.removeSubrange(text.startIndex..<index(cursor))
      cursor = 0
    case .ctrl("k"):
      text.removeSubrange(index(cursor)...)
    case .ctrl("w"):
      var start = cursor
      let characters = Array(text)
      while start > 0 && characters[start - 1] == " " { start -= 1 }
      while start > 0 && characters[start - 1] != " " { start -= 1 }
      text.removeSubrange(index(start)..<index(cursor))
      cursor = start
    default:
      return false
    }
    return true
  }

  private mutating func insert(_ string: String) {
    let before = text.count
    text.insert(contentsOf: string, at: index(cursor))
    // Counting afterwards is right even when a combining mark merges with the character before.
    cursor += text.count - before
  }

  private func index(_ offset: Int) -> String.Index {
    text.index(text.startIndex, offsetBy: offset)
  }
}
