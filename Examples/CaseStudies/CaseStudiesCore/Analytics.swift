import ConcurrencyExtras
import Foundation

/// Something a feature reports about how it is used.
public struct AnalyticsEvent: Equatable, Sendable, CustomStringConvertible {
  public var name: String
  public init(_ name: String) { self.name = name }
  public var description: String { name }
}

/// Where analytics events go. Live: an in-memory log the case studies show on screen (a real
/// app would send them to a server). Test: unimplemented, so a test that sends events collects
/// them explicitly.
@DependencyClient
public struct AnalyticsClient: Sendable {
  public var track: @Sendable (_ event: AnalyticsEvent) async -> Void
}

extension AnalyticsClient: DependencyKey {
  public static let liveValue = AnalyticsClient { AnalyticsLog.shared.append($0) }
  public static let testValue = AnalyticsClient()

  /// A client that appends to `events`, for tests.
  public static func collecting(into events: LockIsolated<[AnalyticsEvent]>) -> Self {
    AnalyticsClient { event in events.withValue { $0.append(event) } }
  }
}

extension DependencyValues {
  public var analytics: AnalyticsClient {
    get { self[AnalyticsClient.self] }
    set { self[AnalyticsClient.self] = newValue }
  }
}

/// The live client's log, newest last.
@MainActor
@Observable
public final class AnalyticsLog {
  public nonisolated static let shared = AnalyticsLog()
  public private(set) var events: [AnalyticsEvent] = []

  nonisolated init() {}

  nonisolated func append(_ event: AnalyticsEvent) {
    Task { @MainActor in self.events.append(event) }
  }
}

extension Reducer {
  /// Reports an analytics event for the actions `toEvent` names, after the feature has reduced
  /// them (so `toEvent` sees the new state). A higher-order reducer: it wraps any feature, and
  /// brings its own dependency.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { … }
  ///     .analytics { state, action in
  ///       if case .logInTapped = action { AnalyticsEvent("log in tapped") } else { nil }
  ///     }
  /// }
  /// ```
  public func analytics(
    _ toEvent: @escaping @Sendable (_ state: State, _ action: Action) -> AnalyticsEvent?
  ) -> AnalyticsReducer<Self> {
    AnalyticsReducer(base: self, toEvent: toEvent)
  }
}

public struct AnalyticsReducer<Base: Reducer>: Reducer {
  let base: Base
  let toEvent: @Sendable (Base.State, Base.Action) -> AnalyticsEvent?
  @Dependency(\.analytics) var analytics

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let effects = base.reduce(into: &state, action: action)
    guard let event = toEvent(state, action) else { return effects }
    let analytics = analytics
    return .merge(effects, .run { _ in await analytics.track(event) })
  }
}
