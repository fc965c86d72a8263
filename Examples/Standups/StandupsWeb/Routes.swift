import ComposableArchitecture
import ComposableRecording
import ComposableWeb
import Foundation
import StandupsCore

/// The app's addresses: `/` the list, `/standups/<id>` a standup, `/standups/<id>/record` its
/// meeting being recorded, `/standups/<id>/meetings/<id>` a past meeting. Each screen on the stack
/// adds its part to the address, so every stack has one address and every address one stack.
@MainActor
public let standupsRoutes = StackRoutes<AppFeature.Path.State>(
  path: { stack in
    let parts = stack.map { element -> String in
      switch element {
      case let .detail(detail): "standups/\(detail.standup.id.rawValue.uuidString.lowercased())"
      case .record: "record"
      case let .meeting(meeting): "meetings/\(meeting.meeting.id.rawValue.uuidString.lowercased())"
      }
    }
    return "/" + parts.joined(separator: "/")
  },
  elements: { path in
    let parts = path.split(separator: "/").map(String.init)
    guard !parts.isEmpty else { return [] }
    guard parts.count >= 2, parts[0] == "standups", let id = UUID(uuidString: parts[1]) else {
      return nil
    }
    @Shared(.standups) var standups
    guard let standup = Shared($standups[id: Standup.ID(id)]) else { return nil }
    let detail = AppFeature.Path.State.detail(StandupDetail.State(standup: standup))
    switch parts.dropFirst(2).first {
    case nil:
      return [detail]
    case "record" where parts.count == 3:
      return [detail, .record(RecordMeeting.State(standup: standup))]
    case "meetings" where parts.count == 4:
      guard
        let meetingID = UUID(uuidString: parts[3]),
        let meeting = standup.wrappedValue.meetings[id: Meeting.ID(meetingID)]
      else { return nil }
      return [detail, .meeting(MeetingFeature.State(meeting: meeting, standup: standup.wrappedValue))]
    default:
      return nil
    }
  }
)

/// The page of a tab that opened `path`: a store at that screen, or nil (a 404) when the path
/// names no standup or meeting. The tab keeps its last 1 000 actions for the time-travel panel
/// (`?devtools` in the address); with `recordings`, it records its session to the next file
/// instead (a recording holds actions, and moving the store to another step is not one). With
/// `account`, the tab is that account's: its store and its addresses see only the account's
/// standups (another account's standup is a 404, and an event naming one finds nothing).
@MainActor
public func standupsPage(
  _ path: String, recordings: TabRecordings? = nil, account: Account? = nil, standupsPerAccount: Int = 500
) -> WebPage? {
  guard let account else { return standupsPage(path, recordings: recordings, accountShown: nil) }
  return withDependencies {
    $0.standupsOwner = account.id
    let capReached = $0.appCapReached
    $0.standupsLimit = StandupsLimit(count: standupsPerAccount) { capReached("standups_per_account") }
  } operation: {
    standupsPage(path, recordings: recordings, accountShown: account)
  }
}

@MainActor
private func standupsPage(_ path: String, recordings: TabRecordings?, accountShown account: Account?) -> WebPage? {
  guard let stack = standupsRoutes.elements(path) else { return nil }
  let initialState = AppFeature.State(path: StackState(stack))
  var page: WebPage
  let store: StoreOf<AppFeature>
  if let recordings {
    let recording = recordings.start()
    store = Store(initialState: initialState) { AppFeature().recording(to: recording.pending, mode: recordings.mode) }
    page = .stack(store, state: \.path, action: \.path, routes: standupsRoutes) { standupsAppView(store, account: account) }
    page.onConnect = { recording.connected() }
    page.onClose = { recording.closed() }
  } else {
    let history = TimeTravelHistory<AppFeature.State, AppFeature.Action>(limit: 1_000)
    store = Store(initialState: initialState) { AppFeature().timeTravel(history) }
    page = WebPage.stack(store, state: \.path, action: \.path, routes: standupsRoutes) { standupsAppView(store, account: account) }
      .timeTravel(history, store: store)
  }
  // Says so at once if the data file could not be read, as the terminal app does.
  store.send(.standupsList(.onAppear))
  return page
}

/// Where the tabs of `standups --web --record FILE` record: the first tab to `FILE`, the next to
/// `FILE-2` (before the extension: `session-2.jsonl`), and so on, one session per file.
///
/// A tab counts once its socket connects: a page that is only rendered (a crawler, `curl`, a
/// `HEAD`, a flood of GETs) records into a hidden file beside `FILE` that is deleted when the
/// server lets go of its tab, so it takes no number and leaves nothing behind. The file a tab
/// records to is renamed to its number when its socket first connects; the recording goes on
/// into it.
@MainActor
public final class TabRecordings {
  public let first: URL
  public let mode: RecordingMode
  private var count = 0

  public init(first: URL, mode: RecordingMode = .durable) {
    self.first = first
    self.mode = mode
  }

  /// A recording for a new tab: kept under the next number once the tab connects.
  public func start() -> TabRecording {
    let folder = first.deletingLastPathComponent()
    return TabRecording(
      pending: folder.appendingPathComponent(".\(first.lastPathComponent).\(UUID().uuidString.lowercased()).pending"),
      recordings: self
    )
  }

  /// The file of the next tab that connects.
  fileprivate func next() -> URL {
    count += 1
    guard count > 1 else { return first }
    let ext = first.pathExtension
    let name = first.deletingPathExtension().lastPathComponent + "-\(count)" + (ext.isEmpty ? "" : "." + ext)
    return first.deletingLastPathComponent().appendingPathComponent(name)
  }
}

/// One tab's recording (see ``TabRecordings``): begun in a hidden file, kept under its number
/// when the tab connects, deleted if it never did.
@MainActor
public final class TabRecording {
  /// Where the store records to: the hidden file, renamed in place when the tab connects.
  public let pending: URL
  /// Where the recording is kept, once the tab connected.
  public private(set) var kept: URL?
  private let recordings: TabRecordings

  fileprivate init(pending: URL, recordings: TabRecordings) {
    self.pending = pending
    self.recordings = recordings
  }

  /// The tab's socket connected: the first time, the file takes the next number. The store
  /// writes on through its open file, so nothing recorded before is lost.
  public func connected() {
    guard kept == nil else { return }
    let url = recordings.next()
    kept = url
    // rename(2) replaces a file of the same name left by an earlier run, as a new recording does.
    if rename(pending.path, url.path) != 0 {
      print("standups: could not keep the recording \(pending.path) as \(url.path): \(String(cString: strerror(errno)))")
    }
  }

  /// The tab was let go: a recording whose tab never connected is deleted.
  public func closed() {
    guard kept == nil else { return }
    try? FileManager.default.removeItem(at: pending)
  }
}
