import ComposableTerminal
import Foundation
import Observation
import SwiftUICore

/// A window of an app shown in a terminal: the core's window drawn by ``TerminalRenderer``, with
/// the focus, the keys and the scrolling a terminal needs.
///
/// Tab and ↓ move the focus to the next control in reading order (wrapping after the last),
/// Shift-Tab and ↑ to the previous; only the controls of the top sheet or alert while one is up.
/// Enter or Space press the focused button, link, row or toggle; ←/→ choose in a picker, step a
/// stepper, move a slider, or move a field's cursor. A focused field takes what is typed
/// (Backspace, Delete, Home, End). Esc dismisses the top sheet or alert, else goes back one
/// screen; `q` (unless a field has the focus) quits. The focused control is drawn in reverse
/// video, and the last row says what it is and which keys it takes.
@MainActor
@Observable
public final class TerminalWindow {
  /// The window: its views, their state and lifecycle.
  @ObservationIgnored public let window: ViewWindow<TerminalRenderer>
  /// The identity of the focused control.
  public private(set) var focus: String?
  /// Bumped when something only this window knows changes (the focus, a field's cursor), so
  /// that the screen is drawn again.
  private var revision = 0
  @ObservationIgnored private var layout: TerminalLayout?
  @ObservationIgnored private var cursors: [String: Int] = [:]
  @ObservationIgnored private var scroll = 0
  @ObservationIgnored private var overlayScroll = 0
  @ObservationIgnored private var focusedFields: Set<String> = []
  /// Where the controls the keys reach were drawn in the last frame, on the screen.
  @ObservationIgnored private var hitAreas: [(identity: String, rect: Rect)] = []

  /// A window showing `root`, one of `app`'s when it has one.
  public init(root: AnyView, app: AppInstance? = nil) {
    window = ViewWindow(root: root, app: app, renderer: TerminalRenderer())
  }

  /// Registers, in the caller's observation scope, what calls for a new frame; returns whether
  /// one is due now (see `ViewWindow.observeChanges()`).
  public func observeChanges() -> Bool {
    _ = revision
    return window.observeChanges()
  }

  /// The controls the keys reach now, as last laid out.
  public var controls: [TerminalControl] { layout?.controls ?? [] }

  /// The focused control, as last laid out.
  public var focusedControl: TerminalControl? {
    controls.first { $0.identity == focus }
  }

  // MARK: Drawing

  /// Draws the window into `buffer`: its views laid out for the buffer's width, scrolled so that
  /// the focused control shows, the overlays on top, and the status line on the last row.
  public func draw(into buffer: inout Buffer) {
    let height = max(1, buffer.height - 1)
    window.renderer.width = buffer.width
    window.renderer.height = height
    let layout = window.render()
    self.layout = layout
    settleFocus(layout)
    // Looked up once a frame: a list's thousand rows are a thousand controls.
    let focused = focusedControl
    let area = Rect(x: 0, y: 0, width: buffer.width, height: height)
    let inOverlay = !layout.overlays.isEmpty
    if !inOverlay, let focused {
      scroll = visible(focused.rect, scroll: scroll, height: height)
    }
    scroll = max(0, min(scroll, layout.content.height - height))
    layout.content.draw(into: &buffer, x: 0, top: 0, first: scroll, rows: height, clip: area)
    if !inOverlay {
      highlight(focused, in: &buffer, dx: 0, dy: -scroll, clip: area)
      hitAreas = onScreen(layout.controls, dx: 0, dy: -scroll, clip: area)
    }
    for (index, overlay) in layout.overlays.enumerated() {
      let isTop = index == layout.overlays.count - 1
      let box = frame(of: overlay, in: area)
      let inner = Rect(x: box.x + 2, y: box.y + 1, width: max(0, box.width - 4), height: max(0, box.height - 2))
      var offset = 0
      if isTop {
        if let focused { overlayScroll = visible(focused.rect, scroll: overlayScroll, height: inner.height) }
        overlayScroll = max(0, min(overlayScroll, overlay.block.height - inner.height))
        offset = overlayScroll
      }
      drawBox(box, in: &buffer)
      overlay.block.draw(into: &buffer, x: inner.x, top: inner.y, first: offset, rows: inner.height, clip: inner)
      if isTop {
        highlight(focused, in: &buffer, dx: inner.x, dy: inner.y - offset, clip: inner)
        hitAreas = onScreen(layout.controls, dx: inner.x, dy: inner.y - offset, clip: inner)
      }
    }
    drawStatus(into: &buffer, focused: focused)
  }

