import ComposableArchitecture
import ComposableSwiftUI
import ComposableWebCore
import ComposableWebTestSupport
import SwiftUICore
import SwiftUIWeb
import Testing

/// `TabView` and `tabItem`, in the shape of TCA's shared-state case study: a feature whose
/// state holds the current tab, a selection bound with `sending`, and one child store per tab.
@MainActor
struct TabViewTests {
  @Reducer
  struct Tabs {
    enum Tab: Hashable { case counter, profile }
    @ObservableState
    struct State: Equatable {
      var currentTab = Tab.counter
      var count = 0
      var log: [String] = []
    }
    enum Action {
      case selectTab(Tab)
      case incrementTapped
      case counterAppeared
      case profileAppeared
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .selectTab(tab):
        state.currentTab = tab
        state.log.append("selectTab(\(tab))")
      case .incrementTapped: state.count += 1
      case .counterAppeared: state.log.append("counterAppeared")
      case .profileAppeared: state.log.append("profileAppeared")
      }
      return .none
    }
  }

  struct TabsView: View {
    @Bindable var store: StoreOf<Tabs>
    var body: some View {
      TabView(selection: $store.currentTab.sending(\.selectTab)) {
        CounterTab(store: store)
          .tag(Tabs.Tab.counter)
          .tabItem { Text("Counter") }
        Text("Profile: count is \(store.count)")
          .onAppear { store.send(.profileAppeared) }
          .tabItem { Label("Profile", systemImage: "person") }
          .tag(Tabs.Tab.profile)
      }
      .navigationTitle("Shared State Demo")
    }
  }

  struct CounterTab: View {
    let store: StoreOf<Tabs>
    @State private var taps = 0
    var body: some View {
      VStack {
        Text("Count: \(store.count), taps here: \(taps)")
        Button("Increment") {
          taps += 1
          store.send(.incrementTapped)
        }
      }
      .onAppear { store.send(.counterAppeared) }
    }
  }

  @Test func aBoundSelectionShowsOneTabAndTheBarSwitchesThem() async {
    let store = Store(initialState: Tabs.State()) { Tabs() }
    let (client, _) = openTab(NavigationStack { TabsView(store: store) })
    // The counter tab is shown; the profile tab is only its item in the bar.
    #expect(client.text.contains("Count: 0, taps here: 0"))
    #expect(!client.text.contains("Profile: count is"))
    #expect(client.texts(role: "tab") == ["Counter", "Profile"])
    #expect(client.html.contains(#"aria-selected="true" aria-controls"#))
    #expect(client.text.contains("Shared State Demo"))
    await client.click("Increment")
    await client.click("Increment")
    #expect(client.text.contains("Count: 2, taps here: 2"))

    // Choosing the other tab sends the feature's action; the profile reads the shared count.
    await client.click("Profile")
    #expect(store.currentTab == .profile)
    #expect(client.text.contains("Profile: count is 2"))
    #expect(!client.text.contains("taps here"))

    // Back on the counter, its own `@State` survived; each tab appeared when it was shown.
    await client.click("Counter")
    #expect(client.text.contains("Count: 2, taps here: 2"))
    #expect(store.log == ["counterAppeared", "selectTab(profile)", "profileAppeared", "selectTab(counter)", "counterAppeared"])
  }

  @Test func theStateChangingTheTabSwitchesIt() async {
    let store = Store(initialState: Tabs.State()) { Tabs() }
    let (client, _) = openTab(TabsView(store: store))
    store.send(.selectTab(.profile))
    await client.settle()
    #expect(client.text.contains("Profile: count is 0"))
    // The second tab (`…-1`) is the selected one in the bar.
    #expect(client.html.contains(#"-1" aria-selected="true""#))
    #expect(client.html.contains(#"-0" aria-selected="false""#))
  }

  struct OwnSelection: View {
    var body: some View {
      TabView {
        Text("First page").tabItem { Label("One", systemImage: "1.circle") }
        Text("Second page").tabItem { Label("Two", systemImage: "2.circle") }
      }
    }
  }

  @Test func withoutABindingTheFirstTabIsShownAndTheChoiceIsItsOwn() async {
    let (client, _) = openTab(OwnSelection())
    #expect(client.text.contains("First page"))
    #expect(!client.text.contains("Second page"))
    await client.click("Two")
    #expect(client.text.contains("Second page"))
    #expect(!client.text.contains("First page"))
  }

  @Test func theBarIsATablistWhoseSelectedTabNamesThePanel() {
    let html = WebRenderer().renderAll(ViewGraph().resolve(OwnSelection()))
      .map { RenderedView($0).root.html }.joined()
    #expect(html.contains(#"role="tablist""#))
    #expect(html.contains(#"role="tabpanel""#))
    // The panel is labelled by the selected tab's id, and only that tab is in the tab order.
    let panelLabel = html.components(separatedBy: #"aria-labelledby=""#)[1].prefix { $0 != "\"" }
    #expect(html.contains(#"id="\#(panelLabel)" aria-selected="true""#))
    #expect(html.components(separatedBy: #"tabindex="-1""#).count == 2)
  }
}
