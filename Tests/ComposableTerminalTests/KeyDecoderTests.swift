import ComposableTerminal
import Testing

@Suite struct KeyDecoderTests {
  func decode(_ bytes: [UInt8]) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.decode(bytes) + decoder.flush()
  }

  func decode(_ string: String) -> [Key] {
    decode(Array(string.utf8))
  }

  @Test(arguments: [
    ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
    ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
    ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
    ("\u{1B}[1~", .home), ("\u{1B}[7~", .home), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
    ("\u{1B}[3~", .delete), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
    ("\u{1B}[Z", .backTab), ("\u{1B}[1;5A", .up), ("\u{1B}[3;2~", .delete),
    ("\r", .enter), ("\n", .enter), ("\t", .tab), ("\u{7F}", .backspace), ("\u{08}", .backspace),
    ("\u{01}", .ctrl("a")), ("\u{03}", .ctrl("c")), ("\u{04}", .ctrl("d")), ("\u{13}", .ctrl("s")),
    ("\u{1A}", .ctrl("z")), ("\u{1B}", .escape), ("a", .character("a")), (" ", .character(" ")),
    ("~", .character("~")), ("é", .character("é")), ("漢", .character("漢")),
    ("😀", .character("😀")),
  ])
  func sequence(_ input: String, _ key: Key) {
    #expect(decode(input) == [key])
  }

  @Test func aPrimaryButtonPressIsAClickAndOtherMouseReportsAreDropped() {
    // SGR reports: button;column;row (from 1), M pressed, m released.
    #expect(decode("\u{1B}[<0;12;5M") == [.click(column: 11, row: 4)])
    #expect(decode("\u{1B}[<0;12;5m") == [])  // the release
    #expect(decode("\u{1B}[<2;12;5M") == [])  // the secondary button
    #expect(decode("\u{1B}[<32;12;5M") == [])  // a drag
    #expect(decode("\u{1B}[<64;12;5M") == [])  // the wheel
    #expect(decode("\u{1B}[<16;300;2M") == [.click(column: 299, row: 1)])  // with Ctrl, far right
    #expect(decode("\u{1B}[<0;0;5M") == [])  // not a cell
    // Split across reads, then a key after it.
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}[<0;3".utf8)) == [])
    #expect(decoder.decode(Array(";4Mq".utf8)) == [.click(column: 2, row: 3), .character("q")])
  }

  @Test func severalKeysInOneRead() {
    #expect(decode("ab\u{1B}[Aq\r") == [.character("a"), .character("b"), .up, .character("q"), .enter])
  }

  @Test func escapeSequenceSplitAcrossReads() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.isWaitingForMore)
    #expect(decoder.decode(Array("[".utf8)) == [])
    #expect(decoder.decode(Array("5".utf8)) == [])
    #expect(decoder.decode(Array("~x".utf8)) == [.pageUp, .character("x")])
    #expect(!decoder.isWaitingForMore)
  }

  @Test func loneEscapeIsDeliveredOnlyAfterThePause() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.flush() == [.escape])
    #expect(decoder.flush() == [])
  }

  @Test func escapeThenAKeyInOneReadIsTwoKeys() {
    #expect(decode("\u{1B}q") == [.escape, .character("q")])
    #expect(decode("\u{1B}\u{1B}[A") == [.escape, .up])
  }

  @Test func multiByteCharacterSplitAcrossReads() {
    var decoder = KeyDecoder()
    let bytes = Array("漢😀".utf8)
    var keys: [Key] = []
    for byte in bytes { keys += decoder.decode([byte]) }
    #expect(keys == [.character("漢"), .character("😀")])
  }

  @Test func invalidUTF8IsDropped() {
    // A stray continuation byte, an invalid lead byte, a lead byte cut short by ASCII, an
    // overlong encoding and a surrogate.
    #expect(decode([0x80, 0x61]) == [.character("a")])
    #expect(decode([0xFF, 0x62]) == [.character("b")])
    #expect(decode([0xE6, 0xBC, 0x63]) == [.character("c")])
    #expect(decode([0xC0, 0xAF, 0x64]) == [.character("d")])
    #expect(decode([0xED, 0xA0, 0x80, 0x65]) == [.character("e")])
    // Cut off at the end: dropped on flush.
    #expect(decode([0xE6, 0xBC]) == [])
  }

  @Test func unknownAndMalformedSequencesAreDropped() {
    #expect(decode("\u{1B}[99~x") == [.character("x")])  // unknown key number
    #expect(decode("\u{1B}[?1;2cx") == [.character("x")])  // a device attributes reply
    #expect(decode("\u{1B}OPx") == [.character("x")])  // F1
    #expect(decode("\u{1B}[1\u{01}x") == [.character("x")])  // a control byte inside
    // Too long to be a key: dropped without waiting forever.
    let long = "\u{1B}[" + String(repeating: "1;", count: 40) + "A"
    var decoder = KeyDecoder()
    let keys = decoder.decode(Array(long.utf8)) + decoder.flush()
    #expect(!keys.contains(.up))
    #expect(!decoder.isWaitingForMore)
  }

  @Test func garbageNeverCrashes() {
    var generator = SystemRandomNumberGenerator()
    var decoder = KeyDecoder()
    for _ in 0..<2_000 {
      let bytes = (0..<Int.random(in: 0...16, using: &generator)).map { _ in
        UInt8.random(in: 0...255, using: &generator)
      }
      _ = decoder.decode(bytes)
      if Bool.random(using: &generator) { _ = decoder.flush() }
    }
    _ = decoder.flush()
    #expect(!decoder.isWaitingForMore)
    #expect(decoder.decode(Array("ok".utf8)) == [.character("o"), .character("k")])
  }

  @Test func bracketedPaste() {
    #expect(decode("\u{1B}[200~hello\nworld\u{1B}[201~x") == [.paste("hello\nworld"), .character("x")])
  }

  @Test func bracketedPasteSplitAcrossReads() {
    var decoder = KeyDecoder()
    var keys: [Key] = []
    for chunk in ["\u{1B}[20", "0~héllo", " \u{1B}[20", "1", "~", "q"] {
      keys += decoder.decode(Array(chunk.utf8))
    }
    #expect(keys == [.paste("héllo "), .character("q")])
  }

  @Test func pasteContainingEscapesIsKeptWhole() {
    #expect(decode("\u{1B}[200~a\u{1B}[Ab\u{1B}[201~") == [.paste("a\u{1B}[Ab")])
  }

  @Test func unfinishedPasteIsDeliveredOnFlush() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}[200~abc".utf8)) == [])
    #expect(decoder.flush() == [.paste("abc")])
  }
}