  /// Where `controls` are on the screen, moved by (`dx`, `dy`) and clipped to `clip`.
  private func onScreen(_ controls: [TerminalControl], dx: Int, dy: Int, clip: Rect) -> [(identity: String, rect: Rect)] {
    controls.compactMap { control in
      let rect = Rect(x: control.rect.x + dx, y: control.rect.y + dy, width: control.rect.width, height: control.rect.height)
        .intersection(clip)
      return rect.width > 0 && rect.height > 0 ? (control.identity, rect) : nil
    }
  }

  /// The scroll offset that shows `rect` in a view `height` rows tall scrolled by `scroll`.
  private func visible(_ rect: Rect, scroll: Int, height: Int) -> Int {
    if rect.y < scroll { return rect.y }
    if rect.maxY > scroll + height { return rect.maxY - height }
    return scroll
  }

  private func frame(of overlay: Overlay, in area: Rect) -> Rect {
    switch overlay.kind {
    case .sheet:
      let height = min(area.height - 1, overlay.block.height + 2)
      return Rect(x: 2, y: 1, width: max(4, area.width - 4), height: max(3, height))
    case .alert:
      let width = min(area.width, overlay.block.width + 4)
      let height = min(area.height, overlay.block.height + 2)
      return area.centered(width: width, height: height)
    }
  }

  private func drawBox(_ box: Rect, in buffer: inout Buffer) {
    buffer.fill(box)
    let border = Style(bold: true)
    let line = String(repeating: "─", count: max(0, box.width - 2))
    buffer.write("┌" + line + "┐", at: box.x, box.y, style: border)
    buffer.write("└" + line + "┘", at: box.x, box.maxY - 1, style: border)
    for y in (box.y + 1)..<max(box.y + 1, box.maxY - 1) {
      buffer.write("│", at: box.x, y, style: border)
      buffer.write("│", at: box.maxX - 1, y, style: border)
    }
  }

  private func highlight(_ control: TerminalControl?, in buffer: inout Buffer, dx: Int, dy: Int, clip: Rect) {
    guard let control else { return }
    let rect = Rect(x: control.rect.x + dx, y: control.rect.y + dy, width: control.rect.width, height: control.rect.height)
    buffer.applyStyle(Style(reverse: true), to: rect.intersection(clip))
    if case let .textField(spec) = control.kind {
      // The cursor: the one cell of the field not reversed.
      let cursor = min(cursors[control.identity] ?? spec.text.count, spec.text.count)
      let x = rect.x + min(cursor, max(0, rect.width - 1))
      if x < buffer.width, rect.y >= clip.y, rect.y < clip.maxY {
        buffer.applyStyle(Style(reverse: true), to: Rect(x: x, y: rect.y, width: 1, height: 1))
      }
    }
  }

  private func drawStatus(into buffer: inout Buffer, focused: TerminalControl?) {
    let y = buffer.height - 1
    guard y >= 0 else { return }
    // In a field `q` is typed: Ctrl-C leaves.
    var isEditing = false
    if case .textField = focused?.kind { isEditing = true }
    let leave = layout?.overlays.isEmpty == false ? "esc: close" : isEditing ? "ctrl-c: quit" : "q: quit"
    let status: String
    if let control = focused {
      status = " \(control.name) — \(control.keys) · tab: next · \(leave)"
    } else {
      status = " tab: next control · \(leave)"
    }
    buffer.fill(Rect(x: 0, y: y, width: buffer.width, height: 1), style: Style(dim: true, reverse: true))
    buffer.write(status, at: 0, y, style: Style(dim: true, reverse: true))
  }

  // MARK: Focus

  /// Keeps the focus on a control that is there: a field the app focused (a `@FocusState` set)
  /// takes it; a focus whose control went goes to the first control of the top layer.
  private func settleFocus(_ layout: TerminalLayout) {
    let controls = layout.controls
    var nowFocused: Set<String> = []
    for control in controls {
      if case let .textField(spec) = control.kind, spec.isFocused { nowFocused.insert(control.identity) }
    }
    if let field = controls.first(where: { nowFocused.contains($0.identity) && !focusedFields.contains($0.identity) }) {
      focus = field.identity
      cursors[field.identity] = nil
    }
    focusedFields = nowFocused
    if focus == nil || !controls.contains(where: { $0.identity == focus }) {
      focus = controls.first?.identity
    }
  }

  private func move(by step: Int) {
    let controls = controls
    guard !controls.isEmpty else { return }
    let current = controls.firstIndex { $0.identity == focus }
    let next = current.map { ($0 + step + controls.count) % controls.count } ?? (step > 0 ? 0 : controls.count - 1)
    moveFocus(to: controls[next])
    revision += 1
  }

  /// Gives `control` the focus, telling the app when a field loses it or gains it.
  private func moveFocus(to control: TerminalControl) {
    guard focus != control.identity else { return }
    let previous = focusedControl
    focus = control.identity
    if case let .textField(spec) = previous?.kind, spec.isFocused { spec.setFocused?(false) }
    if case let .textField(spec) = control.kind, !spec.isFocused { spec.setFocused?(true) }
  }

