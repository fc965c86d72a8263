import CaseStudiesCore
import ComposableArchitecture
import ComposableWeb
import Foundation

// MARK: - Menu

@MainActor
func menuView(go: @escaping @MainActor (String) -> Void) -> Node {
  main(.class("menu-screen"), .key("menu")) {
    h1("Case studies")
    p(.class("teaches")) { "Small features, each showing one part of the Composable Architecture." }
    ul(.class("menu")) {
      for entry in CaseStudyEntry.allCases {
        li(.key(entry.rawValue)) {
          link(href: "/" + entry.rawValue, action: { go("/" + entry.rawValue) }) {
            h2(entry.name)
            p { entry.teaches }
          }
        }
      }
    }
  }
}

// MARK: - Counters

/// What a counter's buttons ask for: the same for the TCA feature and the plain model.
enum CounterEvent {
  case decrement, increment, fact, dismissFact, remove
}

/// One counter as a card, shared by every study that shows counters.
@MainActor
func counterCard(
  _ title: String, count: Int, isLoadingFact: Bool, factPrompt: AlertState<Never>?,
  removable: Bool = true, send: @escaping @MainActor (CounterEvent) -> Void
) -> Node {
  div(.class("card")) {
    h2(title)
    p(.class("count"), .attribute("aria-live", "polite")) { "\(count)" }
    div(.class("buttons")) {
      button("−", .ariaLabel("Decrement \(title)")) { send(.decrement) }
      button("+", .ariaLabel("Increment \(title)")) { send(.increment) }
      button(isLoadingFact ? "Fetching a fact…" : "Fact", .ariaLabel("Fact about \(title)"), .flag("disabled", isLoadingFact)) {
        send(.fact)
      }
      if removable {
        button("Remove", .class("danger"), .ariaLabel("Remove \(title)")) { send(.remove) }
      }
    }
    if let factPrompt {
      alertDialog(factPrompt) { _ in send(.dismissFact) }
    }
  }
}

/// The list of counters with its toolbar: shared by the TCA and the plain model studies.
@MainActor
func countersList(total: Int, isEmpty: Bool, add: @escaping @MainActor () -> Void, @HTMLBuilder rows: () -> [Node]) -> Node {
  div {
    div(.class("toolbar")) {
      button("Add counter", .class("primary"), action: add)
      span(.class("total"), .attribute("aria-live", "polite")) { "Total: \(total)" }
    }
    if isEmpty {
      p(.class("empty")) { "No counters yet." }
    }
    ul(.class("cards"), children: rows)
  }
}

@MainActor
func countersView(_ store: StoreOf<CountersList>) -> Node {
  countersList(total: store.total, isEmpty: store.counters.isEmpty, add: { store.send(.addTapped) }) {
    for (index, counter) in store.scope(state: \.counters, action: \.counters).enumerated() {
      li(.key(counter.id.uuidString)) {
        counterCard(
          "Counter \(index + 1)", count: counter.count, isLoadingFact: counter.isLoadingFact,
          factPrompt: counter.factPrompt
        ) { event in
          switch event {
          case .decrement: counter.send(.decrementTapped)
          case .increment: counter.send(.incrementTapped)
          case .fact: counter.send(.factTapped)
          case .dismissFact: counter.send(.factPrompt(.dismiss))
          case .remove: store.send(.removeTapped(id: counter.id))
          }
        }
      }
    }
  }
}

@MainActor
func observableCountersView(_ model: CountersModel) -> Node {
  countersList(total: model.total, isEmpty: model.counters.isEmpty, add: { model.addTapped() }) {
    for (index, counter) in model.counters.enumerated() {
      li(.key(counter.id.uuidString)) {
        counterCard(
          "Counter \(index + 1)", count: counter.count, isLoadingFact: counter.isLoadingFact,
          factPrompt: counter.factPrompt.map { fact in
            AlertState { TextState("Fact") } message: { TextState(fact) }
          }
        ) { event in
          switch event {
          case .decrement: counter.decrementTapped()
          case .increment: counter.incrementTapped()
          case .fact: counter.factTapped()
          case .dismissFact: counter.dismissFactTapped()
          case .remove: model.removeTapped(id: counter.id)
          }
        }
      }
    }
  }
}

@MainActor
func dependenciesView(_ store: StoreOf<DependenciesDemo>) -> Node {
  div {
    p(.class("note")) {
      "Both counters fetch facts from the same FactClient dependency. The first uses the app's "
        + "value (live: worked out on the server after a short pause). The second's subtree is "
        + "given the preview value with .dependency(\\.factClient, .previewValue)."
    }
    ul(.class("cards")) {
      for (title, scoped) in [
        ("The app's client", store.scope(state: \.app, action: \.app)),
        ("Overridden for this subtree", store.scope(state: \.overridden, action: \.overridden)),
      ] {
        li(.key(title)) {
          counterCard(
            title, count: scoped.count, isLoadingFact: scoped.isLoadingFact,
            factPrompt: scoped.factPrompt, removable: false
          ) { event in
            switch event {
            case .decrement: scoped.send(.decrementTapped)
            case .increment: scoped.send(.incrementTapped)
            case .fact: scoped.send(.factTapped)
            case .dismissFact: scoped.send(.factPrompt(.dismiss))
            case .remove: break
            }
          }
        }
      }
    }
  }
}

