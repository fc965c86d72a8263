import ComposableTerminal
import Testing

@Suite struct TextInputTests {
  func typing(_ keys: [Key], into text: String = "", cursor: Int? = nil) -> TextInput {
    var input = TextInput(text: text, cursor: cursor)
    for key in keys { input.handle(key) }
    return input
  }

  @Test func typingInsertsAtTheCursor() {
    let input = typing([.character("a"), .character("c"), .left, .character("b")])
    #expect(input.text == "abc")
    #expect(input.cursor == 2)
  }

  @Test func startsWithTheCursorAtTheEnd() {
    #expect(TextInput(text: "Daily").cursor == 5)
  }

  @Test func backspaceAndDelete() {
    #expect(typing([.backspace], into: "Daily").text == "Dail")
    #expect(typing([.home, .delete], into: "Daily").text == "aily")
    #expect(typing([.home, .backspace], into: "Daily").text == "Daily")
    #expect(typing([.delete], into: "Daily").text == "Daily")
  }

  @Test func lineEditingShortcuts() {
    #expect(typing([.ctrl("w")], into: "Design review").text == "Design ")
    #expect(typing([.ctrl("a"), .right, .ctrl("k")], into: "Design").text == "D")
    #expect(typing([.left, .ctrl("u")], into: "Design").text == "n")
    #expect(typing([.ctrl("a"), .ctrl("e")], into: "Design").cursor == 6)
  }

  @Test func graphemeClustersAreOneCharacter() {
    let input = typing([.backspace], into: "café👍🏽")
    #expect(input.text == "café")
    // A combining mark typed after a letter merges with it; the cursor stays after it.
    let combined = typing([.character("e"), .character("\u{301}"), .character("!")])
    #expect(combined.text == "e\u{301}!")
    #expect(combined.cursor == 2)
  }

  @Test func pasteReplacesLineBreaksWithSpaces() {
    #expect(typing([.paste("Blob\nBlob Jr")], into: "").text == "Blob Blob Jr")
  }

  @Test func keysThatDoNotEditAreLeftToTheCaller() {
    for key in [Key.enter, .up, .down, .tab, .escape, .ctrl("s"), .ctrl("d")] {
      var input = TextInput(text: "x")
      let handled = input.handle(key)
      #expect(!handled, "\(key)")
      #expect(input == TextInput(text: "x"))
    }
    var input = TextInput(text: "x")
    let handled = input.handle(.character("y"))
    #expect(handled)
  }
}
