import ComposableArchitecture
import ComposableToolSupport
import CustomDump
import Foundation
import Observation

/// The recent history of a feature: each action it reduced, with the state after it, to move its
/// store back and forth through, and to go on from any step.
///
/// ```swift
/// let history = TimeTravelHistory<AppFeature.State, AppFeature.Action>(limit: 1_000)
/// let store = Store(initialState: AppFeature.State()) {
///   AppFeature().timeTravel(history)
/// }
/// history.travel(store, to: 3)      // the store shows the state after the 4th kept action
/// history.resume(store)             // forget the steps after it; the app goes on from there
/// history.returnToPresent(store)    // or show the latest state again
/// ```
///
/// Travelling cancels the store's running effects (their actions were meant for the state they
/// started from) and does not restart any. `@Shared` values are references shared by every step:
/// travelling does not change them. An action sent while travelling resumes from the step shown.
///
/// It is `Observable`: a view that reads ``steps`` or ``position`` re-renders when an action is
/// kept or the store travels.
///
/// `@unchecked Sendable` is safe: it is only touched on the main actor (a store reduces there, and
/// `travel`, `resume` and `returnToPresent` are main-actor methods).
public final class TimeTravelHistory<State, Action>: @unchecked Sendable, Observable {
  /// One reduced action and the state after it.
  public struct Step {
    /// The action reduced at this step.
    public let action: Action
    /// Whether the front end sent it or an effect did.
    public let source: Recording.Source
    /// The state after it.
    public let state: State
    /// `actionSummary`, once worked out: a timeline shows every step on every render.
    private let summary = SummaryCache()

    init(action: Action, source: Recording.Source, state: State) {
      self.action = action
      self.source = source
      self.state = state
    }

    /// The action on one line, as `customDump` writes it, without the action type's name
    /// (`.path(.element(id: 0, action: …))`).
    public var actionSummary: String {
      if let text = summary.text { return text }
      let text = Self.summarize(action)
      summary.text = text
      return text
    }

    private static func summarize(_ action: Action) -> String {
      var text = ""
      customDump(action, to: &text, maxDepth: 6)
      text = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        .joined(separator: " ")
        .replacingOccurrences(of: "( ", with: "(").replacingOccurrences(of: " )", with: ")")
      // `AppFeature.Action.path(…)`: the dump names the type (with or without its module).
      var typeName = Substring(String(reflecting: Action.self))
      while !typeName.isEmpty {
        if text.hasPrefix(typeName + ".") { return String(text.dropFirst(typeName.count)) }
        guard let dot = typeName.firstIndex(of: ".") else { break }
        typeName = typeName[typeName.index(after: dot)...]
      }
      return text
    }
  }

  /// Where a step keeps its summary (a step is a value; its summary is worked out on first use).
  final class SummaryCache {
    var text: String?
  }

  /// How many steps are kept; older ones are forgotten (the oldest kept step's previous state
  /// becomes `initialState`).
  public let limit: Int
  /// The state before the oldest kept step (nil until the first action).
  public var initialState: State? {
    registrar.access(self, keyPath: \.steps)
    return _initialState
  }
  /// The kept steps, oldest first.
  public var steps: [Step] {
    registrar.access(self, keyPath: \.steps)
    return _steps
  }
  /// The step the store shows: nil while it is live, -1 for `initialState`.
  public var position: Int? {
    registrar.access(self, keyPath: \.position)
    return _position
  }

  private var _initialState: State?
  private var _steps: [Step] = []
  private var _position: Int?
  private let registrar = ObservationRegistrar()

  /// A history that keeps the last `limit` steps (at least 1).
  public init(limit: Int = 1_000) {
    self.limit = max(1, limit)
  }

  /// What step `index` changed in the state, as a `customDump` diff (`-` before, `+` after); nil
  /// when it changed nothing or there is no such step.
  public func changes(at index: Int) -> String? {
    let steps = self.steps
    guard steps.indices.contains(index), let initial = initialState else { return nil }
    return diff(index == 0 ? initial : steps[index - 1].state, steps[index].state)
  }

