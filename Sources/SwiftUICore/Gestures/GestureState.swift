import Observation

/// A value a view keeps while one of its gestures is under way, set by the gesture's
/// `updating(_:body:)` and put back to its first value when the gesture ends or is cancelled:
///
/// ```swift
/// struct Card: View {
///   @GestureState private var drag = CGSize.zero
///   var body: some View {
///     Text("Drag me")
///       .offset(drag)
///       .gesture(DragGesture().updating($drag) { value, drag, _ in drag = value.translation })
///   }
/// }
/// ```
///
/// Only a gesture changes it (it has no setter); a `body` that read it is evaluated again when
/// it changes, as with `@State`.
@propertyWrapper
public struct GestureState<Value>: DynamicProperty, GraphOwnedProperty {
  private let initialValue: Value
  private let reset: (Value, inout Transaction) -> Void
  private let location = GestureStateLocation<Value>()

  /// A gesture state whose value is `value` whenever no gesture is under way.
  public init(wrappedValue value: Value) {
    self.init(wrappedValue: value, reset: { _, _ in })
  }

  /// A gesture state whose value is `value` whenever no gesture is under way.
  public init(initialValue value: Value) {
    self.init(wrappedValue: value)
  }

  /// A gesture state put back to `value` in `resetTransaction` (its animation is accepted and
  /// ignored here).
  public init(wrappedValue value: Value, resetTransaction: Transaction) {
    self.init(wrappedValue: value)
  }

  /// A gesture state put back to `value` in `resetTransaction` (its animation is accepted and
  /// ignored here).
  public init(initialValue value: Value, resetTransaction: Transaction) {
    self.init(wrappedValue: value)
  }

  /// A gesture state whose `reset` is called with the value it had when it is put back to
  /// `value`.
  public init(wrappedValue value: Value, reset: @escaping (Value, inout Transaction) -> Void) {
    initialValue = value
    self.reset = reset
  }

  /// A gesture state whose `reset` is called with the value it had when it is put back to
  /// `value`.
  public init(initialValue value: Value, reset: @escaping (Value, inout Transaction) -> Void) {
    self.init(wrappedValue: value, reset: reset)
  }

  /// The value: the gesture's while one is under way, else the first value.
  public var wrappedValue: Value {
    location.box?.value ?? initialValue
  }

  /// The state itself, to hand to a gesture's `updating(_:body:)`.
  public var projectedValue: GestureState<Value> { self }

  public static func _link(_ property: inout Self, slot: String, in context: ResolveContext) {
    let initialValue = property.initialValue
    property.location.box = context.storage(at: slot) { GestureStateBox(initialValue) }
  }

  /// Sets the value as a gesture under way does (nothing before the view is on screen).
  @MainActor
  func update(_ body: (inout Value, inout Transaction) -> Void) {
    guard let box = location.box else { return }
    var value = box.value
    var transaction = Transaction()
    transaction.isContinuous = true
    body(&value, &transaction)
    box.isUnderWay = true
    box.value = value
  }

  /// Puts the first value back, as a gesture's end or cancellation does.
  @MainActor
  func putBack() {
    guard let box = location.box, box.isUnderWay else { return }
    box.isUnderWay = false
    var transaction = Transaction()
    reset(box.value, &transaction)
    box.value = initialValue
  }
}

/// Where a `GestureState` is connected to its storage; shared by every copy of the view value.
final class GestureStateLocation<Value> {
  var box: GestureStateBox<Value>?
}

/// A gesture state's value kept for a view, observable as `@State`'s, and whether a gesture set
/// it since it was last put back.
@Observable
final class GestureStateBox<Value> {
  var value: Value
  @ObservationIgnored var isUnderWay = false
  init(_ value: Value) { self.value = value }
}

extension GestureState where Value: ExpressibleByNilLiteral {
  /// A gesture state that is nil whenever no gesture is under way.
  public init(resetTransaction: Transaction = Transaction()) {
    self.init(wrappedValue: nil)
  }

  /// A gesture state that is nil whenever no gesture is under way, whose `reset` is called with
  /// the value it had when it is put back.
  public init(reset: @escaping (Value, inout Transaction) -> Void) {
    self.init(wrappedValue: nil, reset: reset)
  }
}

/// A gesture that sets a `@GestureState` while it is under way and puts it back when it ends
/// or is cancelled (`updating(_:body:)`).
public struct GestureStateGesture<Base: Gesture, State>: Gesture {
  /// The base gesture's value.
  public typealias Value = Base.Value
  let base: Base
  let state: GestureState<State>
  let body: (Base.Value, inout State, inout Transaction) -> Void

  public func _recognizer(
    _ memory: GestureMemory, changed: @escaping @MainActor (Value) -> Void, ended: @escaping @MainActor (Value) -> Void
  ) -> GestureRecognizer {
    let state = state
    let body = body
    let recognizer = base._recognizer(
      memory,
      changed: { value in
        state.update { current, transaction in body(value, &current, &transaction) }
        changed(value)
      },
      ended: { value in
        state.putBack()
        ended(value)
      }
    )
    return GestureRecognizer(tracksMoves: recognizer.tracksMoves) { event in
      recognizer.receive(event)
      // A release or a cancellation ends the gesture whether or not it was recognized.
      if event.phase == .up || event.phase == .cancel { state.putBack() }
    }
  }
}

extension Gesture {
  /// Sets `state` with `body` each time the gesture's value changes, and puts it back to its
  /// first value when the gesture ends or is cancelled.
  public func updating<State>(
    _ state: GestureState<State>, body: @escaping (Value, inout State, inout Transaction) -> Void
  ) -> GestureStateGesture<Self, State> {
    GestureStateGesture(base: self, state: state, body: body)
  }
}
