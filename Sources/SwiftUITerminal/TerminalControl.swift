import ComposableTerminal
import SwiftUICore

/// A control the terminal's keys reach: where it is drawn, what a screen reader would call it,
/// and what it does. The renderer finds them in reading order; ``TerminalWindow`` moves the focus
/// among them and hands them the keys.
public struct TerminalControl {
  /// The view's identity in the window (the focus follows it from frame to frame).
  public var identity: String
  /// Where it is drawn, in the cells of the piece that holds it.
  public var rect: Rect
  /// Its accessible name: its `accessibilityLabel`, else its text, else its symbol's name (an
  /// icon-only button), as the web renderer names it; a field by its title or placeholder.
  public var name: String
  /// What it does.
  public var kind: Kind

  /// The controls the terminal drives.
  public enum Kind {
    /// A button, a navigation link, a list row that selects: Enter or Space runs it.
    case button(@MainActor () -> Void)
    /// A link to an address: shown, not opened (a terminal has no browser).
    case link(URL)
    case toggle(ToggleSpec)
    case textField(TextFieldSpec)
    case picker(PickerSpec)
    case stepper(StepperSpec)
    case slider(SliderSpec)
  }

  /// The keys it takes, for the status line.
  public var keys: String {
    switch kind {
    case .button: "enter: open/press"
    case .link: "a link (open it in a browser)"
    case .toggle: "space: switch"
    case .textField: "type to edit · ←/→ home/end · enter: done"
    case .picker: "←/→: choose"
    case .stepper: "←/→ or -/+: step"
    case .slider: "←/→: adjust"
    }
  }
}

/// A piece drawn over the window: a sheet, an alert or a dialog, with what dismisses it.
struct Overlay {
  enum Kind { case sheet, alert }
  var kind: Kind
  var block: Block
  var dismiss: @MainActor () -> Void
}

/// What the terminal renderer makes of a window's views: the window's content laid out for the
/// terminal's width, and the overlays on top of it (the top one has the keys).
public struct TerminalLayout {
  let content: Block
  let overlays: [Overlay]
  /// Where the screen goes back one level (a navigation stack's back button), for Esc.
  let back: (@MainActor () -> Void)?
  /// The controls the keys reach now: those of the top overlay, else of the window. (Gathered
  /// once: a list's rows' controls are held by the rows' pieces, see `Block`.)
  public let controls: [TerminalControl]

  init(content: Block, overlays: [Overlay], back: (@MainActor () -> Void)?) {
    self.content = content
    self.overlays = overlays
    self.back = back
    self.controls = overlays.last?.block.controls ?? content.controls
  }
}
