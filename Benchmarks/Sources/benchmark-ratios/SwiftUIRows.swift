import ComposableArchitecture
import ComposableSwiftUI
import ComposableWeb
import SwiftUICore
import SwiftUIWeb

// A TCA feature with 1,000 rows, each a toggle, written in SwiftUI as an app writes it
// (`ForEach(store.scope(state: \.rows, action: \.rows))` in a `List`), and the same page from the
// HTML builder: what a first render and one row's toggle cost in each.

@Reducer
struct ToggleRows {
  @ObservableState
  struct State {
    var rows: IdentifiedArrayOf<ToggleRow.State> = []
  }
  enum Action {
    case rows(IdentifiedActionOf<ToggleRow>)
  }
  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
      .forEach(\.rows, action: \.rows) { ToggleRow() }
  }
}

@Reducer
struct ToggleRow {
  @ObservableState
  struct State: Identifiable {
    let id: Int
    var title: String
    var isDone = false
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
  }
}

struct ToggleRowsView: View {
  let store: StoreOf<ToggleRows>
  var body: some View {
    List {
      ForEach(store.scope(state: \.rows, action: \.rows)) { rowStore in
        ToggleRowView(store: rowStore)
      }
    }
  }
}

struct ToggleRowView: View {
  @Bindable var store: StoreOf<ToggleRow>
  var body: some View {
    Toggle(store.title, isOn: $store.isDone)
  }
}

/// The same page from the HTML builder: the elements and classes the SwiftUI renderer draws.
@MainActor
func htmlToggleRows(_ store: StoreOf<ToggleRows>) -> Node {
  div(.class("sui-window")) {
    div(.class("sui-list sui-list-insetGrouped sui-expand-h sui-expand-v")) {
      section(.class("sui-section")) {
        div(.class("sui-rows")) {
          for row in store.rows {
            div(.class("sui-row"), .key(row.id)) {
              label(.class("sui-toggle sui-expand-h")) {
                span(.class("sui-control-label")) {
                  span(.class("sui-text")) { row.title }
                }
                if row.isDone {
                  input(
                    .attribute("type", "checkbox"), .attribute("role", "switch"), .attribute("checked", ""),
                    .on(.change, value: { store.send(.rows(.element(id: row.id, action: .set(\.isDone, $0 == "true")))) })
                  )
                } else {
                  input(
                    .attribute("type", "checkbox"), .attribute("role", "switch"),
                    .on(.change, value: { store.send(.rows(.element(id: row.id, action: .set(\.isDone, $0 == "true")))) })
                  )
                }
              }
            }
          }
        }
      }
    }
  }
}

@MainActor
func toggleRowsStore(_ count: Int) -> StoreOf<ToggleRows> {
  let rows = (0..<count).map { ToggleRow.State(id: $0, title: "Task number \($0)") }
  return Store(initialState: ToggleRows.State(rows: IdentifiedArray(uniqueElements: rows))) { ToggleRows() }
}

/// A tab showing a page, and the event that toggles one of its rows.
@MainActor
struct ToggleTab {
  let live: LiveView
  let handler: String
  private let sent: MessageCounter

  /// A tab on `render`, whose event toggles row `row`.
  init(row: Int, render: @escaping @MainActor () -> Node) {
    self.init(row: row, page: WebPage(view: render))
  }

  /// A tab on `page` (a SwiftUI window's, as the server serves it), whose event toggles row `row`.
  init(row: Int, page: WebPage) {
    let sent = MessageCounter()
    self.sent = sent
    live = LiveView(page: page, send: { _ in sent.count += 1 })
    handler = live.rendered.root.changeHandler(ofRowTitled: "Task number \(row)") ?? ""
  }

  /// Toggles the row on or off, as the browser reports a click on its switch; its patch goes out
  /// before this returns.
  func toggle(on: Bool) {
    live.receive(#"{"h":"\#(handler)","v":"\#(on)"}"#)
  }

  var messageCount: Int { sent.count }
}

@MainActor
final class MessageCounter {
  var count = 0
}

extension RenderedNode {
  /// The id of the `change` handler inside the keyed row whose text is `title`.
  func changeHandler(ofRowTitled title: String) -> String? {
    guard case let .element(_, _, key, children) = self else { return nil }
    if key != nil {
      guard text == title else { return nil }
      return firstAttribute("data-on-change")
    }
    for child in children {
      if let id = child.changeHandler(ofRowTitled: title) { return id }
    }
    return nil
  }

