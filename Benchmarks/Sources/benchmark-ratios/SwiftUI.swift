import ComposableArchitecture
import ComposableWeb
import SwiftUICore
import SwiftUIWeb

// The same screen written in SwiftUI and with `ComposableWeb`'s HTML builder: a navigation
// bar with a title and a list of rows that link to their standup.

/// The screen in SwiftUI, as an app writes it.
struct SwiftUIRowsScreen: View {
  let store: StoreOf<WebRows>
  var body: some View {
    NavigationStack {
      List {
        ForEach(store.rows) { row in
          NavigationLink(row.title, value: row.id)
        }
      }
      .navigationTitle("Standups")
    }
  }
}

/// The same screen with the HTML builder, written to produce the very page the SwiftUI renderer
/// draws (the same elements, classes and icons), so that the ratio is the cost of the SwiftUI
/// layer alone.
@MainActor
func htmlRowsScreen(_ store: StoreOf<WebRows>) -> Node {
  div(.class("sui-window")) {
    div(.class("sui-navstack sui-expand-h sui-expand-v")) {
      header(.class("sui-navbar")) {
        div(.class("sui-navbar-leading"))
        div(.class("sui-navbar-principal"))
        div(.class("sui-navbar-trailing"))
      }
      h1("Standups", .class("sui-nav-title-large"))
      main(.class("sui-screen")) {
        div(.class("sui-list sui-list-insetGrouped sui-expand-h sui-expand-v")) {
          section(.class("sui-section")) {
            div(.class("sui-rows")) {
              for row in store.rows {
                div(.class("sui-row"), .key(row.id)) {
                  a(.class("sui-navlink"), .href("#"), .on(.click) { store.send(.rename(id: row.id, title: row.title)) }) {
                    span(.class("sui-text")) { row.title }
                    span(.class("sui-chevron")) { chevronIcon() }
                  }
                }
              }
            }
          }
        }
      }
    }
  }
}

/// The chevron the renderer draws after a navigation link's label.
@MainActor
func chevronIcon() -> Node {
  element(
    "svg",
    [
      .class("sui-icon"), .attribute("viewBox", "0 0 24 24"), .attribute("aria-hidden", "true"),
      .attribute("width", "1.1em"), .attribute("height", "1.1em"),
    ]
  ) {
    element(
      "path",
      [
        .attribute("d", "M9 5l7 7-7 7"), .attribute("fill", "none"), .attribute("stroke", "currentColor"),
        .attribute("stroke-width", "1.8"), .attribute("stroke-linecap", "round"), .attribute("stroke-linejoin", "round"),
      ]
    )
  }
}

@MainActor
func rowsStore(_ count: Int) -> StoreOf<WebRows> {
  let rows = (0..<count).map { WebRows.Row(id: $0, title: "Standup number \($0)") }
  return Store(initialState: WebRows.State(rows: IdentifiedArray(uniqueElements: rows))) { WebRows() }
}

/// `swiftui-first-render-vs-html`: a first render (a new window: views resolved, rendered,
/// written as HTML) of the 3-row screen in SwiftUI, against the same screen from the HTML
/// builder.
@MainActor
func swiftUIFirstRenderBenchmarks() -> [Benchmark] {
  let store = rowsStore(3)
  let swiftUIPage = RenderedView(WindowHost(root: AnyView(SwiftUIRowsScreen(store: store))).render()).root.html
  let htmlPage = RenderedView(htmlRowsScreen(store)).root.html
  if swiftUIPage != htmlPage {
    print("swiftui-first-render: the two pages differ, so the ratio would compare different screens:\n\(swiftUIPage)\n\(htmlPage)")
  }
  return firstRenderBenchmarks(
    "3-rows", operationsPerSample: 2_000,
    swiftUI: { AnyView(SwiftUIRowsScreen(store: store)) }, html: { htmlRowsScreen(store) }
  )
}

/// `swiftui-first-render-NAME` and `swiftui-html-first-render-NAME`: a new window's first render
/// of `swiftUI`, written as HTML, and the same page from the HTML builder.
@MainActor
func firstRenderBenchmarks(
  _ name: String, operationsPerSample: Int,
  swiftUI: @escaping @MainActor () -> AnyView, html: @escaping @MainActor () -> Node
) -> [Benchmark] {
  [
    Benchmark(name: "swiftui-first-render-\(name)", operationsPerSample: operationsPerSample) { n in
      for _ in 0..<n {
        let host = WindowHost(root: swiftUI())
        sink &+= RenderedView(host.render()).root.html.utf8.count
      }
    },
    Benchmark(name: "swiftui-html-first-render-\(name)", operationsPerSample: operationsPerSample) { n in
      for _ in 0..<n {
        sink &+= RenderedView(html()).root.html.utf8.count
      }
    },
  ]
}

/// The bytes of the one message a tab gets when one row's title changes in a 300-row list
/// shown by `page`.
@MainActor
func bytesOneRow(_ page: @escaping @MainActor (StoreOf<WebRows>) -> WebPage) async -> Int {
  let store = rowsStore(300)
  var messages: [String] = []
  let live = LiveView(page: page(store), send: { messages.append($0) })
  store.send(.rename(id: 150, title: "Daily standup"))
  while messages.isEmpty { await Task.yield() }
  live.stop()
  return messages.reduce(0) { $0 + $1.utf8.count }
}

/// Prints `swiftui-bytes-one-row-vs-html`.
@MainActor
func printSwiftUIBytes() async {
  let swiftUI = await bytesOneRow { store in
    WindowHost(root: AnyView(SwiftUIRowsScreen(store: store))).page
  }
  let html = await bytesOneRow { store in WebPage { htmlRowsScreen(store) } }
  figure("swiftui-bytes-one-row-vs-html", String(format: "%.2f", Double(swiftUI) / Double(html)), target: "≤ 2")
  print("  one row renamed among 300: \(swiftUI) bytes from SwiftUI, \(html) from the HTML builder")
}
