import ComposableWebCore
import Foundation
import SwiftUICore

// A `DatePicker` as the browser's own field: `<input type="date">`, `"time"` or
// `"datetime-local"`, in the server's time zone. What the user picks replaces the parts the
// picker offers and keeps the others (a time picker keeps the day).
extension WebRenderer {
  func datePickerElement(_ spec: DatePickerSpec, label: [Node], identity: String) -> Element {
    let id = "sui-date-" + identity
    let format = DateFieldFormat(spec.components)
    var attributes: [(name: String, value: String)] = [
      ("id", id), ("type", format.inputType), ("class", "sui-date-field"), ("value", format.text(spec.date)),
    ]
    if let range = spec.range {
      if range.lowerBound > .distantPast { attributes.append(("min", format.text(range.lowerBound))) }
      if range.upperBound < .distantFuture { attributes.append(("max", format.text(range.upperBound))) }
    }
    let date = spec.date
    let setDate = spec.setDate
    return Element(
      tag: "div", attributes: [("class", "sui-date-picker")],
      children: [
        .element(Element(tag: "label", attributes: [("for", id), ("class", "sui-control-label")], children: label)),
        .element(
          Element(
            tag: "input", attributes: attributes,
            handlers: [(.change, .value { text in if let picked = format.date(text, keeping: date) { setDate(picked) } })]
          )
        ),
      ]
    )
  }
}

/// The text of a date field of the browser for the parts a picker offers, and back.
struct DateFieldFormat {
  let components: DatePickerComponents

  init(_ components: DatePickerComponents) { self.components = components }

  var inputType: String {
    switch (components.contains(.date), components.contains(.hourAndMinute)) {
    case (true, false): "date"
    case (false, true): "time"
    default: "datetime-local"
    }
  }

  private var pattern: String {
    switch inputType {
    case "date": "yyyy-MM-dd"
    case "time": "HH:mm"
    default: "yyyy-MM-dd'T'HH:mm"
    }
  }

  private var calendar: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .current
    return calendar
  }

  private func formatter(_ pattern: String) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.calendar = calendar
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = .current
    formatter.dateFormat = pattern
    return formatter
  }

  /// The field's text for `date`.
  func text(_ date: Date) -> String { formatter(pattern).string(from: date) }

  /// The date the field's `text` names, with the parts it does not hold (the time of a date
  /// field, the day of a time field, seconds) taken from `current`; nil for text that names none.
  func date(_ text: String, keeping current: Date) -> Date? {
    // Browsers may send seconds in a time ("08:30:00").
    let trimmed = inputType == "date" ? text : String(text.prefix(inputType == "time" ? 5 : 16))
    guard let picked = formatter(pattern).date(from: trimmed) else { return nil }
    let calendar = calendar
    let kept = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: current)
    var parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: picked)
    switch inputType {
    case "date":
      (parts.hour, parts.minute, parts.second, parts.nanosecond) = (kept.hour, kept.minute, kept.second, kept.nanosecond)
    case "time":
      (parts.year, parts.month, parts.day) = (kept.year, kept.month, kept.day)
      parts.second = 0
    default:
      parts.second = 0
    }
    return calendar.date(from: parts)
  }
}
