// The SwiftUI types that feature state and reducers hold, where Apple's SwiftUI is missing:
// `EditMode` and `LocalizedStringKey` kept in state, `Animation` and `Transaction` passed along
// with actions. `ComposableArchitecture` (where SwiftUI cannot be imported) and `SwiftUICore`
// both re-export this one module, so a file that imports both sees one `EditMode`, not two.
// They carry no behaviour of their own: nothing here animates, nothing is localized.

import Foundation

/// Whether a list is being edited, as SwiftUI spells it: held in state
/// (`var editMode: EditMode = .inactive`) and toggled by `EditButton`.
public enum EditMode: Hashable, Sendable {
  /// The list is not being edited.
  case inactive
  /// The list is switching into or out of editing.
  case transient
  /// The list is being edited.
  case active

  /// Whether the list is being edited or switching into it (`.active` or `.transient`), as in
  /// SwiftUI.
  public var isEditing: Bool {
    self != .inactive
  }
}

/// A key for localized text, as SwiftUI spells it: a string literal a `Text`, `Button` or
/// `Label` shows, or a value state names (`enum Filter: LocalizedStringKey`). Nothing is looked
/// up: the key is the text, interpolations included.
public struct LocalizedStringKey: Hashable, Sendable, ExpressibleByStringInterpolation,
  CustomStringConvertible
{
  /// The key, which is also the text.
  package let text: String

  /// The key for `text`.
  public init(_ text: String) {
    self.text = text
  }

  /// The key written as a literal: `"All"`.
  public init(stringLiteral text: String) {
    self.text = text
  }

  /// The key written as an interpolated literal: `"\(count) books"`.
  public init(stringInterpolation: StringInterpolation) {
    text = stringInterpolation.text
  }

  public var description: String { text }

  /// The pieces of an interpolated key, as written.
  public struct StringInterpolation: StringInterpolationProtocol {
    /// The text so far.
    package var text = ""

    /// An empty interpolation.
    public init(literalCapacity: Int, interpolationCount: Int) {}
    /// Adds literal text.
    public mutating func appendLiteral(_ literal: String) { text += literal }
    /// Adds a value as `\(value)` writes it.
    public mutating func appendInterpolation<T>(_ value: T) { text += "\(value)" }
    /// Adds a value written by a format style.
    public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format: F)
    where F.FormatOutput == String {
      text += format.format(input)
    }
    /// Adds an integer written by a `printf` specifier.
    public mutating func appendInterpolation(_ value: Int, specifier: String) {
      text += String(format: specifier, value)
    }
    /// Adds a number written by a `printf` specifier (`"%.1f"`).
    public mutating func appendInterpolation(_ value: Double, specifier: String) {
      text += String(format: specifier, value)
    }
  }
}

/// An animation, as SwiftUI spells it, for code that passes one along (`withAnimation`,
/// `send(.x, animation: .default)`): accepted and ignored, as changes appear at once.
public struct Animation: Hashable, Sendable, CustomStringConvertible {
  /// How the animation was spelled (`"easeInOut(0.3)"`), for messages and dumps.
  public let description: String

  init(_ description: String) {
    self.description = description
  }

  /// SwiftUI's default animation.
  public static let `default` = Animation("default")
  /// A linear animation of the default duration.
  public static let linear = Animation("linear")
  /// An ease-in animation of the default duration.
  public static let easeIn = Animation("easeIn")
  /// An ease-out animation of the default duration.
  public static let easeOut = Animation("easeOut")
  /// An ease-in-out animation of the default duration.
  public static let easeInOut = Animation("easeInOut")
  /// A spring animation with the default response and damping.
  public static let spring = Animation("spring")
  /// A spring animation meant to follow a gesture.
  public static let interactiveSpring = Animation("interactiveSpring")
  /// A spring animation with a noticeable bounce.
  public static let bouncy = Animation("bouncy")
  /// A spring animation without bounce.
  public static let smooth = Animation("smooth")
  /// A quick spring animation with a small bounce.
  public static let snappy = Animation("snappy")

  /// A linear animation lasting `duration` seconds.
  public static func linear(duration: Double) -> Animation { Animation("linear(\(duration))") }
  /// An ease-in animation lasting `duration` seconds.
  public static func easeIn(duration: Double) -> Animation { Animation("easeIn(\(duration))") }
  /// An ease-out animation lasting `duration` seconds.
  public static func easeOut(duration: Double) -> Animation { Animation("easeOut(\(duration))") }
  /// An ease-in-out animation lasting `duration` seconds.
  public static func easeInOut(duration: Double) -> Animation { Animation("easeInOut(\(duration))") }
  /// A spring animation described by its response, damping fraction and blend duration.
  public static func spring(
    response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0
  ) -> Animation {
    Animation("spring(\(response), \(dampingFraction), \(blendDuration))")
  }
  /// A spring animation described by its duration and bounce.
  public static func spring(duration: Double, bounce: Double = 0) -> Animation {
    Animation("spring(duration: \(duration), bounce: \(bounce))")
  }
  /// A spring animation meant to follow a gesture, with its response, damping and blend.
  public static func interactiveSpring(
    response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: Double = 0.25
  ) -> Animation {
    Animation("interactiveSpring(\(response), \(dampingFraction), \(blendDuration))")
  }
  /// A spring animation described by the physics of a mass on a spring.
  public static func interpolatingSpring(
    mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0
  ) -> Animation {
    Animation("interpolatingSpring(\(mass), \(stiffness), \(damping), \(initialVelocity))")
  }
  /// A spring animation that keeps velocity between changes, by duration and bounce.
  public static func interpolatingSpring(duration: Double = 0.5, bounce: Double = 0) -> Animation {
    Animation("interpolatingSpring(duration: \(duration), bounce: \(bounce))")
  }

  /// This animation, starting `delay` seconds later.
  public func delay(_ delay: Double) -> Animation { Animation("\(description).delay(\(delay))") }
  /// This animation, played `speed` times faster.
  public func speed(_ speed: Double) -> Animation { Animation("\(description).speed(\(speed))") }
  /// This animation, played `count` times.
  public func repeatCount(_ count: Int, autoreverses: Bool = true) -> Animation {
    Animation("\(description).repeatCount(\(count))")
  }
  /// This animation, repeated without end.
  public func repeatForever(autoreverses: Bool = true) -> Animation {
    Animation("\(description).repeatForever")
  }
}

/// A transaction, as SwiftUI spells it: the context of a change, which carries its animation.
public struct Transaction: Sendable {
  /// The animation to apply to the change (accepted and ignored).
  public var animation: Animation?
  /// Whether the change should not animate.
  public var disablesAnimations = false
  /// Whether the transaction is one of a continuous series (a gesture in progress).
  public var isContinuous = false

  /// A transaction with no animation.
  public init() {}

  /// A transaction with `animation`.
  public init(animation: Animation?) {
    self.animation = animation
  }
}

/// Runs `body`: there is nothing to animate, so this only runs it.
@discardableResult
public func withAnimation<Result>(
  _ animation: Animation? = .default, _ body: () throws -> Result
) rethrows -> Result {
  try body()
}

/// Runs `body`: there is nothing to animate, so this only runs it.
@discardableResult
public func withTransaction<Result>(
  _ transaction: Transaction, _ body: () throws -> Result
) rethrows -> Result {
  try body()
}
