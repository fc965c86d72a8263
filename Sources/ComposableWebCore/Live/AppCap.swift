import ComposableArchitecture

/// Counts a refusal by one of the app's own caps (the standups an account may hold, say) in its
/// server's metrics, as `composable_web_app_cap_total{cap="NAME"}`, and says so in the log. The
/// server sets it for each tab it makes; elsewhere (tests, a page outside a server) it does nothing.
///
/// ```swift
/// @Dependency(\.appCapReached) var capReached
/// capReached("standups_per_account")
/// ```
public struct AppCapReached: Sendable {
  private let count: @Sendable (String) -> Void

  /// A counter that calls `count` with each refusal's cap name.
  public init(_ count: @escaping @Sendable (_ cap: String) -> Void) {
    self.count = count
  }

  /// Counts one refusal by the cap `cap` (a metric label: lowercase letters and underscores).
  public func callAsFunction(_ cap: String) {
    count(cap)
  }
}

private enum AppCapReachedKey: DependencyKey {
  static var liveValue: AppCapReached { AppCapReached { _ in } }
  static var testValue: AppCapReached { AppCapReached { _ in } }
}

extension DependencyValues {
  /// Counts a refusal by one of the app's own caps in the server's metrics (see
  /// ``AppCapReached``).
  public var appCapReached: AppCapReached {
    get { self[AppCapReachedKey.self] }
    set { self[AppCapReachedKey.self] = newValue }
  }
}
