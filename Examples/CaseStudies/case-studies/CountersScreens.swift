import CaseStudiesCore
import ComposableTerminal
import Foundation
import Observation

/// One counter as a list row: shared by the TCA and the plain model screens.
func counterRow(_ index: Int, count: Int, isLoadingFact: Bool) -> ListRow {
  ListRow(
    "Counter \(index + 1)", detail: isLoadingFact ? "\(count)   fetching a fact…" : "\(count)",
    style: Style(bold: true), detailStyle: Theme.standard.accent
  )
}

/// Draws a list of counters with their total above it.
func drawCounters(
  count: Int, total: Int, selection: Int, scroll: ScrollPosition, in area: Rect, buffer: inout Buffer,
  row: @escaping (Int) -> ListRow
) {
  let (top, list) = area.splitTop(2)
  buffer.render(Label("Total: \(total)", style: Theme.standard.accent), in: top.row(0))
  buffer.render(
    ListView(
      count: count, selection: count == 0 ? nil : min(selection, count - 1), scroll: scroll,
      emptyText: "No counters. Press a to add one.", row: row
    ),
    in: list
  )
}

let counterHints = [
  KeyHint("a", "add"), KeyHint("+/-", "count"), KeyHint("f", "fact"), KeyHint("d", "remove"),
]

/// What a key asks of a counters list, the same on both counters screens.
enum CounterCommand {
  case add, moveUp, moveDown, increment, decrement, fact, remove

  init?(_ key: Key) {
    switch key {
    case .character("a"): self = .add
    case .up: self = .moveUp
    case .down: self = .moveDown
    case .character("+"), .right: self = .increment
    case .character("-"), .left: self = .decrement
    case .character("f"): self = .fact
    case .character("d"), .backspace: self = .remove
    default: return nil
    }
  }
}

/// A list selection kept in range as rows come and go.
struct Selection {
  var index = 0
  mutating func move(by offset: Int, count: Int) {
    index = max(0, min(count - 1, index + offset))
  }
  func clamped(to count: Int) -> Int? { count == 0 ? nil : min(index, count - 1) }
}

@MainActor
@Observable
final class CountersScreen: CaseStudyScreen {
  let store = Store(initialState: CountersList.State()) { CountersList() }
  var selection = Selection()
  @ObservationIgnored let scroll = ScrollPosition()

  var breadcrumb: [String] { [] }
  var hints: [KeyHint] { counterHints }

  func render(in area: Rect, buffer: inout Buffer) {
    let counters = store.counters
    drawCounters(
      count: counters.count, total: store.state.total, selection: selection.index, scroll: scroll,
      in: area, buffer: &buffer
    ) { counterRow($0, count: counters[$0].count, isLoadingFact: counters[$0].isLoadingFact) }
    if let selected = selection.clamped(to: counters.count), let prompt = counters[selected].factPrompt {
      buffer.render(AlertView(prompt), in: area)
    }
  }

  func handle(_ key: Key) -> KeyResponse {
    let counters = store.counters
    let selected = selection.clamped(to: counters.count).map { counters[$0] }
    if let selected, let prompt = selected.factPrompt {
      var focus = AlertFocus()
      if let action = AlertView(prompt).handle(key, focus: &focus).presentationAction {
        store.send(.counters(.element(id: selected.id, action: .factPrompt(action))))
      }
      return .handled
    }
    guard let command = CounterCommand(key) else { return .ignored }
    let send = { (action: CounterRow.Action) in
      if let selected { _ = self.store.send(.counters(.element(id: selected.id, action: action))) }
    }
    switch command {
    case .add:
      store.send(.addTapped)
      selection.index = store.counters.count - 1
    case .moveUp: selection.move(by: -1, count: counters.count)
    case .moveDown: selection.move(by: 1, count: counters.count)
    case .increment: send(.incrementTapped)
    case .decrement: send(.decrementTapped)
    case .fact: send(.factTapped)
    case .remove: if let selected { store.send(.removeTapped(id: selected.id)) }
    }
    return .handled
  }
}

@MainActor
@Observable
final class VanillaCountersScreen: CaseStudyScreen {
  let model = CountersModel()
  var selection = Selection()
  @ObservationIgnored let scroll = ScrollPosition()

  var breadcrumb: [String] { [] }
  var hints: [KeyHint] { counterHints }

  func render(in area: Rect, buffer: inout Buffer) {
    let counters = model.counters
    drawCounters(
      count: counters.count, total: model.total, selection: selection.index, scroll: scroll,
      in: area, buffer: &buffer
    ) { counterRow($0, count: counters[$0].count, isLoadingFact: counters[$0].isLoadingFact) }
    if let selected = selection.clamped(to: counters.count), let fact = counters[selected].factPrompt {
      buffer.render(AlertView(AlertState<Never> { TextState("Fact") } message: { TextState(fact) }), in: area)
    }
  }

