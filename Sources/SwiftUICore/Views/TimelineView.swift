import Foundation

/// A view that is drawn again at the dates of a schedule: `TimelineView(.periodic(from: .now,
/// by: 1)) { context in Text(context.date, style: .time) }`. Its content gets the schedule's
/// date each time; between dates nothing is evaluated. In the browser each date is a render and
/// a patch, so `.animation` ticks at most 30 times a second (its `minimumInterval` when longer).
public struct TimelineView<Schedule: TimelineSchedule, Content: View>: View {
  /// What the content is drawn for: the schedule's date.
  public typealias Context = TimelineViewDefaultContext

  let schedule: Schedule
  let content: (Context) -> Content
  @State private var date: Date?
  @Environment(\.timelineTime) private var time

  /// A view drawn with `content` at each date of `schedule`.
  public init(_ schedule: Schedule, @ViewBuilder content: @escaping (Context) -> Content) {
    self.schedule = schedule
    self.content = content
  }

  /// The content for the schedule's latest date, and the task that waits for the next one.
  public var body: some View {
    content(Context(date: date ?? schedule.currentEntry(at: time.now()), cadence: .live))
      .task(id: String(describing: schedule)) {
        let start = time.now()
        for next in schedule.entries(from: start, mode: .normal) where next > start {
          // Dates already past (the page was busy) are skipped: the next one still ahead is drawn.
          guard next > time.now() else { continue }
          do {
            try await time.sleep(next)
          } catch {
            return
          }
          // The latest date now past: a late wake-up draws the present, not the date it waited for.
          date = schedule.currentEntry(at: time.now())
        }
      }
  }
}

/// What a ``TimelineView``'s content is drawn for.
public struct TimelineViewDefaultContext {
  /// The schedule's date this drawing is for.
  public let date: Date
  /// How often the view is drawn (always `.live` here).
  public let cadence: Cadence

  /// How often a timeline is drawn.
  public enum Cadence: Comparable, Sendable {
    /// At every date of its schedule.
    case live
    /// About once a second.
    case seconds
    /// About once a minute.
    case minutes
  }
}

/// The dates a ``TimelineView`` is drawn at.
public protocol TimelineSchedule {
  /// The dates, in order.
  associatedtype Entries: Sequence where Entries.Element == Date
  /// The dates from the one at or before `startDate` on.
  func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries
}

/// How often a schedule is asked for its dates.
public enum TimelineScheduleMode: Sendable {
  /// As often as the schedule says.
  case normal
  /// Less often (a watch's always-on screen); treated as `normal` here.
  case lowFrequency
}

extension TimelineSchedule {
  /// The schedule's latest date at or before `now` (now itself when it has none yet).
  func currentEntry(at now: Date) -> Date {
    var current: Date?
    for entry in entries(from: now, mode: .normal) {
      guard entry <= now else { break }
      current = entry
    }
    return current ?? now
  }
}

/// Every `interval` seconds from a start date: `.periodic(from: .now, by: 1)`.
public struct PeriodicTimelineSchedule: TimelineSchedule {
  let startDate: Date
  let interval: TimeInterval

  /// Every `interval` seconds from `startDate`.
  public init(from startDate: Date, by interval: TimeInterval) {
    self.startDate = startDate
    self.interval = max(interval, 0.001)
  }

  /// The dates of the schedule, from the one at or before `startDate`.
  public struct Entries: Sequence, IteratorProtocol {
    var upcoming: Date
    let interval: TimeInterval

    /// The next date.
    public mutating func next() -> Date? {
      defer { upcoming += interval }
      return upcoming
    }
  }

  /// The dates from the one at or before `startDate` (the schedule's own start when that is
  /// later) on.
  public func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries {
    let steps = max(0, (startDate.timeIntervalSince(self.startDate) / interval).rounded(.down))
    return Entries(upcoming: self.startDate + steps * interval, interval: interval)
  }
}

/// At the start of every minute: `.everyMinute`.
public struct EveryMinuteTimelineSchedule: TimelineSchedule {
  /// At the start of every minute.
  public init() {}

