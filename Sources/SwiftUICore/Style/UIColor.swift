/// UIKit's colour, as far as SwiftUI code names it: the system colours (`.systemBackground`,
/// `.label`, `.systemGray5`, `.systemRed`…) and colours by components, for `Color(uiColor:)` and
/// `Color(_:)`. Each system colour is the same colour of the platform's palette as SwiftUI's
/// (drawn light: pages have no dark appearance here).
public struct UIColor: Hashable, Sendable {
  let value: ColorValue

  init(_ value: ColorValue) { self.value = value }

  /// A colour from red, green and blue (0…1) and alpha.
  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    value = .rgba(red: red, green: green, blue: blue, opacity: alpha)
  }

  /// A shade of grey (0 black, 1 white) and alpha.
  public init(white: CGFloat, alpha: CGFloat) {
    value = .rgba(red: white, green: white, blue: white, opacity: alpha)
  }

  /// This colour at `alpha`.
  public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
    UIColor(Color(value).opacity(alpha).value)
  }

  private static func system(_ name: String) -> UIColor { UIColor(.system(name, opacity: 1)) }

  // Backgrounds.
  /// The background of a screen.
  public static let systemBackground = system("system-background")
  /// The background of content on a screen.
  public static let secondarySystemBackground = system("secondary-system-background")
  /// The background of content inside secondary content.
  public static let tertiarySystemBackground = system("tertiary-system-background")
  /// The background of a grouped list's screen.
  public static let systemGroupedBackground = system("system-grouped-background")
  /// The background of a grouped list's rows.
  public static let secondarySystemGroupedBackground = system("secondary-system-grouped-background")
  /// The background of content inside a grouped list's rows.
  public static let tertiarySystemGroupedBackground = system("tertiary-system-grouped-background")

  // Text.
  /// Text.
  public static let label = system("primary")
  /// Secondary text.
  public static let secondaryLabel = system("secondary")
  /// Tertiary text.
  public static let tertiaryLabel = system("tertiary")
  /// Quaternary text.
  public static let quaternaryLabel = system("quaternary")
  /// A field's placeholder.
  public static let placeholderText = system("placeholder")
  /// A link.
  public static let link = system("blue")

  // Fills and lines.
  /// A thin shape's fill.
  public static let systemFill = system("system-fill")
  /// A medium shape's fill.
  public static let secondarySystemFill = system("secondary-system-fill")
  /// A large shape's fill.
  public static let tertiarySystemFill = system("tertiary-system-fill")
  /// A large area's fill.
  public static let quaternarySystemFill = system("quaternary-system-fill")
  /// A separator that lets content show through.
  public static let separator = system("separator")
  /// A separator that hides what is under it.
  public static let opaqueSeparator = system("opaque-separator")

  // The palette.
  /// Red.
  public static let systemRed = system("red")
  /// Orange.
  public static let systemOrange = system("orange")
  /// Yellow.
  public static let systemYellow = system("yellow")
  /// Green.
  public static let systemGreen = system("green")
  /// Mint.
  public static let systemMint = system("mint")
  /// Teal.
  public static let systemTeal = system("teal")
  /// Cyan.
  public static let systemCyan = system("cyan")
  /// Blue.
  public static let systemBlue = system("blue")
  /// Indigo.
  public static let systemIndigo = system("indigo")
  /// Purple.
  public static let systemPurple = system("purple")
  /// Pink.
  public static let systemPink = system("pink")
  /// Brown.
  public static let systemBrown = system("brown")
  /// Grey.
  public static let systemGray = system("gray")
  /// A lighter grey.
  public static let systemGray2 = system("gray2")
  /// Lighter still.
  public static let systemGray3 = system("gray3")
  /// Lighter still.
  public static let systemGray4 = system("gray4")
  /// Nearly white.
  public static let systemGray5 = system("gray5")
  /// The lightest grey.
  public static let systemGray6 = system("gray6")
  /// Black.
  public static let black = system("black")
  /// White.
  public static let white = system("white")
  /// No colour.
  public static let clear = system("clear")
}

extension Color {
  /// The SwiftUI colour of a UIKit colour (`Color(uiColor: .systemGray5)`).
  public init(uiColor: UIColor) {
    self.init(uiColor.value)
  }

  /// The SwiftUI colour of a UIKit colour (`Color(.systemBackground)`).
  public init(_ color: UIColor) {
    self.init(color.value)
  }
}
