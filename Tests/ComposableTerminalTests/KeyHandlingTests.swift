import ComposableArchitecture
import ComposableTerminal
import Testing

/// A small feature driven by keys: a list with a selection, a text field for a new item, and an
/// alert to confirm deleting. `keyAction(for:in:)` is the whole of its key handling: a pure
/// function from state and key to an action, so the store test below proves it.
@Reducer
struct Items {
  @ObservableState
  struct State: Equatable {
    var items: [String] = []
    var selection = 0
    var draft: String?
    @Presents var alert: AlertState<Action.Alert>?
  }

  enum Action: Equatable {
    case moveSelection(Int)
    case addTapped
    case draftChanged(String)
    case commitDraft
    case deleteTapped
    case alert(PresentationAction<Alert>)
    enum Alert: Equatable { case confirmDeletion }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .moveSelection(delta):
        state.selection = min(max(0, state.selection + delta), max(0, state.items.count - 1))
      case .addTapped:
        state.draft = ""
      case let .draftChanged(text):
        state.draft = text
      case .commitDraft:
        if let draft = state.draft, !draft.isEmpty { state.items.append(draft) }
        state.draft = nil
      case .deleteTapped:
        guard state.items.indices.contains(state.selection) else { return .none }
        state.alert = AlertState { TextState("Delete?") } actions: {
          ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
          ButtonState(role: .cancel) { TextState("Cancel") }
        }
      case .alert(.presented(.confirmDeletion)):
        state.items.remove(at: state.selection)
        state.selection = min(state.selection, max(0, state.items.count - 1))
      case .alert:
        break
      }
      return .none
    }
    .ifLet(\.$alert, action: \.alert)
  }

  /// The action a key sends, given what is on screen; `focus` is the alert's button focus.
  static func keyAction(for key: Key, in state: State, focus: inout AlertFocus) -> Action? {
    if let alert = state.alert {
      return AlertView(alert, focus: focus).handle(key, focus: &focus).presentationAction
        .map(Action.alert)
    }
    if let draft = state.draft {
      if key == .enter { return .commitDraft }
      var input = TextInput(text: draft)
      return input.handle(key) && input.text != draft ? .draftChanged(input.text) : nil
    }
    switch key {
    case .up, .character("k"): return .moveSelection(-1)
    case .down, .character("j"): return .moveSelection(1)
    case .character("a"): return .addTapped
    case .character("d"): return .deleteTapped
    default: return nil
    }
  }
}

@MainActor
@Suite struct KeyHandlingTests {
  /// Presses `key` in the store's current state and sends what it maps to.
  func press(
    _ key: Key, _ store: TestStoreOf<Items>, focus: inout AlertFocus,
    assert: ((inout Items.State) throws -> Void)? = nil
  ) async {
    guard let action = Items.keyAction(for: key, in: store.state, focus: &focus) else {
      Issue.record("\(key) sends nothing")
      return
    }
    await store.send(action, assert: assert)
  }

  @Test func addingAnItemByTyping() async {
    let store = TestStore(initialState: Items.State()) { Items() }
    var focus = AlertFocus()
    await press(.character("a"), store, focus: &focus) { $0.draft = "" }
    await press(.character("H"), store, focus: &focus) { $0.draft = "H" }
    await press(.character("i"), store, focus: &focus) { $0.draft = "Hi" }
    await press(.backspace, store, focus: &focus) { $0.draft = "H" }
    await press(.enter, store, focus: &focus) {
      $0.draft = nil
      $0.items = ["H"]
    }
  }

  @Test func deletingThroughTheAlert() async {
    let store = TestStore(initialState: Items.State(items: ["A", "B"])) { Items() }
    var focus = AlertFocus()
    await press(.character("j"), store, focus: &focus) { $0.selection = 1 }
    await press(.character("d"), store, focus: &focus) {
      $0.alert = AlertState { TextState("Delete?") } actions: {
        ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      }
    }
    // The first button has the focus; Enter presses it and the alert goes away.
    await press(.enter, store, focus: &focus) {
      $0.alert = nil
      $0.items = ["A"]
      $0.selection = 0
    }
  }

  @Test func cancellingTheAlertWithEscape() async {
    let store = TestStore(initialState: Items.State(items: ["A"])) { Items() }
    var focus = AlertFocus()
    await press(.character("d"), store, focus: &focus) {
      $0.alert = AlertState { TextState("Delete?") } actions: {
        ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      }
    }
    #expect(Items.keyAction(for: .character("x"), in: store.state, focus: &focus) == nil)
    await press(.escape, store, focus: &focus) { $0.alert = nil }
  }
}
