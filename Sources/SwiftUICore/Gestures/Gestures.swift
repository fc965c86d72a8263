import Foundation

/// A drag: the pointer pressed and moved at least `minimumDistance` points. `onChanged` hears
/// each move from then on (with a distance of 0, the press itself too), `onEnded` the release.
public struct DragGesture: Gesture {
  /// Where a drag is.
  public struct Value: Equatable, Sendable {
    /// When this value was taken.
    public var time: Date
    /// Where the pointer is.
    public var location: CGPoint
    /// Where the drag started.
    public var startLocation: CGPoint
    /// How far it went from the start.
    public var translation: CGSize { CGSize(width: location.x - startLocation.x, height: location.y - startLocation.y) }
    /// Its speed in points a second, from the last two moves.
    public var velocity: CGSize
    /// Where it would stop if let go now: here, as a quarter second more at its speed.
    public var predictedEndLocation: CGPoint {
      CGPoint(x: location.x + velocity.width / 4, y: location.y + velocity.height / 4)
    }
    /// How far it would go if let go now.
    public var predictedEndTranslation: CGSize {
      CGSize(width: predictedEndLocation.x - startLocation.x, height: predictedEndLocation.y - startLocation.y)
    }
  }

  /// The least distance, in points, before the drag counts.
  public var minimumDistance: CGFloat
  /// The space its locations are in (its own view's, here, whatever is asked).
  public var coordinateSpace: CoordinateSpace

  /// A drag that counts after `minimumDistance` points.
  public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local) {
    self.minimumDistance = minimumDistance
    self.coordinateSpace = coordinateSpace
  }

  final class State {
    var start: PointerEvent?
    var last: PointerEvent?
    var isDragging = false
  }

  public func _recognizer(
    _ memory: GestureMemory, changed: @escaping @MainActor (Value) -> Void, ended: @escaping @MainActor (Value) -> Void
  ) -> GestureRecognizer {
    let state = memory.state { State() }
    let minimumDistance = minimumDistance
    return GestureRecognizer(tracksMoves: true) { event in
      switch event.phase {
      case .down:
        state.start = event
        state.last = event
        state.isDragging = minimumDistance <= 0
        if state.isDragging { changed(Value(time: event.time, location: event.location, startLocation: event.location, velocity: .zero)) }
      case .move, .up:
        guard let start = state.start else { return }
        let previous = state.last ?? start
        state.last = event
        let distance = hypot(event.location.x - start.location.x, event.location.y - start.location.y)
        if !state.isDragging, distance >= minimumDistance { state.isDragging = true }
        let elapsed = event.time.timeIntervalSince(previous.time)
        let velocity =
          elapsed > 0
          ? CGSize(width: (event.location.x - previous.location.x) / elapsed, height: (event.location.y - previous.location.y) / elapsed)
          : .zero
        let value = Value(time: event.time, location: event.location, startLocation: start.location, velocity: velocity)
        if event.phase == .up {
          if state.isDragging { ended(value) }
          state.start = nil
          state.isDragging = false
        } else if state.isDragging {
          changed(value)
        }
      case .cancel:
        state.start = nil
        state.isDragging = false
      }
    }
  }
}

/// A tap: pressed and released without moving far, `count` times in a row.
public struct TapGesture: Gesture {
  /// A tap tells nothing but that it happened.
  public typealias Value = Void
  /// How many taps in a row it takes.
  public var count: Int

  /// A gesture of `count` taps.
  public init(count: Int = 1) {
    self.count = count
  }

  public func _recognizer(
    _ memory: GestureMemory, changed: @escaping @MainActor (Value) -> Void, ended: @escaping @MainActor (Value) -> Void
  ) -> GestureRecognizer {
    let tap: Void = ()
    return SpatialTapGesture(count: count)._recognizer(memory, changed: { _ in changed(tap) }, ended: { _ in ended(tap) })
  }
}

/// A tap that tells where it landed.
public struct SpatialTapGesture: Gesture {
  /// Where a tap landed.
  public struct Value: Equatable, Sendable {
    /// The point, in the view's own space.
    public var location: CGPoint
  }
  /// How many taps in a row it takes.
  public var count: Int
  /// The space its location is in (its own view's, here).
  public var coordinateSpace: CoordinateSpace

