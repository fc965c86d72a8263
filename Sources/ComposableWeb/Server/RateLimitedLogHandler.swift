import ComposableArchitecture
import Foundation
import Logging

/// A log handler that writes at most one line of a kind every `interval` and says how many it
/// held back, so that a flood of bad requests or messages writes a line now and then, never a
/// line per request. A line's kind is its `reason` metadata when it has one, else its source and
/// message.
///
/// Control characters in a line (line breaks, escapes) are written as `\u{…}`: a client's text
/// in a line cannot start another one.
struct RateLimitedLogHandler: LogHandler {
  private var base: any LogHandler
  private let interval: Duration
  private let windows: Locked<[String: Window]>

  private struct Window {
    var start: ContinuousClock.Instant
    var held = 0
  }

  init(_ base: any LogHandler, interval: Duration = .seconds(10)) {
    self.base = base
    self.interval = interval
    self.windows = Locked([:])
  }

  var logLevel: Logger.Level {
    get { base.logLevel }
    set { base.logLevel = newValue }
  }

  var metadata: Logger.Metadata {
    get { base.metadata }
    set { base.metadata = newValue }
  }

  var metadataProvider: Logger.MetadataProvider? {
    get { base.metadataProvider }
    set { base.metadataProvider = newValue }
  }

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { base[metadataKey: key] }
    set { base[metadataKey: key] = newValue }
  }

  func log(event: LogEvent) {
    let kind = event.metadata?["reason"].map { "\($0)" } ?? "\(event.source) \(event.message)"
    let now = ContinuousClock.now
    let held: Int? = windows.withLock { windows in
      if var window = windows[kind], now - window.start < interval {
        window.held += 1
        windows[kind] = window
        return nil
      }
      let held = windows[kind]?.held ?? 0
      windows[kind] = Window(start: now)
      return held
    }
    guard let held else { return }
    var event = event
    // What a client sent (a path, a header, a handler's name) can hold line breaks and terminal
    // escapes: written as they are, they would forge lines of the log or recolour a terminal.
    event.message = "\(escapingControlCharacters(event.message.description))"
    event.metadata = event.metadata?.mapValues { .string(escapingControlCharacters("\($0)")) }
    if held > 0 {
      event.message = "\(event.message) (and \(held) more like it in the \(interval) before)"
    }
    base.log(event: event)
  }
}

/// `text` with its control characters (C0, DEL, C1, and the Unicode line and paragraph
/// separators) written as `\u{…}`, and backslashes doubled so that the escape is unambiguous.
func escapingControlCharacters(_ text: String) -> String {
  guard text.unicodeScalars.contains(where: { needsEscape($0) || $0 == "\\" }) else { return text }
  var escaped = ""
  for scalar in text.unicodeScalars {
    if scalar == "\\" {
      escaped += "\\\\"
    } else if needsEscape(scalar) {
      escaped += "\\u{\(String(scalar.value, radix: 16))}"
    } else {
      escaped.unicodeScalars.append(scalar)
    }
  }
  return escaped
}

private func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
  scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
}
