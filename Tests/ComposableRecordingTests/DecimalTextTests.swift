@testable import ComposableRecording
import Testing

/// The numbers a recording writes on every line, kept as text: the text is the number's.
struct DecimalTextTests {
  @Test func aCounterCarriesInItsText() {
    var counter = DecimalCounter()
    #expect(String(decoding: counter.text, as: UTF8.self) == "0")
    for expected in 1...10_001 {
      counter.increment()
      #expect(counter.value == expected)
      if String(decoding: counter.text, as: UTF8.self) != String(expected) {
        Issue.record("\(expected) was written as \(String(decoding: counter.text, as: UTF8.self))")
        return
      }
    }
  }

  @Test func theTimeOfTheLastLineIsWrittenAsSecondsWithThreeDecimals() {
    var last = LastMilliseconds()
    let line = JSONLine()
    for milliseconds: Int64 in [0, 7, 7, 999, 1_000, 1_000, 61_042, 7] {
      last.append(milliseconds, to: line)
      line.append(",")
    }
    #expect(
      String(decoding: line.array, as: UTF8.self)
        == "0.000,0.007,0.007,0.999,1.000,1.000,61.042,0.007,"
    )
  }
}
