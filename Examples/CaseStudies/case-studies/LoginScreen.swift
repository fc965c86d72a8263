import CaseStudiesCore
import ComposableTerminal
import Foundation
import Observation

@MainActor
@Observable
final class LoginScreen: CaseStudyScreen {
  let store = Store(initialState: LoginFlow.State.loggedOut(Login.State())) { LoginFlow() }
  var username = TextInput(text: "")

  var breadcrumb: [String] { store.state.loggedIn != nil ? ["Home"] : ["Log in"] }
  var hints: [KeyHint] {
    store.state.loggedIn != nil ? [KeyHint("o", "log out")] : [KeyHint("type", "user name"), KeyHint("enter", "log in")]
  }

  func render(in area: Rect, buffer: inout Buffer) {
    switch store.state {
    case let .loggedOut(login):
      buffer.render(Label("User name", style: Theme.standard.muted), in: area.row(0))
      buffer.render(TextField(login.username, cursor: login.isLoggingIn ? nil : username.cursor, placeholder: "your name"), in: area.row(1))
      if login.isLoggingIn {
        buffer.render(Label("Logging in…", style: Theme.standard.accent), in: area.row(3))
      } else if let error = login.error {
        buffer.render(Label(error, style: Theme.standard.error), in: area.row(3))
      }
    case let .loggedIn(home):
      buffer.render(Label("Welcome, \(home.username).", style: Style(bold: true)), in: area.row(0))
      buffer.render(Label("Logged in for \(home.secondsLoggedIn) s.", style: Theme.standard.accent), in: area.row(2))
      buffer.render(
        Paragraph("The timer is an effect of the logged-in feature. Logging out switches the state to the other case, and ifCaseLet cancels it.", style: Theme.standard.muted),
        in: Rect(x: area.x, y: area.y + 4, width: area.width, height: max(0, area.height - 4))
      )
    }
  }

  func handle(_ key: Key) -> KeyResponse {
    switch store.state {
    case let .loggedOut(login):
      if key == .enter {
        store.send(.loggedOut(.logInTapped))
        return .handled
      }
      guard !login.isLoggingIn, key != .escape, username.handle(key) else { return .ignored }
      store.send(.loggedOut(.usernameChanged(username.text)))
      return .handled
    case .loggedIn:
      guard key == .character("o") else { return .ignored }
      store.send(.loggedIn(.logOutTapped))
      username = TextInput(text: "")
      return .handled
    }
  }
}
