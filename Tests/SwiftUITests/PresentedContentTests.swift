import ComposableArchitecture
import ComposableSwiftUI
import ComposableWebCore
import ComposableWebTestSupport
import Observation
import SwiftUICore
import SwiftUIWeb
import Testing

/// A sheet's content closure runs as SwiftUI runs it: when the view holding the sheet is
/// evaluated again or what the closure read changes, not each time the window passes by. In the
/// shape of TCA's case-study root, whose sign-up flow makes its store in the sheet's view.
@MainActor
struct PresentedContentTests {
  @Reducer
  struct SignUpFeature {
    @ObservableState
    struct State: Equatable {
      var path = StackState<Step.State>()
    }
    enum Action {
      case path(StackActionOf<Step>)
    }
    var body: some ReducerOf<Self> {
      Reduce { _, _ in .none }
        .forEach(\.path, action: \.path) { Step() }
    }
  }

  @Reducer
  struct Step {
    @ObservableState
    struct State: Equatable {
      var name = "Basics"
    }
    enum Action {
      case rename(String)
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .rename(name): state.name = name
      }
      return .none
    }
  }

  struct SignUpFlow: View {
    @Bindable private var store = Store(initialState: SignUpFeature.State()) { SignUpFeature() }
    var body: some View {
      NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
        Form {
          NavigationLink("Sign up", state: Step.State())
        }
        .navigationTitle("Sign up")
      } destination: { store in
        Text("Step: \(store.name)").navigationTitle(store.name)
      }
    }
  }

  struct Root: View {
    @State var isSignUpPresented = false
    var body: some View {
      NavigationStack {
        List {
          Button("Sign up flow") { isSignUpPresented = true }
            .sheet(isPresented: $isSignUpPresented) {
              SignUpFlow()
            }
        }
        .navigationTitle("Case Studies")
      }
    }
  }

  @Test func aStoreMadeInASheetsViewIsMadeOnce() async {
    let (client, _) = openTab(Root())
    await client.click("Sign up flow")
    #expect(client.text.contains("Sign up"))
    // Pushing changes the sheet's store; the window passes the sheet again, and the store is
    // the same one: the step is shown.
    await client.click("Sign up")
    #expect(client.text.contains("Step: Basics"))
  }

  @Observable final class Model {
    var count = 0
  }

  struct Counting: View {
    let model: Model
    @State var isShown = true
    var body: some View {
      Text("Under").sheet(isPresented: $isShown) {
        Text("Count in the sheet: \(model.count)")
      }
    }
  }

  @Test func theClosureRunsAgainWhenWhatItReadChanges() async {
    let model = Model()
    let (client, _) = openTab(Counting(model: model))
    #expect(client.text.contains("Count in the sheet: 0"))
    model.count = 3
    await client.settle()
    #expect(client.text.contains("Count in the sheet: 3"))
  }
}
