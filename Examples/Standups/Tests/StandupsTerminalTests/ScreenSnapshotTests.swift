import ComposableArchitecture
import ComposableTerminal
import Foundation
import StandupsCore
import StandupsTerminal
import Testing

/// Every screen rendered to text at 80×24, and at 40 columns to prove truncation.
@MainActor
@Suite struct ScreenSnapshotTests {
  func render(_ state: AppFeature.State, ui: UIState = UIState(), width: Int = 80, height: Int = 24) -> String {
    var buffer = Buffer(width: width, height: height)
    StandupsRenderer(timeZone: TimeZone(identifier: "UTC")!).render(state, ui: ui, into: &buffer)
    return buffer.text
  }

  /// The app with the mock standups, and the shared reference to the first.
  func app(_ standups: [Standup] = [.mock, .engineeringMock, .designMock]) -> (AppFeature.State, Shared<Standup>?) {
    @Shared(.standups) var all = IdentifiedArray(uniqueElements: standups)
    return (AppFeature.State(), standups.first.flatMap { Shared($all[id: $0.id]) })
  }

  @Test(arguments: [80, 40])
  func list(width: Int) {
    assertSnapshot(render(app().0, width: width), named: "list-\(width)")
  }

  @Test func emptyList() {
    assertSnapshot(render(app([]).0), named: "list-empty")
  }

  @Test(arguments: [80, 40])
  func addForm(width: Int) {
    var (state, _) = app()
    state.standupsList.destination = .add(
      withDependencies { $0.uuid = .incrementing } operation: {
        StandupForm.State(standup: Standup(id: Standup.ID(UUID(100)), title: "Engineering"))
      }
    )
    assertSnapshot(render(state, width: width), named: "add-form-\(width)")
  }

  @Test(arguments: [80, 40])
  func detail(width: Int) throws {
    var (state, standup) = app()
    state.path.append(.detail(StandupDetail.State(standup: try #require(standup))))
    assertSnapshot(render(state, width: width), named: "detail-\(width)")
  }

  @Test func editSheet() throws {
    var (state, standup) = app()
    let standupValue = try #require(standup)
    state.path.append(
      .detail(StandupDetail.State(destination: .edit(StandupForm.State(focus: .duration, standup: .mock)), standup: standupValue))
    )
    assertSnapshot(render(state), named: "edit-sheet")
  }

  @Test func deleteAlert() throws {
    var (state, standup) = app()
    state.path.append(.detail(StandupDetail.State(destination: .alert(.deleteStandup), standup: try #require(standup))))
    assertSnapshot(render(state), named: "alert-delete")
  }

  @Test func speechAlert() throws {
    var (state, standup) = app()
    state.path.append(
      .detail(StandupDetail.State(destination: .alert(.speechRecognitionRestricted), standup: try #require(standup)))
    )
    assertSnapshot(render(state), named: "alert-speech")
  }

  @Test(arguments: [80, 40])
  func record(width: Int) throws {
    var (state, standup) = app()
    let shared = try #require(standup)
    state.path.append(.detail(StandupDetail.State(standup: shared)))
    state.path.append(
      .record(RecordMeeting.State(notes: "Ship the release", secondsElapsed: 15, speakerIndex: 1, standup: shared, transcript: "We shipped it"))
    )
    var ui = UIState()
    ui.notesFocused = true
    assertSnapshot(render(state, ui: ui, width: width), named: "record-\(width)")
  }

  @Test func endMeetingAlert() throws {
    var (state, standup) = app()
    let shared = try #require(standup)
    state.path.append(.detail(StandupDetail.State(standup: shared)))
    state.path.append(.record(RecordMeeting.State(alert: .endMeeting(isDiscardable: true), secondsElapsed: 30, standup: shared)))
    assertSnapshot(render(state), named: "alert-end-meeting")
  }

  @Test func meeting() throws {
    var (state, _) = app()
    state.path.append(.meeting(MeetingFeature.State(meeting: Standup.mock.meetings[0], standup: .mock)))
    assertSnapshot(render(state), named: "meeting")
  }

  /// Every screen at every small size, down to one cell: nothing may crash or draw outside.
  @Test func tinyTerminalsNeverCrash() throws {
    var (state, standup) = app()
    let shared = try #require(standup)
    var states = [state]
    state.standupsList.destination = .add(StandupForm.State(standup: .mock))
    states.append(state)
    state.standupsList.destination = nil
    state.path.append(.detail(StandupDetail.State(destination: .alert(.deleteStandup), standup: shared)))
    states.append(state)
    state.path.append(.record(RecordMeeting.State(notes: "Notes", secondsElapsed: 59, standup: shared, transcript: "Words")))
    states.append(state)
    var ui = UIState()
    ui.notesFocused = true
    for state in states {
      for width in 0...24 {
        for height in 0...8 {
          let text = render(state, ui: ui, width: width, height: height)
          #expect(text.split(separator: "\n", omittingEmptySubsequences: false).allSatisfy { $0.count <= width })
        }
      }
    }
  }
}
