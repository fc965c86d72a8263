import ComposableArchitecture
import ComposableWeb
import Testing

@Reducer
private struct Settings {
  enum Color: String, CaseIterable, Equatable, Sendable { case red, green, blue }

  @ObservableState
  struct State: Equatable {
    @Presents var alert: AlertState<Action.Alert>?
    var color = Color.green
    var isLoud = false
    var minutes = 5
    var notes = ""
    var title = ""
    var deleted = false
  }
  enum Action: BindableAction, Equatable {
    case alert(PresentationAction<Alert>)
    case binding(BindingAction<State>)
    case deleteButtonTapped
    enum Alert: Equatable { case confirmDeletion }
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .alert(.presented(.confirmDeletion)):
        state.deleted = true
        return .none
      case .alert, .binding:
        return .none
      case .deleteButtonTapped:
        state.alert = AlertState {
          TextState("Delete?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
          ButtonState(role: .cancel) { TextState("Cancel") }
        } message: {
          TextState("This cannot be undone.")
        }
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }
}

@MainActor
private func settingsView(_ store: StoreOf<Settings>) -> Node {
  main {
    h1("Settings")
    textField("Title", text: store.title) { store.title = $0 }
    textArea("Notes", text: store.notes) { store.notes = $0 }
    numberField("Length", value: store.minutes, in: 1...30, style: .slider) { store.minutes = $0 }
    picker("Colour", selection: store.color, options: Settings.Color.allCases, title: \.rawValue) {
      store.color = $0
    }
    toggle("Loud", isOn: store.isLoud) { store.isLoud = $0 }
    button("Delete") { store.send(.deleteButtonTapped) }
    if let alert = store.alert {
      alertDialog(alert) { store.send(.alert($0)) }
    }
  }
}

@MainActor
struct FormsAndDialogsTests {
  @Test func everyControlIsFoundByItsLabelAndWritesTheStore() async {
    let store = Store(initialState: Settings.State()) { Settings() }
    let client = WebTestClient { settingsView(store) }

    await client.type("Daily", into: "Title")
    await client.type("first line\nsecond", into: "Notes")
    await client.type("12", into: "Length")
    await client.type("99", into: "Length")  // out of range: not passed on
    await client.type("abc", into: "Length")  // not a number: not passed on

    #expect(store.title == "Daily")
    #expect(store.notes == "first line\nsecond")
    #expect(store.minutes == 12)
    #expect(client.html.contains(#"<output>12</output>"#))
    #expect(client.html.contains(#"type="range" value="12" min="1" max="30""#))
    // Labels wrap their controls, so the page is accessible by construction.
    #expect(client.html.contains(#"<label class="cw-field"><span class="cw-label">Title</span><input type="text" value="Daily""#))
  }

  @Test func picksAndToggles() async {
    let store = Store(initialState: Settings.State()) { Settings() }
    let client = WebTestClient { settingsView(store) }
    #expect(client.html.contains(#"<option value="1" selected>green</option>"#))

    // A select sends the index of the option picked; a checkbox whether it is checked.
    await client.type("2", into: "Colour")
    await client.type("true", into: "Loud")
    #expect(store.color == .blue)
    #expect(store.isLoud)
    #expect(client.html.contains(#"<option value="2" selected>blue</option>"#))
    #expect(client.html.contains(#"type="checkbox" checked"#))

    await client.type("7", into: "Colour")  // no such option
    #expect(store.color == .blue)
  }

  @Test func anAlertShowsItsButtonsInOrderWithTheFirstFocused() async {
    let store = Store(initialState: Settings.State()) { Settings() }
    let client = WebTestClient { settingsView(store) }
    await client.click("Delete")

    #expect(client.texts(role: "alertdialog") == ["Delete?"])
    #expect(client.contains("This cannot be undone."))
    let dialog = client.html[client.html.range(of: #"role="alertdialog""#)!.lowerBound...]
    let delete = dialog.range(of: ">Delete</button>")!
    let cancel = dialog.range(of: ">Cancel</button>")!
    #expect(delete.lowerBound < cancel.lowerBound)
    #expect(dialog.contains(#"<button type="button" autofocus class="cw-destructive""#))

    // While the alert is open only it can be clicked (its overlay covers the page), so "Delete"
    // is the alert's button, not the page's.
    #expect(client.texts(role: "button") == ["Delete", "Delete", "Cancel"])
    #expect(store.deleted == false)
    await client.click("Delete")
    #expect(store.deleted == true)
    #expect(client.texts(role: "alertdialog") == [])
  }

  @Test func escapePressesTheCancelButton() async {
    let store = Store(initialState: Settings.State()) { Settings() }
    let client = WebTestClient { settingsView(store) }
    await client.click("Delete")
    #expect(store.alert != nil)
    await client.press(.escape)
    #expect(store.alert == nil)
    #expect(store.deleted == false)
    #expect(client.texts(role: "alertdialog").isEmpty)
  }

  @Test func theAlertsFirstButtonSendsItsAction() async {
    let store = Store(initialState: Settings.State()) { Settings() }
    let client = WebTestClient {
      if let alert = store.alert {
        alertDialog(alert) { store.send(.alert($0)) }
      } else {
        button("Delete") { store.send(.deleteButtonTapped) }
      }
    }
    await client.click("Delete")
    await client.click("Delete")
    #expect(store.deleted)
    #expect(store.alert == nil)
  }

  @Test func anAlertWithoutButtonsHasAnOKThatDismisses() async {
    let store = Store(initialState: Settings.State(alert: AlertState { TextState("Saved") })) {
      Settings()
    }
    let client = WebTestClient {
      div {
        if let alert = store.alert {
          alertDialog(alert) { store.send(.alert($0)) }
        }
      }
    }
    #expect(client.texts(role: "button") == ["OK"])
    await client.click("OK")
    #expect(store.alert == nil)
  }

  @Test func aSheetClosesWithEscape() async {
    let store = Store(initialState: Settings.State()) { Settings() }
    let client = WebTestClient {
      div {
        if !store.isLoud {
          sheet("Edit", onDismiss: { store.isLoud = true }) {
            h2("Edit")
          }
        }
      }
    }
    #expect(client.texts(role: "dialog") == ["Edit"])
    #expect(client.html.contains(#"aria-modal="true""#))
    await client.press(.escape)
    #expect(store.isLoud)
    #expect(client.texts(role: "dialog").isEmpty)
  }
}
