import ComposableWebCore
import ComposableWebTestSupport
import Foundation
import SwiftUICore
import SwiftUIWeb
import Testing

/// Form controls apps in the wild use: `DatePicker` (date, time, both, a range), `LabeledContent`,
/// and the keyboard and content hints of a field.
@MainActor
struct FormControlsTests {
  static let calendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .current
    return calendar
  }()

  static func date(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> Date {
    calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
  }

  struct Reminder: View {
    @State var due = FormControlsTests.date(2026, 11, 30, 9, 15)
    var body: some View {
      Form {
        DatePicker("Day", selection: $due, displayedComponents: .date)
        DatePicker("Time", selection: $due, displayedComponents: .hourAndMinute)
        DatePicker(
          "When", selection: $due,
          in: FormControlsTests.date(2026, 1, 1, 0, 0)...FormControlsTests.date(2026, 12, 31, 23, 59)
        )
        LabeledContent("Due", value: due.formatted(.iso8601))
      }
    }
  }

  /// The handler of the date field labelled `label`.
  func handler(of label: String, in html: String) throws -> String {
    let id = try #require(html.firstMatch(of: try Regex(#"<label for="([^"]+)" class="sui-control-label"><span[^>]*>"# + label))?.output[1].substring)
    let field = try #require(html.firstMatch(of: try Regex(#"<input id="\#(id)"[^>]*>"#))?.output[0].substring)
    return String(try #require(field.firstMatch(of: /data-on-change="([^"]+)"/)?.1))
  }

  @Test func datePickersShowAndSetTheirParts() async throws {
    let (client, _) = openTab(Reminder())
    let html = client.html
    #expect(html.contains(#"type="date" class="sui-date-field" value="2026-11-30""#))
    #expect(html.contains(#"type="time" class="sui-date-field" value="09:15""#))
    #expect(html.contains(#"type="datetime-local" class="sui-date-field" value="2026-11-30T09:15" min="2026-01-01T00:00" max="2026-12-31T23:59""#))

    // A new day keeps the time; a new time keeps the day.
    await client.sendRaw(#"{"h":"\#(try handler(of: "Day", in: html))","v":"2026-12-24"}"#)
    #expect(client.html.contains(#"value="2026-12-24T09:15""#))
    await client.sendRaw(#"{"h":"\#(try handler(of: "Time", in: client.html))","v":"18:40"}"#)
    #expect(client.html.contains(#"value="2026-12-24T18:40""#))
    // Past the range's end: kept at its end. Text that is not a date changes nothing.
    await client.sendRaw(#"{"h":"\#(try handler(of: "When", in: client.html))","v":"2027-03-01T10:00"}"#)
    #expect(client.html.contains(#"value="2026-12-31T23:59""#))
    await client.sendRaw(#"{"h":"\#(try handler(of: "When", in: client.html))","v":"soon"}"#)
    #expect(client.html.contains(#"value="2026-12-31T23:59""#))
  }

  @Test func labeledContentIsALabelAndASecondaryValue() {
    let drawn = html(Form { LabeledContent("Version", value: "1.2") })
    let label = try! #require(drawn.range(of: "Version"))
    let value = try! #require(drawn.range(of: "1.2"))
    #expect(label.upperBound <= value.lowerBound)
    #expect(drawn.contains("var(--sui-secondary)"))
    #expect(html(LabeledContent("Count", value: 3, format: .number)).contains(">3<"))
  }

  @Test func keyboardAndContentHintsReachTheField() {
    let drawn = html(
      TextField("Email", text: .constant("")).keyboardType(.emailAddress).textContentType(.emailAddress)
    )
    #expect(drawn.contains(#"inputmode="email""#))
    #expect(drawn.contains(#"autocomplete="email""#))
    let code = html(TextField("Code", text: .constant("")).keyboardType(.numberPad).textContentType(.oneTimeCode))
    #expect(code.contains(#"inputmode="numeric""#) && code.contains(#"autocomplete="one-time-code""#))
    #expect(!html(TextField("Plain", text: .constant(""))).contains("inputmode"))
  }
}
