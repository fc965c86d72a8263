import Foundation

/// An input a view recognizes from a pointer (a finger, a mouse): `DragGesture`, `TapGesture`,
/// `LongPressGesture`, with `onChanged` and `onEnded` to act on its values. Attach one with
/// `gesture(_:)`; the renderer reports the pointer's presses, moves and releases over the view,
/// and the gesture turns them into its values.
@MainActor
public protocol Gesture<Value> {
  /// What the gesture tells as it goes (a drag's locations, a tap's nothing).
  associatedtype Value
  /// A recognizer telling `changed` and `ended` the gesture's values, whose state (a drag under
  /// way) is kept in `memory` from one pass to the next.
  func _recognizer(
    _ memory: GestureMemory, changed: @escaping @MainActor (Value) -> Void, ended: @escaping @MainActor (Value) -> Void
  ) -> GestureRecognizer
}

/// A pointer's press, move or release over a view, at a point of the view's own space.
public struct PointerEvent: Sendable, Equatable {
  /// What the pointer did.
  public enum Phase: String, Sendable {
    /// Pressed (a finger down, a mouse button pressed).
    case down
    /// Moved while pressed.
    case move
    /// Released.
    case up
    /// Taken away by the platform (a scroll took over): the gesture ends without acting.
    case cancel
  }
  /// What the pointer did.
  public var phase: Phase
  /// Where, in points from the view's top leading corner.
  public var location: CGPoint
  /// When.
  public var time: Date

  /// A pointer event.
  public init(phase: Phase, location: CGPoint, time: Date = Date()) {
    self.phase = phase
    self.location = location
    self.time = time
  }
}

/// Turns a view's pointer events into a gesture's values. One is kept per view place, across
/// passes, so a drag started in one pass goes on in the next.
@MainActor
public final class GestureRecognizer {
  let handle: @MainActor (PointerEvent) -> Void
  /// Whether moves matter (a drag): the renderer keeps the page from scrolling under it.
  public let tracksMoves: Bool

  init(tracksMoves: Bool, handle: @escaping @MainActor (PointerEvent) -> Void) {
    self.tracksMoves = tracksMoves
    self.handle = handle
  }

  /// Takes a pointer event over the view.
  public func receive(_ event: PointerEvent) {
    handle(event)
  }

  /// One recognizer telling both of `recognizers` each event (`simultaneously(with:)`, or two
  /// gestures on one view).
  static func both(_ first: GestureRecognizer, _ second: GestureRecognizer) -> GestureRecognizer {
    GestureRecognizer(tracksMoves: first.tracksMoves || second.tracksMoves) { event in
      first.handle(event)
      second.handle(event)
    }
  }
}

/// A gesture that also tells `action` its values as they change.
public struct _ChangedGesture<Base: Gesture>: Gesture {
  let base: Base
  let action: @MainActor (Base.Value) -> Void
  public func _recognizer(
    _ memory: GestureMemory, changed: @escaping @MainActor (Base.Value) -> Void, ended: @escaping @MainActor (Base.Value) -> Void
  ) -> GestureRecognizer {
    let action = action
    return base._recognizer(memory, changed: { value in
      changed(value)
      action(value)
    }, ended: ended)
  }
}

/// A gesture that also tells `action` its last value when it ends.
public struct _EndedGesture<Base: Gesture>: Gesture {
  let base: Base
  let action: @MainActor (Base.Value) -> Void
  public func _recognizer(
    _ memory: GestureMemory, changed: @escaping @MainActor (Base.Value) -> Void, ended: @escaping @MainActor (Base.Value) -> Void
  ) -> GestureRecognizer {
    let action = action
    return base._recognizer(memory, changed: changed, ended: { value in
      ended(value)
      action(value)
    })
  }
}

/// Two gestures recognized together; each tells its own actions (its value here is the first's
/// and the second's, each nil until that one has changed).
public struct SimultaneousGesture<First: Gesture, Second: Gesture>: Gesture {
  /// The two gestures' values.
  public struct Value {
    /// The first gesture's value.
    public var first: First.Value?
    /// The second gesture's value.
    public var second: Second.Value?
  }
  let first: First
  let second: Second
  public func _recognizer(
    _ memory: GestureMemory, changed: @escaping @MainActor (Value) -> Void, ended: @escaping @MainActor (Value) -> Void
  ) -> GestureRecognizer {
    GestureRecognizer.both(
      first._recognizer(memory, changed: { changed(Value(first: $0)) }, ended: { ended(Value(first: $0)) }),
      second._recognizer(memory, changed: { changed(Value(second: $0)) }, ended: { ended(Value(second: $0)) })
    )
  }
}

