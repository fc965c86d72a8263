import ComposableArchitecture
import ComposableRecording

// The time-travel panel: a tab opened with `?devtools` in its address shows, beside the app, the
// store's recent actions (`ComposableRecording`'s `TimeTravelHistory`), a slider over them, and what the chosen one
// changed. Moving the slider or choosing an action moves the store there; the app re-renders as
// it was then.

extension WebPage {
  /// This page, with a time-travel panel over `history` for tabs opened with `?devtools` in their
  /// address (`http://127.0.0.1:8080/?devtools`). `store` is the root store whose reducer keeps
  /// the history (`Feature().timeTravel(history)`).
  ///
  /// ```swift
  /// let history = TimeTravelHistory<AppFeature.State, AppFeature.Action>()
  /// let store = Store(initialState: AppFeature.State()) { AppFeature().timeTravel(history) }
  /// return WebPage { appView(store) }.timeTravel(history, store: store)
  /// ```
  public func timeTravel<State, Action>(
    _ history: TimeTravelHistory<State, Action>, store: Store<State, Action>
  ) -> WebPage {
    var page = self
    page.devtools = { devtoolsPanel(history, store: store) }
    return page
  }

  /// The page as a tab opened with `?devtools` shows it: the app and its panel side by side, the
  /// address keeping `?devtools` as the app navigates. A page without ``timeTravel(_:store:)``
  /// is returned as it is.
  public func showingDevtools() -> WebPage {
    guard let panel = devtools else { return self }
    var page = self
    let view = self.view
    page.view = {
      div(.class("cw-with-devtools")) {
        div(.class("cw-app")) { view() }
        panel()
      }
    }
    if let location {
      page.location = { location() + "?devtools" }
    }
    return page
  }
}

/// The panel: where the store is (live, or which step it shows), a slider over the steps, buttons
/// to go on from the step shown or back to now, the actions (newest last), and the chosen step's
/// state diff.
@MainActor
func devtoolsPanel<State, Action>(
  _ history: TimeTravelHistory<State, Action>, store: Store<State, Action>
) -> Node {
  let steps = history.steps
  let position = history.position
  let shown = position ?? steps.count - 1
  return element("aside", [.class("cw-devtools"), .ariaLabel("Time travel")]) {
    div(.class("cw-devtools-head")) {
      h2("Timeline")
      element("output", [.attribute("aria-live", "polite")]) {
        if steps.isEmpty {
          "No actions yet"
        } else if let position {
          position < 0 ? "Before step 1 of \(steps.count)" : "Step \(position + 1) of \(steps.count)"
        } else {
          "Live: \(steps.count) step\(steps.count == 1 ? "" : "s")"
        }
      }
    }
    if !steps.isEmpty {
      numberField("Step", value: shown + 1, in: 0...steps.count, style: .slider) { step in
        history.travel(store, to: step - 1)
      }
      div(.class("cw-devtools-buttons")) {
        button("Go on from here", .flag("disabled", position == nil)) { history.resume(store) }
        button("Back to now", .flag("disabled", position == nil)) { history.returnToPresent(store) }
      }
    }
    element("ol", [.class("cw-devtools-steps"), .ariaLabel("Actions")]) {
      for (index, step) in steps.enumerated() {
        li(.key(index)) {
          button(
            step.actionSummary,
            .class(step.source == .send ? "cw-send" : "cw-receive"),
            .attribute("aria-current", index == shown ? "step" : "false"),
            .attribute("title", step.source == .send ? "sent by the page" : "received from an effect")
          ) {
            history.travel(store, to: index)
          }
        }
      }
    }
    if shown >= 0 {
      element("h3", []) { "What step \(shown + 1) changed" }
      element("pre", [.class("cw-devtools-diff")]) {
        history.changes(at: shown) ?? "(no change to the state)"
      }
    }
  }
}
