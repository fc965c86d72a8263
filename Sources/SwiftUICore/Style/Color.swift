import IssueReporting
/// A colour: a system colour that follows the light or dark appearance, a colour of the app's
/// asset catalogue, or red, green, blue and opacity. A colour is also a view that fills its
/// space.
public struct Color: Hashable, Sendable {
  let value: ColorValue

  init(_ value: ColorValue) { self.value = value }

  /// A colour from red, green and blue (0…1) and opacity.
  public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
    value = .rgba(red: red, green: green, blue: blue, opacity: opacity)
  }

  /// A colour of the app's asset catalogue (`Color("bubblegum")`), read from its
  /// `NAME.colorset/Contents.json` among the resources of `bundle` (the main bundle when nil).
  public init(_ name: String, bundle: Bundle? = nil) {
    value = AssetColors.color(named: name, bundle: bundle ?? .main)
  }

  /// A shade of grey (0 black, 1 white).
  public init(white: Double, opacity: Double = 1) {
    value = .rgba(red: white, green: white, blue: white, opacity: opacity)
  }

  /// This colour at `opacity` times its own.
  public func opacity(_ opacity: Double) -> Color {
    switch value {
    case let .rgba(red, green, blue, alpha): Color(.rgba(red: red, green: green, blue: blue, opacity: alpha * opacity))
    case let .system(name, alpha): Color(.system(name, opacity: alpha * opacity))
    case .material, .gradient: self  // a colour is never a material or a gradient
    }
  }

  /// Black.
  public static let black = Color(.system("black", opacity: 1))
  /// White.
  public static let white = Color(.system("white", opacity: 1))
  /// The platform's gray, which follows the appearance.
  public static let gray = Color(.system("gray", opacity: 1))
  /// The platform's red, which follows the appearance.
  public static let red = Color(.system("red", opacity: 1))
  /// The platform's green, which follows the appearance.
  public static let green = Color(.system("green", opacity: 1))
  /// The platform's blue, which follows the appearance.
  public static let blue = Color(.system("blue", opacity: 1))
  /// The platform's orange, which follows the appearance.
  public static let orange = Color(.system("orange", opacity: 1))
  /// The platform's yellow, which follows the appearance.
  public static let yellow = Color(.system("yellow", opacity: 1))
  /// The platform's pink, which follows the appearance.
  public static let pink = Color(.system("pink", opacity: 1))
  /// The platform's purple, which follows the appearance.
  public static let purple = Color(.system("purple", opacity: 1))
  /// The platform's indigo, which follows the appearance.
  public static let indigo = Color(.system("indigo", opacity: 1))
  /// The platform's teal, which follows the appearance.
  public static let teal = Color(.system("teal", opacity: 1))
  /// The platform's mint, which follows the appearance.
  public static let mint = Color(.system("mint", opacity: 1))
  /// The platform's cyan, which follows the appearance.
  public static let cyan = Color(.system("cyan", opacity: 1))
  /// The platform's brown, which follows the appearance.
  public static let brown = Color(.system("brown", opacity: 1))
  /// No colour: what is behind shows through.
  public static let clear = Color(.system("clear", opacity: 1))
  /// The colour of primary text.
  public static let primary = Color(.system("primary", opacity: 1))
  /// The colour of secondary text (a lighter grey).
  public static let secondary = Color(.system("secondary", opacity: 1))
  /// The app's accent colour (the tint of its controls).
  public static let accentColor = Color(.system("accent", opacity: 1))
}

/// A colour as a renderer draws it.
public enum ColorValue: Hashable, Sendable {
  /// A colour of the platform's palette, by name (`"red"`, `"secondary"`, `"accent"`), which
  /// follows the appearance.
  case system(String, opacity: Double)
  /// The foreground style the view is drawn in (its container's `foregroundStyle`, else the
  /// primary label colour): a shape stroked with no colour of its own.
  public static let foreground = ColorValue.system("foreground", opacity: 1)
  /// Red, green and blue (0…1) and opacity.
  case rgba(red: Double, green: Double, blue: Double, opacity: Double)
  /// A translucent material by its thickness (`ultraThin`, `thin`, `regular`, `thick`,
  /// `ultraThick`, `bar`): a veil that lets a blur of what is behind it show through.
  case material(String)
  /// Colours blended across the box painted (`LinearGradient`, `RadialGradient`,
  /// `AngularGradient`); where one colour is needed (text, a stroke), its first.
  case gradient(GradientValue)
}

extension Color: View, ShapeStyle {
  /// A colour is drawn by the framework.
  public var body: Never { bodyOfPrimitive(Self.self) }
  public static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    nodes.append(context.node(.color(view.value)))
  }
  /// This colour.
  public var colorValue: ColorValue? { value }
}

/// Something a shape or text is painted with: here, a colour (or the foreground's).
public protocol ShapeStyle: Sendable {
  /// The colour to paint with, or nil for the foreground colour in force.
  var colorValue: ColorValue? { get }
}

/// The colour of the foreground in force (the text colour).
public struct ForegroundStyle: ShapeStyle {
  /// The foreground colour in force.
  public init() {}
  /// Nil: the foreground colour in force.
  public var colorValue: ColorValue? { nil }
}

