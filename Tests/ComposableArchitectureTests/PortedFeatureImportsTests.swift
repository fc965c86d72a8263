// This file imports only ComposableArchitecture and Testing, as a TCA feature file does once its
// views and `import SwiftUI` are removed: Foundation's types (`UUID`, `IndexSet`, `Date`, `URL`),
// `URLSession` for a live client, and the SwiftUI values TCA's examples keep in state
// (`EditMode`, `LocalizedStringKey`) must all be found through `import ComposableArchitecture`.
import ComposableArchitecture
import Testing

@Reducer
private struct Shelf {
  enum Filter: LocalizedStringKey, CaseIterable, Hashable {
    case all = "All"
    case unread = "Unread"
  }

  @ObservableState
  struct State: Equatable {
    var books: IdentifiedArrayOf<Book> = []
    var editMode: EditMode = .inactive
    var filter: Filter = .all

    var visibleBooks: IdentifiedArrayOf<Book> {
      filter == .all ? books : books.filter { !$0.isRead }
    }
  }

  struct Book: Equatable, Identifiable {
    let id: UUID
    var addedAt: Date
    var isRead = false
  }

  enum Action: BindableAction {
    case addButtonTapped
    case binding(BindingAction<State>)
    case delete(IndexSet)
  }

  @Dependency(\.date.now) var now
  @Dependency(\.uuid) var uuid

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        state.books.insert(Book(id: uuid(), addedAt: now), at: 0)
        return .none
      case .binding:
        return .none
      case let .delete(offsets):
        let visible = state.visibleBooks
        for offset in offsets {
          state.books.remove(id: visible[offset].id)
        }
        return .none
      }
    }
  }
}

/// A live client as TCA's examples write one, on `URLSession` (`FoundationNetworking` off Apple
/// platforms). Only compiled here: the tests do not reach the network.
@DependencyClient
private struct CoverClient {
  var cover: @Sendable (_ isbn: String) async throws -> Data
}

extension CoverClient: DependencyKey {
  static let liveValue = CoverClient(
    cover: { isbn in
      var components = URLComponents(string: "https://covers.example.org/b/isbn")!
      components.queryItems = [URLQueryItem(name: "isbn", value: isbn)]
      let (data, _) = try await URLSession.shared.data(from: components.url!)
      return data
    }
  )
}

@MainActor
struct PortedFeatureImportsTests {
  @Test
  func aFeatureWithOnlyTheLibraryImportedRunsItsStory() async {
    let store = TestStore(initialState: Shelf.State()) {
      Shelf()
    } withDependencies: {
      $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
      $0.uuid = .incrementing
    }

    await store.send(.addButtonTapped) {
      $0.books = [Shelf.Book(id: UUID(0), addedAt: Date(timeIntervalSince1970: 1_234_567_890))]
    }
    await store.send(.addButtonTapped) {
      $0.books.insert(
        Shelf.Book(id: UUID(1), addedAt: Date(timeIntervalSince1970: 1_234_567_890)), at: 0
      )
    }
    await store.send(\.binding.editMode, .active) {
      $0.editMode = .active
    }
    await store.send(.delete(IndexSet(integer: 1))) {
      $0.books.remove(id: UUID(0))
    }
    #expect(store.state.editMode.isEditing)
  }

  @Test
  func swiftUIValuesInStateKeepTheirSpellings() {
    #expect(Shelf.Filter.allCases.map { String(describing: $0.rawValue) } == ["All", "Unread"])
    #expect(Shelf.Filter(rawValue: "Unread") == .unread)
    #expect(!EditMode.inactive.isEditing)
    #expect(EditMode.transient.isEditing)
    let count = 3
    #expect(String(describing: "\(count) books" as LocalizedStringKey) == "3 books")
  }
}
