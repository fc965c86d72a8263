import CaseStudiesCore
import ComposableArchitecture
import ComposableWeb
import Foundation
import Observation

/// The case studies in the browser: a menu at `/`, each study at `/<entry>` (`/counters`,
/// `/presentation`, …). A tab moves between them in place (history and Back work); each study
/// gets a fresh store when it is opened, as on the terminal's menu.
public func caseStudiesWebApp(host: String = "127.0.0.1", port: Int = 8080) -> WebApp {
  WebApp(title: "Case studies", host: host, port: port, stylesheet: caseStudiesStylesheet) { path in
    caseStudiesPage(path)
  }
}

/// The page of one tab that opened `path`, or nil when `path` names no case study (a 404).
@MainActor
public func caseStudiesPage(_ path: String) -> WebPage? {
  guard let site = CaseStudiesSite(path: path) else { return nil }
  return WebPage(location: { site.location }, navigate: { site.navigate(to: $0) }) { site.view }
}

/// One tab's case studies: which one is open, and the analytics events its features reported.
@MainActor
@Observable
final class CaseStudiesSite {
  private(set) var open: (entry: CaseStudyEntry, view: @MainActor () -> Node)?
  /// The events `.analytics { }` reported in this tab (each tab has its own log).
  let events = EventLog()
  /// The dependencies in force where the tab was opened, for the stores its studies create later.
  @ObservationIgnored private let dependencies = withEscapedDependencies { $0 }

  init?(path: String) {
    guard navigate(to: path) else { return nil }
  }

  var location: String { open.map { "/" + $0.entry.rawValue } ?? "/" }

  /// Opens the study at `path` (`/` is the menu); false when there is none.
  @discardableResult
  func navigate(to path: String) -> Bool {
    if path == "/" {
      open = nil
      return true
    }
    guard let entry = CaseStudyEntry(rawValue: String(path.dropFirst())), path.hasPrefix("/")
    else { return false }
    guard open?.entry != entry else { return true }
    let events = events
    let view = dependencies.yield {
      withDependencies {
        $0.analytics = AnalyticsClient { event in await events.append(event) }
      } operation: {
        studyView(entry, events: events)
      }
    }
    open = (entry, view)
    return true
  }

  var view: Node {
    guard let open else { return menuView(go: { self.navigate(to: $0) }) }
    return main(.class("study"), .key(open.entry.rawValue)) {
      nav(.class("crumbs")) {
        link("‹ Case studies", href: "/", action: { self.navigate(to: "/") })
      }
      h1(open.entry.name)
      p(.class("teaches")) { open.entry.teaches }
      open.view()
    }
  }
}

/// The analytics events one tab's features reported, newest last.
@MainActor
@Observable
final class EventLog {
  private(set) var events: [AnalyticsEvent] = []
  func append(_ event: AnalyticsEvent) { events.append(event) }
}

/// A new store for `entry`, and its view.
@MainActor
func studyView(_ entry: CaseStudyEntry, events: EventLog) -> @MainActor () -> Node {
  switch entry {
  case .counters:
    let store = Store(initialState: CountersList.State()) { CountersList() }
    return { countersView(store) }
  case .observableCounters:
    let model = CountersModel()
    return { observableCountersView(model) }
  case .recursiveRows:
    let store = Store(initialState: Nested.State(id: UUID(), name: "Root")) { Nested() }
    return { nestedView(store) }
  case .login:
    let store = Store(initialState: LoginFlow.State.loggedOut(Login.State())) { LoginFlow() }
    return {
      div {
        loginFlowView(store)
        eventsView(events)
      }
    }
  case .dependencies:
    let store = Store(
      initialState: DependenciesDemo.State(
        app: CounterRow.State(id: UUID(), count: 7), overridden: CounterRow.State(id: UUID(), count: 7)
      )
    ) {
      DependenciesDemo()
    }
    return { dependenciesView(store) }
  case .analytics:
    let store = Store(initialState: CountersList.State()) { CountersList() }
    return {
      div {
        countersView(store)
        eventsView(events)
      }
    }
  case .presentation:
    let store = Store(
      initialState: Inventory.State(items: [
        Item(id: UUID(), name: "Keyboard", quantity: 2), Item(id: UUID(), name: "Mouse", quantity: 5),
      ])
    ) {
      Inventory()
    }
    return { inventoryView(store) }
  }
}

let caseStudiesStylesheet = """
.menu { list-style: none; padding: 0; display: grid; gap: .75rem; }
.menu a { display: block; padding: .9rem 1rem; border-radius: .8rem; background: var(--card); text-decoration: none; color: var(--fg); }
.menu a:hover { outline: 2px solid var(--accent); }
.menu h2 { margin: 0; font-size: 1.1rem; }
.menu p, .teaches, .empty, .note { margin: .2rem 0 0; color: var(--muted); }
.crumbs { margin-bottom: .5rem; }
.crumbs a { text-decoration: none; }
.study h1 { margin: 0; font-size: 1.8rem; }
.teaches { margin-bottom: 1.25rem; }
.toolbar { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin-bottom: 1rem; }
.toolbar button + button { margin-left: 0; }
.toolbar .total { margin-left: auto; font-weight: 600; }
.cards { list-style: none; padding: 0; display: grid; gap: .75rem; }
.card { background: var(--card); border-radius: .8rem; padding: .75rem 1rem; }
.card h2 { margin: 0; font-size: 1rem; }
.card .count { font-size: 2rem; font-weight: 700; margin: .1rem 0 .4rem; font-variant-numeric: tabular-nums; }
.buttons { display: flex; flex-wrap: wrap; gap: .5rem; }
.buttons button + button { margin-left: 0; }
button.primary { background: var(--accent); color: #fff; border-color: transparent; font-weight: 600; }
button.danger { color: #d70015; }
@media (prefers-color-scheme: dark) { button.danger { color: #ff6961; } }
.rows { list-style: none; margin: 0; padding: 0 0 0 1.25rem; border-left: 2px solid var(--card); }
.rows .row { display: flex; flex-wrap: wrap; gap: .5rem; align-items: end; margin: .5rem 0; }
.rows .row .cw-field { margin: 0; flex: 1 1 12rem; }
.rows .row button + button { margin-left: 0; }
.items { list-style: none; padding: 0; display: grid; gap: .5rem; }
.items li { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; background: var(--card); border-radius: .8rem; padding: .6rem 1rem; }
.items .name { font-weight: 600; flex: 1 1 auto; }
.items .quantity { color: var(--muted); font-variant-numeric: tabular-nums; }
.items button + button { margin-left: 0; }
.stepper { display: flex; gap: .75rem; align-items: center; margin-bottom: 1rem; }
.stepper button + button { margin-left: 0; }
.stepper output { min-width: 2rem; text-align: center; font-weight: 700; font-variant-numeric: tabular-nums; }
.sheet-buttons { display: flex; justify-content: flex-end; gap: .5rem; }
.sheet-buttons button + button { margin-left: 0; }
.events { margin-top: 1.5rem; }
.events h2 { font-size: 1.1rem; margin: 0 0 .25rem; }
.events ol { margin: .25rem 0 0; padding-left: 1.5rem; color: var(--muted); }
.error { color: #d70015; }
@media (prefers-color-scheme: dark) { .error { color: #ff6961; } }
"""
