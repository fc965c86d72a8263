/// Where content sits horizontally in its container.
public struct HorizontalAlignment: Equatable, Sendable {
  let name: String
  /// At the leading edge (the left, in a left-to-right language).
  public static let leading = Self(name: "leading")
  /// In the middle.
  public static let center = Self(name: "center")
  /// At the trailing edge.
  public static let trailing = Self(name: "trailing")
}

/// Where content sits vertically in its container.
public struct VerticalAlignment: Equatable, Sendable {
  let name: String
  /// At the top.
  public static let top = Self(name: "top")
  /// In the middle.
  public static let center = Self(name: "center")
  /// At the bottom.
  public static let bottom = Self(name: "bottom")
  /// On the first line of text's baseline (drawn at the top here).
  public static let firstTextBaseline = Self(name: "firstTextBaseline")
  /// On the last line of text's baseline (drawn at the bottom here).
  public static let lastTextBaseline = Self(name: "lastTextBaseline")
}

/// Where content sits in both directions.
public struct Alignment: Equatable, Sendable {
  /// Where it sits across.
  public var horizontal: HorizontalAlignment
  /// Where it sits up and down.
  public var vertical: VerticalAlignment

  /// An alignment from its two directions.
  public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  /// In the middle.
  public static let center = Self(horizontal: .center, vertical: .center)
  /// At the leading edge, in the middle vertically.
  public static let leading = Self(horizontal: .leading, vertical: .center)
  /// At the trailing edge, in the middle vertically.
  public static let trailing = Self(horizontal: .trailing, vertical: .center)
  /// At the top, in the middle across.
  public static let top = Self(horizontal: .center, vertical: .top)
  /// At the bottom, in the middle across.
  public static let bottom = Self(horizontal: .center, vertical: .bottom)
  /// In the top leading corner.
  public static let topLeading = Self(horizontal: .leading, vertical: .top)
  /// In the top trailing corner.
  public static let topTrailing = Self(horizontal: .trailing, vertical: .top)
  /// In the bottom leading corner.
  public static let bottomLeading = Self(horizontal: .leading, vertical: .bottom)
  /// In the bottom trailing corner.
  public static let bottomTrailing = Self(horizontal: .trailing, vertical: .bottom)
}

/// A direction of layout.
public enum Axis: Int8, CaseIterable, Sendable {
  /// Across.
  case horizontal
  /// Up and down.
  case vertical

  /// A set of directions (`.horizontal`, `[.horizontal, .vertical]`).
  public struct Set: OptionSet, Sendable {
    /// The set's bits.
    public let rawValue: Int8
    /// The set with these bits.
    public init(rawValue: Int8) { self.rawValue = rawValue }
    /// Across.
    public static let horizontal = Self(rawValue: 1)
    /// Up and down.
    public static let vertical = Self(rawValue: 2)
  }
}

/// A side of a rectangle.
public enum Edge: Int8, CaseIterable, Sendable {
  /// The top side.
  case top
  /// The leading side.
  case leading
  /// The bottom side.
  case bottom
  /// The trailing side.
  case trailing

  /// A set of sides (`.horizontal` is leading and trailing).
  public struct Set: OptionSet, Sendable {
    /// The set's bits.
    public let rawValue: Int8
    /// The set with these bits.
    public init(rawValue: Int8) { self.rawValue = rawValue }
    /// The set of one side.
    public init(_ edge: Edge) { self.init(rawValue: 1 << edge.rawValue) }
    /// The top side.
    public static let top = Self(.top)
    /// The leading side.
    public static let leading = Self(.leading)
    /// The bottom side.
    public static let bottom = Self(.bottom)
    /// The trailing side.
    public static let trailing = Self(.trailing)
    /// Every side.
    public static let all: Self = [.top, .leading, .bottom, .trailing]
    /// The leading and trailing sides.
    public static let horizontal: Self = [.leading, .trailing]
    /// The top and bottom sides.
    public static let vertical: Self = [.top, .bottom]
  }
}

/// The insets of a rectangle's four sides.
public struct EdgeInsets: Equatable, Sendable {
  /// The inset of the top side.
  public var top: CGFloat
  /// The inset of the leading side.
  public var leading: CGFloat
  /// The inset of the bottom side.
  public var bottom: CGFloat
  /// The inset of the trailing side.
  public var trailing: CGFloat

  /// Insets side by side (0 when not given).
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

/// An angle, in degrees or radians: `.degrees(90)`.
public struct Angle: Equatable, Comparable, Sendable {
  /// The angle in radians.
  public var radians: Double
  /// The angle in degrees.
  public var degrees: Double {
    get { radians * 180 / .pi }
    set { radians = newValue * .pi / 180 }
  }

  /// No angle.
  public init() { radians = 0 }
  /// An angle of `radians`.
  public init(radians: Double) { self.radians = radians }
  /// An angle of `degrees`.
  public init(degrees: Double) { radians = degrees * .pi / 180 }

  /// An angle of `radians`.
  public static func radians(_ radians: Double) -> Self { Self(radians: radians) }
  /// An angle of `degrees`.
  public static func degrees(_ degrees: Double) -> Self { Self(degrees: degrees) }
  /// No angle.
  public static let zero = Self()

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.radians < rhs.radians }
  /// The sum of two angles.
  public static func + (lhs: Self, rhs: Self) -> Self { Self(radians: lhs.radians + rhs.radians) }
  /// The difference of two angles.
  public static func - (lhs: Self, rhs: Self) -> Self { Self(radians: lhs.radians - rhs.radians) }
  /// An angle times a number.
  public static func * (lhs: Self, rhs: Double) -> Self { Self(radians: lhs.radians * rhs) }
  /// An angle divided by a number.
  public static func / (lhs: Self, rhs: Double) -> Self { Self(radians: lhs.radians / rhs) }
}

/// How lines of text line up.
public enum TextAlignment: Hashable, CaseIterable, Sendable {
  /// Along the leading edge.
  case leading
  /// Centred.
  case center
  /// Along the trailing edge.
  case trailing
}

/// What a button does, which decides how it looks and where an alert puts it.
public struct ButtonRole: Equatable, Sendable {
  let name: String
  /// It deletes or discards something: drawn in red.
  public static let destructive = Self(name: "destructive")
  /// It cancels: last in a dialog, first in an alert of two buttons, and bold.
  public static let cancel = Self(name: "cancel")
}
