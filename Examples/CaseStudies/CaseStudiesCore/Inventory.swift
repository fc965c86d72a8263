import Foundation

public struct Item: Equatable, Identifiable, Sendable {
  public let id: UUID
  public var name: String
  public var quantity: Int

  public init(id: UUID, name: String, quantity: Int = 1) {
    self.id = id
    self.name = name
    self.quantity = quantity
  }
}

/// A list of items with three kinds of presentation: a sheet (`ItemForm`) that closes itself
/// through `@Dependency(\.dismiss)`, an alert to confirm a deletion, and a confirmation dialog to
/// choose how to sort, all in one `@Reducer enum` destination.
@Reducer
public struct Inventory: Sendable {
  @ObservableState
  public struct State: Equatable {
    public var items: IdentifiedArrayOf<Item>
    @Presents public var destination: Destination.State?

    public init(items: IdentifiedArrayOf<Item> = [], destination: Destination.State? = nil) {
      self.items = items
      self.destination = destination
    }
  }

  public enum Action: Equatable {
    case addTapped
    case deleteTapped(id: Item.ID)
    case destination(PresentationAction<Destination.Action>)
    case editTapped(id: Item.ID)
    case sortTapped
  }

  @Reducer(state: .equatable, action: .equatable)
  public enum Destination {
    case alert(AlertState<Alert>)
    case form(ItemForm)
    case sortDialog(ConfirmationDialogState<Sort>)

    @CasePathable
    public enum Alert: Equatable {
      case confirmDeletion(id: Item.ID)
    }

    @CasePathable
    public enum Sort: Equatable {
      case byName
      case byQuantity
    }
  }

  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addTapped:
        state.destination = .form(ItemForm.State(item: Item(id: uuid(), name: "")))
        return .none
      case let .deleteTapped(id):
        guard let item = state.items[id: id] else { return .none }
        state.destination = .alert(
          AlertState {
            TextState("Delete \(item.name.isEmpty ? "this item" : item.name)?")
          } actions: {
            ButtonState(role: .destructive, action: .confirmDeletion(id: id)) { TextState("Delete") }
            ButtonState(role: .cancel) { TextState("Cancel") }
          } message: {
            TextState("It cannot be brought back.")
          }
        )
        return .none
      case let .destination(.presented(.alert(.confirmDeletion(id)))):
        state.items.remove(id: id)
        return .none
      case let .destination(.presented(.form(.delegate(.save(item))))):
        state.items[id: item.id] = item
        return .none
      case let .destination(.presented(.sortDialog(sort))):
        switch sort {
        case .byName: state.items.sort { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
        case .byQuantity: state.items.sort { $0.quantity > $1.quantity }
        }
        return .none
      case .destination:
        return .none
      case let .editTapped(id):
        guard let item = state.items[id: id] else { return .none }
        state.destination = .form(ItemForm.State(item: item))
        return .none
      case .sortTapped:
        state.destination = .sortDialog(
          ConfirmationDialogState {
            TextState("Sort items")
          } actions: {
            ButtonState(action: .byName) { TextState("By name") }
            ButtonState(action: .byQuantity) { TextState("By quantity") }
            ButtonState(role: .cancel) { TextState("Cancel") }
          }
        )
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }
}

/// Edits an item in a sheet. Saving tells the parent, then closes the sheet itself.
@Reducer
public struct ItemForm: Sendable {
  @ObservableState
  public struct State: Equatable {
    public var item: Item
    public init(item: Item) { self.item = item }
  }

  public enum Action: Equatable {
    case cancelTapped
    case delegate(Delegate)
    case nameChanged(String)
    case quantityDecremented
    case quantityIncremented
    case saveTapped

    @CasePathable
    public enum Delegate: Equatable {
      case save(Item)
    }
  }

  @Dependency(\.dismiss) var dismiss

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .cancelTapped:
        return .run { _ in await dismiss() }
      case .delegate:
        return .none
      case let .nameChanged(name):
        state.item.name = name
        return .none
      case .quantityDecremented:
        state.item.quantity = max(0, state.item.quantity - 1)
        return .none
      case .quantityIncremented:
        state.item.quantity += 1
        return .none
      case .saveTapped:
        return .run { [item = state.item] send in
          await send(.delegate(.save(item)))
          await dismiss()
        }
      }
    }
  }
}
