import ComposableArchitecture
import ComposableRecording
import Observation

/// A panel of a store's recent history (`TimeTravelHistory`, from ComposableArchitecture): each
/// action, newest last, and what the selected one changed. The store moves with the selection, so
/// an app drawn beside the panel (Standups puts it across the bottom, the app above) shows each
/// step as it is selected, and closing the panel on a step leaves the app as it was then.
///
/// Keys: ← → (or ↑ ↓) step, Home/End the oldest and newest, Enter goes on from the step shown,
/// Esc returns to the present.
///
/// ```swift
/// var appArea = buffer.area
/// if let panel = timeline {
///   let (above, bottom) = buffer.area.splitBottom(10)
///   panel.render(in: bottom, buffer: &buffer)
///   appArea = above
/// }
/// // then draw the app in `appArea`
/// // in handleKey: if panel.handle(key) == .closed { timeline = nil }
/// ```
@MainActor
@Observable
public final class TimelinePanel<State, Action> {
  /// The history shown.
  @ObservationIgnored public let history: TimeTravelHistory<State, Action>
  /// The store moved to the step shown.
  @ObservationIgnored public let store: Store<State, Action>
  @ObservationIgnored let scroll = ScrollPosition()
  /// The step shown: an index into `history.steps`, or -1 for the state before the oldest.
  public private(set) var selection: Int

  /// What a key did to the panel.
  public enum Outcome: Equatable {
    /// The panel stays open.
    case open
    /// The panel closed (the app goes on from the step shown, or from the present).
    case closed
    /// The key does nothing here.
    case ignored
  }

  /// Opens the panel on the newest step (the store does not move until the selection does).
  public init(history: TimeTravelHistory<State, Action>, store: Store<State, Action>) {
    self.history = history
    self.store = store
    self.selection = history.steps.count - 1
  }

  /// Handles a key: ← → step, Home/End, Enter goes on from the step shown, Esc returns to now.
  public func handle(_ key: Key) -> Outcome {
    let last = history.steps.count - 1
    switch key {
    case .left, .up: select(selection - 1)
    case .right, .down: select(selection + 1)
    case .home: select(-1)
    case .end: select(last)
    case .enter:
      history.resume(store)
      return .closed
    case .escape:
      history.returnToPresent(store)
      return .closed
    default:
      return .ignored
    }
    return .open
  }

  private func select(_ index: Int) {
    let index = min(max(-1, index), history.steps.count - 1)
    guard index != selection else { return }
    selection = index
    history.travel(store, to: index)
  }

  public func render(in area: Rect, buffer: inout Buffer, theme: Theme = .standard) {
    let steps = history.steps
    let (top, rest) = area.splitTop(1)
    let (body, bottom) = rest.splitBottom(1)
    buffer.render(
      Header(
        title: "Timeline",
        trailing: selection < 0 ? "before step 1 of \(steps.count)" : "step \(selection + 1) of \(steps.count)"
      ),
      in: top
    )
    let listHeight = max(3, body.height / 2)
    let (list, details) = body.inset(horizontal: 1, vertical: 0).splitTop(listHeight)
    buffer.render(
      ListView(
        count: steps.count + 1, selection: selection + 1, scroll: scroll,
        emptyText: "No actions yet."
      ) { row in
        guard row > 0 else {
          return ListRow("(the state before)", style: theme.muted)
        }
        let step = steps[row - 1]
        return ListRow(
          step.actionSummary, style: .plain,
          leading: step.source == .send ? "send " : "recv ",
          leadingStyle: step.source == .send ? theme.accent : theme.muted
        )
      },
      in: list
    )
    if details.height > 1 {
      buffer.render(Label("What it changed", style: theme.accent), in: details.row(0))
      let changes = selection < 0 ? "" : changed(at: selection)
      let lines = changes.split(separator: "\n", omittingEmptySubsequences: false)
      for (offset, line) in lines.prefix(details.height - 1).enumerated() {
        let style = line.hasPrefix("+") ? theme.accent : line.hasPrefix("-") ? theme.error : .plain
        buffer.render(Label(String(line), style: style), in: details.row(offset + 1))
      }
    }
    buffer.render(
      Footer([
        KeyHint("←→", "step"), KeyHint("home/end", "oldest/newest"),
        KeyHint("enter", "go on from here"), KeyHint("esc", "back to now"),
      ]),
      in: bottom
    )
  }

  /// The state diff of step `index`, or a note when it changed nothing.
  private func changed(at index: Int) -> String {
    guard history.steps.indices.contains(index) else { return "" }
    return history.changes(at: index) ?? "(no change to the state)"
  }
}
