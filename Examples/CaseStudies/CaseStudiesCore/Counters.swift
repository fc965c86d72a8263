import Foundation

// MARK: - The TCA feature

/// A counter that can fetch a fact about its number and show it in a dismissable prompt.
@Reducer
public struct CounterRow: Sendable {
  @ObservableState
  public struct State: Equatable, Identifiable {
    public let id: UUID
    public var count = 0
    public var isLoadingFact = false
    @Presents public var factPrompt: AlertState<Never>?

    public init(id: UUID, count: Int = 0) {
      self.id = id
      self.count = count
    }
  }

  public enum Action: Equatable {
    case decrementTapped
    case factPrompt(PresentationAction<Never>)
    case factResponse(String)
    case factTapped
    case incrementTapped
  }

  @Dependency(\.factClient) var factClient

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .decrementTapped:
        state.count -= 1
        return .none
      case .factPrompt:
        return .none
      case let .factResponse(fact):
        state.isLoadingFact = false
        state.factPrompt = AlertState { TextState("Fact") } message: { TextState(fact) }
        return .none
      case .factTapped:
        state.isLoadingFact = true
        return .run { [count = state.count] send in
          let fact = (try? await factClient.fetch(count)) ?? "Couldn't load a fact about \(count)."
          await send(.factResponse(fact))
        }
      case .incrementTapped:
        state.count += 1
        return .none
      }
    }
    .ifLet(\.$factPrompt, action: \.factPrompt)
  }
}

/// A list of counters with their total. Removing a counter cancels its fact request: `forEach`
/// tears down an element's effects when the element goes away.
@Reducer
public struct CountersList: Sendable {
  @ObservableState
  public struct State: Equatable {
    public var counters: IdentifiedArrayOf<CounterRow.State> = []

    public init(counters: IdentifiedArrayOf<CounterRow.State> = []) {
      self.counters = counters
    }

    public var total: Int { counters.reduce(0) { $0 + $1.count } }
  }

  public enum Action: Equatable {
    case addTapped
    case counters(IdentifiedActionOf<CounterRow>)
    case removeTapped(id: CounterRow.State.ID)
  }

  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addTapped:
        state.counters.append(CounterRow.State(id: uuid()))
        return .none
      case .counters:
        return .none
      case let .removeTapped(id):
        state.counters.remove(id: id)
        return .none
      }
    }
    .forEach(\.counters, action: \.counters) {
      CounterRow()
    }
    .analytics { _, action in
      switch action {
      case .addTapped: AnalyticsEvent("counter added")
      case .removeTapped: AnalyticsEvent("counter removed")
      case .counters(.element(_, .factTapped)): AnalyticsEvent("fact requested")
      default: nil
      }
    }
  }
}

// MARK: - The same feature without TCA

/// The counters list as a plain `@Observable` model, for comparison. It works, but nothing checks
/// that a test covered everything it did, and cancelling a removed counter's request is up to
/// the model (`remove(id:)` has to remember to call `cancelFact()`).
@MainActor
@Observable
public final class CountersModel {
  public private(set) var counters: [CounterModel] = []
  @ObservationIgnored @Dependency(\.uuid) var uuid

  public init() {}

  public var total: Int { counters.reduce(0) { $0 + $1.count } }

  public func addTapped() {
    // Each counter gets the dependencies in force where the list was made.
    let counter = withDependencies(from: self) { CounterModel(id: uuid()) }
    counters.append(counter)
  }

  public func removeTapped(id: UUID) {
    guard let index = counters.firstIndex(where: { $0.id == id }) else { return }
    counters[index].cancelFact()
    counters.remove(at: index)
  }
}

@MainActor
@Observable
public final class CounterModel: Identifiable {
  public let id: UUID
  public var count = 0
  public private(set) var isLoadingFact = false
  public var factPrompt: String?
  /// The request in flight, so that it can be cancelled and awaited.
  @ObservationIgnored public private(set) var factTask: Task<Void, Never>?
  @ObservationIgnored @Dependency(\.factClient) var factClient

  public init(id: UUID) {
    self.id = id
  }

  public func incrementTapped() { count += 1 }
  public func decrementTapped() { count -= 1 }
  public func dismissFactTapped() { factPrompt = nil }

  public func factTapped() {
    isLoadingFact = true
    let count = count
    // The task runs with the dependencies this model was made with (a test's clock, say), not
    // those of whoever called this method.
    factTask = withDependencies(from: self) {
      Task {
        let fact = (try? await factClient.fetch(count)) ?? "Couldn't load a fact about \(count)."
        guard !Task.isCancelled else { return }
        isLoadingFact = false
        factPrompt = fact
      }
    }
  }

  public func cancelFact() {
    factTask?.cancel()
    isLoadingFact = false
  }
}
