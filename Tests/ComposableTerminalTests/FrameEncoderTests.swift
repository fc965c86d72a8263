import ComposableTerminal
import Testing

@Suite struct FrameEncoderTests {
  let encoder = FrameEncoder(colorMode: .indexed)

  func screen(_ rows: [String], width: Int = 40, height: Int = 10) -> Buffer {
    var buffer = Buffer(width: width, height: height)
    for (y, row) in rows.enumerated() { buffer.write(row, at: 0, y) }
    return buffer
  }

  @Test func identicalFramesWriteNothing() {
    let frame = screen(["Hello", "World"])
    #expect(encoder.changes(from: frame, to: frame).isEmpty)
  }

  @Test func oneCellChangeWritesOneMoveAndOneCharacter() {
    let old = screen(["Count: 1"])
    let new = screen(["Count: 2"])
    let bytes = encoder.changes(from: old, to: new)
    #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}[1;8H2")
  }

  @Test func adjacentChangesShareOneCursorMove() {
    let bytes = encoder.changes(from: screen(["aaaa"]), to: screen(["abba"]))
    #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}[1;2Hbb")
  }

  @Test func nearbyChangesOnOneRowMoveForward() {
    let bytes = encoder.changes(from: screen(["aaaaaa"]), to: screen(["baaaab"]))
    #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}[1;1Hb\u{1B}[4Cb")
  }

  @Test func styleIsSetOnlyWhenItChangesAndResetAfterwards() {
    var old = Buffer(width: 10, height: 1)
    old.write("abc", at: 0, 0)
    var new = Buffer(width: 10, height: 1)
    new.write("xyz", at: 0, 0, style: Style(foreground: .red, bold: true))
    let output = String(decoding: encoder.changes(from: old, to: new), as: UTF8.self)
    #expect(output == "\u{1B}[1;1H\u{1B}[0;1;31mxyz\u{1B}[0m")
  }

  @Test func colorModes() {
    var buffer = Buffer(width: 2, height: 1)
    buffer.write("a", at: 0, 0, style: Style(foreground: .indexed(208), background: .brightBlue))
    let indexed = String(decoding: FrameEncoder(colorMode: .indexed).fullFrame(buffer), as: UTF8.self)
    #expect(indexed.contains("\u{1B}[0;38;5;208;104m"))
    let standard = String(decoding: FrameEncoder(colorMode: .standard).fullFrame(buffer), as: UTF8.self)
    #expect(standard.contains("\u{1B}[0;91;104m"))  // orange ≈ bright red
    let none = String(decoding: FrameEncoder(colorMode: .none).fullFrame(buffer), as: UTF8.self)
    #expect(!none.contains("38;5") && !none.contains(";104m"))
    #expect(none.contains("a"))
  }

  @Test func rgbColoursAreDrawnAsTheyAreInTrueColourAndApproximatedElsewhere() {
    var buffer = Buffer(width: 1, height: 1)
    // iOS's system orange.
    buffer.write("a", at: 0, 0, style: Style(foreground: .rgb(255, 149, 0)))
    let trueColor = String(decoding: FrameEncoder(colorMode: .trueColor).fullFrame(buffer), as: UTF8.self)
    #expect(trueColor.contains("\u{1B}[0;38;2;255;149;0m"))
    let indexed = String(decoding: FrameEncoder(colorMode: .indexed).fullFrame(buffer), as: UTF8.self)
    #expect(indexed.contains("\u{1B}[0;38;5;208m"))  // the cube's (5, 2, 0)
    #expect(Color.rgb(128, 128, 128).indexedApproximation == 244)  // a grey of the ramp
    #expect(Color.rgb(0, 0, 0).indexedApproximation == 16)
    #expect(Color.rgb(255, 59, 48).standardApproximation == 9)  // system red ≈ bright red
  }

  @Test func colorModeDetection() {
    #expect(ColorMode.detect(environment: ["TERM": "xterm-256color"]) == .indexed)
    #expect(ColorMode.detect(environment: ["TERM": "xterm", "COLORTERM": "truecolor"]) == .trueColor)
    #expect(ColorMode.detect(environment: ["TERM": "xterm", "COLORTERM": "24bit"]) == .trueColor)
    #expect(ColorMode.detect(environment: ["TERM": "xterm", "COLORTERM": "yes"]) == .indexed)
    #expect(ColorMode.detect(environment: ["TERM": "xterm"]) == .standard)
    #expect(ColorMode.detect(environment: ["TERM": "dumb"]) == .none)
    #expect(ColorMode.detect(environment: ["TERM": "xterm-256color", "NO_COLOR": "1"]) == .none)
    #expect(ColorMode.detect(environment: ["TERM": "xterm-256color", "NO_COLOR": ""]) == .indexed)
  }

  @Test func wideCharactersTakeTwoCellsAndMoveTheCursorByTwo() {
    let old = screen(["ab cd"])
    let new = screen(["漢 cX"])
    let output = String(decoding: encoder.changes(from: old, to: new), as: UTF8.self)
    #expect(output == "\u{1B}[1;1H漢\u{1B}[2CX")
  }

  @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
    var buffer = Buffer(width: 6, height: 1)
    buffer.write("漢字", at: 0, 0)
    buffer.write("x", at: 1, 0)
    #expect(buffer.text == " x字")
    buffer.write("y", at: 2, 0)
    #expect(buffer.text == " xy")
  }

  @Test func sizeChangeRedrawsEverything() {
    let bytes = encoder.changes(from: screen(["a"], width: 10), to: screen(["a"], width: 12))
    #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("\u{1B}[0m\u{1B}[2J"))
  }

  @Test func lastColumnForgetsTheCursorPosition() {
    // After writing in the last column the terminal's cursor is pending a wrap, so the next
    // change is addressed absolutely.
    let old = screen(["", ""], width: 4, height: 2)
    let new = screen(["   a", "b"], width: 4, height: 2)
    let output = String(decoding: encoder.changes(from: old, to: new), as: UTF8.self)
    #expect(output == "\u{1B}[1;4Ha\u{1B}[2;1Hb")
  }
}