  /// Moves a picker `step` choices on (wrapping), or to its first when none is chosen.
  private func choose(_ spec: PickerSpec, step: Int) {
    let indices = spec.options.map(\.index)
    guard !indices.isEmpty else { return }
    let next = indices.firstIndex { $0 == spec.selectedIndex }.map { ($0 + step + indices.count) % indices.count } ?? 0
    spec.select(indices[next])
  }

  /// Sets a slider to `value`, within its range.
  private func set(_ spec: SliderSpec, to value: Double) {
    spec.setValue(min(spec.range.upperBound, max(spec.range.lowerBound, value)))
  }

  // MARK: Keys

  /// Handles one key (see the type's description).
  public func handle(_ key: Key) -> KeyResponse {
    defer { revision += 1 }
    // Keys typed faster than frames are drawn each act on what the last one left (a field's text
    // with the last character in it), not on the last frame.
    if layout != nil, window.observeChanges() {
      let layout = window.render()
      self.layout = layout
      settleFocus(layout)
    }
    switch key {
    case .tab, .down:
      move(by: 1)
      return .handled
    case .backTab, .up:
      move(by: -1)
      return .handled
    case let .click(column, row):
      return click(column: column, row: row)
    case .escape:
      if let overlay = layout?.overlays.last {
        overlay.dismiss()
      } else {
        layout?.back?()
      }
      return .handled
    default:
      break
    }
    guard let control = focusedControl else {
      return key == .character("q") ? .quit : .ignored
    }
    switch control.kind {
    case let .textField(spec):
      if key == .enter {
        spec.onSubmit?()
        return .handled
      }
      var input = TextInput(text: spec.text, cursor: cursors[control.identity])
      guard input.handle(key) else { return .ignored }
      cursors[control.identity] = input.cursor
      if input.text != spec.text { spec.setText(input.text) }
      return .handled
    case let .button(action):
      if key == .enter || key == .character(" ") {
        action()
        return .handled
      }
    case let .toggle(spec):
      if key == .enter || key == .character(" ") {
        spec.setOn(!spec.isOn)
        return .handled
      }
    case let .picker(spec):
      let step = key == .left ? -1 : key == .right || key == .enter || key == .character(" ") ? 1 : 0
      if step != 0 {
        choose(spec, step: step)
        return .handled
      }
    case let .stepper(spec):
      if key == .left || key == .character("-") {
        spec.decrement?()
        return .handled
      }
      if key == .right || key == .character("+") || key == .enter || key == .character(" ") {
        spec.increment?()
        return .handled
      }
    case let .slider(spec):
      let step = spec.step ?? (spec.range.upperBound - spec.range.lowerBound) / 20
      if key == .left || key == .right {
        set(spec, to: spec.value + (key == .left ? -step : step))
        return .handled
      }
    case .link:
      break
    }
    return key == .character("q") ? .quit : .ignored
  }

  /// A click on the screen: the control under it takes the focus, and is pressed (a button, a
  /// link, a row), switched (a toggle), moved on (a picker), stepped (the `−` or `+` clicked) or
  /// set (a slider, to where it was clicked); a field takes the cursor where it was clicked.
  private func click(column: Int, row: Int) -> KeyResponse {
    guard let hit = hitAreas.last(where: { $0.rect.x <= column && column < $0.rect.maxX && $0.rect.y <= row && row < $0.rect.maxY }),
      let control = controls.first(where: { $0.identity == hit.identity })
    else { return .ignored }
    moveFocus(to: control)
    switch control.kind {
    case let .button(action):
      action()
    case let .toggle(spec):
      spec.setOn(!spec.isOn)
    case let .picker(spec):
      choose(spec, step: 1)
    case let .stepper(spec):
      // "[−] [+]" at the end of the row.
      if column >= hit.rect.maxX - 3 { spec.increment?() } else if column >= hit.rect.maxX - 7 { spec.decrement?() }
    case let .slider(spec):
      let fraction = Double(column - hit.rect.x) / Double(max(1, hit.rect.width - 1))
      var value = spec.range.lowerBound + fraction * (spec.range.upperBound - spec.range.lowerBound)
      if let step = spec.step, step > 0 {
        value = spec.range.lowerBound + ((value - spec.range.lowerBound) / step).rounded() * step
      }
      set(spec, to: value)
    case let .textField(spec):
      if !spec.isFocused { spec.setFocused?(true) }
      cursors[control.identity] = min(spec.text.count, max(0, column - hit.rect.x))
    case .link:
      break
    }
    return .handled
  }

  /// Ends the window (see `ViewWindow.close()`).
  public func close() {
    window.close()
  }
}
