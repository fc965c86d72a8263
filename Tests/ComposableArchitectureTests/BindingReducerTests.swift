import ComposableArchitecture
import Testing

@Reducer
private struct Form {
  @ObservableState
  struct State: Equatable {
    var title = ""
    var minutes = 5
    var isTitleValid = false
  }
  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case saveTapped
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.title):
        state.isTitleValid = !state.title.isEmpty
        return .none
      case .binding:
        return .none
      case .saveTapped:
        return .none
      }
    }
  }
}

/// The same form without a `BindingReducer`: its bindings change nothing.
@Reducer
private struct FormMissingBindingReducer {
  typealias State = Form.State
  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
  }
  var body: some ReducerOf<Self> {
    EmptyReducer()
  }
}

@MainActor
struct BindingReducerTests {
  @Test func settingAFieldThroughTheStoreSendsItsBindingAction() {
    let store = Store(initialState: Form.State()) { Form() }
    store.title = "Daily"
    #expect(store.title == "Daily")
    #expect(store.isTitleValid)
  }

  @Test func aBindingTheFeatureDoesNotHandleIsReported() {
    let store = Store(initialState: Form.State()) { FormMissingBindingReducer() }
    withKnownIssue {
      store.title = "Daily"
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("A binding action sent from a store was not handled")
        && text.contains("FormMissingBindingReducer.Action.binding(.set(\\.title, \"Daily\"))")
        && text.contains("invoke 'BindingReducer()'")
    }
    #expect(store.title == "")
  }

  @Test func bindingActionsSetStateAndCanBeMatchedByKeyPath() {
    let store = Store(initialState: Form.State()) { Form() }
    store.send(.binding(.set(\.title, "Daily")))
    #expect(store.title == "Daily")
    #expect(store.isTitleValid)

    store.send(.binding(.set(\.minutes, 15)))
    #expect(store.minutes == 15)
  }

  @Test func testStoreSendsThroughBindingCaseKeyPaths() async {
    let store = TestStore(initialState: Form.State()) { Form() }
    await store.send(\.binding.title, "Retro") {
      $0.title = "Retro"
      $0.isTitleValid = true
    }
    await store.send(\.binding.minutes, 30) {
      $0.minutes = 30
    }
  }

  @Test func bindingActionsAreEquatableByKeyPathAndValue() {
    typealias Action = BindingAction<Form.State>
    #expect(Action.set(\.title, "a") == .set(\.title, "a"))
    #expect(Action.set(\.title, "a") != .set(\.title, "b"))
    #expect(Action.set(\.minutes, 1) != .set(\.title, "1"))
  }

  @Test func caseKeyPathExtractsTheValue() {
    let action = Form.Action.binding(.set(\.title, "Planning"))
    let title: String? = action[case: \.binding.title]
    let minutes: Int? = action[case: \.binding.minutes]
    #expect(title == "Planning")
    #expect(minutes == nil)
  }

  @Test func bindingIsDumpedReadably() {
    var dump = ""
    customDump(Form.Action.binding(.set(\.minutes, 10)), to: &dump)
    #expect(dump.contains("Form.Action.binding("))
    #expect(dump.contains("10"))
  }
}

@ObservableState
private struct Profile: Equatable {
  var name = ""
  var address = Address()
}

@ObservableState
private struct Address: Equatable {
  var city = ""
}

@MainActor
struct BindingActionDumpTests {
  @Test func bindingActionsNameObservableStateFieldsAsWritten() {
    var dump = ""
    customDump(BindingAction<Profile>.set(\.name, "Blob"), to: &dump)
    #expect(dump.contains(#"\.name"#), "\(dump)")
    #expect(!dump.contains("computed"), "\(dump)")

    dump = ""
    customDump(BindingAction<Profile>.set(\.address.city, "Paris"), to: &dump)
    #expect(dump.contains(#"\.address.city"#), "\(dump)")
    #expect(!dump.contains("computed"), "\(dump)")
  }
}
