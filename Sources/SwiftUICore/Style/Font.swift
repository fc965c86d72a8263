/// A font: one of the platform's text styles, or a system font of a size.
public struct Font: Hashable, Sendable {
  /// The text style (`"headline"`), or nil for a font of a given size.
  public var textStyle: TextStyle?
  public var size: CGFloat?
  public var weight: Weight?
  public var design: Design?
  public var isItalic = false
  public var isMonospacedDigit = false

  public enum TextStyle: String, Hashable, CaseIterable, Sendable {
    case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
  }

  public struct Weight: Hashable, Sendable {
    /// The CSS weight (100…900).
    public let value: Int
    public static let ultraLight = Self(value: 100)
    public static let thin = Self(value: 200)
    public static let light = Self(value: 300)
    public static let regular = Self(value: 400)
    public static let medium = Self(value: 500)
    public static let semibold = Self(value: 600)
    public static let bold = Self(value: 700)
    public static let heavy = Self(value: 800)
    public static let black = Self(value: 900)
  }

  public enum Design: Hashable, Sendable {
    case `default`, serif, rounded, monospaced
  }

  init(textStyle: TextStyle) { self.textStyle = textStyle }

  public static let largeTitle = Font(textStyle: .largeTitle)
  public static let title = Font(textStyle: .title)
  public static let title2 = Font(textStyle: .title2)
  public static let title3 = Font(textStyle: .title3)
  public static let headline = Font(textStyle: .headline)
  public static let subheadline = Font(textStyle: .subheadline)
  public static let body = Font(textStyle: .body)
  public static let callout = Font(textStyle: .callout)
  public static let footnote = Font(textStyle: .footnote)
  public static let caption = Font(textStyle: .caption)
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

  public func weight(_ weight: Weight) -> Font {
    var font = self
    font.weight = weight
    return font
  }
  public func bold() -> Font { weight(.bold) }
  public func italic() -> Font {
    var font = self
    font.isItalic = true
    return font
  }
  public func monospaced() -> Font {
    var font = self
    font.design = .monospaced
    return font
  }
  public func monospacedDigit() -> Font {
    var font = self
    font.isMonospacedDigit = true
    return font
  }
}
