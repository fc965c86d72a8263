import ComposableArchitecture
import StandupsCore
import SwiftUI

/// A standup: start a meeting, its length and theme, its past meetings and attendees; edit it in
/// a sheet, delete it after an alert.
struct StandupDetailView: View {
  @Bindable var store: StoreOf<StandupDetail>

  var body: some View {
    Form {
      Section {
        Button {
          store.send(.startMeetingButtonTapped)
        } label: {
          Label("Start Meeting", systemImage: "timer")
            .font(.headline)
            .foregroundStyle(Color.accentColor)
        }
        HStack {
          Label("Length", systemImage: "clock")
          Spacer()
          Text(minutesText(store.standup.duration))
        }
        HStack {
          Label("Theme", systemImage: "paintpalette")
          Spacer()
          Text(store.standup.theme.name)
            .padding(4)
            .foregroundStyle(store.standup.theme.accentColor)
            .background(store.standup.theme.mainColor)
            .cornerRadius(4)
        }
      } header: {
        Text("Standup info")
      }

      if !store.standup.meetings.isEmpty {
        Section {
          ForEach(store.standup.meetings) { meeting in
            Button {
              store.send(.meetingTapped(meeting.id))
            } label: {
              HStack {
                Image(systemName: "calendar")
                Text(meetingDateText(meeting.date))
              }
            }
          }
          .onDelete { indices in
            store.send(.deleteMeetings(atOffsets: indices))
          }
        } header: {
          Text("Past meetings")
        }
      }

      Section {
        ForEach(store.standup.attendees) { attendee in
          Label(attendee.name, systemImage: "person")
        }
      } header: {
        Text("Attendees")
      }

      Section {
        Button("Delete") {
          store.send(.deleteButtonTapped)
        }
        .foregroundStyle(.red)
        .frame(maxWidth: .infinity)
      }
    }
    .toolbar {
      Button("Edit") {
        store.send(.editButtonTapped)
      }
    }
    .navigationTitle(store.standup.title.isEmpty ? "Untitled" : store.standup.title)
    .alert($store.scope(state: \.destination?.alert, action: \.destination.alert))
    .sheet(item: $store.scope(state: \.destination?.edit, action: \.destination.edit)) { editStore in
      NavigationStack {
        StandupFormView(store: editStore)
          .navigationTitle(store.standup.title.isEmpty ? "Untitled" : store.standup.title)
          .toolbar {
            ToolbarItem(placement: .cancellationAction) {
              Button("Cancel") { store.send(.cancelEditButtonTapped) }
            }
            ToolbarItem(placement: .confirmationAction) {
              Button("Done") { store.send(.doneEditingButtonTapped) }
            }
          }
      }
    }
  }
}
