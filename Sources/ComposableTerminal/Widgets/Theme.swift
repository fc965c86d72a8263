/// The styles widgets draw with. Colours are dropped by the encoder when the terminal has none
/// (`NO_COLOR`, `TERM=dumb`), so every theme must stay readable with attributes alone: the
/// selection is reversed, titles are bold.
///
/// ```swift
/// var theme = Theme.standard
/// theme.accent = Style(foreground: .indexed(214), bold: true)
/// ```
public struct Theme: Hashable, Sendable {
  /// Ordinary text.
  public var text: Style
  /// Secondary text: placeholders, hints, separators.
  public var muted: Style
  /// Titles and highlights.
  public var accent: Style
  /// The selected row or the focused field.
  public var selection: Style
  /// Box borders.
  public var border: Style
  /// The header line.
  public var header: Style
  /// The footer line's keys.
  public var key: Style
  /// Destructive buttons.
  public var destructive: Style
  /// An error or warning message.
  public var error: Style

  /// A theme with these styles; every one has a default.
  public init(
    text: Style = .plain,
    muted: Style = Style(foreground: .brightBlack),
    accent: Style = Style(foreground: .cyan, bold: true),
    selection: Style = Style(reverse: true),
    border: Style = Style(foreground: .brightBlack),
    header: Style = Style(bold: true, reverse: true),
    key: Style = Style(foreground: .cyan, bold: true),
    destructive: Style = Style(foreground: .red, bold: true),
    error: Style = Style(foreground: .red)
  ) {
    self.text = text
    self.muted = muted
    self.accent = accent
    self.selection = selection
    self.border = border
    self.header = header
    self.key = key
    self.destructive = destructive
    self.error = error
  }

  /// The default theme.
  public static let standard = Theme()
}
