import Foundation

/// One dependency, three values: two counters fetch facts from `FactClient`, the first through
/// whatever the app runs with (live: computed here; preview: canned), the second through the
/// preview value, set for its subtree alone with `.dependency(_:_:)`. Tests set it per test.
@Reducer
public struct DependenciesDemo: Sendable {
  @ObservableState
  public struct State: Equatable {
    public var app: CounterRow.State
    public var overridden: CounterRow.State

    public init(app: CounterRow.State, overridden: CounterRow.State) {
      self.app = app
      self.overridden = overridden
    }
  }

  public enum Action: Equatable {
    case app(CounterRow.Action)
    case overridden(CounterRow.Action)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(state: \.app, action: \.app) {
      CounterRow()
    }
    Scope(state: \.overridden, action: \.overridden) {
      CounterRow()
        .dependency(\.factClient, .previewValue)
    }
  }
}
