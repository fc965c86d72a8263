import ComposableArchitecture
import Foundation
import XCTest

/// A form written before `@ObservableState`: `@BindingState` fields, matched as `\.$field`.
private struct SettingsForm: Reducer {
  struct State: Equatable, Codable {
    @BindingState var displayName = ""
    @BindingState var notificationsOn = false
    var isNameValid = false
  }
  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case resetTapped
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.$displayName):
        state.isNameValid = !state.displayName.isEmpty
        return .none
      case .binding:
        return .none
      case .resetTapped:
        return .send(.set(\.$displayName, ""))
      }
    }
  }
}

@MainActor
final class BindingStateTests: XCTestCase {
  func testBindingStateFieldsAreSetAndMatched() async {
    let store = TestStore(initialState: SettingsForm.State()) { SettingsForm() }
    await store.send(.binding(.set(\.$displayName, "Blob"))) {
      $0.displayName = "Blob"
      $0.isNameValid = true
    }
    await store.send(.binding(.set(\.$notificationsOn, true))) {
      $0.notificationsOn = true
    }
    await store.send(.resetTapped)
    await store.receive(.binding(.set(\.$displayName, ""))) {
      $0.displayName = ""
      $0.isNameValid = false
    }
  }

  func testBindingStateEncodesAsItsValueAndDumpsAsItsValue() async throws {
    var state = SettingsForm.State()
    state.displayName = "Blob"
    let json = String(decoding: try JSONEncoder().encode(state), as: UTF8.self)
    XCTAssertTrue(json.contains(#""displayName":"Blob""#), json)
    XCTAssertEqual(try JSONDecoder().decode(SettingsForm.State.self, from: Data(json.utf8)), state)

    var dump = ""
    customDump(state, to: &dump)
    XCTAssertTrue(dump.contains(#"_displayName: "Blob""#), dump)
  }
}
