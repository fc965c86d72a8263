/// What a view is to a screen reader: a heading, a button, a selected item…
/// (`accessibilityAddTraits(.isHeader)`).
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
  /// The traits, one bit each.
  public let rawValue: UInt32

  /// The traits whose bits are set in `rawValue`.
  public init(rawValue: UInt32) { self.rawValue = rawValue }
  private init(bit: UInt32) { rawValue = 1 << bit }

  /// Acts as a button.
  public static let isButton = Self(bit: 0)
  /// A heading that opens a part of the screen.
  public static let isHeader = Self(bit: 1)
  /// Chosen (in a list or a group of choices).
  public static let isSelected = Self(bit: 2)
  /// Opens an address.
  public static let isLink = Self(bit: 3)
  /// A search field.
  public static let isSearchField = Self(bit: 4)
  /// An image.
  public static let isImage = Self(bit: 5)
  /// Plays a sound when used (said by VoiceOver only: ignored in a browser).
  public static let playsSound = Self(bit: 6)
  /// A key of a keyboard (ignored in a browser).
  public static let isKeyboardKey = Self(bit: 7)
  /// Text that does not change.
  public static let isStaticText = Self(bit: 8)
  /// A summary of the screen, said when it opens (ignored in a browser).
  public static let isSummaryElement = Self(bit: 9)
  /// Changes often: read out as it changes (a browser's polite live region).
  public static let updatesFrequently = Self(bit: 10)
  /// Starts playing media (ignored in a browser).
  public static let startsMediaSession = Self(bit: 11)
  /// Takes touches directly (ignored in a browser).
  public static let allowsDirectInteraction = Self(bit: 12)
  /// Turns a page when read to its end (ignored in a browser).
  public static let causesPageTurn = Self(bit: 13)
  /// A modal view: what is behind it is left out.
  public static let isModal = Self(bit: 14)
  /// A switch that turns on and off.
  public static let isToggle = Self(bit: 15)
}

/// What becomes of the views inside a view made one element for screen readers
/// (`accessibilityElement(children:)`).
public struct AccessibilityChildBehavior: Hashable, Sendable {
  /// The behaviours a renderer tells apart.
  public enum Kind: Hashable, Sendable {
    /// The views inside are left out: the element says only its own label and value.
    case ignore
    /// The views inside stay elements, grouped under this one.
    case contain
    /// The views inside are said together as this element's label.
    case combine
  }

  /// Which behaviour this is.
  public let kind: Kind

  /// The views inside are left out.
  public static let ignore = Self(kind: .ignore)
  /// The views inside stay elements, grouped.
  public static let contain = Self(kind: .contain)
  /// The views inside are said together.
  public static let combine = Self(kind: .combine)
}

extension View {
  /// The name screen readers say for this view.
  public func accessibilityLabel(_ label: Text) -> some View {
    modifier(node: .accessibilityLabel(label.runs.map(\.string).joined()))
  }

  /// The name screen readers say for this view.
  public func accessibilityLabel(_ label: LocalizedStringKey) -> some View {
    modifier(node: .accessibilityLabel(label.text))
  }

  /// The name screen readers say for this view.
  @_disfavoredOverload
  public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View {
    modifier(node: .accessibilityLabel(String(label)))
  }

  /// The value screen readers say after this view's name ("10 minutes").
  public func accessibilityValue(_ value: Text) -> some View {
    modifier(node: .accessibilityValue(value.runs.map(\.string).joined()))
  }

  /// The value screen readers say after this view's name ("10 minutes").
  public func accessibilityValue(_ value: LocalizedStringKey) -> some View {
    modifier(node: .accessibilityValue(value.text))
  }

  /// The value screen readers say after this view's name ("10 minutes").
  @_disfavoredOverload
  public func accessibilityValue<S: StringProtocol>(_ value: S) -> some View {
    modifier(node: .accessibilityValue(String(value)))
  }

  /// What happens when this view is used, said after its name and value.
  public func accessibilityHint(_ hint: Text) -> some View {
    modifier(node: .accessibilityHint(hint.runs.map(\.string).joined()))
  }

  /// What happens when this view is used, said after its name and value.
  public func accessibilityHint(_ hint: LocalizedStringKey) -> some View {
    modifier(node: .accessibilityHint(hint.text))
  }

  /// What happens when this view is used, said after its name and value.
  @_disfavoredOverload
  public func accessibilityHint<S: StringProtocol>(_ hint: S) -> some View {
    modifier(node: .accessibilityHint(String(hint)))
  }

  /// Says what this view is to screen readers: `.isHeader` makes it a heading, `.isButton` a
  /// button, and so on (the traits a browser has no counterpart for are listed as ignored).
  public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View {
    modifier(node: .accessibilityTraits(traits))
  }

  /// Makes this view one element for screen readers: with `.ignore` the views inside are left
  /// out (give it a label), with `.combine` they are said together, with `.contain` they stay
  /// elements of a group.
  public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View {
    modifier(node: .accessibilityElement(children))
  }

  /// Leaves this view out for screen readers when `hidden` is true.
  public func accessibilityHidden(_ hidden: Bool) -> some View {
    modifier(node: .accessibilityHidden(hidden))
  }
}
