import ComposableArchitecture
import Foundation

// How the front ends write lengths, times and dates, so that the terminal and the browser say the
// same thing.

/// A meeting length in whole minutes: "5 min".
public func minutesText(_ duration: Duration) -> String {
  "\(duration.components.seconds / 60) min"
}

/// Seconds as a clock: "1:05".
public func clockText(_ seconds: Int) -> String {
  String(format: "%d:%02d", seconds / 60, seconds % 60)
}

/// A meeting's date: "Tue 14 Nov 2023, 22:13".
public func meetingDateText(_ date: Date, timeZone: TimeZone = .current) -> String {
  let formatter = DateFormatter()
  formatter.locale = Locale(identifier: "en_US_POSIX")
  formatter.timeZone = timeZone
  formatter.dateFormat = "EEE d MMM yyyy, HH:mm"
  return formatter.string(from: date)
}

/// "1 attendee", "3 attendees".
public func attendeesText(_ count: Int) -> String {
  count == 1 ? "1 attendee" : "\(count) attendees"
}

/// A presentation action of an alert's buttons, as one of its destination's: what a front end
/// sends when a button of a destination's alert is pressed.
public func embedding<Child, Parent>(
  _ action: PresentationAction<Child>, _ embed: (Child) -> Parent
) -> PresentationAction<Parent> {
  switch action {
  case .dismiss: return .dismiss
  case let .presented(child): return .presented(embed(child))
  }
}