@MainActor
func eventsView(_ log: EventLog) -> Node {
  section(.class("events"), .ariaLabel("Analytics events")) {
    h2("Analytics events")
    if log.events.isEmpty {
      p(.class("empty")) { "None yet: .analytics { } reports what the feature does, here." }
    } else {
      element("ol", []) {
        for event in log.events {
          li { event.name }
        }
      }
    }
  }
}

// MARK: - Recursive rows

/// A row's children, each with its own children below it, to any depth.
@MainActor
func nestedView(_ store: StoreOf<Nested>) -> Node {
  div {
    div(.class("toolbar")) {
      button("Add row", .class("primary")) { store.send(.addRowTapped) }
    }
    if store.rows.isEmpty {
      p(.class("empty")) { "No rows yet." }
    }
    rowsView(store)
  }
}

@MainActor
private func rowsView(_ store: StoreOf<Nested>) -> Node {
  ul(.class("rows")) {
    for row in store.scope(state: \.rows, action: \.rows) {
      li(.key(row.id.uuidString)) {
        let name = row.name.isEmpty ? "untitled row" : row.name
        div(.class("row")) {
          textField("Name", text: row.name) { row.send(.nameChanged($0)) }
          button("Add inside", .ariaLabel("Add a row inside \(name)")) { row.send(.addRowTapped) }
          button("Remove", .class("danger"), .ariaLabel("Remove \(name)")) {
            store.send(.removeRowTapped(id: row.id))
          }
        }
        if !row.rows.isEmpty {
          rowsView(row)
        }
      }
    }
  }
}

// MARK: - Log in

@MainActor
func loginFlowView(_ store: StoreOf<LoginFlow>) -> Node {
  if let login = store.scope(state: \.loggedOut, action: \.loggedOut) {
    return form(.class("login"), .key("login"), .on(.submit) { login.send(.logInTapped) }) {
      textField("User name", text: login.username, .flag("disabled", login.isLoggingIn), .attribute("autocomplete", "username")) {
        login.send(.usernameChanged($0))
      }
      element("button", [.type("submit"), .class("primary"), .flag("disabled", login.isLoggingIn)]) {
        login.isLoggingIn ? "Logging in…" : "Log in"
      }
      if let error = login.error {
        p(.class("error"), .role("alert")) { error }
      }
    }
  }
  if let home = store.scope(state: \.loggedIn, action: \.loggedIn) {
    return section(.class("home"), .key("home")) {
      h2("Welcome, \(home.username).")
      p(.attribute("aria-live", "polite")) { "Logged in for \(home.secondsLoggedIn) s." }
      p(.class("note")) {
        "The timer is an effect of the logged-in feature. Logging out switches the state to the "
          + "other case, and ifCaseLet cancels it."
      }
      button("Log out") { home.send(.logOutTapped) }
    }
  }
  return div()
}

// MARK: - Presentation

@MainActor
func inventoryView(_ store: StoreOf<Inventory>) -> Node {
  div {
    div(.class("toolbar")) {
      button("Add item", .class("primary")) { store.send(.addTapped) }
      button("Sort…") { store.send(.sortTapped) }
    }
    if store.items.isEmpty {
      p(.class("empty")) { "No items yet." }
    }
    ul(.class("items")) {
      for item in store.items {
        let name = item.name.isEmpty ? "Untitled" : item.name
        li(.key(item.id.uuidString)) {
          span(.class("name")) { name }
          span(.class("quantity")) { "× \(item.quantity)" }
          button("Edit", .ariaLabel("Edit \(name)")) { store.send(.editTapped(id: item.id)) }
          button("Delete", .class("danger"), .ariaLabel("Delete \(name)")) { store.send(.deleteTapped(id: item.id)) }
        }
      }
    }
    if let form = store.scope(state: \.destination?.form, action: \.destination.form) {
      sheet("Item", onDismiss: { store.send(.destination(.dismiss)) }) {
        h2("Item")
        textField("Name", text: form.item.name, .attribute("autofocus", ""), .attribute("placeholder", "What is it?")) {
          form.send(.nameChanged($0))
        }
        div(.class("stepper")) {
          span(.class("cw-label")) { "Quantity" }
          button("−", .ariaLabel("Fewer")) { form.send(.quantityDecremented) }
          element("output", [.attribute("aria-live", "polite")]) { "\(form.item.quantity)" }
          button("+", .ariaLabel("More")) { form.send(.quantityIncremented) }
        }
        div(.class("sheet-buttons")) {
          button("Cancel") { form.send(.cancelTapped) }
          button("Save", .class("primary")) { form.send(.saveTapped) }
        }
      }
    }
    if let alert = store.destination?.alert {
      alertDialog(alert, dismiss: { store.send(.destination(.dismiss)) }) {
        store.send(.destination(.presented(.alert($0))))
      }
    }
    if let dialog = store.destination?.sortDialog {
      confirmationDialog(dialog, dismiss: { store.send(.destination(.dismiss)) }) {
        store.send(.destination(.presented(.sortDialog($0))))
      }
    }
  }
}
