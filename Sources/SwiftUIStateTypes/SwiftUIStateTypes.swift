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

/// An animation, as SwiftUI spells it (`withAnimation`, `send(.x, animation: .default)`,
/// `.animation(_:value:)`): a duration, a delay and a timing curve, which a renderer plays (the
/// browser, with the Web Animations API). Springs are played as a curve of their response's
/// length, overshooting when they bounce.
public struct Animation: Hashable, Sendable, CustomStringConvertible {
  /// How the animation was spelled (`"easeInOut(0.3)"`), for messages and dumps.
  public let description: String
  /// How long it plays, in seconds.
  public let duration: Double
  /// How long it waits before playing, in seconds.
  public let delay: Double
  /// Its timing curve, as CSS writes one (`ease-in-out`, `cubic-bezier(…)`).
  public let curve: String

  init(_ description: String, duration: Double, delay: Double = 0, curve: String) {
    self.description = description
    self.duration = duration
    self.delay = delay
    self.curve = curve
  }

  /// A spring's curve: overshooting when it bounces (`dampingFraction` below 1).
  private static func springCurve(dampingFraction: Double) -> String {
    dampingFraction < 0.8 ? "cubic-bezier(0.34, 1.56, 0.64, 1)" : "cubic-bezier(0.22, 1, 0.36, 1)"
  }

  /// SwiftUI's default animation.
  public static let `default` = Animation("default", duration: 0.35, curve: "ease-in-out")
  /// A linear animation of the default duration.
  public static let linear = Animation("linear", duration: 0.35, curve: "linear")
  /// An ease-in animation of the default duration.
  public static let easeIn = Animation("easeIn", duration: 0.35, curve: "ease-in")
  /// An ease-out animation of the default duration.
  public static let easeOut = Animation("easeOut", duration: 0.35, curve: "ease-out")
  /// An ease-in-out animation of the default duration.
  public static let easeInOut = Animation("easeInOut", duration: 0.35, curve: "ease-in-out")
  /// A spring animation with the default response and damping.
  public static let spring = Animation("spring", duration: 0.5, curve: springCurve(dampingFraction: 0.825))
  /// A spring animation meant to follow a gesture.
  public static let interactiveSpring = Animation("interactiveSpring", duration: 0.15, curve: springCurve(dampingFraction: 0.86))
  /// A spring animation with a noticeable bounce.
  public static let bouncy = Animation("bouncy", duration: 0.5, curve: springCurve(dampingFraction: 0.7))
  /// A spring animation without bounce.
  public static let smooth = Animation("smooth", duration: 0.5, curve: springCurve(dampingFraction: 1))
  /// A quick spring animation with a small bounce.
  public static let snappy = Animation("snappy", duration: 0.3, curve: springCurve(dampingFraction: 0.85))

  /// A linear animation lasting `duration` seconds.
  public static func linear(duration: Double) -> Animation {
    Animation("linear(\(duration))", duration: duration, curve: "linear")
  }
  /// An ease-in animation lasting `duration` seconds.
  public static func easeIn(duration: Double) -> Animation {
    Animation("easeIn(\(duration))", duration: duration, curve: "ease-in")
  }
  /// An ease-out animation lasting `duration` seconds.
  public static func easeOut(duration: Double) -> Animation {
    Animation("easeOut(\(duration))", duration: duration, curve: "ease-out")
  }
  /// An ease-in-out animation lasting `duration` seconds.
  public static func easeInOut(duration: Double) -> Animation {
    Animation("easeInOut(\(duration))", duration: duration, curve: "ease-in-out")
  }
  /// A spring animation described by its response, damping fraction and blend duration.
  public static func spring(
    response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0
  ) -> Animation {
    Animation(
      "spring(\(response), \(dampingFraction), \(blendDuration))", duration: response,
      curve: springCurve(dampingFraction: dampingFraction)
    )
  }
  /// A spring animation described by its duration and bounce.
  public static func spring(duration: Double, bounce: Double = 0) -> Animation {
    Animation(
      "spring(duration: \(duration), bounce: \(bounce))", duration: duration,
      curve: springCurve(dampingFraction: 1 - bounce)
    )
  }
  /// A spring animation meant to follow a gesture, with its response, damping and blend.
  public static func interactiveSpring(
    response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: Double = 0.25
  ) -> Animation {
    Animation(
      "interactiveSpring(\(response), \(dampingFraction), \(blendDuration))", duration: response,
      curve: springCurve(dampingFraction: dampingFraction)
    )
  }
  /// A spring animation described by the physics of a mass on a spring (played for the time it
  /// takes to settle, at most a second).
  public static func interpolatingSpring(
    mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0
  ) -> Animation {
    let dampingFraction = damping / (2 * (stiffness * mass).squareRoot())
    let settle = min(1, max(0.15, 4 * mass / max(damping, 0.001) / 2))
    return Animation(
      "interpolatingSpring(\(mass), \(stiffness), \(damping), \(initialVelocity))", duration: settle,
      curve: springCurve(dampingFraction: dampingFraction)
    )
  }
  /// A spring animation that keeps velocity between changes, by duration and bounce.
  public static func interpolatingSpring(duration: Double = 0.5, bounce: Double = 0) -> Animation {
    Animation(
      "interpolatingSpring(duration: \(duration), bounce: \(bounce))", duration: duration,
      curve: springCurve(dampingFraction: 1 - bounce)
    )
  }

  /// This animation, starting `delay` seconds later.
  public func delay(_ delay: Double) -> Animation {
    Animation("\(description).delay(\(delay))", duration: duration, delay: self.delay + delay, curve: curve)
  }
  /// This animation, played `speed` times faster.
  public func speed(_ speed: Double) -> Animation {
    let speed = speed > 0 ? speed : 1
    return Animation("\(description).speed(\(speed))", duration: duration / speed, delay: delay / speed, curve: curve)
  }
  /// This animation, played `count` times (played once here).
  public func repeatCount(_ count: Int, autoreverses: Bool = true) -> Animation {
    Animation("\(description).repeatCount(\(count))", duration: duration, delay: delay, curve: curve)
  }
  /// This animation, repeated without end (played once here).
  public func repeatForever(autoreverses: Bool = true) -> Animation {
    Animation("\(description).repeatForever", duration: duration, delay: delay, curve: curve)
  }
}

/// The animation of the change under way: set by `withAnimation` and `withTransaction` for the
/// length of their body, read by whoever hears of a change made in it (a window's view graph),
/// so that what that change redraws animates.
public enum _AnimationOfChange {
  /// The animation of the change under way (nil: none, or not animated).
  @TaskLocal public static var current: Animation?
}

/// A transaction, as SwiftUI spells it: the context of a change, which carries its animation.
public struct Transaction: Sendable {
  /// The animation to apply to the change.
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

/// Runs `body`; what its changes redraw animates with `animation` (nil: at once).
@discardableResult
public func withAnimation<Result>(
  _ animation: Animation? = .default, _ body: () throws -> Result
) rethrows -> Result {
  try _AnimationOfChange.$current.withValue(animation) { try body() }
}

/// Runs `body`; what its changes redraw animates with the transaction's animation (none when it
/// disables animations).
@discardableResult
public func withTransaction<Result>(
  _ transaction: Transaction, _ body: () throws -> Result
) rethrows -> Result {
  try _AnimationOfChange.$current.withValue(transaction.disablesAnimations ? nil : transaction.animation) { try body() }
}
