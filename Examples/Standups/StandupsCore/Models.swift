import ComposableArchitecture
import Foundation
import Tagged

/// A recurring meeting: who attends, how long it lasts, its colour, and its past meetings.
public struct Standup: Equatable, Identifiable, Codable, Sendable {
  public let id: Tagged<Self, UUID>
  public var attendees: IdentifiedArrayOf<Attendee> = []
  public var duration: Duration = .seconds(5 * 60)
  public var meetings: IdentifiedArrayOf<Meeting> = []
  public var theme: Theme = .bubblegum
  public var title = ""

  public init(
    id: Tagged<Self, UUID>, attendees: IdentifiedArrayOf<Attendee> = [],
    duration: Duration = .seconds(5 * 60), meetings: IdentifiedArrayOf<Meeting> = [],
    theme: Theme = .bubblegum, title: String = ""
  ) {
    self.id = id
    self.attendees = attendees
    self.duration = duration
    self.meetings = meetings
    self.theme = theme
    self.title = title
  }

  private enum CodingKeys: String, CodingKey {
    case id, attendees, duration, meetings, theme, title
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Tagged<Self, UUID>.self, forKey: .id)
    attendees = try container.decode(IdentifiedArrayOf<Attendee>.self, forKey: .attendees)
    duration = .seconds(try container.decode(Int.self, forKey: .duration))
    meetings = try container.decode(IdentifiedArrayOf<Meeting>.self, forKey: .meetings)
    theme = try container.decode(Theme.self, forKey: .theme)
    title = try container.decode(String.self, forKey: .title)
  }

  /// The length is written in whole seconds (`"duration" : 300`), so the data file stays
  /// readable; `Duration`'s own encoding is a pair of 64-bit halves of attoseconds.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(attendees, forKey: .attendees)
    try container.encode(Int(duration.components.seconds), forKey: .duration)
    try container.encode(meetings, forKey: .meetings)
    try container.encode(theme, forKey: .theme)
    try container.encode(title, forKey: .title)
  }

  /// Each attendee's share of the meeting.
  public var durationPerAttendee: Duration {
    duration / max(1, attendees.count)
  }
}

public struct Attendee: Equatable, Identifiable, Codable, Sendable {
  public let id: Tagged<Self, UUID>
  public var name = ""

  public init(id: Tagged<Self, UUID>, name: String = "") {
    self.id = id
    self.name = name
  }
}

public struct Meeting: Equatable, Identifiable, Codable, Sendable {
  public let id: Tagged<Self, UUID>
  public let date: Date
  public var transcript: String

  public init(id: Tagged<Self, UUID>, date: Date, transcript: String) {
    self.id = id
    self.date = date
    self.transcript = transcript
  }
}

/// Scrumdinger's 16 colours.
public enum Theme: String, CaseIterable, Codable, Equatable, Identifiable, Sendable {
  case bubblegum, buttercup, indigo, lavender, magenta, navy, orange, oxblood, periwinkle, poppy,
    purple, seafoam, sky, tan, teal, yellow

  public var id: Self { self }
  public var name: String { rawValue.capitalized }

  /// The nearest of the terminal's 256 colours.
  public var color256: UInt8 {
    switch self {
    case .bubblegum: 211
    case .buttercup: 222
    case .indigo: 54
    case .lavender: 183
    case .magenta: 163
    case .navy: 17
    case .orange: 208
    case .oxblood: 88
    case .periwinkle: 147
    case .poppy: 203
    case .purple: 93
    case .seafoam: 158
    case .sky: 117
    case .tan: 180
    case .teal: 30
    case .yellow: 226
    }
  }

  /// The theme's colour, as every front end draws it: "#ed89c7".
  public var hexColor: String {
    switch self {
    case .bubblegum: "#ed89c7"
    case .buttercup: "#ffe184"
    case .indigo: "#3a0f78"
    case .lavender: "#ceceff"
    case .magenta: "#a6127f"
    case .navy: "#14285a"
    case .orange: "#ff8a3d"
    case .oxblood: "#4a0a14"
    case .periwinkle: "#8c8ef5"
    case .poppy: "#ff5e5b"
    case .purple: "#9147d6"
    case .seafoam: "#cbf0e3"
    case .sky: "#6ec6f5"
    case .tan: "#c39e7a"
    case .teal: "#17747f"
    case .yellow: "#ffde3d"
    }
  }

  /// Whether text on this colour should be dark (the light themes) or light.
  public var prefersDarkText: Bool {
    switch self {
    case .bubblegum, .buttercup, .lavender, .orange, .periwinkle, .poppy, .seafoam, .sky, .tan, .yellow:
      true
    case .indigo, .magenta, .navy, .oxblood, .purple, .teal:
      false
    }
  }

  /// The theme `offset` places after this one, wrapping around.
  public func advanced(by offset: Int) -> Theme {
    let all = Self.allCases
    let index = all.firstIndex(of: self)!
    return all[((index + offset) % all.count + all.count) % all.count]
  }
}

extension Standup {
  public static let mock = Standup(
    id: Standup.ID(UUID(0)),
    attendees: [
      Attendee(id: Attendee.ID(UUID(1)), name: "Blob"),
      Attendee(id: Attendee.ID(UUID(2)), name: "Blob Jr"),
      Attendee(id: Attendee.ID(UUID(3)), name: "Blob Sr"),
      Attendee(id: Attendee.ID(UUID(4)), name: "Blob Esq"),
      Attendee(id: Attendee.ID(UUID(5)), name: "Blob III"),
      Attendee(id: Attendee.ID(UUID(6)), name: "Blob I"),
    ],
    duration: .seconds(60),
    meetings: [
      Meeting(
        id: Meeting.ID(UUID(7)),
        date: Date(timeIntervalSince1970: 1_700_000_000),
        transcript: """
          Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor \
          incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud \
          exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.
          """
      )
    ],
    theme: .orange,
    title: "Design"
  )

  public static let engineeringMock = Standup(
    id: Standup.ID(UUID(10)),
    attendees: [
      Attendee(id: Attendee.ID(UUID(11)), name: "Blob"),
      Attendee(id: Attendee.ID(UUID(12)), name: "Blob Jr"),
    ],
    duration: .seconds(10 * 60),
    meetings: [],
    theme: .periwinkle,
    title: "Engineering"
  )

  public static let designMock = Standup(
    id: Standup.ID(UUID(20)),
    attendees: [
      Attendee(id: Attendee.ID(UUID(21)), name: "Blob Sr"),
      Attendee(id: Attendee.ID(UUID(22)), name: "Blob Jr"),
    ],
    duration: .seconds(30 * 60),
    meetings: [],
    theme: .poppy,
    title: "Product"
  )
}
