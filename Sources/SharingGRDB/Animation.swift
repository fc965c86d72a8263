/// How a front end animates the change a reader brings, as `.fetchAll(sql: …, animation:
/// .default)` asks. A reader with an animation is a key of its own: the same query with and
/// without one are two readers.
///
/// The terminal and web front ends show changes at once; the animation is kept with the key so
/// that code written for SharingGRDB compiles and keys stay distinct.
public struct Animation: Hashable, Sendable {
  /// The curve.
  public enum Curve: Hashable, Sendable {
    case linear, easeIn, easeOut, easeInOut, spring
  }

  /// How the change moves over time.
  public let curve: Curve
  /// How long it lasts, in seconds.
  public let duration: Double

  /// An animation along `curve` lasting `duration` seconds.
  public init(curve: Curve, duration: Double) {
    self.curve = curve
    self.duration = duration
  }

  /// The platform's usual animation.
  public static let `default` = Animation(curve: .spring, duration: 0.35)
  /// At a constant pace.
  public static let linear = Animation(curve: .linear, duration: 0.35)
  /// Starting slowly.
  public static let easeIn = Animation(curve: .easeIn, duration: 0.35)
  /// Ending slowly.
  public static let easeOut = Animation(curve: .easeOut, duration: 0.35)
  /// Starting and ending slowly.
  public static let easeInOut = Animation(curve: .easeInOut, duration: 0.35)
  /// Settling like a spring.
  public static let spring = Animation(curve: .spring, duration: 0.5)

  /// At a constant pace, for `duration` seconds.
  public static func linear(duration: Double) -> Self { Self(curve: .linear, duration: duration) }
  /// Starting slowly, for `duration` seconds.
  public static func easeIn(duration: Double) -> Self { Self(curve: .easeIn, duration: duration) }
  /// Ending slowly, for `duration` seconds.
  public static func easeOut(duration: Double) -> Self { Self(curve: .easeOut, duration: duration) }
  /// Starting and ending slowly, for `duration` seconds.
  public static func easeInOut(duration: Double) -> Self { Self(curve: .easeInOut, duration: duration) }
}
