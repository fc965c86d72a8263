import ComposableArchitecture
import ComposableToolSupport
import ConcurrencyExtras
import CustomDump
import Dependencies
import Foundation
import Sharing

extension Reducer {
  /// Writes every action this feature reduces to `url`, as JSON Lines, so that the session can be
  /// replayed (``replay(_:through:upTo:)``), travelled through, or turned into a test.
  ///
  /// ```swift
  /// let store = Store(initialState: AppFeature.State()) {
  ///   AppFeature()
  ///     .recording(to: URL(fileURLWithPath: "session.jsonl"))
  /// }
  /// ```
  ///
  /// The first line names the feature and holds the state before the first action. Then one line
  /// per action: its number, the seconds since the recording started, `"source":"receive"` when an
  /// effect sent it, the action (JSON when it is `Encodable`; otherwise its `customDump` and
  /// marked not replayable), the values the reducer read from the `uuid`, `date` and
  /// `withRandomNumberGenerator` dependencies while reducing it (when it read any), and the state
  /// after it every `stateEvery` actions (and after the first). Each line is in the file as soon as the action is
  /// reduced, so a crash, even a `kill -9`, loses at most that line. An existing file is replaced.
  ///
  /// The file is written through a memory mapping of space reserved a megabyte at a time: while
  /// the store runs (or after the program was killed) the lines are followed by zero bytes, which
  /// ``Recording`` skips; when the store goes away or the program exits, the file is cut to its
  /// lines. Tools that read a live file line by line (`tail -f`, `jq`) see those zero bytes.
  ///
  /// Writing the state is most of a recorded send's cost when the state is large: `stateEvery: 100`
  /// keeps replay's checks (every 100th action) at a fraction of it. When the state is `Sendable`,
  /// a kilobyte or more, and holds no `@Shared` value, durable mode encodes it off the send path:
  /// the action's line is written at once and the state follows, a moment later, on a line of its
  /// own (`{"stateAfter":N,"state":…}`). State that is not `Encodable` is written as its
  /// `customDump` (the recording can then be read but not replayed).
  ///
  /// `mode: .buffered` takes the lines off the send path: a send only hands its action (and the
  /// state, when it is due) to a writer, which makes the lines and writes them at most 50 ms
  /// later. A crash or `kill -9` then loses at most the last 50 ms of actions; quitting a
  /// terminal or web front end, SIGTERM, SIGHUP, `flushPendingWrites()`, the store going away and
  /// the program exiting write everything first. See ``RecordingMode``.
  public func recording(
    to url: URL, stateEvery: Int = 1, mode: RecordingMode = .durable
  ) -> _RecordingReducer<Self> {
    _RecordingReducer(base: self, url: url, stateEvery: stateEvery, mode: mode, statesAreSendable: false)
  }
}

extension Reducer where State: Sendable {
  /// Writes every action this feature reduces to `url`, as the overload for any state does; a
  /// `Sendable` state's snapshots can be encoded off the send path (see there). Left out of the
  /// documentation, which shows the one spelling.
  @_documentation(visibility: internal)
  public func recording(
    to url: URL, stateEvery: Int = 1, mode: RecordingMode = .durable
  ) -> _RecordingReducer<Self> {
    _RecordingReducer(base: self, url: url, stateEvery: stateEvery, mode: mode, statesAreSendable: true)
  }
}

/// How a recording reaches its file; see ``ComposableArchitecture/Reducer/recording(to:stateEvery:mode:)``.
public enum RecordingMode: Sendable {
  /// Each action's line is in the file when `send` returns: a crash, even `kill -9`, loses at
  /// most the line being written. About 2× the cost of an unrecorded send of a small feature.
  case durable
  /// Lines are made and written off the send path, at most 50 ms after their action: a crash or
  /// `kill -9` loses at most the last 50 ms of actions; a quit, SIGTERM, SIGHUP,
  /// `flushPendingWrites()` or the store going away loses nothing.
  case buffered
}

/// A reducer that records its base's actions; see ``ComposableArchitecture/Reducer/recording(to:stateEvery:mode:)``.
public struct _RecordingReducer<Base: Reducer>: Reducer, RootDependenciesPreparing {
  let base: Base
  let recorder: Recorder

  init(base: Base, url: URL, stateEvery: Int, mode: RecordingMode, statesAreSendable: Bool) {
    self.base = base
    recorder = Recorder(url: url, stateEvery: max(1, stateEvery), mode: mode, statesAreSendable: statesAreSendable)
  }

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    recorder.record(Base.self, state: &state, action: action) { state in
      base.reduce(into: &state, action: action)
    }
  }

  package func prepareAsRoot(initialState: Any, dependencies: inout DependencyValues) {
    // A store's initial state has the type of its reducer's.
    recorder.install(Base.self, initialState: initialState as! Base.State, into: &dependencies)
  }
}
