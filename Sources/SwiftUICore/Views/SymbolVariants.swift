/// The variant of symbols drawn inside a view (`symbolVariant(.fill)`): `Image(systemName:
/// "heart")` under `.fill` is `heart.fill`, under `.circle.fill` `heart.circle.fill`.
public struct SymbolVariants: Hashable, Sendable {
  /// The suffixes, in the order a symbol's name takes them (shape, then fill, then slash).
  let shape: String?
  let isFilled: Bool
  let isSlashed: Bool

  /// The symbol as named.
  public static let none = SymbolVariants(shape: nil, isFilled: false, isSlashed: false)
  /// Filled (`.fill`).
  public static let fill = SymbolVariants(shape: nil, isFilled: true, isSlashed: false)
  /// In a circle (`.circle`).
  public static let circle = SymbolVariants(shape: "circle", isFilled: false, isSlashed: false)
  /// In a square (`.square`).
  public static let square = SymbolVariants(shape: "square", isFilled: false, isSlashed: false)
  /// In a rectangle (`.rectangle`).
  public static let rectangle = SymbolVariants(shape: "rectangle", isFilled: false, isSlashed: false)
  /// Struck through (`.slash`).
  public static let slash = SymbolVariants(shape: nil, isFilled: false, isSlashed: true)

  /// This variant, filled.
  public var fill: SymbolVariants { SymbolVariants(shape: shape, isFilled: true, isSlashed: isSlashed) }
  /// This variant, in a circle.
  public var circle: SymbolVariants { SymbolVariants(shape: "circle", isFilled: isFilled, isSlashed: isSlashed) }
  /// This variant, in a square.
  public var square: SymbolVariants { SymbolVariants(shape: "square", isFilled: isFilled, isSlashed: isSlashed) }
  /// This variant, struck through.
  public var slash: SymbolVariants { SymbolVariants(shape: shape, isFilled: isFilled, isSlashed: true) }

  /// Whether it holds `other`'s parts.
  public func contains(_ other: SymbolVariants) -> Bool {
    (other.shape == nil || other.shape == shape) && (!other.isFilled || isFilled) && (!other.isSlashed || isSlashed)
  }

  /// `name` with this variant's suffixes, those it does not already have (`heart` + `.fill`).
  func applied(to name: String) -> String {
    var parts = name.split(separator: ".").map(String.init)
    if isSlashed, !parts.contains("slash") { parts.append("slash") }
    if let shape, !parts.contains(shape) { parts.insert(shape, at: parts.firstIndex(of: "slash") ?? parts.endIndex) }
    if isFilled, !parts.contains("fill") { parts.append("fill") }
    return parts.joined(separator: ".")
  }
}

extension EnvironmentValues {
  private enum SymbolVariantsKey: EnvironmentKey {
    static var defaultValue: SymbolVariants { .none }
  }
  /// The variant of the symbols drawn here (`symbolVariant(_:)`).
  public var symbolVariants: SymbolVariants {
    get { self[SymbolVariantsKey.self] }
    set { self[SymbolVariantsKey.self] = newValue }
  }
}

extension View {
  /// Draws the symbols inside in `variant` (`Image(systemName: "heart").symbolVariant(.fill)` is
  /// a filled heart); `.none` draws them as named.
  public func symbolVariant(_ variant: SymbolVariants) -> some View {
    EnvironmentWriter(content: self) { $0.symbolVariants = variant }
  }
}
