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
    public let description: String

    init(_ description: String) {
      self.description = description
    }

    public static let `default` = Animation("default")
    public static let linear = Animation("linear")
    public static let easeIn = Animation("easeIn")
    public static let easeOut = Animation("easeOut")
    public static let easeInOut = Animation("easeInOut")
    public static let spring = Animation("spring")
    public static let interactiveSpring = Animation("interactiveSpring")
    public static let bouncy = Animation("bouncy")
    public static let smooth = Animation("smooth")
    public static let snappy = Animation("snappy")

    public static func linear(duration: Double) -> Animation { Animation("linear(\(duration))") }
    public static func easeIn(duration: Double) -> Animation { Animation("easeIn(\(duration))") }
    public static func easeOut(duration: Double) -> Animation { Animation("easeOut(\(duration))") }
    public static func easeInOut(duration: Double) -> Animation { Animation("easeInOut(\(duration))") }
    public static func spring(
      response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0
    ) -> Animation {
      Animation("spring(\(response), \(dampingFraction), \(blendDuration))")
    }
    public static func spring(duration: Double, bounce: Double = 0) -> Animation {
      Animation("spring(duration: \(duration), bounce: \(bounce))")
    }
    public static func interactiveSpring(
      response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: Double = 0.25
    ) -> Animation {
      Animation("interactiveSpring(\(response), \(dampingFraction), \(blendDuration))")
    }

    public static func interpolatingSpring(
      mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0
    ) -> Animation {
      Animation("interpolatingSpring(\(mass), \(stiffness), \(damping), \(initialVelocity))")
    }
    public static func interpolatingSpring(duration: Double = 0.5, bounce: Double = 0) -> Animation {
      Animation("interpolatingSpring(duration: \(duration), bounce: \(bounce))")
    }

    public func delay(_ delay: Double) -> Animation { Animation("\(description).delay(\(delay))") }
    public func speed(_ speed: Double) -> Animation { Animation("\(description).speed(\(speed))") }
    public func repeatCount(_ count: Int, autoreverses: Bool = true) -> Animation {
      Animation("\(description).repeatCount(\(count))")
    }
    public func repeatForever(autoreverses: Bool = true) -> Animation {
      Animation("\(description).repeatForever")
    }
  }

  /// A transaction, as SwiftUI spells it; without SwiftUI it carries its animation and nothing
  /// more.
  public struct Transaction: Sendable {
    public var animation: Animation?
    public var disablesAnimations = false
    public var isContinuous = false

    public init() {}

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
