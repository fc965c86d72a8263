import ComposableTerminal
import Testing

@Suite struct DisplayWidthTests {
  @Test(arguments: [
    ("a", 1), ("漢", 2), ("한", 2), ("ｱ", 1), ("Ａ", 2), ("😀", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2),
    ("🇫🇷", 2), ("❤️", 2), ("e\u{301}", 1), ("\u{301}", 0), ("\u{200B}", 0), ("\u{7}", 0),
    ("é", 1), ("→", 1), ("…", 1),
  ])
  func characterWidth(_ character: String, _ width: Int) {
    #expect(Character(character).displayWidth == width)
  }

  @Test func stringWidth() {
    #expect("Daily 漢字".displayWidth == 10)
    #expect("cafe\u{301}".displayWidth == 4)
    #expect("👍🏽 ok".displayWidth == 5)
  }

  @Test func truncationNeverSplitsAGraphemeCluster() {
    #expect("Design review".truncated(toWidth: 8) == "Design …")
    #expect("漢字漢字".truncated(toWidth: 6) == "漢字…")
    #expect("漢字漢字".truncated(toWidth: 5) == "漢字…")
    #expect("漢字漢字".truncated(toWidth: 4) == "漢…")
    #expect("cafe\u{301}s!".truncated(toWidth: 5) == "cafe\u{301}…")
    #expect("👨‍👩‍👧👨‍👩‍👧".truncated(toWidth: 3) == "👨‍👩‍👧…")
    #expect("short".truncated(toWidth: 5) == "short")
    #expect("short".truncated(toWidth: 0) == "")
  }

  @Test func wrapping() {
    #expect("The quick brown fox".wrapped(toWidth: 10) == ["The quick", "brown fox"])
    #expect("a\n\nb".wrapped(toWidth: 10) == ["a", "", "b"])
    #expect("abcdefghij".wrapped(toWidth: 4) == ["abcd", "efgh", "ij"])
    #expect("漢字漢字漢".wrapped(toWidth: 4) == ["漢字", "漢字", "漢"])
  }
}