  /// Moves `store` to the state after step `index` (-1: `initialState`), clamped to the history.
  @MainActor
  public func travel(_ store: Store<State, Action>, to index: Int) {
    guard let initialState = _initialState else { return }
    let index = min(max(-1, index), _steps.count - 1)
    setPosition(index)
    replace(store, with: index < 0 ? initialState : _steps[index].state)
  }

  /// Goes on from the step the store shows: the steps after it are forgotten.
  @MainActor
  public func resume(_ store: Store<State, Action>) {
    guard let position = _position else { return }
    registrar.withMutation(of: self, keyPath: \.steps) { _steps.removeSubrange((position + 1)...) }
    setPosition(nil)
  }

  /// Shows the latest state again, live, as if no travel had happened.
  @MainActor
  public func returnToPresent(_ store: Store<State, Action>) {
    guard _position != nil else { return }
    setPosition(nil)
    if let last = _steps.last {
      replace(store, with: last.state)
    } else if let initialState = _initialState {
      replace(store, with: initialState)
    }
  }

  @MainActor
  private func replace(_ store: Store<State, Action>, with state: State) {
    guard store.replaceRootState(with: state) else {
      reportIssue("Time travel moves a root store; this store was scoped from another.")
      return
    }
  }

  private func setPosition(_ position: Int?) {
    guard position != _position else { return }
    registrar.withMutation(of: self, keyPath: \.position) { _position = position }
  }

  /// Called by the reducer after each action.
  func record(before: State, action: Action, after: State, source: Recording.Source) {
    if let position = _position {
      // An action while travelling: go on from the step shown.
      registrar.withMutation(of: self, keyPath: \.steps) { _steps.removeSubrange((position + 1)...) }
      setPosition(nil)
    }
    registrar.withMutation(of: self, keyPath: \.steps) {
      if _initialState == nil { _initialState = before }
      _steps.append(Step(action: action, source: source, state: after))
      if _steps.count > limit {
        _initialState = _steps.removeFirst().state
      }
    }
  }

  /// A history of recorded steps (see ``init(replaying:through:limit:)``).
  fileprivate func load(initialState: State, steps: [Step]) {
    registrar.withMutation(of: self, keyPath: \.steps) {
      _initialState = initialState
      _steps = steps
    }
  }
}

extension Reducer {
  /// Keeps this feature's actions and states in `history`, to travel through (see
  /// ``TimeTravelHistory``).
  public func timeTravel(_ history: TimeTravelHistory<State, Action>) -> _TimeTravelReducer<Self> {
    _TimeTravelReducer(base: self, history: history)
  }
}

/// A reducer that keeps its base's history; see ``ComposableArchitecture/Reducer/timeTravel(_:)``.
public struct _TimeTravelReducer<Base: Reducer>: Reducer {
  let base: Base
  let history: TimeTravelHistory<Base.State, Base.Action>

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let before = state
    let effect = base.reduce(into: &state, action: action)
    history.record(
      before: before, action: action, after: state,
      source: ActionSource.isEffectAction ? .receive : .send
    )
    return effect
  }
}

extension TimeTravelHistory where State: Codable, Action: Decodable {
  /// The history of a recorded session, replayed through `reducer` (see ``replay(_:through:upTo:)``,
  /// whose errors it throws): its last `limit` steps, to travel through. A store made at the
  /// last step's state with `.timeTravel(history)` opens the session where it ended.
  public convenience init<Feature: Reducer<State, Action>>(
    replaying recording: Recording, through reducer: Feature, limit: Int = 1_000
  ) throws {
    let states = try replay(recording, through: reducer)
    self.init(limit: limit)
    var actions: [Action] = []
    for step in recording.steps {
      guard let json = step.action.json else { break }
      actions.append(try JSONDecoder().decode(Action.self, from: Data(json.utf8)))
    }
    let kept = max(0, actions.count - self.limit)
    load(
      initialState: states[kept],
      steps: zip(recording.steps, actions).enumerated().dropFirst(kept).map { index, pair in
        Step(action: pair.1, source: pair.0.source, state: states[index + 1])
      }
    )
  }
}
