import ComposableArchitecture
import StandupsCore
import SwiftUI

/// The navigation stack: the standups at its root, then a standup's detail, a past meeting, or a
/// meeting being recorded.
struct AppView: View {
  @Bindable var store: StoreOf<AppFeature>

  var body: some View {
    NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
      StandupsListView(store: store.scope(state: \.standupsList, action: \.standupsList))
    } destination: { store in
      switch store.case {
      case let .detail(store):
        StandupDetailView(store: store)
      case let .meeting(store):
        MeetingView(meeting: store.meeting, standup: store.standup)
      case let .record(store):
        RecordMeetingView(store: store)
      }
    }
  }
}
