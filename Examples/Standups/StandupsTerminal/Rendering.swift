import ComposableArchitecture
import ComposableTerminal
import Foundation
import StandupsCore

/// Draws the app's screens: a function of the app's state and the view state, into a buffer.
public struct StandupsRenderer {
  public var theme: ComposableTerminal.Theme
  public var timeZone: TimeZone
  /// Scroll positions of the lists, kept from frame to frame.
  let listScroll = ScrollPosition()
  let meetingsScroll = ScrollPosition()
  let formScroll = ScrollPosition()

  public init(theme: ComposableTerminal.Theme = .standard, timeZone: TimeZone = .current) {
    self.theme = theme
    self.timeZone = timeZone
  }

  /// Draws the app in `area` of `buffer` (the whole buffer when nil; the part above the timeline
  /// when it is open).
  public func render(_ state: AppFeature.State, ui: UIState, into buffer: inout Buffer, area: Rect? = nil) {
    let (top, rest) = (area ?? buffer.area).splitTop(1)
    let (body, bottom) = rest.splitBottom(1)
    let content = body.inset(horizontal: 1, vertical: 1)
    let crumbs = breadcrumb(state)
    let screen = Screen(state)

    // The screen under any sheet or alert.
    let header = Header(breadcrumb: Array(crumbs.dropLast()), title: crumbs.last ?? "", style: theme.header)
    switch screen {
    case .list, .addForm, .listAlert:
      let count = state.standupsList.standups.count
      buffer.render(
        Header(title: "Standups", trailing: "\(count) standup\(count == 1 ? "" : "s")", style: theme.header),
        in: top
      )
      drawList(state.standupsList, ui: ui, in: content, buffer: &buffer)
    case let .detail(id, _), let .detailAlert(id, _), let .editForm(id, _):
      buffer.render(header, in: top)
      if case let .detail(detail)? = state.path[id: id] {
        drawDetail(detail, ui: ui, in: content, buffer: &buffer)
      }
    case let .meeting(_, meeting):
      buffer.render(header, in: top)
      drawMeeting(meeting, in: content, buffer: &buffer)
    case let .record(id, _), let .recordAlert(id, _):
      buffer.render(header, in: top)
      if case let .record(record)? = state.path[id: id] {
        drawRecord(record, ui: ui, in: content, buffer: &buffer)
      }
    }

    // Sheets and alerts over it, and the keys that work.
    switch screen {
    case .list:
      buffer.render(footer(listHints(state.standupsList)), in: bottom)
    case let .addForm(form):
      drawForm(form, title: "New standup", ui: ui, over: body, buffer: &buffer)
      buffer.render(footer(formHints(form, confirm: "add")), in: bottom)
    case let .listAlert(alert):
      buffer.render(AlertView(alert, focus: ui.alertFocus, theme: theme), in: body)
      buffer.render(footer(alertHints), in: bottom)
    case let .detail(_, detail):
      buffer.render(footer(detailHints(detail)), in: bottom)
    case let .detailAlert(_, alert):
      buffer.render(AlertView(alert, focus: ui.alertFocus, theme: theme), in: body)
      buffer.render(footer(alertHints), in: bottom)
    case let .editForm(_, form):
      drawForm(form, title: "Edit standup", ui: ui, over: body, buffer: &buffer)
      buffer.render(footer(formHints(form, confirm: "done")), in: bottom)
    case .meeting:
      buffer.render(footer([KeyHint("esc", "back"), KeyHint("ctrl-c", "quit")]), in: bottom)
    case .record:
      let hints = ui.notesFocused
        ? [KeyHint("type", "notes"), KeyHint("tab", "leave notes"), KeyHint("esc", "end meeting")]
        : [KeyHint("n", "next speaker"), KeyHint("e", "end meeting"), KeyHint("tab", "notes"), KeyHint("esc", "end meeting")]
      buffer.render(footer(hints), in: bottom)
    case let .recordAlert(_, alert):
      buffer.render(AlertView(alert, focus: ui.alertFocus, theme: theme), in: body)
      buffer.render(footer(alertHints), in: bottom)
    }
  }

  // MARK: Screens

  func drawList(_ list: StandupsList.State, ui: UIState, in area: Rect, buffer: inout Buffer) {
    let standups = list.standups
    buffer.render(
      ListView(
        count: standups.count,
        selection: standups.isEmpty ? nil : min(ui.listSelection, standups.count - 1),
        scroll: listScroll,
        selectionStyle: theme.selection,
        emptyText: "No standups yet. Press a to add one.",
        emptyStyle: theme.muted
      ) { index in
        let standup = standups[index]
        return ListRow(
          standup.title.isEmpty ? "Untitled" : standup.title,
          detail: "\(standup.attendees.count) attendee\(standup.attendees.count == 1 ? "" : "s") · \(minutes(standup.duration))",
          style: Style(bold: true),
          detailStyle: theme.muted,
          leading: "●",
          leadingStyle: Style(foreground: .indexed(standup.theme.color256))
        )
      },
      in: area
    )
  }