/// The foreground's colour, one level lighter.
public struct HierarchicalShapeStyle: ShapeStyle {
  let value: ColorValue
  /// The level's colour.
  public var colorValue: ColorValue? { value }
  /// The foreground colour.
  public static let primary = Self(value: .system("primary", opacity: 1))
  /// A lighter foreground, for secondary text.
  public static let secondary = Self(value: .system("secondary", opacity: 1))
  /// Lighter still.
  public static let tertiary = Self(value: .system("tertiary", opacity: 1))
}

extension ShapeStyle where Self == Color {
  /// The colour `Color.red`.
  public static var red: Color { .red }
  /// The colour `Color.green`.
  public static var green: Color { .green }
  /// The colour `Color.blue`.
  public static var blue: Color { .blue }
  /// The colour `Color.orange`.
  public static var orange: Color { .orange }
  /// The colour `Color.yellow`.
  public static var yellow: Color { .yellow }
  /// The colour `Color.black`.
  public static var black: Color { .black }
  /// The colour `Color.white`.
  public static var white: Color { .white }
  /// The colour `Color.gray`.
  public static var gray: Color { .gray }
  /// The colour `Color.pink`.
  public static var pink: Color { .pink }
  /// The colour `Color.purple`.
  public static var purple: Color { .purple }
  /// The colour `Color.clear`.
  public static var clear: Color { .clear }
  /// The colour `Color.accentColor`.
  public static var accentColor: Color { .accentColor }
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
  /// The foreground colour.
  public static var primary: HierarchicalShapeStyle { .primary }
  /// A lighter foreground.
  public static var secondary: HierarchicalShapeStyle { .secondary }
  /// Lighter still.
  public static var tertiary: HierarchicalShapeStyle { .tertiary }
}

/// The tint in force (`tint(_:)`, or the app's accent colour): `foregroundStyle(.tint)`.
public struct TintShapeStyle: ShapeStyle {
  /// The tint in force.
  public init() {}
  /// The accent colour, which `tint(_:)` sets for the views inside it.
  public var colorValue: ColorValue? { .system("accent", opacity: 1) }
}

extension ShapeStyle where Self == TintShapeStyle {
  /// The tint in force.
  public static var tint: TintShapeStyle { TintShapeStyle() }
}

/// A translucent background that blurs what is behind it: `.background(.ultraThinMaterial)`.
public struct Material: ShapeStyle {
  let thickness: String
  /// The veil and blur of this thickness.
  public var colorValue: ColorValue? { .material(thickness) }
  /// The most see-through.
  public static let ultraThin = Material(thickness: "ultraThin")
  /// More see-through than regular.
  public static let thin = Material(thickness: "thin")
  /// The usual thickness.
  public static let regular = Material(thickness: "regular")
  /// Less see-through than regular.
  public static let thick = Material(thickness: "thick")
  /// The least see-through.
  public static let ultraThick = Material(thickness: "ultraThick")
  /// The material of bars (a navigation bar's).
  public static let bar = Material(thickness: "bar")
}

extension ShapeStyle where Self == Material {
  /// The most see-through material.
  public static var ultraThinMaterial: Material { .ultraThin }
  /// A see-through material.
  public static var thinMaterial: Material { .thin }
  /// The usual material.
  public static var regularMaterial: Material { .regular }
  /// A less see-through material.
  public static var thickMaterial: Material { .thick }
  /// The least see-through material.
  public static var ultraThickMaterial: Material { .ultraThick }
  /// The material of bars.
  public static var bar: Material { .bar }
}

extension ShapeStyle where Self == ForegroundStyle {
  /// The foreground colour in force.
  public static var foreground: ForegroundStyle { ForegroundStyle() }
}

/// The colours of an asset catalogue (`Assets.xcassets/NAME.colorset/Contents.json`), read
/// once each from the bundle's resources.
enum AssetColors {
  private static let found = AssetCatalog.Cache<ColorValue>()

  static func color(named name: String, bundle: Bundle) -> ColorValue {
    found.value(named: name, in: bundle) {
      if let color = read(name, in: bundle) { return color }
      // As on iOS, the colour is clear; unlike a log line, this says where it was looked for.
      reportIssue("No colour named \"\(name)\" in an asset catalogue of \(bundle.bundlePath) (Assets.xcassets/\(name).colorset/Contents.json, among the target's resources): it is drawn clear.")
      return .system("clear", opacity: 1)
    }
  }

  /// The colour in the catalogue's JSON: its universal (light) appearance's components, written
  /// as 0…1 numbers, 0…255 integers or hexadecimal.
  private static func read(_ name: String, in bundle: Bundle) -> ColorValue? {
    guard let url = AssetCatalog.folder(named: "\(name).colorset", in: bundle)?.appendingPathComponent("Contents.json"),
      let data = try? Data(contentsOf: url),
      let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let colors = json["colors"] as? [[String: Any]],
      let entry = colors.first(where: { ($0["appearances"] as? [Any]) == nil }) ?? colors.first,
      let color = entry["color"] as? [String: Any],
      let components = color["components"] as? [String: Any]
    else { return nil }
    func component(_ key: String) -> Double {
      guard let text = components[key].map({ "\($0)" })?.trimmingCharacters(in: .whitespaces) else { return 1 }
      if text.hasPrefix("0x") || text.hasPrefix("0X") {
        return Double(Int(text.dropFirst(2), radix: 16) ?? 255) / 255
      }
      guard let number = Double(text) else { return 1 }
      return text.contains(".") || number <= 1 ? number : number / 255
    }
    return .rgba(red: component("red"), green: component("green"), blue: component("blue"), opacity: component("alpha"))
  }
}
