extension View {
  /// The changes inside this view that come with a change of `value` animate with `animation`
  /// (nil: at once); other changes inside it do not.
  public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View {
    modifier(node: { context in
      // The value this place had, and how many times it has changed: the renderer animates a
      // change that comes with a new count.
      let last = context.storage(at: context.path + "#animation-value") { AnimatedValue(value) }
      if last.value != value {
        last.value = value
        last.version += 1
      }
      return .animation(animation, valueVersion: last.version)
    })
  }

  /// Changes inside this view animate with `animation` (nil: at once).
  public func animation(_ animation: Animation?) -> some View {
    modifier(node: .animation(animation))
  }

  /// How the view comes and goes when a change that animates inserts or removes it.
  public func transition(_ transition: AnyTransition) -> some View {
    modifier(node: .transition(transition))
  }
}

/// How a view comes and goes, as SwiftUI spells it: `.opacity` (the default), `.scale`,
/// `.slide`, `.move(edge:)`, `.push(from:)`, `combined(with:)` and `asymmetric(insertion:removal:)`.
/// Played by the renderer when an animated change inserts or removes the view.
public struct AnyTransition: Sendable, Equatable {
  /// How the view comes: the parts, joined by `+` (`"opacity+scale"`).
  public let insertion: String
  /// How the view goes.
  public let removal: String

  init(_ both: String) {
    insertion = both
    removal = both
  }

  init(insertion: String, removal: String) {
    self.insertion = insertion
    self.removal = removal
  }

  /// Fading in and out.
  public static let opacity = Self("opacity")
  /// Sliding in from the leading edge and out to the trailing one.
  public static let slide = Self("slide")
  /// Growing from nothing and shrinking to nothing.
  public static let scale = Self("scale")
  /// Growing from `scale` (here: from nothing) at `anchor`.
  public static func scale(scale: CGFloat, anchor: UnitPoint = .center) -> Self { .scale }
  /// Coming and going at once.
  public static let identity = Self("identity")
  /// Moving in from `edge` and out to it.
  public static func move(edge: Edge) -> Self { Self("move-\(edge)") }
  /// Moving in from `edge` and out to the opposite one.
  public static func push(from edge: Edge) -> Self {
    let opposite: Edge =
      switch edge {
      case .top: .bottom
      case .bottom: .top
      case .leading: .trailing
      case .trailing: .leading
      }
    return Self(insertion: "move-\(edge)", removal: "move-\(opposite)")
  }
  /// Both transitions at once.
  public func combined(with other: AnyTransition) -> Self {
    Self(insertion: insertion + "+" + other.insertion, removal: removal + "+" + other.removal)
  }
  /// The transition with an animation of its own (played with the change's here).
  public func animation(_ animation: Animation?) -> Self { self }
  /// One transition in, another out.
  public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> Self {
    Self(insertion: insertion.insertion, removal: removal.removal)
  }
}

/// The last value an `animation(_:value:)` saw at its place, and how many times it changed.
final class AnimatedValue<Value: Equatable> {
  var value: Value
  var version = 0

  init(_ value: Value) {
    self.value = value
  }
}