  func drawDetail(_ detail: StandupDetail.State, ui: UIState, in area: Rect, buffer: inout Buffer) {
    let standup = detail.standup
    var y = area.y
    func line(_ label: String, _ value: String, style: Style = .plain) {
      guard y < area.maxY else { return }
      buffer.write(label, at: area.x, y, style: theme.muted)
      buffer.write(value.truncated(toWidth: area.width - 12), at: area.x + 12, y, style: style)
      y += 1
    }
    line("Length", minutes(standup.duration))
    line("Theme", "● " + standup.theme.name, style: Style(foreground: .indexed(standup.theme.color256)))
    let names = standup.attendees.map(\.name).filter { !$0.isEmpty }
    let attendeeLines = (names.isEmpty ? "None" : names.joined(separator: ", ")).wrapped(toWidth: max(1, area.width - 12))
    for (index, text) in attendeeLines.prefix(3).enumerated() {
      line(index == 0 ? "Attendees" : "", text)
    }
    y += 1
    guard y < area.maxY else { return }
    buffer.write("Past meetings", at: area.x, y, style: theme.accent)
    y += 1
    let meetings = standup.meetings
    buffer.render(
      ListView(
        count: meetings.count,
        selection: meetings.isEmpty ? nil : min(ui.meetingSelection, meetings.count - 1),
        scroll: meetingsScroll,
        selectionStyle: theme.selection,
        emptyText: "No meetings yet. Press s to start one.",
        emptyStyle: theme.muted
      ) { index in
        let meeting = meetings[index]
        return ListRow(
          format(meeting.date),
          detail: meeting.transcript.isEmpty ? "no notes" : "\(meeting.transcript.split(separator: " ").count) words",
          detailStyle: theme.muted, leading: "◷", leadingStyle: theme.muted
        )
      },
      in: Rect(x: area.x, y: y, width: area.width, height: area.maxY - y)
    )
  }

  func drawMeeting(_ meeting: MeetingFeature.State, in area: Rect, buffer: inout Buffer) {
    var y = area.y
    buffer.write(format(meeting.meeting.date), at: area.x, y, style: theme.accent)
    y += 2
    let names = meeting.standup.attendees.map(\.name).filter { !$0.isEmpty }.joined(separator: ", ")
    buffer.write("Attendees", at: area.x, y, style: theme.muted)
    buffer.write(names.truncated(toWidth: area.width - 12), at: area.x + 12, y)
    y += 2
    buffer.write("Transcript", at: area.x, y, style: theme.muted)
    y += 1
    let transcript = meeting.meeting.transcript.isEmpty ? "(nothing was said or noted)" : meeting.meeting.transcript
    buffer.render(Paragraph(transcript), in: Rect(x: area.x, y: y, width: area.width, height: area.maxY - y))
  }

  func drawRecord(_ record: RecordMeeting.State, ui: UIState, in area: Rect, buffer: inout Buffer) {
    let standup = record.standup
    let total = max(1, Int(standup.duration.components.seconds))
    var y = area.y
    // Progress bar in the standup's colour.
    let barWidth = max(0, area.width)
    let filled = min(barWidth, barWidth * record.secondsElapsed / total)
    let color = Style(foreground: .indexed(standup.theme.color256))
    buffer.write(String(repeating: "█", count: filled), at: area.x, y, style: color)
    buffer.write(String(repeating: "░", count: barWidth - filled), at: area.x + filled, y, style: theme.muted)
    y += 1
    let remaining = max(0, total - record.secondsElapsed)
    buffer.write("Elapsed \(clock(record.secondsElapsed))", at: area.x, y, style: theme.muted)
    let remainingText = "Remaining \(clock(remaining))"
    buffer.write(remainingText, at: area.maxX - remainingText.displayWidth, y, style: theme.muted)
    y += 2
    let attendees = standup.attendees
    if attendees.indices.contains(record.speakerIndex) {
      let speaker = attendees[record.speakerIndex].name
      let label = "Speaker \(record.speakerIndex + 1) of \(attendees.count): "
      let labelWidth = buffer.write(label, at: area.x, y, style: theme.muted)
      buffer.write(speaker.isEmpty ? "Someone" : speaker, at: area.x + labelWidth, y, style: theme.accent)
      y += 1
      let next = record.speakerIndex + 1 < attendees.count ? attendees[record.speakerIndex + 1].name : "nobody: this is the last speaker"
      buffer.write("Next: \(next)".truncated(toWidth: area.width), at: area.x, y, style: theme.muted)
      y += 2
    }
    if !record.transcript.isEmpty, y < area.maxY - 3 {
      buffer.write("Transcript", at: area.x, y, style: theme.muted)
      y += 1
      let height = min(4, area.maxY - y - 3)
      buffer.render(Paragraph(record.transcript), in: Rect(x: area.x, y: y, width: area.width, height: height))
      y += height + 1
    }
    guard y < area.maxY else { return }
    buffer.write(ui.notesFocused ? "› Notes" : "  Notes", at: area.x, y, style: ui.notesFocused ? theme.accent : theme.muted)
    buffer.render(
      TextField(record.notes, cursor: ui.notesFocused ? (ui.cursor ?? record.notes.count) : nil, placeholder: "press tab to type notes", placeholderStyle: theme.muted),
      in: Rect(x: area.x + 9, y: y, width: area.width - 9, height: 1)
    )
  }