  /// The node's text, as the browser shows it.
  var text: String {
    switch self {
    case let .text(text): text
    case let .element(_, _, _, children): children.map(\.text).joined()
    }
  }

  func firstAttribute(_ name: String) -> String? {
    guard case let .element(_, attributes, _, children) = self else { return nil }
    if let value = attributes.first(where: { $0.name == name })?.value { return value }
    return children.lazy.compactMap { $0.firstAttribute(name) }.first
  }
}

/// A page's HTML with its rows' keys left out: the SwiftUI renderer keys a row of a `ForEach`
/// over stores by the store's identity, the HTML builder by the row's id.
func withoutKeys(_ html: String) -> String {
  html.replacingOccurrences(of: #" data-key="[^"]*""#, with: "", options: .regularExpression)
    .replacingOccurrences(of: #"\.k[^./"]*"#, with: ".k", options: .regularExpression)
}

/// `swiftui-event-1-of-1000-rows-vs-html`, `swiftui-first-render-1000-rows-vs-html`: a row's
/// toggle, from the event to its patch, and a first render, in SwiftUI and from the HTML builder.
@MainActor
func swiftUIRowsBenchmarks() -> [Benchmark] {
  let swiftUIStore = toggleRowsStore(1_000)
  let htmlStore = toggleRowsStore(1_000)
  let host = WindowHost(root: AnyView(ToggleRowsView(store: swiftUIStore)))
  let swiftUIPage = RenderedView(host.render()).root.html
  let htmlPage = RenderedView(htmlToggleRows(htmlStore)).root.html
  if withoutKeys(swiftUIPage) != withoutKeys(htmlPage) {
    print("swiftui-event-1-of-1000-rows: the two pages differ, so the ratio would compare different screens:\n\(swiftUIPage.prefix(2_000))\n\(htmlPage.prefix(2_000))")
  }
  let swiftUITab = ToggleTab(row: 500, page: host.page)
  let htmlTab = ToggleTab(row: 500) { htmlToggleRows(htmlStore) }
  var isOn = false
  return [
    Benchmark(name: "swiftui-event-1-of-1000-rows", operationsPerSample: 50) { n in
      for _ in 0..<n {
        isOn.toggle()
        swiftUITab.toggle(on: isOn)
      }
      sink &+= swiftUITab.messageCount
    },
    Benchmark(name: "swiftui-html-event-1-of-1000-rows", operationsPerSample: 50) { n in
      for _ in 0..<n {
        isOn.toggle()
        htmlTab.toggle(on: isOn)
      }
      sink &+= htmlTab.messageCount
    },
  ]
    + firstRenderBenchmarks(
      "1000-rows", operationsPerSample: 5,
      swiftUI: { AnyView(ToggleRowsView(store: swiftUIStore)) }, html: { htmlToggleRows(htmlStore) }
    )
}

/// `swiftui-bodies-per-row-change`: the `body` evaluations (counted by the view graph) that one
/// row's toggle causes in the 1,000-row list, and that each patch went out.
@MainActor
func printSwiftUIBodiesPerRowChange() {
  let store = toggleRowsStore(1_000)
  let host = WindowHost(root: AnyView(ToggleRowsView(store: store)))
  let tab = ToggleTab(row: 500, page: host.page)
  let before = host.graph.bodyEvaluationCount
  let events = 20
  for index in 0..<events {
    tab.toggle(on: index.isMultiple(of: 2))
  }
  let bodies = Double(host.graph.bodyEvaluationCount - before) / Double(events)
  figure("swiftui-bodies-per-row-change", String(format: "%.1f", bodies), target: "≤ 2")
  print("  \(events) toggles of one row among 1,000: \(tab.messageCount) patches, row 500 now \(store.rows[id: 500]?.isDone == true ? "on" : "off")")
}
