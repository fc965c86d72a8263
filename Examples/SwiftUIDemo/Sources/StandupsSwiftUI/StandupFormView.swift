import ComposableArchitecture
import StandupsCore
import SwiftUI

/// The standup being added or edited: title, length, theme, attendees. The focus follows the
/// feature's `focus` (a new attendee's field takes it).
struct StandupFormView: View {
  @Bindable var store: StoreOf<StandupForm>
  @FocusState var focus: StandupForm.State.Field?

  var body: some View {
    Form {
      Section {
        TextField("Title", text: $store.standup.title)
          .focused($focus, equals: .title)
        HStack {
          Slider(value: $store.standup.duration.minutes, in: 5...30, step: 1) {
            Text("Length")
          }
          .focused($focus, equals: .duration)
          Spacer()
          Text(minutesText(store.standup.duration))
        }
        ThemePicker(selection: $store.standup.theme)
          .focused($focus, equals: .theme)
      } header: {
        Text("Standup info")
      }
      Section {
        ForEach($store.standup.attendees) { $attendee in
          TextField("Name", text: $attendee.name)
            .focused($focus, equals: .attendee(attendee.id))
        }
        .onDelete { indices in
          store.send(.deleteAttendees(atOffsets: indices))
        }
        Button("New attendee") {
          store.send(.addAttendeeButtonTapped)
        }
        .focused($focus, equals: .addAttendee)
      } header: {
        Text("Attendees")
      }
    }
    .bind($store.focus, to: $focus)
  }
}

/// The sixteen themes, each shown in its colour.
struct ThemePicker: View {
  @Binding var selection: Theme

  var body: some View {
    Picker("Theme", selection: $selection) {
      ForEach(Theme.allCases) { theme in
        ZStack {
          RoundedRectangle(cornerRadius: 4)
            .fill(theme.mainColor)
          Label(theme.name, systemImage: "paintpalette")
            .padding(4)
        }
        .foregroundStyle(theme.accentColor)
        .fixedSize(horizontal: false, vertical: true)
        .tag(theme)
      }
    }
  }
}

extension Duration {
  /// The length in whole minutes, as the slider moves it.
  fileprivate var minutes: Double {
    get { Double(components.seconds / 60) }
    set { self = .seconds(Int(newValue) * 60) }
  }
}
