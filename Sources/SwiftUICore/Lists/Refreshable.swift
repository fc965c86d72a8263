/// What refreshing the content of a view does (`refreshable(action:)`), read from
/// `@Environment(\.refresh)`: call it to refresh, and await it to know when that is done.
public struct RefreshAction: Sendable {
  let action: @MainActor @Sendable () async -> Void

  /// Refreshes, returning when the refresh is done.
  @MainActor
  public func callAsFunction() async {
    await action()
  }
}

extension EnvironmentValues {
  private enum RefreshKey: EnvironmentKey {
    static var defaultValue: RefreshAction? { nil }
  }
  /// What refreshing the content of this view does (nil when it cannot be refreshed).
  public var refresh: RefreshAction? {
    get { self[RefreshKey.self] }
    set { self[RefreshKey.self] = newValue }
  }
}

extension View {
  /// Lets the user refresh the lists inside this view: iOS's pull-to-refresh, here a Refresh
  /// button at the top of the list that runs `action` and shows it is busy until `action`
  /// returns (`await store.send(.refresh).finish()` waits for the feature's effects).
  public func refreshable(action: @escaping @MainActor @Sendable () async -> Void) -> some View {
    EnvironmentWriter(content: self) { $0.refresh = RefreshAction(action: action) }
  }
}

/// A list's refresh under way, kept with the list's place (and cancelled when the list goes).
@Observable
@MainActor
final class RefreshState {
  private(set) var isRefreshing = false
  @ObservationIgnored private var task: Task<Void, Never>?

  /// Starts `refresh` unless one is under way.
  func start(_ refresh: RefreshAction) {
    guard !isRefreshing else { return }
    isRefreshing = true
    task = Task { [weak self] in
      await refresh()
      self?.isRefreshing = false
    }
  }

  isolated deinit {
    task?.cancel()
  }
}

extension ResolveContext {
  /// The refresh control of the list being resolved, when the environment can refresh it.
  func refreshControl() -> RefreshControl? {
    guard let refresh = environment.refresh else { return nil }
    let state = storage(at: path + "#refresh") { RefreshState() }
    return RefreshControl(isRefreshing: state.isRefreshing, refresh: { state.start(refresh) })
  }
}