  /// The start of the minute of `startDate`, then of each minute after.
  public func entries(from startDate: Date, mode: TimelineScheduleMode) -> PeriodicTimelineSchedule.Entries {
    let minute = (startDate.timeIntervalSinceReferenceDate / 60).rounded(.down) * 60
    return PeriodicTimelineSchedule.Entries(upcoming: Date(timeIntervalSinceReferenceDate: minute), interval: 60)
  }
}

/// At the dates given: `.explicit([first, second])`.
public struct ExplicitTimelineSchedule<Dates: Sequence>: TimelineSchedule where Dates.Element == Date {
  let dates: Dates

  /// At each of `dates`, in order.
  public init(_ dates: Dates) {
    self.dates = dates
  }

  /// The dates given.
  public func entries(from startDate: Date, mode: TimelineScheduleMode) -> Dates {
    dates
  }
}

/// As often as an animation needs: `.animation`, or `.animation(minimumInterval: 0.5)`. Here at
/// most 30 times a second, and not at all while `paused`.
public struct AnimationTimelineSchedule: TimelineSchedule {
  let minimumInterval: Double?
  let paused: Bool

  /// Ticks at least `minimumInterval` seconds apart (at most 30 a second), none while `paused`.
  public init(minimumInterval: Double? = nil, paused: Bool = false) {
    self.minimumInterval = minimumInterval
    self.paused = paused
  }

  /// The ticks from `startDate` on (only `startDate` while paused).
  public func entries(from startDate: Date, mode: TimelineScheduleMode) -> AnyIterator<Date> {
    if paused { return AnyIterator([startDate].makeIterator()) }
    var entries = PeriodicTimelineSchedule(from: startDate, by: max(minimumInterval ?? 0, 1.0 / 30))
      .entries(from: startDate, mode: mode)
    return AnyIterator { entries.next() }
  }
}

extension TimelineSchedule where Self == PeriodicTimelineSchedule {
  /// Every `interval` seconds from `startDate`.
  public static func periodic(from startDate: Date, by interval: TimeInterval) -> PeriodicTimelineSchedule {
    PeriodicTimelineSchedule(from: startDate, by: interval)
  }
}

extension TimelineSchedule where Self == EveryMinuteTimelineSchedule {
  /// At the start of every minute.
  public static var everyMinute: EveryMinuteTimelineSchedule { EveryMinuteTimelineSchedule() }
}

extension TimelineSchedule {
  /// At each of `dates`.
  public static func explicit<S: Sequence>(_ dates: S) -> ExplicitTimelineSchedule<S> where Self == ExplicitTimelineSchedule<S> {
    ExplicitTimelineSchedule(dates)
  }
}

extension TimelineSchedule where Self == AnimationTimelineSchedule {
  /// As often as an animation needs (here at most 30 times a second).
  public static var animation: AnimationTimelineSchedule { AnimationTimelineSchedule() }

  /// Ticks at least `minimumInterval` seconds apart, none while `paused`.
  public static func animation(minimumInterval: Double? = nil, paused: Bool = false) -> AnimationTimelineSchedule {
    AnimationTimelineSchedule(minimumInterval: minimumInterval, paused: paused)
  }
}

/// Where a ``TimelineView`` reads the time and waits for its next date: the system's clock, or a
/// test's.
package struct TimelineTime: Sendable {
  package var now: @Sendable () -> Date
  package var sleep: @Sendable (_ until: Date) async throws -> Void

  package init(now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (_ until: Date) async throws -> Void) {
    self.now = now
    self.sleep = sleep
  }

  /// The system's clock.
  static let system = TimelineTime(
    now: { Date() },
    sleep: { date in try await Task.sleep(for: .seconds(max(0, date.timeIntervalSinceNow))) }
  )
}

extension EnvironmentValues {
  private enum TimelineTimeKey: EnvironmentKey {
    static var defaultValue: TimelineTime { .system }
  }

  /// The clock ``TimelineView`` follows (the system's; a test sets its own).
  package var timelineTime: TimelineTime {
    get { self[TimelineTimeKey.self] }
    set { self[TimelineTimeKey.self] = newValue }
  }
}
