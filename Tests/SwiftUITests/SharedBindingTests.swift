import ComposableArchitecture
import ComposableSwiftUI
import ComposableWebCore
import ComposableWebTestSupport
import SwiftUICore
import SwiftUIWeb
import Testing

/// `Binding(_: Shared)` as swift-sharing spells it, in the shape of TCA's sign-up flow: a step
/// declares `@Binding(store.$signUpData) var signUpData` in its body and binds fields to it.
@MainActor
struct SharedBindingTests {
  struct SignUpData: Equatable {
    var email = ""
    var topics: Set<String> = []
  }

  @Reducer
  struct BasicsFeature {
    @ObservableState
    struct State {
      @Shared var signUpData: SignUpData
    }
    enum Action: BindableAction {
      case binding(BindingAction<State>)
    }
    var body: some ReducerOf<Self> {
      BindingReducer()
    }
  }

  struct BasicsStep: View {
    @Bindable var store: StoreOf<BasicsFeature>
    var body: some View {
      @Binding(store.$signUpData) var signUpData
      Form {
        TextField("Email", text: $signUpData.email)
        Toggle("Composable Architecture", isOn: Binding(get: { signUpData.topics.contains("TCA") }, set: { isOn in
          if isOn { signUpData.topics.insert("TCA") } else { signUpData.topics.remove("TCA") }
        }))
        Text("Signing up as \(signUpData.email.isEmpty ? "nobody" : signUpData.email)")
      }
    }
  }

  @Test func aFieldBoundToASharedValueWritesItAndShowsOtherWriters() async throws {
    @Shared(.inMemory("signUpData")) var signUpData = SignUpData()
    let store = Store(initialState: BasicsFeature.State(signUpData: $signUpData)) { BasicsFeature() }
    let (client, _) = openTab(BasicsStep(store: store))
    #expect(client.text.contains("Signing up as nobody"))

    await client.type("blob@example.com", into: "Email")
    #expect(signUpData.email == "blob@example.com")
    #expect(client.text.contains("Signing up as blob@example.com"))
    let toggle = try #require(client.html.firstMatch(of: /data-on-change="([^"]+)"/)?.1)
    await client.sendRaw(#"{"h":"\#(toggle)","v":"true"}"#)
    #expect(signUpData.topics == ["TCA"])

    // A write from elsewhere (another step of the flow) shows here.
    $signUpData.withLock { $0.email = "blob.jr@example.com" }
    await client.settle()
    #expect(client.text.contains("Signing up as blob.jr@example.com"))
  }
}
