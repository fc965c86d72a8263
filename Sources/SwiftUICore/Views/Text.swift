/// Text to read: `Text("Hello")`, `Text(verbatim: name)`, `Text(date, style: .date)`; joined
/// with `+`, each part keeping its own style.
public struct Text: Equatable {
  var runs: [TextRun]

  /// Text as written: a string literal (a localized string key in SwiftUI; shown as written
  /// here), with interpolations.
  public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
    runs = [TextRun(string: key.text)]
  }

  /// A string shown as it is.
  public init(verbatim content: String) {
    runs = [TextRun(string: content)]
  }

  /// A string shown as it is.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ content: S) {
    runs = [TextRun(string: String(content))]
  }

  /// A date as the style says: `.date` (November 27, 2026), `.time` (3:04 PM), or a span from
  /// now (`.relative`, `.offset`, `.timer`).
  public init(_ date: Date, style: DateStyle) {
    runs = [TextRun(string: style.format(date))]
  }

  /// A span of dates: `Text(start...end)`.
  public init(_ dates: ClosedRange<Date>) {
    let formatter = DateIntervalFormatter()
    formatter.dateStyle = .short
    formatter.timeStyle = .short
    runs = [TextRun(string: formatter.string(from: dates.lowerBound, to: dates.upperBound))]
  }

  /// A value written by a format style: `Text(duration, format: .number)`.
  public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
    runs = [TextRun(string: format.format(input))]
  }

  private init(runs: [TextRun]) { self.runs = runs }

  /// The two texts one after the other, each keeping its style.
  public static func + (lhs: Text, rhs: Text) -> Text { Text(runs: lhs.runs + rhs.runs) }

  private func styled(_ change: (inout TextRun) -> Void) -> Text {
    var text = self
    for index in text.runs.indices { change(&text.runs[index]) }
    return text
  }

  /// This text, bold.
  public func bold() -> Text { styled { $0.isBold = true } }
  /// This text, bold when `isActive`.
  public func bold(_ isActive: Bool) -> Text { isActive ? bold() : self }
  /// This text, in italics.
  public func italic() -> Text { styled { $0.isItalic = true } }
  /// This text, in italics when `isActive`.
  public func italic(_ isActive: Bool) -> Text { isActive ? italic() : self }
  /// This text, struck through when `isActive` (the line is the text colour here).
  public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text { styled { $0.isStrikethrough = isActive } }
  /// This text, underlined when `isActive` (the line is the text colour here).
  public func underline(_ isActive: Bool = true, color: Color? = nil) -> Text { styled { $0.isUnderlined = isActive } }
  /// This text in a fixed-width font when `isActive`.
  public func monospaced(_ isActive: Bool = true) -> Text { styled { $0.isMonospaced = isActive } }
  /// This text with digits of one width, so that numbers line up.
  public func monospacedDigit() -> Text { styled { $0.font = ($0.font ?? .body).monospacedDigit() } }
  /// This text in `font`.
  public func font(_ font: Font?) -> Text { styled { $0.font = font } }
  /// This text at `weight`.
  public func fontWeight(_ weight: Font.Weight?) -> Text {
    styled { run in if let weight { run.font = (run.font ?? .body).weight(weight) } }
  }
  /// This text in `color`.
  public func foregroundColor(_ color: Color?) -> Text { styled { $0.color = color?.value } }
  /// This text in `style`'s colour.
  public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text { styled { $0.color = style.colorValue } }

  /// How `Text(_:style:)` writes a date.
  public struct DateStyle: Equatable, Sendable {
    let name: String
    /// The date: November 27, 2026.
    public static let date = Self(name: "date")
    /// The time: 3:04 PM.
    public static let time = Self(name: "time")
    /// The span from now: in 2 hours, 3 minutes ago.
    public static let relative = Self(name: "relative")
    /// The span from now, as `relative`.
    public static let offset = Self(name: "offset")
    /// The time since (or until) the date, as minutes and seconds: 2:05.
    public static let timer = Self(name: "timer")

    func format(_ date: Date) -> String {
      switch name {
      case "date":
        return date.formatted(date: .long, time: .omitted)
      case "time":
        return date.formatted(date: .omitted, time: .shortened)
      case "relative", "offset":
        return date.formatted(.relative(presentation: .numeric, unitsStyle: .wide))
      default:
        let seconds = Int(abs(date.timeIntervalSinceNow))
        return String(format: "%d:%02d", seconds / 60, seconds % 60)
      }
    }
  }
}

extension Text: View {
  /// Drawn by the framework: it has no body of its own.
  public var body: Never { bodyOfPrimitive(Self.self) }
  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    nodes.append(context.node(.text(view.runs)))
  }
}

extension LocalizedStringKey.StringInterpolation {
  /// Adds a text's characters.
  public mutating func appendInterpolation(_ text: Text) { self.text += text.runs.map(\.string).joined() }
  /// Adds a date as `Text(date, style:)` writes it.
  public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle) { text += style.format(date) }
}