extension Gesture {
  /// Runs `action` with the gesture's value each time it changes.
  public func onChanged(_ action: @escaping @MainActor (Value) -> Void) -> _ChangedGesture<Self> {
    _ChangedGesture(base: self, action: action)
  }

  /// Runs `action` with the gesture's last value when it ends.
  public func onEnded(_ action: @escaping @MainActor (Value) -> Void) -> _EndedGesture<Self> {
    _EndedGesture(base: self, action: action)
  }

  /// This gesture and `other`, recognized together.
  public func simultaneously<Other: Gesture>(with other: Other) -> SimultaneousGesture<Self, Other> {
    SimultaneousGesture(first: self, second: other)
  }
}

/// Which gestures of a view and of the views inside it are recognized (`gesture(_:including:)`).
public struct GestureMask: OptionSet, Sendable {
  /// The set's bits.
  public let rawValue: UInt32
  /// The set with these bits.
  public init(rawValue: UInt32) { self.rawValue = rawValue }
  /// None.
  public static let none = Self([])
  /// The gesture being attached.
  public static let gesture = Self(rawValue: 1)
  /// The gestures of the views inside.
  public static let subviews = Self(rawValue: 2)
  /// Both.
  public static let all = Self(rawValue: 3)
}

extension View {
  /// Recognizes `gesture` over this view (with `mask` `.none` or `.subviews`, it is not).
  public func gesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> some View {
    GestureModifier(content: self, gesture: gesture, isEnabled: mask.contains(.gesture))
  }

  /// Recognizes `gesture` over this view, before those of the views inside it: here, as
  /// `gesture(_:)` (the innermost view's gestures take a pointer first).
  public func highPriorityGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> some View {
    GestureModifier(content: self, gesture: gesture, isEnabled: mask.contains(.gesture))
  }

  /// Recognizes `gesture` over this view along with those of the views inside it: here, as
  /// `gesture(_:)`.
  public func simultaneousGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> some View {
    GestureModifier(content: self, gesture: gesture, isEnabled: mask.contains(.gesture))
  }

  /// Runs `action` when the view is tapped `count` times.
  public func onTapGesture(count: Int = 1, perform action: @escaping @MainActor () -> Void) -> some View {
    gesture(TapGesture(count: count).onEnded { action() })
  }

  /// Runs `action` with the tap's location when the view is tapped `count` times.
  public func onTapGesture(
    count: Int = 1, coordinateSpace: CoordinateSpace = .local, perform action: @escaping @MainActor (CGPoint) -> Void
  ) -> some View {
    gesture(SpatialTapGesture(count: count).onEnded { action($0.location) })
  }

  /// Runs `action` when the view is pressed for `minimumDuration` seconds without the pointer
  /// moving more than `maximumDistance` points; `onPressingChanged` hears when the press starts
  /// and ends.
  public func onLongPressGesture(
    minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10, perform action: @escaping @MainActor () -> Void,
    onPressingChanged: (@MainActor (Bool) -> Void)? = nil
  ) -> some View {
    gesture(
      LongPressGesture(minimumDuration: minimumDuration, maximumDistance: maximumDistance, onPressingChanged: onPressingChanged)
        .onEnded { _ in action() }
    )
  }
}

/// A view whose gesture is recognized: the recognizer is kept with its place.
struct GestureModifier<Content: View, G: Gesture>: PrimitiveView {
  let content: Content
  let gesture: G
  let isEnabled: Bool

  static func _resolve(_ view: Self, into nodes: inout [ViewNode], in context: ResolveContext) {
    guard view.isEnabled, context.environment.isEnabled else {
      context.resolve(view.content, into: &nodes, component: "m")
      return
    }
    // Made again each pass, so that it runs the latest actions, over the state kept at the
    // view's place (a drag under way goes on).
    let memory = context.storage(at: context.path + "#gesture") { GestureMemory() }
    memory.rewind()
    let recognizer = view.gesture._recognizer(memory, changed: { _ in }, ended: { _ in })
    let content = context.nodes(of: view.content, component: "m")
    guard !content.isEmpty else { return }
    nodes += ViewNode.modify(content, with: .gesture(recognizer))
  }
}

/// The state of a view place's gestures, kept across passes: each gesture of the place asks for
/// its own, in the order they are built.
@MainActor
public final class GestureMemory {
  private var states: [AnyObject] = []
  private var next = 0

  func rewind() { next = 0 }

  /// The state of the next gesture built (made with `make` the first time).
  func state<State: AnyObject>(_ make: () -> State) -> State {
    defer { next += 1 }
    if next < states.count, let state = states[next] as? State { return state }
    let state = make()
    if next < states.count { states[next] = state } else { states.append(state) }
    return state
  }
}
