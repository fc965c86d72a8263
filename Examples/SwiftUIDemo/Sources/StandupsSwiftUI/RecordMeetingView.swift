import ComposableArchitecture
import StandupsCore
import SwiftUI

/// A meeting in progress: the time elapsed and remaining, a ring of one arc per speaker that
/// fills as each speaks, the speaker's name, "next", notes, and "End meeting" behind an alert.
/// The timer runs while the screen is shown (`.task`) and stops when it goes.
struct RecordMeetingView: View {
  @Bindable var store: StoreOf<RecordMeeting>

  var body: some View {
    ZStack {
      RoundedRectangle(cornerRadius: 16)
        .fill(store.standup.theme.mainColor)
      VStack {
        MeetingHeaderView(
          secondsElapsed: store.secondsElapsed,
          durationRemaining: store.durationRemaining,
          theme: store.standup.theme
        )
        MeetingTimerView(standup: store.standup, speakerIndex: store.speakerIndex, secondsElapsed: store.secondsElapsed)
        MeetingFooterView(
          standup: store.standup,
          speakerIndex: store.speakerIndex,
          nextButtonTapped: { store.send(.nextButtonTapped) }
        )
        TextField("Notes", text: $store.notes, axis: .vertical)
          .textFieldStyle(.roundedBorder)
          .foregroundStyle(.primary)
        if !store.transcript.isEmpty {
          Text(store.transcript)
            .font(.caption)
        }
      }
      .padding()
    }
    .padding()
    .foregroundStyle(store.standup.theme.accentColor)
    .navigationBarTitleDisplayMode(.inline)
    .navigationTitle(store.standup.title)
    .navigationBarBackButtonHidden(true)
    .toolbar {
      ToolbarItem(placement: .cancellationAction) {
        Button("End meeting") {
          store.send(.endMeetingButtonTapped)
        }
      }
    }
    .task { await store.send(.onTask).finish() }
    .alert($store.scope(state: \.alert, action: \.alert))
  }
}

/// The meeting's progress: a bar, the seconds elapsed and the minutes remaining.
struct MeetingHeaderView: View {
  let secondsElapsed: Int
  let durationRemaining: Duration
  let theme: Theme

  private var progress: Double {
    let total = Double(secondsElapsed) + Double(durationRemaining.components.seconds)
    return total > 0 ? Double(secondsElapsed) / total : 1
  }

  var body: some View {
    VStack {
      ProgressView(value: progress)
        .tint(theme.accentColor)
      HStack {
        VStack(alignment: .leading) {
          Text("Seconds Elapsed")
            .font(.caption)
          Label(clockText(secondsElapsed), systemImage: "hourglass.bottomhalf.fill")
        }
        Spacer()
        VStack(alignment: .trailing) {
          Text("Seconds Remaining")
            .font(.caption)
          Label(clockText(Int(durationRemaining.components.seconds)), systemImage: "hourglass.tophalf.fill")
            .labelStyle(.trailingIcon)
        }
      }
    }
    .accessibilityElement(children: .ignore)
    .accessibilityLabel("Time remaining")
    .accessibilityValue("\(durationRemaining.components.seconds / 60) minutes")
  }
}

/// The ring: one arc per attendee, drawn as far as the meeting has come, the current speaker's
/// name in the middle.
struct MeetingTimerView: View {
  let standup: Standup
  let speakerIndex: Int
  let secondsElapsed: Int

  private var speakerName: String {
    guard standup.attendees.indices.contains(speakerIndex) else { return "Someone" }
    let name = standup.attendees[speakerIndex].name
    return name.isEmpty ? "Someone" : name
  }

  var body: some View {
    Circle()
      .strokeBorder(lineWidth: 24)
      .opacity(0.3)
      .overlay {
        VStack {
          Text(speakerName)
            .font(.title)
          Text("is speaking")
          Image(systemName: "mic.fill")
            .font(.largeTitle)
            .padding(.top)
        }
        .accessibilityElement(children: .combine)
      }
      .overlay {
        ForEach(Array(standup.attendees.enumerated()), id: \.element.id) { index, attendee in
          if index < speakerIndex {
            SpeakerArc(totalSpeakers: standup.attendees.count, speakerIndex: index, fraction: 1)
              .rotation(Angle(degrees: -90))
              .stroke(style: StrokeStyle(lineWidth: 12, lineCap: .round))
          } else if index == speakerIndex {
            SpeakerArc(totalSpeakers: standup.attendees.count, speakerIndex: index, fraction: fractionSpoken)
              .rotation(Angle(degrees: -90))
              .stroke(style: StrokeStyle(lineWidth: 12, lineCap: .round))
          }
        }
      }
      .frame(maxWidth: 280, maxHeight: 280)
      .padding(.horizontal)
  }

  /// How much of the current speaker's time has gone.
  private var fractionSpoken: Double {
    let perSpeaker = max(1, Int(standup.durationPerAttendee.components.seconds))
    return min(1, Double(secondsElapsed - speakerIndex * perSpeaker) / Double(perSpeaker))
  }
}

/// A speaker's share of the ring: from their start towards their end, `fraction` of the way,
/// with a small gap between speakers.
struct SpeakerArc: Shape {
  let totalSpeakers: Int
  let speakerIndex: Int
  let fraction: Double

  private var degreesPerSpeaker: Double {
    360 / Double(max(1, totalSpeakers))
  }

  func path(in rect: CGRect) -> Path {
    // The middle of the ring's 24-point band.
    let radius = min(rect.width, rect.height) / 2 - 12
    let center = CGPoint(x: rect.midX, y: rect.midY)
    let start = degreesPerSpeaker * Double(speakerIndex) + 1
    let end = start + max(0, (degreesPerSpeaker - 2) * fraction)
    return Path { path in
      path.addArc(
        center: center, radius: radius,
        startAngle: .degrees(start), endAngle: .degrees(end), clockwise: false
      )
    }
  }
}

/// "Speaker 2 of 3" and the button that moves to the next speaker.
struct MeetingFooterView: View {
  let standup: Standup
  let speakerIndex: Int
  let nextButtonTapped: @MainActor () -> Void

  private var speakerText: String {
    guard speakerIndex < standup.attendees.count - 1 else { return "Last speaker" }
    return "Speaker \(speakerIndex + 1) of \(standup.attendees.count)"
  }

  var body: some View {
    VStack {
      HStack {
        Text(speakerText)
        Spacer()
        Button(action: nextButtonTapped) {
          Image(systemName: "forward.fill")
        }
        .accessibilityLabel("Next speaker")
      }
    }
    .padding([.bottom, .horizontal])
  }
}