  /// A gesture of `count` taps, told where they landed.
  public init(count: Int = 1, coordinateSpace: CoordinateSpace = .local) {
    self.count = count
    self.coordinateSpace = coordinateSpace
  }

  final class State {
    var down: PointerEvent?
    var taps = 0
    var lastTap: Date?
  }

  public func _recognizer(
    _ memory: GestureMemory, changed: @escaping @MainActor (Value) -> Void, ended: @escaping @MainActor (Value) -> Void
  ) -> GestureRecognizer {
    let state = memory.state { State() }
    let count = max(count, 1)
    return GestureRecognizer(tracksMoves: false) { event in
      switch event.phase {
      case .down:
        state.down = event
      case .move:
        // A tap that wandered off is no tap.
        if let down = state.down, hypot(event.location.x - down.location.x, event.location.y - down.location.y) > 10 {
          state.down = nil
          state.taps = 0
        }
      case .up:
        guard let down = state.down, hypot(event.location.x - down.location.x, event.location.y - down.location.y) <= 10 else {
          state.taps = 0
          return
        }
        state.down = nil
        // Taps in a row are at most 0.35 seconds apart.
        if let last = state.lastTap, event.time.timeIntervalSince(last) > 0.35 { state.taps = 0 }
        state.taps += 1
        state.lastTap = event.time
        if state.taps == count {
          state.taps = 0
          ended(Value(location: event.location))
        }
      case .cancel:
        state.down = nil
        state.taps = 0
      }
    }
  }
}

/// A long press: held for `minimumDuration` seconds without moving more than `maximumDistance`
/// points. `onChanged` hears `true` when the press starts; `onEnded` hears `true` once it has
/// lasted long enough (the pointer still down).
public struct LongPressGesture: Gesture {
  /// Whether the press is (or was) held.
  public typealias Value = Bool
  /// How long it must be held, in seconds.
  public var minimumDuration: Double
  /// How far the pointer may move while it is held.
  public var maximumDistance: CGFloat
  let onPressingChanged: (@MainActor (Bool) -> Void)?

  /// A press held `minimumDuration` seconds.
  public init(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10) {
    self.init(minimumDuration: minimumDuration, maximumDistance: maximumDistance, onPressingChanged: nil)
  }

  init(minimumDuration: Double, maximumDistance: CGFloat, onPressingChanged: (@MainActor (Bool) -> Void)?) {
    self.minimumDuration = minimumDuration
    self.maximumDistance = maximumDistance
    self.onPressingChanged = onPressingChanged
  }

  @MainActor
  final class State {
    var down: PointerEvent?
    var timer: Task<Void, Never>?
    isolated deinit { timer?.cancel() }
  }

  public func _recognizer(
    _ memory: GestureMemory, changed: @escaping @MainActor (Bool) -> Void, ended: @escaping @MainActor (Bool) -> Void
  ) -> GestureRecognizer {
    let state = memory.state { State() }
    let (minimumDuration, maximumDistance, pressing) = (minimumDuration, maximumDistance, onPressingChanged)
    func stop() {
      guard state.down != nil else { return }
      state.down = nil
      state.timer?.cancel()
      state.timer = nil
      pressing?(false)
    }
    return GestureRecognizer(tracksMoves: false) { event in
      switch event.phase {
      case .down:
        state.down = event
        pressing?(true)
        changed(true)
        // Held long enough on the platform's clock (a press is real time, not the app's).
        state.timer = Task { @MainActor in
          try? await Task.sleep(for: .seconds(minimumDuration))
          guard !Task.isCancelled, state.down != nil else { return }
          ended(true)
          stop()
        }
      case .move, .up:
        guard let down = state.down else { return }
        if hypot(event.location.x - down.location.x, event.location.y - down.location.y) > maximumDistance {
          stop()
        } else if event.time.timeIntervalSince(down.time) >= minimumDuration {
          // Held long enough by the events' own times (the timer's turn may not have come).
          ended(true)
          stop()
        } else if event.phase == .up {
          stop()
        }
      case .cancel:
        stop()
      }
    }
  }
}
