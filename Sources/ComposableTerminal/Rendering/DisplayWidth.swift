extension Character {
  /// How many terminal cells this character takes: 2 for East Asian wide and full-width
  /// characters and emoji, 0 for a lone combining mark, a zero-width character or a control
  /// character, 1 otherwise.
  ///
  /// ```swift
  /// Character("a").displayWidth   // 1
  /// Character("漢").displayWidth  // 2
  /// Character("👍🏽").displayWidth  // 2
  /// Character("é").displayWidth   // 1 (e and a combining accent)
  /// ```
  public var displayWidth: Int {
    if let ascii = asciiValue { return ascii >= 0x20 && ascii < 0x7F ? 1 : 0 }
    let scalars = unicodeScalars
    guard let first = scalars.first else { return 0 }
    let value = first.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    let properties = first.properties
    if properties.isEmojiPresentation { return 2 }
    // A text-style emoji followed by VARIATION SELECTOR-16 is drawn as an emoji.
    if properties.isEmoji && scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .lineSeparator, .paragraphSeparator:
      return 0
    default:
      break
    }
    if (0x1160...0x11FF).contains(value) { return 0 }  // Hangul medial vowels, final consonants
    return Self.isWide(value) ? 2 : 1
  }

  /// East Asian Wide (W) and Fullwidth (F) ranges of Unicode's EastAsianWidth.txt, merged
  /// where they touch.
  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
      0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
      0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
      0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
      0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55, 0x2E80...0x303E,
      0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1AFF0...0x1B2FF, 0x1F004, 0x1F0CF,
      0x1F18E, 0x1F191...0x1F19A, 0x1F1E6...0x1F1FF, 0x1F200...0x1F202, 0x1F210...0x1F23B,
      0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265, 0x1F300...0x1F64F,
      0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF,
      0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}

extension StringProtocol {
  /// How many terminal cells this text takes on one line (see `Character.displayWidth`).
  ///
  /// ```swift
  /// "Daily 漢字".displayWidth  // 10
  /// ```
  public var displayWidth: Int {
    var width = 0
    for character in self { width += character.displayWidth }
    return width
  }

  /// The longest prefix that fits in `width` cells, ending in `ellipsis` when the text had to be
  /// cut. Never splits a character (a grapheme cluster): a wide character that would straddle the
  /// edge is left out.
  ///
  /// ```swift
  /// "Design review".truncated(toWidth: 8)  // "Design …"
  /// ```
  public func truncated(toWidth width: Int, ellipsis: String = "…") -> String {
    guard width > 0 else { return "" }
    if displayWidth <= width { return String(self) }
    let ellipsisWidth = ellipsis.displayWidth
    guard ellipsisWidth <= width else { return "" }
    var result = ""
    var used = 0
    for character in self {
      let characterWidth = character.displayWidth
      if used + characterWidth > width - ellipsisWidth { break }
      result.append(character)
      used += characterWidth
    }
    return result + ellipsis
  }

  /// The text broken into lines of at most `width` cells, at spaces where it can be and inside a
  /// word only when the word alone is wider than a line. Newlines in the text start new lines.
  ///
  /// ```swift
  /// "The quick brown fox".wrapped(toWidth: 10)  // ["The quick", "brown fox"]
  /// ```
  public func wrapped(toWidth width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    for paragraph in self.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      var lineWidth = 0
      for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
        var word = Substring(word)
        var wordWidth = word.displayWidth
        if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
          line += " " + word
          lineWidth += 1 + wordWidth
          continue
        }
        if lineWidth > 0 {
          lines.append(line)
          line = ""
          lineWidth = 0
        }
        // A word wider than a line is split at character boundaries.
        while wordWidth > width {
          var piece = ""
          var pieceWidth = 0
          var index = word.startIndex
          while index < word.endIndex {
            let characterWidth = word[index].displayWidth
            if pieceWidth + characterWidth > width, pieceWidth > 0 { break }
            piece.append(word[index])
            pieceWidth += characterWidth
            index = word.index(after: index)
          }
          lines.append(piece)
          word = word[index...]
          wordWidth -= pieceWidth
        }
        line = String(word)
        lineWidth = wordWidth
      }
      lines.append(line)
    }
    return lines
  }
}
