import Clocks
import Dependencies

extension Effect {
  /// Delays this effect by `dueTime` and cancels it if another effect with the same `id` arrives
  /// before then: only the last of a burst runs.
  ///
  /// ```swift
  /// case let .searchQueryChanged(query):
  ///   state.query = query
  ///   return .run { send in await send(.results(try await search(query))) }
  ///     .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
  /// ```
  ///
  /// In tests, drive `clock` with a `TestClock` (`await clock.advance(by: .milliseconds(300))`).
  public func debounce<C: Clock>(
    id: some Hashable & Sendable,
    for dueTime: C.Duration,
    clock: C
  ) -> Self {
    debounce(id: id, for: dueTime, timeline: ClockTimeline(clock: clock))
  }

  /// Debounces on any timeline (a clock, or a Combine scheduler).
  func debounce<T: ThrottleTimeline>(
    id: some Hashable & Sendable, for dueTime: T.Interval, timeline: T
  ) -> Self {
    if case .none = operation { return .none }
    return Self.concatenate(
      Self(operation: .run(nil) { _ in try? await timeline.sleep(for: dueTime) }),
      self
    )
    .cancellable(id: id, cancelInFlight: true)
  }

  /// `debounce` with the clock `@Dependency(\.continuousClock)` gives (`any Clock<Duration>`).
  ///
  /// ```swift
  /// @Dependency(\.continuousClock) var clock
  /// return effect.debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
  /// ```
  @_disfavoredOverload
  public func debounce(
    id: some Hashable & Sendable,
    for dueTime: Duration,
    clock: any Clock<Duration>
  ) -> Self {
    // Opened, as `throttle` opens it, rather than wrapped in an `AnyClock` made per effect.
    func debounce<C: Clock<Duration>>(on clock: C) -> Self {
      self.debounce(id: id, for: dueTime, timeline: ClockTimeline(clock: clock))
    }
    return debounce(on: clock)
  }
}