  func drawForm(_ form: StandupForm.State, title: String, ui: UIState, over area: Rect, buffer: inout Buffer) {
    let fields: [Form.Field] = form.fields.map { field in
      switch field {
      case .title:
        return .text("Title", form.standup.title, placeholder: "e.g. Engineering")
      case .duration:
        return .value("Length", minutes(form.standup.duration))
      case .theme:
        let theme = form.standup.theme
        return .value(
          "Theme", " \(theme.name) ",
          style: Style(foreground: theme.prefersDarkText ? .black : .white, background: .indexed(theme.color256))
        )
      case let .attendee(id):
        return .text("Attendee", form.standup.attendees[id: id]?.name ?? "", placeholder: "Name")
      case .addAttendee:
        return .button("Add attendee")
      }
    }
    let box = area.centered(width: min(64, area.width - 2), height: min(area.height, fields.count + 4))
    let inside = Box(title: title, borderStyle: theme.border, titleStyle: theme.accent).draw(in: box, buffer: &buffer)
    let focus = form.focus.flatMap { form.fields.firstIndex(of: $0) }
    buffer.render(
      Form(fields: fields, focus: focus, cursor: ui.cursor, theme: theme, scroll: formScroll),
      in: Rect(x: inside.x, y: inside.y + 1, width: inside.width, height: inside.height - 1)
    )
  }

  // MARK: Hints

  /// The footer line of `hints`, in the theme's colours.
  func footer(_ hints: [KeyHint]) -> Footer {
    Footer(hints, keyStyle: theme.key, textStyle: theme.muted, separator: "  ")
  }

  func listHints(_ list: StandupsList.State) -> [KeyHint] {
    list.standups.isEmpty
      ? [KeyHint("a", "add"), KeyHint("q", "quit")]
      : [KeyHint("↑↓", "select"), KeyHint("enter", "open"), KeyHint("a", "add"), KeyHint("q", "quit")]
  }

  func detailHints(_ detail: StandupDetail.State) -> [KeyHint] {
    var hints = [KeyHint("s", "start meeting"), KeyHint("e", "edit"), KeyHint("d", "delete"), KeyHint("esc", "back")]
    if !detail.standup.meetings.isEmpty {
      hints += [KeyHint("enter", "open"), KeyHint("ctrl-d", "delete meeting")]
    }
    return hints
  }

  func formHints(_ form: StandupForm.State, confirm: String) -> [KeyHint] {
    var hints = [KeyHint("ctrl-s", confirm), KeyHint("esc", "cancel"), KeyHint("tab", "next")]
    switch form.focus {
    case .duration?, .theme?: hints.append(KeyHint("←→", "change"))
    case .attendee?: hints.append(KeyHint("ctrl-d", "delete attendee"))
    case .addAttendee?: hints.append(KeyHint("enter", "add attendee"))
    default: break
    }
    return hints
  }

  let alertHints = [KeyHint("←→", "choose"), KeyHint("enter", "press"), KeyHint("esc", "cancel")]

  // MARK: Text

  func breadcrumb(_ state: AppFeature.State) -> [String] {
    var crumbs = ["Standups"]
    for element in state.path {
      switch element {
      case let .detail(detail): crumbs.append(detail.standup.title.isEmpty ? "Untitled" : detail.standup.title)
      case .meeting: crumbs.append("Meeting")
      case .record: crumbs.append("Record")
      }
    }
    return crumbs
  }

  func minutes(_ duration: Duration) -> String {
    minutesText(duration)
  }

  func clock(_ seconds: Int) -> String {
    clockText(seconds)
  }

  func format(_ date: Date) -> String {
    meetingDateText(date, timeZone: timeZone)
  }
}
