import Foundation

/// A row that holds rows like itself, to any depth: the reducer runs itself for its children
/// (`forEach(…) { Nested() }`). Rows can be added, removed and renamed at every level.
@Reducer
public struct Nested: Sendable {
  @ObservableState
  public struct State: Equatable, Identifiable {
    public let id: UUID
    public var name: String
    public var rows: IdentifiedArrayOf<State>

    public init(id: UUID, name: String = "", rows: IdentifiedArrayOf<State> = []) {
      self.id = id
      self.name = name
      self.rows = rows
    }

    /// The row at `path` (ids from this row down), if it exists.
    public subscript(path path: [UUID]) -> State? {
      guard let first = path.first else { return self }
      return rows[id: first]?[path: Array(path.dropFirst())]
    }
  }

  public indirect enum Action: Equatable {
    case addRowTapped
    case nameChanged(String)
    case removeRowTapped(id: State.ID)
    case rows(IdentifiedActionOf<Nested>)

    /// This action sent to the row at `path` below the row that receives it.
    public static func at(_ path: [UUID], _ action: Action) -> Action {
      path.reversed().reduce(action) { action, id in .rows(.element(id: id, action: action)) }
    }
  }

  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addRowTapped:
        state.rows.append(State(id: uuid(), name: "Row \(state.rows.count + 1)"))
        return .none
      case let .nameChanged(name):
        state.name = name
        return .none
      case let .removeRowTapped(id):
        state.rows.remove(id: id)
        return .none
      case .rows:
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) {
      Self()
    }
  }
}
