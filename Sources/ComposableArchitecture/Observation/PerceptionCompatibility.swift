import Observation

/// TCA re-exports Perception, whose `withPerceptionTracking` back-deploys Observation; here it is
/// Swift's own `withObservationTracking`, so code that calls it compiles unchanged.
///
/// ```swift
/// withPerceptionTracking {
///   render(store.count)
/// } onChange: {
///   scheduleRender()
/// }
/// ```
@discardableResult
public func withPerceptionTracking<T>(
  _ apply: () -> T, onChange: @autoclosure () -> @Sendable () -> Void
) -> T {
  withObservationTracking(apply, onChange: onChange())
}

/// TCA's `@Perceptible` types are `Observable` here; this alias lets a constraint written against
/// Perception compile.
public typealias Perceptible = Observable
