import ComposableArchitecture
import StandupsCore
import SwiftUI

/// Every standup as a card in its theme's colour; "+" opens the sheet that adds one.
struct StandupsListView: View {
  @Bindable var store: StoreOf<StandupsList>

  var body: some View {
    List {
      ForEach(store.standups) { standup in
        Button {
          store.send(.standupTapped(standup.id))
        } label: {
          CardView(standup: standup)
        }
        .listRowBackground(standup.theme.mainColor)
      }
    }
    .overlay {
      if store.standups.isEmpty {
        Text("No standups yet. Add one with +.")
          .foregroundStyle(.secondary)
      }
    }
    .toolbar {
      ToolbarItem(placement: .primaryAction) {
        Button {
          store.send(.addButtonTapped)
        } label: {
          Image(systemName: "plus")
        }
        .accessibilityLabel("New standup")
      }
    }
    .navigationTitle("Daily Standups")
    .onAppear { store.send(.onAppear) }
    .alert($store.scope(state: \.destination?.alert, action: \.destination.alert))
    .sheet(item: $store.scope(state: \.destination?.add, action: \.destination.add)) { formStore in
      NavigationStack {
        StandupFormView(store: formStore)
          .navigationTitle("New standup")
          .toolbar {
            ToolbarItem(placement: .cancellationAction) {
              Button("Dismiss") { store.send(.dismissAddButtonTapped) }
            }
            ToolbarItem(placement: .confirmationAction) {
              Button("Add") { store.send(.confirmAddButtonTapped) }
            }
          }
      }
    }
  }
}

/// A standup's card: its title, its attendees and its length.
struct CardView: View {
  let standup: Standup

  var body: some View {
    VStack(alignment: .leading) {
      Text(standup.title.isEmpty ? "Untitled" : standup.title)
        .font(.headline)
      Spacer()
      HStack {
        Label(attendeesText(standup.attendees.count), systemImage: "person.3")
        Spacer()
        Label(minutesText(standup.duration), systemImage: "clock")
          .labelStyle(.trailingIcon)
      }
      .font(.caption)
    }
    .padding()
    .foregroundStyle(standup.theme.accentColor)
  }
}

/// A label with its icon after its title.
struct TrailingIconLabelStyle: LabelStyle {
  func makeBody(configuration: Configuration) -> some View {
    HStack {
      configuration.title
      configuration.icon
    }
  }
}

extension LabelStyle where Self == TrailingIconLabelStyle {
  static var trailingIcon: Self { Self() }
}
