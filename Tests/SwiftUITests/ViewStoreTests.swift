import ComposableArchitecture
import ComposableSwiftUI
import ComposableWebCore
import ComposableWebTestSupport
import SwiftUICore
import SwiftUIWeb
import Testing

/// TCA's view layer from before `@ObservableState` (1.7), as apps of that time wrote it: state
/// that is not observable, `WithViewStore`, `viewStore.$field` bindings of `@BindingState`,
/// `IfLetStore`, `ForEachStore` with `onDelete`, `SwitchStore`/`CaseLet`, `NavigationStackStore`,
/// and `sheet(store:)`/`alert(store:)` with `@PresentationState`. Deprecated, as in TCA, so the
/// suite's types and tests are too (their uses then raise no warnings).
@MainActor
struct ViewStoreTests {
  @available(*, deprecated)
  @Reducer
  struct Counter {
    struct State: Equatable, Identifiable {
      var id = 0
      var count = 0
    }
    enum Action {
      case decrementButtonTapped
      case incrementButtonTapped
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .decrementButtonTapped: state.count -= 1
      case .incrementButtonTapped: state.count += 1
      }
      return .none
    }
  }

  @available(*, deprecated)
  struct CounterView: View {
    let store: StoreOf<Counter>
    var body: some View {
      WithViewStore(store, observe: { $0 }) { viewStore in
        HStack {
          Button("Decrement \(viewStore.id)") { viewStore.send(.decrementButtonTapped) }
          Text("Count \(viewStore.id): \(viewStore.count)")
          Button("Increment \(viewStore.id)") { viewStore.send(.incrementButtonTapped) }
        }
      }
    }
  }

  @available(*, deprecated)
  @Test func withViewStoreDrawsAndSends() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    let (client, _) = openTab(CounterView(store: store))
    #expect(client.text.contains("Count 0: 0"))
    await client.click("Increment 0")
    await client.click("Increment 0")
    await client.click("Decrement 0")
    #expect(client.text.contains("Count 0: 1"))
    #expect(store.withState(\.count) == 1)
  }

  // MARK: Bindings of @BindingState, and a view state of its own

  @available(*, deprecated)
  @Reducer
  struct Settings {
    struct State: Equatable {
      @BindingState var displayName = ""
      @BindingState var isMuted = false
      var saves = 0
    }
    enum Action: BindableAction {
      case binding(BindingAction<State>)
      case saveButtonTapped
    }
    var body: some ReducerOf<Self> {
      BindingReducer()
      Reduce { state, action in
        if case .saveButtonTapped = action { state.saves += 1 }
        return .none
      }
    }
  }

  @available(*, deprecated)
  struct SettingsView: View {
    let store: StoreOf<Settings>
    struct ViewState: Equatable {
      var summary: String
      var canSave: Bool
      init(state: Settings.State) {
        summary = "\(state.displayName.isEmpty ? "nobody" : state.displayName), \(state.isMuted ? "muted" : "loud")"
        canSave = !state.displayName.isEmpty
      }
    }
    var body: some View {
      WithViewStore(store, observe: { $0 }) { viewStore in
        Form {
          TextField("Display name", text: viewStore.$displayName)
          Toggle("Muted", isOn: viewStore.$isMuted)
          WithViewStore(store, observe: ViewState.init(state:)) { summary in
            Text("Summary: \(summary.summary)")
            Button("Save") { summary.send(.saveButtonTapped) }.disabled(!summary.canSave)
          }
        }
      }
    }
  }

  @available(*, deprecated)
  @Test func bindingStateFieldsAreBoundThroughTheViewStore() async throws {
    let store = Store(initialState: Settings.State()) { Settings() }
    let (client, _) = openTab(SettingsView(store: store))
    #expect(client.text.contains("Summary: nobody, loud"))
    await client.type("Blob", into: "Display name")
    // The toggle's checkbox, switched on.
    let checkbox = try #require(client.html.firstMatch(of: /<input[^>]*type="checkbox"[^>]*>/)?.0)
    let toggle = try #require(checkbox.firstMatch(of: /data-on-change="([^"]+)"/)?.1)
    await client.sendRaw(#"{"h":"\#(toggle)","v":"true"}"#)
    #expect(client.text.contains("Summary: Blob, muted"))
    await client.click("Save")
    #expect(store.withState { ($0.displayName, $0.isMuted, $0.saves) } == ("Blob", true, 1))
  }

  // MARK: IfLetStore, ForEachStore

  @available(*, deprecated)
  @Reducer
  struct Board {
    struct State: Equatable {
      var highlighted: Counter.State?
      var counters: IdentifiedArrayOf<Counter.State> = [Counter.State(id: 1), Counter.State(id: 2)]
    }
    enum Action {
      case highlighted(Counter.Action)
      case counters(IdentifiedActionOf<Counter>)
      case toggleHighlightButtonTapped
      case delete(IndexSet)
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .toggleHighlightButtonTapped:
          state.highlighted = state.highlighted == nil ? Counter.State(id: 9) : nil
        case let .delete(offsets):
          state.counters.remove(atOffsets: offsets)
        case .highlighted, .counters:
          break
        }
        return .none
      }
      .ifLet(\.highlighted, action: \.highlighted) { Counter() }
      .forEach(\.counters, action: \.counters) { Counter() }
    }
  }

  @available(*, deprecated)
  struct BoardView: View {
    let store: StoreOf<Board>
    var body: some View {
      List {
        Button("Toggle highlight") { store.send(.toggleHighlightButtonTapped) }
        IfLetStore(store.scope(state: \.highlighted, action: \.highlighted)) { store in
          CounterView(store: store)
        } else: {
          Text("No highlight")
        }
        ForEachStore(store.scope(state: \.counters, action: \.counters)) { store in
          CounterView(store: store)
        }
        .onDelete { store.send(.delete($0)) }
      }
    }
  }

  @available(*, deprecated)
  @Test func ifLetStoreAndForEachStore() async {
    let store = Store(initialState: Board.State()) { Board() }
    let (client, _) = openTab(BoardView(store: store))
    #expect(client.text.contains("No highlight"))
    #expect(client.text.contains("Count 1: 0") && client.text.contains("Count 2: 0"))

    await client.click("Toggle highlight")
    #expect(!client.text.contains("No highlight"))
    await client.click("Increment 9")
    #expect(client.text.contains("Count 9: 1"))
    // The unwrapped store is kept while the state is there: a second tap counts on.
    await client.click("Increment 9")
    #expect(client.text.contains("Count 9: 2"))

    await client.click("Increment 2")
    #expect(client.text.contains("Count 2: 1"))
    #expect(store.withState { $0.counters[id: 2]?.count } == 1)

    await client.click("Toggle highlight")
    #expect(client.text.contains("No highlight"))
    #expect(!client.text.contains("Count 9"))

    // The first row's Delete button.
    await client.click("Delete")
    #expect(store.withState { $0.counters.ids } == [2])
    #expect(!client.text.contains("Count 1:"))
  }

  // MARK: SwitchStore and CaseLet in a NavigationStackStore, a sheet and an alert by store

  @available(*, deprecated)
  @Reducer
  struct Path {
    @CasePathable
    enum State: Equatable {
      case counter(Counter.State)
      case settings(Settings.State)
    }
    @CasePathable
    enum Action {
      case counter(Counter.Action)
      case settings(Settings.Action)
    }
    var body: some ReducerOf<Self> {
      Scope(state: \.counter, action: \.counter) { Counter() }
      Scope(state: \.settings, action: \.settings) { Settings() }
    }
  }

  @available(*, deprecated)
  @Reducer
  struct App {
    struct State: Equatable {
      var path = StackState<Path.State>()
      @PresentationState var editor: Settings.State?
      @PresentationState var alert: AlertState<Action.Alert>?
      var resets = 0
    }
    enum Action {
      case path(StackAction<Path.State, Path.Action>)
      case editor(PresentationAction<Settings.Action>)
      case alert(PresentationAction<Alert>)
      case editButtonTapped
      case resetButtonTapped
      enum Alert: Equatable { case confirmReset }
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .editButtonTapped:
          state.editor = Settings.State()
        case .resetButtonTapped:
          state.alert = AlertState {
            TextState("Reset everything?")
          } actions: {
            ButtonState(role: .destructive, action: .confirmReset) { TextState("Erase") }
            ButtonState(role: .cancel) { TextState("Keep") }
          }
        case .alert(.presented(.confirmReset)):
          state.resets += 1
        case .path, .editor, .alert:
          break
        }
        return .none
      }
      .forEach(\.path, action: \.path) { Path() }
      .ifLet(\.$editor, action: \.editor) { Settings() }
      .ifLet(\.$alert, action: \.alert)
    }
  }

  @available(*, deprecated)
  struct AppView: View {
    let store: StoreOf<App>
    var body: some View {
      NavigationStackStore(store.scope(state: \.path, action: \.path)) {
        WithViewStore(store, observe: \.resets) { viewStore in
          List {
            NavigationLink("Open counter", state: Path.State.counter(Counter.State(id: 5)))
            Button("Edit") { viewStore.send(.editButtonTapped) }
            Button("Reset") { viewStore.send(.resetButtonTapped) }
            Text("Resets: \(viewStore.state)")
          }
          .navigationTitle("Home")
          .sheet(store: store.scope(state: \.$editor, action: \.editor)) { store in
            SettingsView(store: store)
          }
          .alert(store: store.scope(state: \.$alert, action: \.alert))
        }
      } destination: { initialState in
        switch initialState {
        case .counter:
          CaseLet(\Path.State.counter, action: Path.Action.counter) { store in
            CounterView(store: store).navigationTitle("Counter")
          }
        case .settings:
          CaseLet(\Path.State.settings, action: Path.Action.settings) { store in
            SettingsView(store: store)
          }
        }
      }
    }
  }

  @available(*, deprecated)
  @Test func aStackOfCaseLetsASheetAndAnAlertByStore() async {
    let store = Store(initialState: App.State()) { App() }
    let (client, _) = openTab(AppView(store: store))
    #expect(client.text.contains("Resets: 0"))

    await client.click("Open counter")
    #expect(store.withState(\.path.count) == 1)
    await client.click("Increment 5")
    #expect(client.text.contains("Count 5: 1"))
    #expect(store.withState { $0.path.first.flatMap(\.counter)?.count } == 1)
    await client.click("Home")
    #expect(store.withState(\.path.count) == 0)

    await client.click("Edit")
    await client.type("Sheet", into: "Display name")
    #expect(store.withState(\.editor?.displayName) == "Sheet")
    #expect(client.text.contains("Summary: Sheet, loud"))

    store.send(.editor(.dismiss))
    await client.settle()
    #expect(!client.text.contains("Summary:"))

    await client.click("Reset")
    #expect(client.text.contains("Reset everything?"))
    await client.click("Erase")
    #expect(store.withState(\.resets) == 1)
    #expect(store.withState(\.alert) == nil)
    #expect(client.text.contains("Resets: 1"))
  }

  // MARK: Waiting on the state, and a CaseLet of the wrong case

  @available(*, deprecated)
  @Reducer
  struct Loader {
    struct State: Equatable {
      var isLoading = false
      var loads = 0
    }
    enum Action {
      case refresh
      case loaded
    }
    @Dependency(\.continuousClock) var clock
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .refresh:
        state.isLoading = true
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.loaded)
        }
      case .loaded:
        state.isLoading = false
        state.loads += 1
        return .none
      }
    }
  }

  @available(*, deprecated)
  @Test func sendWhileWaitsUntilThePredicateStopsHolding() async {
    let clock = TestClock()
    let store = Store(initialState: Loader.State()) { Loader() } withDependencies: { $0.continuousClock = clock }
    let viewStore = ViewStore(store, observe: { $0 })
    let finished = LockIsolated(false)
    let refreshing = Task {
      await viewStore.send(.refresh, while: \.isLoading)
      finished.setValue(true)
    }
    await clock.advance(by: .milliseconds(500))
    #expect(viewStore.isLoading)
    #expect(!finished.value)
    await clock.advance(by: .milliseconds(500))
    await refreshing.value
    #expect(finished.value)
    #expect(viewStore.state == Loader.State(isLoading: false, loads: 1))
  }

  @available(*, deprecated)
  @CasePathable
  enum Screen: Equatable {
    case first(Counter.State)
    case second(Counter.State)
  }

  @available(*, deprecated)
  struct MismatchedCaseLet: View {
    let store: Store<Screen, Counter.Action>
    var body: some View {
      SwitchStore(store) { _ in
        CaseLet(/Screen.second, action: { $0 }) { store in CounterView(store: store) }
      }
    }
  }

  @available(*, deprecated)
  @Test func aCaseLetOfAnotherCaseDrawsNothingAndSaysWhere() async {
    let store = Store<Screen, Counter.Action>(initialState: .first(Counter.State())) {
      Reduce { _, _ in .none }
    }
    await withKnownIssue {
      let (client, _) = openTab(MismatchedCaseLet(store: store))
      await client.settle()
      #expect(!client.text.contains("Count"))
    } matching: { issue in
      let description = issue.comments.map(\.rawValue).joined() + "\(issue)"
      return description.contains("ViewStoreTests.swift") && description.contains("names a case the state is not in")
    }
  }
}
