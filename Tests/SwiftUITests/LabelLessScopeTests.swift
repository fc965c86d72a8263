import ComposableArchitecture
import ComposableSwiftUI
import ComposableWebCore
import ComposableWebTestSupport
import SwiftUICore
import SwiftUIWeb
import Testing

/// The scopes as TCA's main branch spells them, without `state:`, in the shape of its SyncUps:
/// `NavigationStack(path: $store.scope(\.path, action: \.path))`, a detail whose edit sheet is
/// `$store.scope(\.destination?.edit, action: \.destination.edit)`, and `Scope(\.list, action:
/// \.list)` in the app's reducer.
@MainActor
struct LabelLessScopeTests {
  @Reducer
  struct Form {
    @ObservableState
    struct State: Equatable {
      var title = ""
    }
    enum Action: BindableAction {
      case binding(BindingAction<State>)
    }
    var body: some ReducerOf<Self> { BindingReducer() }
  }

  @Reducer
  struct Detail {
    @Reducer
    enum Destination {
      case edit(Form)
    }
    @ObservableState
    struct State {
      @Presents var destination: Destination.State?
      var title = "Design"
    }
    enum Action {
      case destination(PresentationAction<Destination.Action>)
      case editButtonTapped
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .editButtonTapped:
          state.destination = .edit(Form.State(title: state.title))
        case .destination(.presented(.edit(.binding))):
          if case let .edit(form) = state.destination { state.title = form.title }
        case .destination:
          break
        }
        return .none
      }
      .ifLet(\.$destination, action: \.destination)
    }
  }

  @Reducer
  struct List {
    @ObservableState
    struct State: Equatable {
      var opened = 0
    }
    enum Action {
      case opened
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.opened += 1
      return .none
    }
  }

  @Reducer
  struct App {
    @Reducer
    enum Path {
      case detail(Detail)
    }
    @ObservableState
    struct State {
      var list = List.State()
      var path = StackState<Path.State>()
    }
    enum Action {
      case list(List.Action)
      case path(StackActionOf<Path>)
    }
    var body: some ReducerOf<Self> {
      Scope(\.list, action: \.list) { List() }
      Reduce { _, _ in .none }
        .forEach(\.path, action: \.path)
    }
  }

  struct DetailView: View {
    @Bindable var store: StoreOf<Detail>
    var body: some View {
      VStack {
        Text("Title: \(store.title)")
        Button("Edit") { store.send(.editButtonTapped) }
      }
      .sheet(item: $store.scope(\.destination?.edit, action: \.destination.edit)) { formStore in
        FormView(store: formStore)
      }
    }
  }

  struct FormView: View {
    @Bindable var store: StoreOf<Form>
    var body: some View {
      TextField("Title", text: $store.title)
    }
  }

  struct AppView: View {
    @Bindable var store: StoreOf<App>
    var body: some View {
      NavigationStack(path: $store.scope(\.path, action: \.path)) {
        VStack {
          Text("Opened \(store.list.opened)")
          NavigationLink("Design", state: App.Path.State.detail(Detail.State()))
        }
        .navigationTitle("Sync-ups")
      } destination: { store in
        switch store.case {
        case let .detail(store): DetailView(store: store)
        }
      }
    }
  }

  @Test func aStackAndASheetScopedWithoutStateLabels() async {
    let store = Store(initialState: App.State()) { App() }
    let (client, _) = openTab(AppView(store: store))
    store.send(.list(.opened))
    await client.settle()
    #expect(client.text.contains("Opened 1"))

    await client.click("Design")
    #expect(store.withState(\.path.count) == 1)
    #expect(client.text.contains("Title: Design"))

    await client.click("Edit")
    await client.type("Engineering", into: "Title")
    #expect(client.text.contains("Title: Engineering"))
    guard case let .detail(detail) = store.withState(\.path.first) else {
      Issue.record("The detail was not pushed")
      return
    }
    #expect(detail.title == "Engineering")
    #expect(detail.destination != nil)
  }
}