  func handle(_ key: Key) -> KeyResponse {
    let counters = model.counters
    let selected = selection.clamped(to: counters.count).map { counters[$0] }
    if let selected, selected.factPrompt != nil {
      if key == .enter || key == .escape { selected.dismissFactTapped() }
      return .handled
    }
    guard let command = CounterCommand(key) else { return .ignored }
    switch command {
    case .add:
      model.addTapped()
      selection.index = model.counters.count - 1
    case .moveUp: selection.move(by: -1, count: counters.count)
    case .moveDown: selection.move(by: 1, count: counters.count)
    case .increment: selected?.incrementTapped()
    case .decrement: selected?.decrementTapped()
    case .fact: selected?.factTapped()
    case .remove: if let selected { model.removeTapped(id: selected.id) }
    }
    return .handled
  }
}

@MainActor
@Observable
final class DependenciesScreen: CaseStudyScreen {
  let store = Store(
    initialState: DependenciesDemo.State(
      app: CounterRow.State(id: UUID(), count: 7), overridden: CounterRow.State(id: UUID(), count: 7)
    )
  ) {
    DependenciesDemo()
  }
  var focusOnOverridden = false

  var breadcrumb: [String] { [] }
  var hints: [KeyHint] { [KeyHint("tab", "switch"), KeyHint("+/-", "count"), KeyHint("f", "fact")] }

  func render(in area: Rect, buffer: inout Buffer) {
    let explanation = Paragraph(
      "Both counters fetch facts from the same FactClient dependency. The first uses the app's "
        + "value (live: worked out on this machine after a short pause). The second's subtree is "
        + "given the preview value with .dependency(\\.factClient, .previewValue). Tests set "
        + "their own value, and the test value fails any test that forgot to.",
      style: Theme.standard.muted
    )
    let height = explanation.height(forWidth: area.width)
    let (top, rest) = area.splitTop(height + 1)
    buffer.render(explanation, in: top)
    let rows: [(String, CounterRow.State)] = [
      ("The app's client", store.app), ("Overridden for this subtree", store.overridden),
    ]
    for (index, (label, counter)) in rows.enumerated() where rest.height > index * 2 {
      let focused = (index == 1) == focusOnOverridden
      let text = "\(focused ? "▸" : " ") \(label): \(counter.count)\(counter.isLoadingFact ? "   fetching a fact…" : "")"
      buffer.render(Label(text, style: focused ? Theme.standard.selection : .plain), in: rest.row(index * 2))
    }
    if let prompt = store.app.factPrompt ?? store.overridden.factPrompt {
      buffer.render(AlertView(prompt), in: area)
    }
  }

  func handle(_ key: Key) -> KeyResponse {
    for (prompt, send) in [
      (store.app.factPrompt, { (action: PresentationAction<Never>) in _ = self.store.send(.app(.factPrompt(action))) }),
      (store.overridden.factPrompt, { _ = self.store.send(.overridden(.factPrompt($0))) }),
    ] {
      guard let prompt else { continue }
      var focus = AlertFocus()
      if let action = AlertView(prompt).handle(key, focus: &focus).presentationAction { send(action) }
      return .handled
    }
    let send: (CounterRow.Action) -> Void = { [store, focusOnOverridden] action in
      _ = store.send(focusOnOverridden ? .overridden(action) : .app(action))
    }
    switch key {
    case .tab, .up, .down: focusOnOverridden.toggle()
    case .character("+"), .right: send(.incrementTapped)
    case .character("-"), .left: send(.decrementTapped)
    case .character("f"): send(.factTapped)
    default: return .ignored
    }
    return .handled
  }
}

@MainActor
@Observable
final class AnalyticsScreen: CaseStudyScreen {
  let counters = CountersScreen()

  var breadcrumb: [String] { [] }
  var hints: [KeyHint] { counterHints }

  func render(in area: Rect, buffer: inout Buffer) {
    let (list, log) = area.splitBottom(min(8, area.height / 2))
    counters.render(in: list, buffer: &buffer)
    let events = AnalyticsLog.shared.events
    buffer.render(Label("Analytics events (newest last), from .analytics { } around CountersList and Login:", style: Theme.standard.accent), in: log.row(0))
    for (offset, event) in events.suffix(max(0, log.height - 1)).enumerated() {
      buffer.render(Label("• \(event)", style: Theme.standard.muted), in: log.row(offset + 1))
    }
  }

  func handle(_ key: Key) -> KeyResponse {
    counters.handle(key)
  }
}
