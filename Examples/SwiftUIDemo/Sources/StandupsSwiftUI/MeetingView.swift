import StandupsCore
import SwiftUI

/// A past meeting: who attended and what was said.
struct MeetingView: View {
  let meeting: Meeting
  let standup: Standup

  var body: some View {
    Form {
      Section {
        ForEach(standup.attendees) { attendee in
          Text(attendee.name)
        }
      } header: {
        Text("Attendees")
      }
      Section {
        Text(meeting.transcript.isEmpty ? "Nothing was transcribed or noted." : meeting.transcript)
      } header: {
        Text("Transcript")
      }
    }
    .navigationTitle(meetingDateText(meeting.date))
  }
}
