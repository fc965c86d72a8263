import Clocks
import ComposableArchitecture
import ComposableSwiftUI
import ComposableWebCore
import ComposableWebTestSupport
import SwiftUICore
import SwiftUIWeb
import Testing

/// `refreshable` in the shape of TCA's refreshable case study (the view awaits
/// `store.send(.refresh).finish()` and shows Cancel meanwhile), and `presentationDetents` in
/// the shape of its sign-up flow's sheets.
@MainActor
struct RefreshAndDetentsTests {
  @Reducer
  struct Refreshable {
    @ObservableState
    struct State: Equatable {
      var count = 0
      var fact: String?
    }
    enum Action {
      case cancelButtonTapped
      case factResponse(String)
      case refresh
    }
    @Dependency(\.continuousClock) var clock
    private enum CancelID { case factRequest }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .cancelButtonTapped:
        return .cancel(id: CancelID.factRequest)
      case let .factResponse(fact):
        state.fact = fact
        return .none
      case .refresh:
        state.fact = nil
        return .run { [count = state.count] send in
          try await clock.sleep(for: .seconds(2))
          await send(.factResponse("\(count) is a good number."))
        }
        .cancellable(id: CancelID.factRequest)
      }
    }
  }

  struct RefreshableView: View {
    let store: StoreOf<Refreshable>
    @State var isLoading = false
    var body: some View {
      List {
        Text("Count: \(store.count)")
        if let fact = store.fact {
          Text(fact).bold()
        }
        if isLoading {
          Button("Cancel") { store.send(.cancelButtonTapped, animation: .default) }
        }
      }
      .refreshable {
        isLoading = true
        defer { isLoading = false }
        await store.send(.refresh).finish()
      }
    }
  }

  @Test func refreshingAwaitsTheFeaturesEffectsAndShowsItIsBusy() async {
    let clock = TestClock()
    let store = Store(initialState: Refreshable.State()) { Refreshable() } withDependencies: { $0.continuousClock = clock }
    let (client, _) = openTab(RefreshableView(store: store))
    #expect(client.html.contains(#"<button type="button" class="sui-refresh""#))
    #expect(!client.text.contains("Cancel"))

    await client.click("Refresh")
    // The action runs until the effect finishes: the view's Cancel shows, the control is busy.
    #expect(client.text.contains("Cancel"))
    #expect(client.text.contains("Refreshing…"))
    #expect(client.html.contains(#"aria-busy="true""#))
    await client.advance(clock, by: .seconds(2))
    #expect(client.text.contains("0 is a good number."))
    #expect(!client.text.contains("Cancel"))
    #expect(client.text.contains("Refresh"))
    #expect(!client.html.contains("aria-busy"))
  }

  @Test func cancellingTheEffectEndsTheRefresh() async {
    let clock = TestClock()
    let store = Store(initialState: Refreshable.State(fact: "old")) { Refreshable() } withDependencies: { $0.continuousClock = clock }
    let (client, _) = openTab(RefreshableView(store: store))
    await client.click("Refresh")
    #expect(client.text.contains("Cancel"))
    #expect(!client.text.contains("old"))
    await client.click("Cancel")
    await client.settle()
    #expect(!client.text.contains("Cancel"))
    #expect(!client.html.contains("aria-busy"))
    // The request was cancelled: nothing sleeps on the clock, and nothing arrives.
    await clock.advance(by: .seconds(5))
    await client.settle()
    #expect(store.fact == nil)
  }

  @Test func aListWithoutRefreshableHasNoControl() {
    let html = WebRenderer().renderAll(ViewGraph().resolve(List { Text("Row") }))
      .map { RenderedView($0).root.html }.joined()
    #expect(!html.contains("sui-refresh"))
  }

  struct Step: Identifiable {
    let id: Int
  }

  struct SignUp: View {
    @State var step: Step?
    var body: some View {
      Button("Next") { step = Step(id: 1) }
        .sheet(item: $step) { _ in
          NavigationStack { Text("Basics").navigationTitle("Basics") }
            .presentationDetents([.medium])
        }
    }
  }

  @Test func aSheetRestsAtItsLowestDetent() async {
    let (client, _) = openTab(SignUp())
    await client.click("Next")
    #expect(client.text.contains("Basics"))
    #expect(client.html.contains(#"role="dialog" aria-modal="true" style="height:min(50vh,calc(100% - 40px))""#))
  }

  @Test func aSheetAtItsLargeDetentTakesTheWindow() async {
    let (client, _) = openTab(
      Text("Under").sheet(isPresented: .constant(true)) {
        Text("Tall").presentationDetents([.large]).presentationDragIndicator(.visible)
      }
    )
    #expect(client.text.contains("Tall"))
    #expect(!client.html.contains("height:min("))
  }
}
