// Reducers written for SwiftUI pass animations along with actions (`send(.x, animation: .default)`).
// They are platform independent otherwise, so here they compile unchanged: with SwiftUI its own
// types are used; without it (Linux, Windows, Android, Wasm), `Animation` and `Transaction` are
// small values with the common spellings that carry no behaviour: the action is sent as if no
// animation had been given. A terminal or server front end has nothing to animate.

#if canImport(SwiftUI)
  import SwiftUI
#else
  /// An animation, as SwiftUI spells it, for code that passes one along with an action. Without
  /// SwiftUI it does nothing: the action is sent as if it had none.
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

  /// A transaction, as SwiftUI spells it; without SwiftUI it carries its animation and nothing
  /// more.
  public struct Transaction: Sendable {
    /// The animation to apply to the changes the action makes (ignored without SwiftUI).
    public var animation: Animation?
    /// Whether the changes should not animate.
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

  /// Runs `body`; without SwiftUI there is nothing to animate.
  @discardableResult
  public func withAnimation<Result>(
    _ animation: Animation? = .default, _ body: () throws -> Result
  ) rethrows -> Result {
    try body()
  }

  /// Runs `body`; without SwiftUI there is nothing to animate.
  @discardableResult
  public func withTransaction<Result>(
    _ transaction: Transaction, _ body: () throws -> Result
  ) rethrows -> Result {
    try body()
  }
#endif

extension Send {
  /// Sends an action with an animation (`await send(.loaded(items), animation: .default)`).
  /// Without SwiftUI the animation is ignored.
  public func callAsFunction(_ action: Action, animation: Animation?) {
    callAsFunction(action, transaction: Transaction(animation: animation))
  }

  /// Sends an action in a transaction. Without SwiftUI the transaction is ignored.
  public func callAsFunction(_ action: Action, transaction: Transaction) {
    guard !Task.isCancelled else { return }
    withTransaction(transaction) {
      self.send(action)
    }
  }
}

extension Effect {
  /// An effect that sends an action with an animation. No store here renders with SwiftUI, so
  /// the animation is not applied: this is `.send(action)`, delivered just as synchronously.
  public static func send(_ action: Action, animation: Animation?) -> Self {
    .send(action)
  }
}

extension Store {
  /// Sends an action with an animation. Without SwiftUI the animation is ignored.
  @discardableResult
  public func send(_ action: Action, animation: Animation?) -> StoreTask {
    send(action, transaction: Transaction(animation: animation))
  }

  /// Sends an action in a transaction. Without SwiftUI the transaction is ignored.
  @discardableResult
  public func send(_ action: Action, transaction: Transaction) -> StoreTask {
    withTransaction(transaction) {
      send(action)
    }
  }
}
