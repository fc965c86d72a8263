/// A font: one of the platform's text styles, or a system font of a size.
public struct Font: Hashable, Sendable {
  /// The text style (`"headline"`), or nil for a font of a given size.
  public var textStyle: TextStyle?
  /// The size in points, for a font of a given size.
  public var size: CGFloat?
  /// The weight, over the text style's own.
  public var weight: Weight?
  /// The family: the system's, serif, rounded or monospaced.
  public var design: Design?
  /// Italic.
  public var isItalic = false
  /// Digits all of one width, so that numbers line up.
  public var isMonospacedDigit = false

  /// The platform's text styles, from the largest title to the smallest caption.
  public enum TextStyle: String, Hashable, CaseIterable, Sendable {
    case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
  }

  /// How heavy the strokes are.
  public struct Weight: Hashable, Sendable {
    /// The CSS weight (100…900).
    public let value: Int
    /// The weight 100.
    public static let ultraLight = Self(value: 100)
    /// The weight 200.
    public static let thin = Self(value: 200)
    /// The weight 300.
    public static let light = Self(value: 300)
    /// The weight 400.
    public static let regular = Self(value: 400)
    /// The weight 500.
    public static let medium = Self(value: 500)
    /// The weight 600.
    public static let semibold = Self(value: 600)
    /// The weight 700.
    public static let bold = Self(value: 700)
    /// The weight 800.
    public static let heavy = Self(value: 800)
    /// The weight 900.
    public static let black = Self(value: 900)
  }

  /// A font family of the system's.
  public enum Design: Hashable, Sendable {
    /// The system's font.
    case `default`
    /// A serif font.
    case serif
    /// The system's rounded font.
    case rounded
    /// A fixed-width font.
    case monospaced
  }

  init(textStyle: TextStyle) { self.textStyle = textStyle }

  /// The largeTitle text style.
  public static let largeTitle = Font(textStyle: .largeTitle)
  /// The title text style.
  public static let title = Font(textStyle: .title)
  /// The title2 text style.
  public static let title2 = Font(textStyle: .title2)
  /// The title3 text style.
  public static let title3 = Font(textStyle: .title3)
  /// The headline text style.
  public static let headline = Font(textStyle: .headline)
  /// The subheadline text style.
  public static let subheadline = Font(textStyle: .subheadline)
  /// The body text style.
  public static let body = Font(textStyle: .body)
  /// The callout text style.
  public static let callout = Font(textStyle: .callout)
  /// The footnote text style.
  public static let footnote = Font(textStyle: .footnote)
  /// The caption text style.
  public static let caption = Font(textStyle: .caption)
  /// The caption2 text style.
  public static let caption2 = Font(textStyle: .caption2)

  /// The system font at `size` points.
  public static func system(size: CGFloat, weight: Weight? = nil, design: Design? = nil) -> Font {
    var font = Font(textStyle: nil)
    font.size = size
    font.weight = weight
    font.design = design
    return font
  }

  /// The system font of a text style.
  public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font {
    var font = Font(textStyle: style)
    font.design = design
    font.weight = weight
    return font
  }

  private init(textStyle: TextStyle?, size: CGFloat? = nil) {
    self.textStyle = textStyle
    self.size = size
  }

  /// This font at `weight`.
  public func weight(_ weight: Weight) -> Font {
    var font = self
    font.weight = weight
    return font
  }
  /// This font, bold.
  public func bold() -> Font { weight(.bold) }
  /// This font, italic.
  public func italic() -> Font {
    var font = self
    font.isItalic = true
    return font
  }
  /// This font in its monospaced family.
  public func monospaced() -> Font {
    var font = self
    font.design = .monospaced
    return font
  }
  /// This font with digits of one width.
  public func monospacedDigit() -> Font {
    var font = self
    font.isMonospacedDigit = true
    return font
  }
}
