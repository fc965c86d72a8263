import ComposableArchitecture
import Foundation
import Testing

// The shapes of TCA's SyncUps app (the modern Standups), written here in our own words: a detail
// screen holding a `Shared` derived from the list's shared collection, deleting itself through
// `withLock` while reading that derived share, a navigation path with a case that holds two
// values, and a destination enum with an alert case whose actions the enum declares itself.

private struct Attendee: Equatable, Identifiable, Codable, Sendable {
  let id: Int
  var name: String
}

private struct Meeting: Equatable, Identifiable, Codable, Sendable {
  let id: Int
  var transcript: String
}

private struct SyncUp: Equatable, Identifiable, Codable, Sendable {
  let id: Int
  var title: String
  var attendees: IdentifiedArrayOf<Attendee> = []
  var meetings: IdentifiedArrayOf<Meeting> = []
}

extension SharedKey where Self == InMemoryKey<IdentifiedArrayOf<SyncUp>>.Default {
  fileprivate static var syncUps: Self {
    Self[.inMemory("syncUps"), default: []]
  }
}

@Reducer
private struct SyncUpForm {
  @ObservableState
  struct State: Equatable {
    var syncUp: SyncUp
  }
  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
  }
}

@Reducer
private struct SyncUpDetail {
  @Reducer
  enum Destination {
    @ReducerCaseIgnored
    case alert(AlertState<Alert>)
    case edit(SyncUpForm)

    // Declared by the feature, as SyncUps does; the macro keeps it.
    @CasePathable
    enum Action {
      case alert(Alert)
      case edit(SyncUpForm.Action)
    }

    @CasePathable
    enum Alert: Equatable {
      case confirmDeletion
    }
  }

  @ObservableState
  struct State: Equatable {
    @Presents var destination: Destination.State?
    @Shared var syncUp: SyncUp
  }

  enum Action: Equatable {
    case deleteButtonTapped
    case destination(PresentationAction<Destination.Action>)
    case editButtonTapped
  }

  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .deleteButtonTapped:
        state.destination = .alert(
          AlertState {
            TextState("Delete?")
          } actions: {
            ButtonState(role: .destructive, action: .send(.confirmDeletion, animation: .default)) {
              TextState("Yes")
            }
          }
        )
        return .none
      case .destination(.presented(.alert(.confirmDeletion))):
        @Shared(.syncUps) var syncUps
        // Reads the derived `state.syncUp` while the collection it comes from is being changed.
        $syncUps.withLock { _ = $0.remove(id: state.syncUp.id) }
        return .run { _ in await dismiss() }
      case .destination:
        return .none
      case .editButtonTapped:
        state.destination = .edit(SyncUpForm.State(syncUp: state.syncUp))
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }
}

extension SyncUpDetail.Destination.State: Equatable {}
extension SyncUpDetail.Destination.Action: Equatable {}

@Reducer
private struct SyncUpsApp {
  @Reducer
  enum Path {
    case detail(SyncUpDetail)
    // Two values: plain state with a `Never` action, as in TCA.
    case meeting(Meeting, syncUp: SyncUp)
  }

  @ObservableState
  struct State: Equatable {
    var path = StackState<Path.State>()
    @Shared(.syncUps) var syncUps
  }

  enum Action: Equatable {
    case path(StackActionOf<Path>)
    case syncUpTapped(id: SyncUp.ID)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .path:
        return .none
      case let .syncUpTapped(id):
        guard let syncUp = Shared(state.$syncUps[id: id]) else { return .none }
        state.path.append(.detail(SyncUpDetail.State(syncUp: syncUp)))
        return .none
      }
    }
    .forEach(\.path, action: \.path)
  }
}

extension SyncUpsApp.Path.State: Equatable {}
extension SyncUpsApp.Path.Action: Equatable {}

