import ComposableArchitecture
import Foundation

/// Every standup, and the sheet that adds one.
@Reducer
public struct StandupsList {
  @Reducer(state: .equatable, .codable, action: .equatable, .codable)
  public enum Destination {
    case add(StandupForm)
    case alert(AlertState<Never>)
  }

  @ObservableState
  public struct State: Codable, Equatable {
    @Presents public var destination: Destination.State?
    @Shared(.standups) public var standups
    /// Why the add sheet's standup was not added (another tab filled the account's last place
    /// while it was open): shown in the sheet, which stays open with what was typed.
    public var addRefusal: String?

    public init(destination: Destination.State? = nil) {
      self.destination = destination
    }
  }

  public enum Action: Codable, Equatable {
    case addButtonTapped
    case confirmAddButtonTapped
    case destination(PresentationAction<Destination.Action>)
    case dismissAddButtonTapped
    case onAppear
    case standupTapped(Standup.ID)
  }

  @Dependency(\.standupsLimit) var limit
  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        if let limit, state.standups.count >= limit.count {
          limit.reached()
          state.destination = .alert(.standupsLimitReached(limit.count))
          return .none
        }
        state.addRefusal = nil
        state.destination = .add(StandupForm.State(standup: Standup(id: Standup.ID(uuid()))))
        return .none

      case .confirmAddButtonTapped:
        guard case let .add(form)? = state.destination else { return .none }
        let standup = form.standupToSave
        // Counted and added in one step: two tabs of one account cannot both take its last place.
        let added = state.$standups.withLock { standups in
          guard limit.map({ standups.count < $0.count }) ?? true else { return false }
          standups.append(standup)
          return true
        }
        if added {
          state.destination = nil
          state.addRefusal = nil
        } else if let limit {
          limit.reached()
          state.addRefusal = StandupsLimit.refusal(limit.count)
        }
        return .none

      case .destination:
        return .none

      case .dismissAddButtonTapped:
        state.destination = nil
        state.addRefusal = nil
        return .none

      case .onAppear:
        // A data file that could not be read was moved aside: say so, and where it went.
        if let error = state.$standups.loadError as? FileStorageError {
          state.destination = .alert(.dataFileUnreadable(error))
        }
        return .none

      case .standupTapped:
        // The app pushes the standup's detail.
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }
}

extension AlertState where Action == Never {
  /// The account holds as many standups as it may (``StandupsLimit``).
  public static func standupsLimitReached(_ count: Int) -> Self {
    AlertState {
      TextState("No room for another standup")
    } actions: {
      ButtonState(role: .cancel) { TextState("OK") }
    } message: {
      TextState(StandupsLimit.refusal(count))
    }
  }

  public static func dataFileUnreadable(_ error: FileStorageError) -> Self {
    AlertState {
      TextState("Your standups could not be read")
    } actions: {
      ButtonState(role: .cancel) { TextState("OK") }
    } message: {
      if let backup = error.backupURL {
        TextState(
          """
          The data file was damaged, so it was moved to \(backup.path) and nothing in it was \
          lost. You are starting with an empty list.
          """
        )
      } else {
        TextState("\(error.description) Nothing will be saved until the file is moved or fixed.")
      }
    }
  }
}
