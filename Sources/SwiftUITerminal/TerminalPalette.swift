import ComposableTerminal
import SwiftUICore

/// SwiftUI's colours in a terminal: the named ones as iOS draws them (24-bit where the terminal
/// has it, the nearest of 256 or 16 elsewhere, see `FrameEncoder`); the label colours as the
/// terminal's own text colour, which suits its background, light or dark; the secondary ones dim.
enum TerminalPalette {
  /// iOS's system colours (light appearance), red, green and blue.
  static let named: [String: (UInt8, UInt8, UInt8)] = [
    "red": (255, 59, 48), "orange": (255, 149, 0), "yellow": (255, 204, 0), "green": (52, 199, 89),
    "mint": (0, 199, 190), "teal": (48, 176, 199), "cyan": (50, 173, 230), "blue": (0, 122, 255),
    "indigo": (88, 86, 214), "purple": (175, 82, 222), "pink": (255, 45, 85), "brown": (162, 132, 94),
    "gray": (142, 142, 147), "gray2": (174, 174, 178), "gray3": (199, 199, 204),
    "black": (0, 0, 0), "white": (255, 255, 255),
  ]

  /// The label colours, drawn as the terminal's own text (dim for the lesser ones).
  static let dimmed: Set<String> = ["secondary", "tertiary", "quaternary", "placeholder", "gray", "gray2", "gray3"]

  /// The accent: iOS's blue.
  static let accent = named("blue")

  static func named(_ name: String) -> ComposableTerminal.Color {
    let (red, green, blue) = named[name] ?? (0, 122, 255)
    return .rgb(red, green, blue)
  }

  /// The terminal colour for `color`, or nil where the terminal's own colour is right (the
  /// label and background colours, clear, materials).
  static func color(_ color: ColorValue) -> ComposableTerminal.Color? {
    switch color {
    case let .system(name, opacity):
      guard opacity > 0.2 else { return nil }
      if name == "accent" { return accent }
      return named[name].map { .rgb($0.0, $0.1, $0.2) }
    case let .rgba(red, green, blue, opacity):
      guard opacity > 0.2 else { return nil }
      func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, (value * 255).rounded()))) }
      return .rgb(byte(red), byte(green), byte(blue))
    case .material:
      return nil
    case let .gradient(gradient):
      return gradient.stops.first.flatMap { self.color($0.color) }
    }
  }

  /// Whether `color` shows nothing (`.clear`, a colour of no opacity).
  static func isClear(_ color: ColorValue) -> Bool {
    switch color {
    case let .system(name, opacity): name == "clear" || opacity <= 0
    case let .rgba(_, _, _, opacity): opacity <= 0
    default: false
    }
  }

  /// The style text in `color` is drawn in.
  static func style(_ color: ColorValue) -> Style {
    if case let .system(name, _) = color, dimmed.contains(name) {
      return Style(dim: true)
    }
    return Style(foreground: self.color(color))
  }
}

/// `Image(systemName:)` in a terminal: a character for the symbols apps use most, else the
/// symbol's name in brackets.
enum TerminalSymbols {
  static let glyphs: [String: String] = [
    "plus": "+", "minus": "−", "xmark": "✕", "checkmark": "✓", "checkmark.circle": "✓", "checkmark.circle.fill": "✓",
    "chevron.left": "‹", "chevron.right": "›", "chevron.up": "˄", "chevron.down": "˅",
    "arrow.left": "←", "arrow.right": "→", "arrow.up": "↑", "arrow.down": "↓",
    "star": "☆", "star.fill": "★", "heart": "♡", "heart.fill": "♥", "circle": "○", "circle.fill": "●",
    "square": "□", "square.fill": "■", "checkmark.square": "☑", "checkmark.square.fill": "☑", "trash": "⌫", "trash.fill": "⌫", "pencil": "✎", "gear": "⚙",
    "gearshape": "⚙", "clock": "◷", "calendar": "▦", "person": "☺", "person.3": "☺☺☺", "person.fill": "☻",
    "info.circle": "ⓘ", "exclamationmark.triangle": "⚠", "magnifyingglass": "⌕", "ellipsis": "…",
    "ellipsis.circle": "…", "play": "▶", "play.fill": "▶", "pause": "❚❚", "pause.fill": "❚❚", "stop": "■",
    "stop.fill": "■", "forward.fill": "»", "backward.fill": "«", "hourglass": "⧗", "hourglass.bottomhalf.fill": "⧗",
    "hourglass.tophalf.fill": "⧖", "timer": "◴", "paintpalette": "◐", "waveform": "∿", "doc.text": "▤", "mic": "◉", "mic.fill": "◉",
    "doc": "▤", "folder": "▭", "house": "⌂", "bell": "♪", "square.and.arrow.up": "⇪", "arrow.clockwise": "↻",
    "plus.circle": "⊕", "plus.circle.fill": "⊕", "minus.circle": "⊖", "minus.circle.fill": "⊖", "xmark.circle": "⊗",
    "xmark.circle.fill": "⊗", "list.bullet": "☰", "line.3.horizontal": "☰", "flag": "⚑", "bolt": "ϟ",
  ]

  static func glyph(_ source: ImageSource) -> String {
    switch source {
    case let .system(name): glyphs[name] ?? "[\(name)]"
    case let .asset(image): "[\(image.name)]"
    case let .remote(image): "[\(image.url.lastPathComponent)]"
    }
  }
}