@MainActor
@Suite struct SyncUpsShapeTests {
  @Test func deletingFromTheDetailScreenThroughAWithLockThatReadsTheDerivedShare() async throws {
    let syncUp = SyncUp(id: 1, title: "Design", attendees: [Attendee(id: 1, name: "Blob")])
    @Shared(.syncUps) var syncUps = [syncUp]
    let store = TestStore(initialState: SyncUpsApp.State()) { SyncUpsApp() }

    await store.send(.syncUpTapped(id: 1)) {
      $0.path.append(.detail(SyncUpDetail.State(syncUp: try #require(Shared($0.$syncUps[id: 1])))))
    }
    await store.send(\.path[id: 0].detail.deleteButtonTapped) {
      $0.path[id: 0, case: \.detail]?.destination = .alert(
        AlertState {
          TextState("Delete?")
        } actions: {
          ButtonState(role: .destructive, action: .send(.confirmDeletion, animation: .default)) {
            TextState("Yes")
          }
        }
      )
    }
    await store.send(\.path[id: 0].detail.destination.alert.confirmDeletion) {
      $0.path[id: 0, case: \.detail]?.destination = nil
      $0.$syncUps.withLock { $0 = [] }
    }
    await store.receive(\.path.popFrom) {
      $0.path = StackState()
    }
    #expect(syncUps.isEmpty)
  }

  @Test func aDerivedShareReadInsideWithLockSeesTheValueFromBeforeTheChange() throws {
    @Shared(value: IdentifiedArrayOf<SyncUp>(uniqueElements: [SyncUp(id: 1, title: "A"), SyncUp(id: 2, title: "B")])) var syncUps
    let first = try #require(Shared($syncUps[id: 1]))
    let title = $syncUps.withLock { syncUps -> String in
      syncUps[id: 1]?.title = "Changed"
      // The collection is being changed right now; the derived share reads the value from before.
      return first.wrappedValue.title
    }
    #expect(title == "A")
    #expect(first.wrappedValue.title == "Changed")

    let removedTitle = $syncUps.withLock { $0.remove(id: first.wrappedValue.id)?.title }
    #expect(removedTitle == "Changed")
    #expect(syncUps.ids == [2])
    // A member share of the same value, read while the root is written.
    let count = $syncUps.withLock { _ in $syncUps.wrappedValue.count }
    #expect(count == 1)
  }

  @Test func aCaseHoldingTwoValuesIsPlainStateAndSwitchesThroughTheStore() {
    let meeting = Meeting(id: 7, transcript: "Hi")
    let syncUp = SyncUp(id: 1, title: "Design")
    let store = Store(initialState: SyncUpsApp.Path.State.meeting(meeting, syncUp: syncUp)) {
      SyncUpsApp.Path.body
    }
    guard case let .meeting(shownMeeting, syncUp: shownSyncUp) = store.case else {
      Issue.record("Expected the meeting case")
      return
    }
    #expect(shownMeeting == meeting)
    #expect(shownSyncUp == syncUp)
    // Its action holds `Never` (this line would not compile otherwise): nothing can be sent to it.
    let _: (Never) -> SyncUpsApp.Path.Action = SyncUpsApp.Path.Action.meeting
  }

  @Test func theDestinationKeepsItsDeclaredActionAndItsAlertCase() async {
    let store = TestStore(
      initialState: SyncUpDetail.State(syncUp: Shared(value: SyncUp(id: 1, title: "Design")))
    ) {
      SyncUpDetail()
    }
    await store.send(.editButtonTapped) {
      $0.destination = .edit(SyncUpForm.State(syncUp: SyncUp(id: 1, title: "Design")))
    }
    await store.send(\.destination.edit.binding.syncUp, SyncUp(id: 1, title: "Design review")) {
      $0.destination?.modify(\.edit) { $0.syncUp.title = "Design review" }
    }
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
  }

  @Test func isDismissedIsReadable() async {
    let store = TestStore(
      initialState: SyncUpDetail.State(syncUp: Shared(value: SyncUp(id: 1, title: "Design")))
    ) {
      SyncUpDetail()
    }
    #expect(!store.isDismissed)
    await store.send(.deleteButtonTapped) {
      $0.destination = .alert(
        AlertState {
          TextState("Delete?")
        } actions: {
          ButtonState(role: .destructive, action: .send(.confirmDeletion, animation: .default)) {
            TextState("Yes")
          }
        }
      )
    }
    await store.send(\.destination.alert.confirmDeletion) {
      $0.destination = nil
    }
    await store.finish()
    #expect(store.isDismissed)
  }

  @Test func buttonsCarryTheirAnimation() {
    let button = ButtonState<SyncUpDetail.Destination.Alert>(
      action: .send(.confirmDeletion, animation: .interpolatingSpring(stiffness: 100, damping: 10))
    ) {
      TextState("Yes")
    }
    #expect(button.action.action == .confirmDeletion)
    #expect(button.action.animation == .interpolatingSpring(stiffness: 100, damping: 10))
    #expect(button.action != .send(.confirmDeletion))
  }
}
