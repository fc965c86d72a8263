import Clocks
import ConcurrencyExtras
import Dependencies

extension Effect {
  /// Feeds back at most one action per `interval` among the effects that share `id`.
  ///
  /// The first action goes through at once. Actions arriving within `interval` of the last one
  /// are held back and the latest (or, with `latest: false`, the first) of them is delivered when
  /// the interval has elapsed.
  ///
  /// ```swift
  /// case .scrolled:
  ///   return .send(.loadNextPage).throttle(id: CancelID.paging, for: .seconds(1), clock: clock, latest: false)
  /// ```
  public func throttle<C: Clock>(
    id: some Hashable & Sendable,
    for interval: C.Duration,
    clock: C,
    latest: Bool
  ) -> Self {
    throttle(id: id, for: interval, timeline: ClockTimeline(clock: clock), latest: latest)
  }

  /// Throttles on any timeline (a clock, or a Combine scheduler).
  func throttle<T: ThrottleTimeline>(
    id: some Hashable & Sendable,
    for interval: T.Interval,
    timeline: T,
    latest: Bool
  ) -> Self {
    if case .none = operation { return .none }
    let navigationIDPath = NavigationIDPath.current
    let key = CancelKey(id: id, path: navigationIDPath)
    // The registry of the store whose reducer is creating this effect.
    let registry = DependencyValues._current.cancellationRegistry
    return Self(
      operation: .run(nil) { send in
        let pending = ThrottledDelivery<T.Instant>()
        await self.run(
          send: Send { action in
            let throttle = Throttle(key: key, timeline: timeline, interval: interval, latest: latest)
            guard let due = throttle.hold(UncheckedSendable(action), registry: registry) else {
              send(action)
              return
            }
            pending.schedule(due: due) {
              try? await timeline.sleep(until: due)
              guard !Task.isCancelled else { return }
              let action: UncheckedSendable<Action>? = throttle.release(registry: registry)
              guard let action else { return }
              send(unchecked: action)
            }
          },
          registry: registry
        )
        await pending.finish()
      }
    )
    .cancellable(id: id, cancelInFlight: true)
  }
}

/// Where throttling reads the time and waits: a clock, or a Combine scheduler.
protocol ThrottleTimeline: Sendable {
  associatedtype Instant: Comparable & Sendable
  associatedtype Interval: Sendable
  var now: Instant { get }
  func advance(_ instant: Instant, by interval: Interval) -> Instant
  func sleep(until instant: Instant) async throws
  func sleep(for interval: Interval) async throws
}

struct ClockTimeline<C: Clock>: ThrottleTimeline {
  let clock: C
  var now: C.Instant { clock.now }
  func advance(_ instant: C.Instant, by interval: C.Duration) -> C.Instant {
    instant.advanced(by: interval)
  }
  func sleep(until instant: C.Instant) async throws {
    try await clock.sleep(until: instant, tolerance: nil)
  }
  func sleep(for interval: C.Duration) async throws {
    try await clock.sleep(for: interval)
  }
}

extension Effect {
  /// `throttle` with the clock `@Dependency(\.continuousClock)` gives (`any Clock<Duration>`).
  @_disfavoredOverload
  public func throttle(
    id: some Hashable & Sendable,
    for interval: Duration,
    clock: any Clock<Duration>,
    latest: Bool
  ) -> Self {
    // Opened, not wrapped in an `AnyClock`: an `AnyClock` counts from when it is made, and each
    // throttled effect would make its own, so the last delivery one effect records could not be
    // compared with the next effect's `now`.
    func throttle<C: Clock<Duration>>(on clock: C) -> Self {
      self.throttle(id: id, for: interval, timeline: ClockTimeline(clock: clock), latest: latest)
    }
    return throttle(on: clock)
  }
}

/// The throttling decision for one action, given what earlier effects with the same id did.
private struct Throttle<T: ThrottleTimeline>: Sendable {
  let key: CancelKey
  let timeline: T
  let interval: T.Interval
  let latest: Bool

  struct Memory: Sendable {
    var lastDelivery: T.Instant
    var heldBack: UncheckedSendable<Any>?
  }

  /// Returns `nil` if `action` may go out now (and records the delivery), or the instant the held
  /// action is due.
  func hold<Action>(_ action: UncheckedSendable<Action>, registry: CancellationRegistry) -> T.Instant? {
    let now = timeline.now
    return registry.withThrottle(key) { (memory: inout Memory?) -> T.Instant? in
      guard let last = memory else {
        memory = Memory(lastDelivery: now, heldBack: nil)
        return nil
      }
      let due = timeline.advance(last.lastDelivery, by: interval)
      guard now < due else {
        memory = Memory(lastDelivery: now, heldBack: nil)
        return nil
      }
      if latest || last.heldBack == nil {
        memory?.heldBack = UncheckedSendable(action.value)
      }
      return due
    }
  }

  /// Takes the held action for delivery and records the delivery.
  func release<Action>(registry: CancellationRegistry) -> UncheckedSendable<Action>? {
    let now = timeline.now
    return registry.withThrottle(key) { (memory: inout Memory?) in
      let held = memory?.heldBack.map { UncheckedSendable($0.value as! Action) }
      memory = Memory(lastDelivery: now, heldBack: nil)
      return held
    }
  }
}

/// The one delayed delivery a throttled effect may be waiting on.
@MainActor
private final class ThrottledDelivery<Instant>: Sendable {
  private var task: Task<Void, Never>?

  nonisolated init() {}

  func schedule(due: Instant, _ deliver: @escaping @MainActor @Sendable () async -> Void) {
    guard task == nil else { return }
    task = Task { await deliver() }
  }

  func finish() async {
    guard let task else { return }
    await withTaskCancellationHandler {
      await task.value
    } onCancel: {
      task.cancel()
    }
  }
}
