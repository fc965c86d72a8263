import ComposableArchitecture
import ComposableSwiftUI
import ComposableWebCore
import ComposableWebTestSupport
import SwiftUICore
import SwiftUIWeb
import Testing

/// TCA's SwiftUI integration with a real store behind real views, driven as a tab drives them:
/// `$store` bindings, a sheet of a child's store, an alert of `AlertState`, and a stack of
/// `StackState` pushed by `NavigationLink(state:)` and popped by Back. The parent logs every
/// action its reducer gets, so each test says which actions the views sent, in order.
@MainActor
struct StoreIntegrationTests {
  @Reducer
  struct Counter {
    @ObservableState
    struct State: Equatable, Identifiable {
      let id: Int
      var count = 0
    }
    enum Action { case incrementTapped }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += 1
      return .none
    }
  }

  @Reducer
  struct Parent {
    @ObservableState
    struct State: Equatable {
      var title = ""
      var query = ""
      @Presents var counter: Counter.State?
      @Presents var alert: AlertState<Action.Alert>?
      var path = StackState<Counter.State>()
      var log: [String] = []
    }
    enum Action: BindableAction {
      case binding(BindingAction<State>)
      case queryChanged(String)
      case counter(PresentationAction<Counter.Action>)
      case alert(PresentationAction<Alert>)
      case path(StackActionOf<Counter>)
      case showCounterTapped
      case deleteTapped
      enum Alert: Equatable { case confirmDeletion }
    }
    var body: some ReducerOf<Self> {
      BindingReducer()
      Reduce { state, action in
        switch action {
        case .binding: break
        case let .queryChanged(query):
          state.query = query
          state.log.append("queryChanged(\(query))")
        case .counter(.dismiss): state.log.append("counter.dismiss")
        case .counter(.presented): state.log.append("counter.presented")
        case .alert(.presented(.confirmDeletion)): state.log.append("alert.confirmDeletion")
        case .alert(.dismiss): state.log.append("alert.dismiss")
        case let .path(.push(id, element)): state.log.append("path.push(\(id), \(element.id))")
        case let .path(.popFrom(id)): state.log.append("path.popFrom(\(id))")
        case .path(.element): state.log.append("path.element")
        case .showCounterTapped:
          state.counter = Counter.State(id: 1)
        case .deleteTapped:
          state.alert = AlertState {
            TextState("Delete?")
          } actions: {
            ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
            ButtonState(role: .cancel) { TextState("Cancel") }
          } message: {
            TextState("This cannot be undone.")
          }
        }
        return .none
      }
      .ifLet(\.$counter, action: \.counter) { Counter() }
      .ifLet(\.$alert, action: \.alert)
      .forEach(\.path, action: \.path) { Counter() }
    }
  }

  struct CounterView: View {
    let store: StoreOf<Counter>
    var body: some View {
      Form {
        Text("Count: \(store.count)")
        Button("Increment") { store.send(.incrementTapped) }
      }
      .navigationTitle("Counter \(store.state.id)")
    }
  }

  struct ParentView: View {
    @Bindable var store: StoreOf<Parent>
    var body: some View {
      NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
        Form {
          TextField("Title", text: $store.title)
          TextField("Query", text: $store.query.sending(\.queryChanged))
          Button("Show counter") { store.send(.showCounterTapped) }
          Button("Delete everything") { store.send(.deleteTapped) }
          NavigationLink(state: Counter.State(id: 7)) { Text("Open counter 7") }
        }
        .navigationTitle("Parent")
      } destination: { store in
        CounterView(store: store)
      }
      .sheet(item: $store.scope(state: \.counter, action: \.counter)) { store in
        CounterView(store: store)
      }
      .alert($store.scope(state: \.alert, action: \.alert))
    }
  }

  func open() -> (WebTestClient, StoreOf<Parent>) {
    let store = Store(initialState: Parent.State()) { Parent() }
    return (openTab(ParentView(store: store)).tab, store)
  }

  @Test func aBindableFieldAndAFieldSendingItsOwnAction() async {
    let (tab, store) = open()
    await tab.type("Daily", into: "Title")
    #expect(store.title == "Daily")
    await tab.type("sync", into: "Query")
    #expect(store.query == "sync")
    #expect(store.log == ["queryChanged(sync)"])
  }

  @Test func aDismissedSheetSendsDismissAndItsStoreDrivesTheChild() async {
    let (tab, store) = open()
    await tab.click("Show counter")
    #expect(tab.texts(role: "dialog").count == 1)
    await tab.click("Increment")
    #expect(store.counter?.count == 1)
    #expect(tab.text.contains("Count: 1"))
    await tab.press(.escape)
    #expect(store.counter == nil)
    #expect(store.log == ["counter.presented", "counter.dismiss"])
    #expect(tab.texts(role: "dialog").isEmpty)
  }

  @Test func anAlertButtonSendsItsActionThenTheAlertIsCleared() async {
    let (tab, store) = open()
    await tab.click("Delete everything")
    #expect(tab.texts(role: "alertdialog").count == 1)
    #expect(tab.text.contains("This cannot be undone."))
    await tab.click("Delete")
    #expect(store.alert == nil)
    // The button's action, and no dismissal after it: the alert had gone with its action.
    #expect(store.log == ["alert.confirmDeletion"])
    #expect(tab.texts(role: "alertdialog").isEmpty)
  }

  @Test func aLinkPushesStackStateAndBackPopsIt() async {
    let (tab, store) = open()
    await tab.click("Open counter 7")
    #expect(store.path.count == 1)
    #expect(store.path.first?.id == 7)
    #expect(store.log == ["path.push(#0, 7)"])
    #expect(tab.text.contains("Counter 7"))
    await tab.click("Increment")
    #expect(store.path.first?.count == 1)
    // Back, named after the screen under it.
    await tab.click("Parent")
    #expect(store.path.isEmpty)
    #expect(store.log == ["path.push(#0, 7)", "path.element", "path.popFrom(#0)"])
  }

  @Reducer
  struct Sorting {
    @ObservableState
    struct State: Equatable {
      enum Field: Hashable { case title, attendee }
      var focus: Field? = .title
      var title = ""
      @Presents var dialog: ConfirmationDialogState<Action.Dialog>?
      var sorted = false
    }
    enum Action: BindableAction {
      case binding(BindingAction<State>)
      case dialog(PresentationAction<Dialog>)
      case sortTapped
      case focusAttendeeTapped
      enum Dialog: Equatable { case byTitle }
    }
    var body: some ReducerOf<Self> {
      BindingReducer()
      Reduce { state, action in
        switch action {
        case .binding: break
        case .dialog(.presented(.byTitle)): state.sorted = true
        case .dialog: break
        case .sortTapped:
          state.dialog = ConfirmationDialogState(titleVisibility: .visible) {
            TextState("Sort")
          } actions: {
            ButtonState(action: .byTitle) { TextState("By title") }
          }
        case .focusAttendeeTapped: state.focus = .attendee
        }
        return .none
      }
      .ifLet(\.$dialog, action: \.dialog)
    }
  }

  struct SortingView: View {
    @Bindable var store: StoreOf<Sorting>
    @FocusState var focus: Sorting.State.Field?
    var body: some View {
      WithPerceptionTracking {
        VStack {
          TextField("Title", text: $store.title).focused($focus, equals: .title)
          TextField("Attendee", text: .constant("")).focused($focus, equals: .attendee)
          Button("Sort") { store.send(.sortTapped) }
          Button("Next field") { store.send(.focusAttendeeTapped) }
          Text(TextState("Sorted: \(store.sorted)"))
        }
        .bind($store.focus, to: $focus)
        .confirmationDialog($store.scope(state: \.$dialog, action: \.dialog))
      }
    }
  }

  @Test func focusBoundToStateAConfirmationDialogAndTextState() async {
    let store = Store(initialState: Sorting.State()) { Sorting() }
    let (tab, _) = openTab(SortingView(store: store))
    await tab.settle()
    // The state's focus reaches the view: the title field asks for the focus.
    #expect(tab.html.contains(#"placeholder="Title" class="sui-input sui-input-automatic" autofocus type="text""#))
    // The state moves it.
    await tab.click("Next field")
    await tab.settle()
    #expect(tab.html.contains(#"placeholder="Attendee" class="sui-input sui-input-automatic" autofocus type="text""#))
    // The user moves it: the state follows.
    await tab.focus("Title")
    await tab.settle()
    #expect(store.focus == .title)
    // A confirmation dialog of the store's state (through `\.$dialog`), whose button sends its action.
    await tab.click("Sort")
    #expect(tab.text.contains("By title"))
    await tab.click("By title")
    #expect(store.sorted)
    #expect(store.dialog == nil)
    #expect(tab.text.contains("Sorted: true"))
  }

  @Test func focusMovedByTheFeatureWhileTheBrowserMovesItStaysWhereTheFeaturePutIt() async {
    let store = Store(initialState: Sorting.State()) { Sorting() }
    let (tab, _) = openTab(SortingView(store: store))
    await tab.settle()
    // The user is in the title field; pressing the button takes the focus out of it first.
    await tab.focus("Title")
    await tab.settle()
    await tab.blur("Title")
    await tab.click("Next field")
    await tab.settle()
    // The browser follows the feature's focus into the attendee field.
    await tab.focus("Attendee")
    await tab.settle()
    await tab.settle()
    #expect(store.focus == .attendee)
    #expect(tab.html.contains(#"placeholder="Attendee" class="sui-input sui-input-automatic" autofocus type="text""#))
    #expect(!tab.html.contains(#"placeholder="Title" class="sui-input sui-input-automatic" autofocus"#))
  }

  @Reducer
  struct Roster {
    @ObservableState
    struct State: Equatable {
      enum Field: Hashable { case title, name(Int), addName }
      var focus: Field? = .title
      var title = ""
      var names: IdentifiedArrayOf<Name> = [Name(id: 0)]
    }
    struct Name: Equatable, Identifiable { var id: Int; var text = "" }
    enum Action: BindableAction {
      case binding(BindingAction<State>)
      case addNameTapped
    }
    var body: some ReducerOf<Self> {
      BindingReducer()
      Reduce { state, action in
        if case .addNameTapped = action {
          state.names.append(Name(id: state.names.count))
          state.focus = .name(state.names.count - 1)
        }
        return .none
      }
    }
  }

  struct RosterView: View {
    @Bindable var store: StoreOf<Roster>
    @FocusState var focus: Roster.State.Field?
    var body: some View {
      Form {
        TextField("Title", text: $store.title).focused($focus, equals: .title)
        ForEach($store.names) { $name in
          TextField("Name", text: $name.text).focused($focus, equals: .name(name.id))
        }
        Button("New name") { store.send(.addNameTapped) }
          .focused($focus, equals: .addName)
      }
      .bind($store.focus, to: $focus)
    }
  }

  @Test func aNewRowTakesTheFocusAndKeepsItWhileTheBrowserCatchesUp() async {
    let store = Store(initialState: Roster.State()) { Roster() }
    let (tab, _) = openTab(RosterView(store: store))
    await tab.settle()
    // Typing in the first name (the browser focused it), then "New name" (the button takes the
    // focus on the way), as Chromium sends it.
    await tab.blur("Title")
    await tab.focus("Name")
    await tab.settle()
    await tab.type("Blob", into: "Name")
    await tab.settle()
    await tab.blur("Name")
    await tab.click("New name")
    await tab.settle()
    #expect(store.focus == .name(1))
    // The browser follows into the new field: the focus stays there.
    await tab.blur("Name")
    await tab.focus("Name", index: 1)
    await tab.settle()
    #expect(store.focus == .name(1))
    // What is typed there goes to the new name.
    await tab.type("Jr", into: "Name", index: 1)
    await tab.settle()
    #expect(store.names.map(\.text) == ["Blob", "Jr"])
    #expect(store.focus == .name(1))
  }

  // SyncUps' detail: an enum destination whose cases are reached through the presented store.
  @Reducer
  struct Detail {
    @Reducer
    enum Destination {
      case alert(AlertState<Alert>)
      case edit(Counter)
      enum Alert: Equatable { case confirmDeletion }
    }
    @ObservableState
    struct State {
      @Presents var destination: Destination.State?
      var deleted = false
    }
    enum Action {
      case destination(PresentationAction<Destination.Action>)
      case deleteTapped
      case editTapped
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .destination(.presented(.alert(.confirmDeletion))): state.deleted = true
        case .destination: break
        case .deleteTapped:
          state.destination = .alert(AlertState { TextState("Delete this meeting?") } actions: {
            ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Yes") }
          })
        case .editTapped: state.destination = .edit(Counter.State(id: 3))
        }
        return .none
      }
      .ifLet(\.$destination, action: \.destination)
    }
  }

  struct DetailView: View {
    @Bindable var store: StoreOf<Detail>
    var body: some View {
      VStack {
        Button("Delete meeting") { store.send(.deleteTapped) }
        Button("Edit") { store.send(.editTapped) }
        Text(store.deleted ? "Deleted" : "Kept")
      }
      .alert($store.scope(state: \.$destination, action: \.destination).alert)
      .sheet(item: $store.scope(state: \.$destination, action: \.destination).edit) { store in
        CounterView(store: store)
      }
    }
  }

  @Test func theCasesOfAnEnumDestinationThroughItsStore() async {
    let store = Store(initialState: Detail.State()) { Detail() }
    let (tab, _) = openTab(DetailView(store: store))
    // The edit case is a sheet of its feature's store; Escape dismisses it.
    await tab.click("Edit")
    #expect(tab.texts(role: "dialog").count == 1)
    await tab.click("Increment")
    #expect(tab.text.contains("Count: 1"))
    await tab.press(.escape)
    #expect(store.destination == nil)
    // The alert case is an alert of its state; its button sends its action through the store.
    await tab.click("Delete meeting")
    #expect(tab.text.contains("Delete this meeting?"))
    #expect(tab.texts(role: "dialog").isEmpty)
    await tab.click("Yes")
    #expect(store.deleted)
    #expect(store.destination == nil)
    #expect(tab.text.contains("Deleted"))
  }

  // SyncUps' list: the sheet of one case of an enum destination, scoped through the optional.
  struct ListView: View {
    @Bindable var store: StoreOf<Detail>
    var body: some View {
      Button("Edit") { store.send(.editTapped) }
        .sheet(item: $store.scope(state: \.destination?.edit, action: \.destination.edit)) { store in
          CounterView(store: store)
        }
    }
  }

  @Test func theSheetOfACaseScopedThroughTheOptional() async {
    let store = Store(initialState: Detail.State()) { Detail() }
    let (tab, _) = openTab(ListView(store: store))
    await tab.click("Edit")
    await tab.click("Increment")
    #expect(tab.text.contains("Count: 1"))
    await tab.press(.escape)
    #expect(store.destination == nil)
  }

  // A screen's own state lasts while its element's state changes (the screen is named by the
  // element's id, not its state).
  struct TallyView: View {
    let store: StoreOf<Counter>
    @State private var taps = 0
    var body: some View {
      VStack {
        Text("Count: \(store.count), taps: \(taps)")
        Button("Tap") { taps += 1 }
        Button("Increment") { store.send(.incrementTapped) }
      }
    }
  }

  struct StackView: View {
    @Bindable var store: StoreOf<Parent>
    var body: some View {
      NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
        NavigationLink(state: Counter.State(id: 1)) { Text("Open") }
      } destination: { store in
        TallyView(store: store)
      }
    }
  }

  @Test func aPushedScreenKeepsItsStateWhileItsElementChanges() async {
    let store = Store(initialState: Parent.State()) { Parent() }
    let (tab, _) = openTab(StackView(store: store))
    await tab.click("Open")
    await tab.click("Tap")
    await tab.click("Increment")
    #expect(tab.text.contains("Count: 1, taps: 1"))
  }

  // TCA's Todos: bar items in the iOS 13 form, an edit mode bound to the store's.
  @Reducer
  struct Todos {
    @ObservableState
    struct State: Equatable { var editMode: EditMode = .inactive }
    enum Action: BindableAction { case binding(BindingAction<State>) }
    var body: some ReducerOf<Self> { BindingReducer() }
  }

  struct TodosView: View {
    @Bindable var store: StoreOf<Todos>
    var body: some View {
      NavigationStack {
        List { Text("Milk") }
          .navigationTitle("Todos")
          .navigationBarItems(trailing: HStack { EditButton() })
          .environment(\.editMode, $store.editMode)
          .autocapitalization(.none)
      }
    }
  }

  @Test func barItemsAndAnEditModeInTheStore() async {
    let store = Store(initialState: Todos.State()) { Todos() }
    let (tab, _) = openTab(TodosView(store: store))
    #expect(tab.html.contains(#"<div class="sui-navbar-trailing"><div class="sui-hstack"#))
    await tab.click("Edit")
    #expect(store.editMode == .active)
    #expect(tab.text.contains("Done"))
  }

  // The record screen's shape: `.task { await store.send(.onTask).finish() }` starts the timer
  // when the view appears; the view going away cancels it, with its state still there.
  @Reducer
  struct Meeting {
    @ObservableState
    struct State: Equatable {
      var isShown = true
      var secondsElapsed = 0
    }
    enum Action { case onTask, timerTick, hideTapped }
    @Dependency(\.continuousClock) var clock
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .onTask:
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.timerTick) }
        }
      case .timerTick:
        state.secondsElapsed += 1
        return .none
      case .hideTapped:
        state.isShown = false
        return .none
      }
    }
  }

  struct MeetingView: View {
    let store: StoreOf<Meeting>
    var body: some View {
      VStack {
        Text("Elapsed: \(store.secondsElapsed)")
        Button("Hide timer") { store.send(.hideTapped) }
        if store.isShown {
          Text("Timer").task { await store.send(.onTask).finish() }
        }
      }
    }
  }

  @Test func aTaskSendingOnTaskRunsWhileItsViewIsShown() async {
    let clock = TestClock()
    let store = Store(initialState: Meeting.State()) { Meeting() } withDependencies: { $0.continuousClock = clock }
    let (tab, host) = openTab(MeetingView(store: store))
    await tab.advance(clock, by: .seconds(2))
    #expect(store.secondsElapsed == 2)
    #expect(host.graph.runningTaskCount == 1)
    await tab.click("Hide timer")
    await tab.settle()
    #expect(host.graph.runningTaskCount == 0)
    await clock.advance(by: .seconds(5))
    await tab.settle()
    #expect(store.secondsElapsed == 2)
    #expect(tab.text.contains("Elapsed: 2"))
  }
}
