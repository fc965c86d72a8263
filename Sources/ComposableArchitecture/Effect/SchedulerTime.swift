// TCA's time operators as TCA spells them, over a Combine `Scheduler`: swift-dependencies already
// brings combine-schedulers (on OpenCombine off Apple platforms) into the build, so
// `@Dependency(\.mainQueue)` and `DispatchQueue.test` work, and features and tests written with
// them compile and run unchanged. The clock-based spellings (`clock:`) are the ones to prefer.

#if canImport(Combine)
  import Combine
  @_exported import CombineSchedulers
#elseif canImport(OpenCombineShim)
  import OpenCombineShim
  @_exported import CombineSchedulers
#endif

#if canImport(Combine) || canImport(OpenCombineShim)
  extension Effect {
    /// Delays this effect by `dueTime` on `scheduler` and cancels it if another effect with the
    /// same `id` arrives before then.
    ///
    /// ```swift
    /// @Dependency(\.mainQueue) var mainQueue
    /// return .run { … }.debounce(id: CancelID.search, for: 0.3, scheduler: mainQueue)
    /// ```
    public func debounce<S: Scheduler>(
      id: some Hashable & Sendable,
      for dueTime: S.SchedulerTimeType.Stride,
      scheduler: S,
      options: S.SchedulerOptions? = nil
    ) -> Self {
      debounce(
        id: id, for: SchedulerTimeline<S>.Interval(value: dueTime),
        timeline: SchedulerTimeline(scheduler: scheduler, options: options)
      )
    }

    /// Feeds back at most one action per `interval` of `scheduler` among the effects that share
    /// `id`; see `throttle(id:for:clock:latest:)`.
    public func throttle<S: Scheduler>(
      id: some Hashable & Sendable,
      for interval: S.SchedulerTimeType.Stride,
      scheduler: S,
      latest: Bool
    ) -> Self {
      throttle(
        id: id, for: SchedulerTimeline<S>.Interval(value: interval),
        timeline: SchedulerTimeline(scheduler: scheduler, options: nil), latest: latest
      )
    }
  }

  /// A scheduler as a throttling timeline.
  ///
  /// `@unchecked Sendable`: schedulers are not marked Sendable, but the ones effects use
  /// (`DispatchQueue`, `RunLoop`, `AnyScheduler` of them, combine-schedulers' test and immediate
  /// schedulers) schedule safely from any thread, which is all the timeline does with it.
  struct SchedulerTimeline<S: Scheduler>: ThrottleTimeline, @unchecked Sendable {
    let scheduler: S
    let options: S.SchedulerOptions?

    var now: Instant { Instant(value: scheduler.now) }

    func advance(_ instant: Instant, by interval: Interval) -> Instant {
      Instant(value: instant.value.advanced(by: interval.value))
    }

    func sleep(until instant: Instant) async throws {
      try await sleep(for: Interval(value: scheduler.now.distance(to: instant.value)))
    }

    func sleep(for interval: Interval) async throws {
      try await scheduler.sleep(for: interval.value, options: options)
    }

    /// A scheduler's time (not marked Sendable; a plain value).
    struct Instant: Comparable, @unchecked Sendable {
      let value: S.SchedulerTimeType
      static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }
      static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
    }

    /// A scheduler's interval (not marked Sendable; a plain value).
    struct Interval: @unchecked Sendable {
      let value: S.SchedulerTimeType.Stride
    }
  }

#endif
