/// Where content sits horizontally in its container.
public struct HorizontalAlignment: Equatable, Sendable {
  let name: String
  public static let leading = Self(name: "leading")
  public static let center = Self(name: "center")
  public static let trailing = Self(name: "trailing")
}

/// Where content sits vertically in its container.
public struct VerticalAlignment: Equatable, Sendable {
  let name: String
  public static let top = Self(name: "top")
  public static let center = Self(name: "center")
  public static let bottom = Self(name: "bottom")
  public static let firstTextBaseline = Self(name: "firstTextBaseline")
  public static let lastTextBaseline = Self(name: "lastTextBaseline")
}

/// Where content sits in both directions.
public struct Alignment: Equatable, Sendable {
  public var horizontal: HorizontalAlignment
  public var vertical: VerticalAlignment

  public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  public static let center = Self(horizontal: .center, vertical: .center)
  public static let leading = Self(horizontal: .leading, vertical: .center)
  public static let trailing = Self(horizontal: .trailing, vertical: .center)
  public static let top = Self(horizontal: .center, vertical: .top)
  public static let bottom = Self(horizontal: .center, vertical: .bottom)
  public static let topLeading = Self(horizontal: .leading, vertical: .top)
  public static let topTrailing = Self(horizontal: .trailing, vertical: .top)
  public static let bottomLeading = Self(horizontal: .leading, vertical: .bottom)
  public static let bottomTrailing = Self(horizontal: .trailing, vertical: .bottom)
}

/// A direction of layout.
public enum Axis: Int8, CaseIterable, Sendable {
  case horizontal, vertical

  /// A set of directions (`.horizontal`, `[.horizontal, .vertical]`).
  public struct Set: OptionSet, Sendable {
    public let rawValue: Int8
    public init(rawValue: Int8) { self.rawValue = rawValue }
    public static let horizontal = Self(rawValue: 1)
    public static let vertical = Self(rawValue: 2)
  }
}

/// A side of a rectangle.
public enum Edge: Int8, CaseIterable, Sendable {
  case top, leading, bottom, trailing

  /// A set of sides (`.horizontal` is leading and trailing).
  public struct Set: OptionSet, Sendable {
    public let rawValue: Int8
    public init(rawValue: Int8) { self.rawValue = rawValue }
    public init(_ edge: Edge) { self.init(rawValue: 1 << edge.rawValue) }
    public static let top = Self(.top)
    public static let leading = Self(.leading)
    public static let bottom = Self(.bottom)
    public static let trailing = Self(.trailing)
    public static let all: Self = [.top, .leading, .bottom, .trailing]
    public static let horizontal: Self = [.leading, .trailing]
    public static let vertical: Self = [.top, .bottom]
  }
}

/// The insets of a rectangle's four sides.
public struct EdgeInsets: Equatable, Sendable {
  public var top: CGFloat
  public var leading: CGFloat
  public var bottom: CGFloat
  public var trailing: CGFloat

  public init(top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  init(_ edges: Edge.Set, _ length: CGFloat) {
    self.init(
      top: edges.contains(.top) ? length : 0, leading: edges.contains(.leading) ? length : 0,
      bottom: edges.contains(.bottom) ? length : 0, trailing: edges.contains(.trailing) ? length : 0
    )
  }
}

/// An angle, in degrees or radians.
public struct Angle: Equatable, Comparable, Sendable {
  public var radians: Double
  public var degrees: Double {
    get { radians * 180 / .pi }
    set { radians = newValue * .pi / 180 }
  }

  public init() { radians = 0 }
  public init(radians: Double) { self.radians = radians }
  public init(degrees: Double) { radians = degrees * .pi / 180 }

  public static func radians(_ radians: Double) -> Self { Self(radians: radians) }
  public static func degrees(_ degrees: Double) -> Self { Self(degrees: degrees) }
  public static let zero = Self()

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.radians < rhs.radians }
  public static func + (lhs: Self, rhs: Self) -> Self { Self(radians: lhs.radians + rhs.radians) }
  public static func - (lhs: Self, rhs: Self) -> Self { Self(radians: lhs.radians - rhs.radians) }
  public static func * (lhs: Self, rhs: Double) -> Self { Self(radians: lhs.radians * rhs) }
  public static func / (lhs: Self, rhs: Double) -> Self { Self(radians: lhs.radians / rhs) }
}

/// How lines of text line up.
public enum TextAlignment: Hashable, CaseIterable, Sendable {
  case leading, center, trailing
}

/// What a button does, which decides how it looks and where an alert puts it.
public struct ButtonRole: Equatable, Sendable {
  let name: String
  public static let destructive = Self(name: "destructive")
  public static let cancel = Self(name: "cancel")
}
