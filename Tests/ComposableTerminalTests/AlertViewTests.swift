import ComposableArchitecture
import ComposableTerminal
import Testing

@Suite struct AlertViewTests {
  enum Alert: Equatable { case saveAndEnd, discard, resume, confirmDeletion }

  let endMeeting = AlertState<Alert> {
    TextState("End meeting?")
  } actions: {
    ButtonState(action: .saveAndEnd) { TextState("Save and end") }
    ButtonState(role: .destructive, action: .discard) { TextState("Discard") }
    ButtonState(role: .cancel, action: .resume) { TextState("Resume") }
  } message: {
    TextState("You are ending the meeting early. What would you like to do?")
  }

  @Test func rendersTitleMessageAndButtons() {
    var buffer = Buffer(width: 60, height: 12)
    buffer.render(AlertView(endMeeting))
    #expect(
      buffer.text == """


            ┌──────────────────────────────────────────────────┐
            │                   End meeting?                   │
            │                                                  │
            │ You are ending the meeting early. What would you │
            │                   like to do?                    │
            │                                                  │
            │    [ Save and end ]  [ Discard ]  [ Resume ]     │
            └──────────────────────────────────────────────────┘


        """
    )
    // The first button has the focus.
    #expect(buffer[9, 8].symbol == "[" && buffer[9, 8].style.reverse)
    #expect(buffer[27, 8].symbol == "[" && !buffer[27, 8].style.reverse)
    #expect(buffer[29, 8].symbol == "D" && buffer[29, 8].style.foreground == .red)
  }

  @Test func arrowsMoveTheFocusAndEnterPressesTheFocusedButton() {
    var focus = AlertFocus()
    var view = AlertView(endMeeting, focus: focus)
    guard case .focusMoved = view.handle(.right, focus: &focus) else {
      Issue.record("→ should move the focus")
      return
    }
    view = AlertView(endMeeting, focus: focus)
    #expect(view.focusedIndex == 1)
    #expect(view.handle(.enter, focus: &focus).presentationAction == .presented(.discard))
    _ = view.handle(.right, focus: &focus)
    _ = AlertView(endMeeting, focus: focus).handle(.right, focus: &focus)
    #expect(AlertView(endMeeting, focus: focus).focusedIndex == 2)  // stops at the last button
  }

  @Test func escapePressesTheCancelButton() {
    var focus = AlertFocus()
    #expect(AlertView(endMeeting).handle(.escape, focus: &focus).presentationAction == .presented(.resume))
  }

  @Test func escapeWithoutACancelButtonDismisses() {
    let alert = AlertState<Alert> { TextState("Delete?") } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Yes") }
    }
    var focus = AlertFocus()
    #expect(AlertView(alert).handle(.escape, focus: &focus).presentationAction == .dismiss)
  }

  @Test func aNewAlertStartsWithItsFirstButtonFocused() {
    var focus = AlertFocus()
    _ = AlertView(endMeeting).handle(.right, focus: &focus)
    #expect(AlertView(endMeeting, focus: focus).focusedIndex == 1)
    let another = AlertState<Alert> { TextState("End meeting?") } actions: {
      ButtonState(action: .saveAndEnd) { TextState("Save and end") }
      ButtonState(role: .cancel, action: .resume) { TextState("Resume") }
    }
    #expect(AlertView(another, focus: focus).focusedIndex == 0)
  }

  @Test func alertWithoutButtonsHasAnOKButtonThatDismisses() {
    let alert = AlertState<Alert> { TextState("Saved") }
    var focus = AlertFocus()
    #expect(render(AlertView(alert), width: 40, height: 6).contains("[ OK ]"))
    #expect(AlertView(alert).handle(.enter, focus: &focus).presentationAction == .dismiss)
  }

  @Test func buttonsThatDoNotFitInARowAreStacked() {
    let text = render(AlertView(endMeeting), width: 30, height: 16)
    #expect(
      text == """


          ┌────────────────────────┐
          │      End meeting?      │
          │                        │
          │   You are ending the   │
          │  meeting early. What   │
          │ would you like to do?  │
          │                        │
          │ [ Save and end ]       │
          │ [ Discard ]            │
          │ [ Resume ]             │
          └────────────────────────┘



        """
    )
  }

  @Test func confirmationDialog() {
    let dialog = ConfirmationDialogState<Alert>(titleVisibility: .visible) {
      TextState("Delete meeting")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    }
    var focus = AlertFocus()
    #expect(render(AlertView(dialog), width: 40, height: 7).contains("[ Delete ]  [ Cancel ]"))
    // A cancel button without an action only dismisses.
    #expect(AlertView(dialog).handle(.escape, focus: &focus).presentationAction == .dismiss)
  }
}
