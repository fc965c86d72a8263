import ComposableArchitecture
import ComposableRecording
import ComposableTerminal
import Foundation
import Observation
import StandupsCore

/// The view state, observable so that changing it re-renders.
@MainActor
@Observable
final class ViewModel {
  var ui = UIState()
  /// The timeline (ctrl-t), while it is open.
  var timeline: TimelinePanel<AppFeature.State, AppFeature.Action>?
}

/// Runs the Standups app in the terminal until the person quits.
@MainActor
public enum StandupsTerminalApp {
  /// - Parameters:
  ///   - history: The store's history (its reducer's `.timeTravel(history)`): ctrl-t then opens a
  ///     timeline of it, to step back through what happened and go on from any step.
  ///   - opensTimeline: Start on the timeline (a replayed session).
  public static func run(
    store: StoreOf<AppFeature>, renderer: StandupsRenderer = StandupsRenderer(),
    history: TimeTravelHistory<AppFeature.State, AppFeature.Action>? = nil,
    opensTimeline: Bool = false
  ) async {
    let model = ViewModel()
    if opensTimeline, let history {
      model.timeline = TimelinePanel(history: history, store: store)
    }
    var startedRecordings: Set<StackElementID> = []
    if !opensTimeline {
      store.send(.standupsList(.onAppear))
    }

    await TerminalApp.run(beforeExit: {
      // Nothing typed is lost: a meeting in progress is saved as it stands (the run loop then
      // writes what the storage is still holding back).
      if let id = store.state.path.ids.last, case .record? = store.state.path[id: id] {
        store.send(.path(.element(id: id, action: .record(.quitWhileRecording))))
      }
    }) { buffer in
      // The timeline, when open, is a panel across the bottom: the app stays in view above it and
      // follows each step the panel moves to.
      var appArea = buffer.area
      if let timeline = model.timeline {
        let (above, panel) = buffer.area.splitBottom(timelineHeight(in: buffer.area))
        timeline.render(in: panel, buffer: &buffer, theme: renderer.theme)
        appArea = above
      }
      renderer.render(store.state, ui: model.ui, into: &buffer, area: appArea)
      // Steps shown on the timeline are the past: nothing starts there.
      guard model.timeline == nil else { return }
      // A record screen that appeared starts its timer (and speech recognition), as SwiftUI's
      // `.task` would; popping it cancels them.
      let recordings = Set(store.state.path.ids.filter {
        if case .record? = store.state.path[id: $0] { return true }
        return false
      })
      for id in recordings.subtracting(startedRecordings) {
        Task { @MainActor in store.send(.path(.element(id: id, action: .record(.onTask)))) }
      }
      startedRecordings = recordings
    } handleKey: { key in
      if let timeline = model.timeline {
        switch timeline.handle(key) {
        case .open: return .handled
        case .closed:
          model.timeline = nil
          return .handled
        case .ignored: return .ignored
        }
      }
      if key == .ctrl("t"), let history {
        model.timeline = TimelinePanel(history: history, store: store)
        return .handled
      }
      var ui = model.ui
      let outcome = StandupsKeys.outcome(of: key, in: store.state, ui: &ui)
      if ui != model.ui { model.ui = ui }
      switch outcome {
      case let .send(action):
        store.send(action)
        return .handled
      case .quit:
        return .quit
      case .none:
        return .ignored
      }
    }
  }
}

/// The rows of the timeline panel: two fifths of the screen, at least 8 (its header, four steps,
/// two lines of what changed and its keys), and never more than leaves the app 6.
func timelineHeight(in area: Rect) -> Int {
  min(max(8, area.height * 2 / 5), max(0, area.height - 6))
}
