/// A terminal colour: one of the 16 standard colours or one of the 256 indexed ones.
///
/// ```swift
/// Style(foreground: .red, bold: true)
/// Style(background: .indexed(214))  // orange in a 256-colour terminal
/// ```
public enum Color: Hashable, Sendable {
  /// One of the 16 standard colours (0–7 normal, 8–15 bright).
  case standard(UInt8)
  /// One of the 256 indexed colours (16–231 a 6×6×6 cube, 232–255 greys).
  case indexed(UInt8)
  /// Red, green and blue (0–255), for a terminal of 24-bit colour; drawn as the nearest indexed
  /// colour in a terminal of 256, and the nearest standard one in a terminal of 16.
  case rgb(UInt8, UInt8, UInt8)

  /// Standard colour 0.
  public static let black = Color.standard(0)
  /// Standard colour 1.
  public static let red = Color.standard(1)
  /// Standard colour 2.
  public static let green = Color.standard(2)
  /// Standard colour 3.
  public static let yellow = Color.standard(3)
  /// Standard colour 4.
  public static let blue = Color.standard(4)
  /// Standard colour 5.
  public static let magenta = Color.standard(5)
  /// Standard colour 6.
  public static let cyan = Color.standard(6)
  /// Standard colour 7.
  public static let white = Color.standard(7)
  /// Standard colour 8, the bright black (often shown as grey).
  public static let brightBlack = Color.standard(8)
  /// Standard colour 9, the bright red.
  public static let brightRed = Color.standard(9)
  /// Standard colour 10, the bright green.
  public static let brightGreen = Color.standard(10)
  /// Standard colour 11, the bright yellow.
  public static let brightYellow = Color.standard(11)
  /// Standard colour 12, the bright blue.
  public static let brightBlue = Color.standard(12)
  /// Standard colour 13, the bright magenta.
  public static let brightMagenta = Color.standard(13)
  /// Standard colour 14, the bright cyan.
  public static let brightCyan = Color.standard(14)
  /// Standard colour 15, the bright white.
  public static let brightWhite = Color.standard(15)

  /// The nearest of the 16 standard colours, for terminals that have only those.
  public var standardApproximation: UInt8 {
    switch self {
    case let .standard(index):
      return index & 15
    case let .indexed(index) where index < 16:
      return index
    case let .indexed(index) where index >= 232:
      let level = Int(index) - 232  // 0 (near black) … 23 (near white)
      return level < 6 ? 0 : level < 14 ? 8 : level < 20 ? 7 : 15
    case let .indexed(index):
      let cube = Int(index) - 16
      let (red, green, blue) = (cube / 36, cube / 6 % 6, cube % 6)
      let bright = max(red, green, blue) >= 4
      let threshold = max(1, max(red, green, blue) - 1)
      let bits = (red >= threshold ? 1 : 0) | (green >= threshold ? 2 : 0) | (blue >= threshold ? 4 : 0)
      if bits == 0 { return 0 }
      return UInt8(bits + (bright ? 8 : 0))
    case .rgb:
      return Color.indexed(indexedApproximation).standardApproximation
    }
  }

  /// The nearest of the 256 indexed colours: a grey of the 24-step ramp for a grey, else the
  /// nearest of the 6×6×6 cube.
  public var indexedApproximation: UInt8 {
    switch self {
    case let .standard(index):
      return index & 15
    case let .indexed(index):
      return index
    case let .rgb(red, green, blue):
      let levels = [0, 95, 135, 175, 215, 255]
      func step(_ value: UInt8) -> Int {
        levels.indices.min { abs(levels[$0] - Int(value)) < abs(levels[$1] - Int(value)) } ?? 0
      }
      let (r, g, b) = (Int(red), Int(green), Int(blue))
      if max(r, g, b) - min(r, g, b) < 10 {
        let grey = (r + g + b) / 3
        if grey < 4 { return 16 }
        if grey > 246 { return 231 }
        return UInt8(232 + min(23, max(0, (grey - 8) / 10)))
      }
      return UInt8(16 + 36 * step(red) + 6 * step(green) + step(blue))
    }
  }
}

/// How a cell is drawn: colours and attributes.
public struct Style: Hashable, Sendable {
  /// The text colour; nil keeps the terminal's.
  public var foreground: Color?
  /// The background colour; nil keeps the terminal's.
  public var background: Color?
  /// Bold text.
  public var bold: Bool
  /// Dimmed text.
  public var dim: Bool
  /// Underlined text.
  public var underline: Bool
  /// Foreground and background swapped (how a selection or cursor shows).
  public var reverse: Bool

  /// A style; by default, the terminal's own colours and no attributes.
  public init(
    foreground: Color? = nil,
    background: Color? = nil,
    bold: Bool = false,
    dim: Bool = false,
    underline: Bool = false,
    reverse: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.bold = bold
    self.dim = dim
    self.underline = underline
    self.reverse = reverse
  }

  /// The terminal's default colours, no attributes.
  public static let plain = Style()

  /// This style with `other`'s colours and attributes laid over it.
  public func patched(with other: Style) -> Style {
    Style(
      foreground: other.foreground ?? foreground,
      background: other.background ?? background,
      bold: bold || other.bold,
      dim: dim || other.dim,
      underline: underline || other.underline,
      reverse: reverse != other.reverse
    )
  }
}

/// How many colours the terminal shows.
public enum ColorMode: Hashable, Sendable {
  /// No colours: attributes (bold, reverse, underline) only. Used when `NO_COLOR` is set or
  /// `TERM=dumb`.
  case none
  /// The 16 standard colours.
  case standard
  /// 256 indexed colours.
  case indexed
  /// 24-bit colour (`COLORTERM=truecolor` or `24bit`): ``Color/rgb(_:_:_:)`` drawn as it is.
  case trueColor

  /// The mode the environment asks for: none when `NO_COLOR` is set to a non-empty value (see
  /// no-color.org) or `TERM` is `dumb` or unset; 24-bit colour when `COLORTERM` is `truecolor`
  /// or `24bit`; 256 colours when `TERM` or `COLORTERM` says so; 16 otherwise.
  public static func detect(environment: [String: String]) -> ColorMode {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
    let term = environment["TERM"] ?? ""
    if term == "dumb" || term.isEmpty { return .none }
    if ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased()) { return .trueColor }
    if term.contains("256") || environment["COLORTERM"] != nil { return .indexed }
    return .standard
  }
}
