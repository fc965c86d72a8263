import ComposableArchitecture
import Testing

// TCA 1.2x scopes stores without the `state:` label, for every kind of child:
// `store.scope(\.settings, action: \.settings)`, `if let store = store.scope(\.editor, action:
// \.editor)`, `for rowStore in store.scope(\.rows, action: \.rows)`.

@Reducer
private struct Shelf {
  @Reducer
  struct Book {
    @ObservableState
    struct State: Equatable, Identifiable {
      let id: Int
      var pages = 0
    }
    enum Action { case pageRead }
    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.pages += 1
        return .none
      }
    }
  }

  @ObservableState
  struct State: Equatable {
    var books: IdentifiedArrayOf<Book.State> = []
    var open: Book.State?
    var path = StackState<Book.State>()
    var shelved = Book.State(id: 0)
  }

  enum Action {
    case books(IdentifiedActionOf<Book>)
    case open(Book.Action)
    case path(StackActionOf<Book>)
    case shelved(Book.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(\.shelved, action: \.shelved) { Book() }
    EmptyReducer()
      .ifLet(\.open, action: \.open) { Book() }
      .forEach(\.books, action: \.books) { Book() }
      .forEach(\.path, action: \.path) { Book() }
  }
}

@MainActor
struct UnlabeledScopeTests {
  @Test func aPropertyScopesToAStore() {
    let store = Store(initialState: Shelf.State()) { Shelf() }
    let shelved = store.scope(\.shelved, action: \.shelved)
    shelved.send(.pageRead)
    #expect(store.shelved.pages == 1)
    #expect(store.scope(\.shelved, action: \.shelved) === shelved)
  }

  @Test func anOptionalScopesToAnOptionalStore() {
    let store = Store(initialState: Shelf.State()) { Shelf() }
    #expect(store.scope(\.open, action: \.open) == nil)

    let opened = Store(initialState: Shelf.State(open: Shelf.Book.State(id: 7))) { Shelf() }
    guard let book = opened.scope(\.open, action: \.open) else {
      Issue.record("The open book has no store.")
      return
    }
    book.send(.pageRead)
    #expect(opened.open?.pages == 1)
    #expect(book.id == 7)
  }

  @Test func aCollectionScopesToItsElementStores() {
    let store = Store(
      initialState: Shelf.State(books: [Shelf.Book.State(id: 1), Shelf.Book.State(id: 2)])
    ) { Shelf() }
    let books = store.scope(\.books, action: \.books)
    #expect(books.map(\.id) == [1, 2])
    books[id: 2]?.send(.pageRead)
    #expect(store.books[id: 2]?.pages == 1)
    #expect(store.books[id: 1]?.pages == 0)
  }

  @Test func aStackScopesToItsElementStores() {
    var path = StackState<Shelf.Book.State>()
    path.append(Shelf.Book.State(id: 3))
    path.append(Shelf.Book.State(id: 4))
    let store = Store(initialState: Shelf.State(path: path)) { Shelf() }
    let screens = store.scope(\.path, action: \.path)
    #expect(screens.map(\.id) == [3, 4])
    screens.last?.send(.pageRead)
    #expect(store.path.map(\.pages) == [0, 1])
  }
}
