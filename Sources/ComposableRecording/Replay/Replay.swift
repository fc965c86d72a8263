import ComposableArchitecture
import CustomDump
import Dependencies
import Foundation

/// Runs a recording through `reducer` again: each action is decoded and reduced, effects are not
/// run (the actions they sent are in the recording), and `uuid`, `date` and
/// `withRandomNumberGenerator` answer what they answered when it was recorded. Where the
/// recording holds a state, the replayed state must encode to the same JSON.
///
/// ```swift
/// let recording = try Recording(contentsOf: url)
/// let states = try replay(recording, through: AppFeature())
/// // states[0] is the initial state, states[n] the state after the n-th action; each is a
/// // snapshot (its `@Shared` values are its own).
/// ```
///
/// Throws a ``RecordingError`` naming the line of the first action that does not decode, is not
/// replayable, reads more values than were recorded, or leaves a different state (with a
/// `customDump` diff, recorded state first).
public func replay<Feature: Reducer>(
  _ recording: Recording, through reducer: Feature, upTo lastStep: Int? = nil
) throws -> [Feature.State] where Feature.State: Codable, Feature.Action: Decodable {
  try withDependencies {
    $0.stackElementID = StackElementIDGenerator(next: recording.nextStackElementID)
  } operation: {
    try replaySteps(recording, through: reducer, upTo: lastStep)
  }
}

private func replaySteps<Feature: Reducer>(
  _ recording: Recording, through reducer: Feature, upTo lastStep: Int?
) throws -> [Feature.State] where Feature.State: Codable, Feature.Action: Decodable {
  var state = try decode(Feature.State.self, recording.initialState, what: "initial state", line: 1, recording)
  var states = [snapshot(state)]
  for step in recording.steps.prefix(lastStep ?? recording.steps.count) {
    let action = try decode(Feature.Action.self, step.action, what: "action", line: step.line, recording)
    let answers = RecordedAnswers(step)
    _ = withDependencies {
      $0.uuid = UUIDGenerator { answers.next(\.uuids, recorded: step.uuids) ?? UUID() }
      $0.date = DateGenerator { answers.next(\.dates, recorded: step.dates) ?? Date() }
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(ReplayedGenerator(answers: answers, step: step))
    } operation: {
      reducer.reduce(into: &state, action: action)
    }
    if let overrun = answers.overrun.value {
      throw RecordingError(
        file: recording.file, line: step.line,
        problem: "(action \(step.sequence), \(dumped(action))) was replayed, and the reducer read more values from \(overrun) than it read when recorded: the feature has changed since"
      )
    }
    if let recorded = step.state {
      guard case let .json(json) = recorded else {
        throw RecordingError(file: recording.file, line: step.line, problem: "holds a state that is not JSON")
      }
      let replayed = encoded(state)
      if replayed != json {
        let expected = try decode(Feature.State.self, recorded, what: "state", line: step.line, recording)
        let difference = diff(expected, state) ?? "(the states dump the same, but encode differently)\n- \(json)\n+ \(replayed)"
        throw RecordingError(
          file: recording.file, line: step.line,
          problem: "(action \(step.sequence), \(dumped(action))) leads to another state when replayed (- recorded, + replayed):\n\(difference)"
        )
      }
    }
    states.append(snapshot(state))
  }
  return states
}

/// A copy of `state` that later actions cannot change: `@Shared` values in it are copied too
/// (the state the replay goes on with keeps them shared, as the app does).
/// Its navigation stacks keep their ids (a recording encodes them).
private func snapshot<State: Codable>(_ state: State) -> State {
  guard
    let data = try? recordingEncoder().encode(state),
    let copy = try? JSONDecoder().decode(State.self, from: data)
  else { return state }
  return copy
}

extension Recording {
  /// The file this recording was read from, for messages.
  var file: String { fileName ?? "recording" }
}

private func decode<T: Decodable>(
  _ type: T.Type, _ value: Recording.Value, what: String, line: Int, _ recording: Recording
) throws -> T {
  guard case let .json(json) = value else {
    throw RecordingError(
      file: recording.file, line: line,
      problem: "holds an \(what) that was not Encodable when recorded, so it cannot be replayed: \(value)"
    )
  }
  do {
    return try JSONDecoder().decode(T.self, from: Data(json.utf8))
  } catch {
    throw RecordingError(
      file: recording.file, line: line,
      problem: "holds an \(what) that does not decode as \(T.self): \(error)"
    )
  }
}

/// `value` as a recording writes it (sorted keys, navigation stacks with their ids); "" when it
/// does not encode. (Also what `ComposableRecording`'s test generation compares states with.)
package func encoded(_ value: some Encodable) -> String {
  (try? recordingEncoder().encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? ""
}

private func dumped(_ value: Any) -> String {
  var text = ""
  customDump(value, to: &text, maxDepth: 2)
  return text.count > 200 ? String(text.prefix(200)) + "…" : text
}

/// Hands out one step's recorded values in order, and notes the first dependency read past them.
private final class RecordedAnswers: Sendable {
  let uuids = LockIsolated(0)
  let dates = LockIsolated(0)
  let randoms = LockIsolated(0)
  let overrun = LockIsolated<String?>(nil)

  init(_ step: Recording.Step) {}

  func next<T>(_ counter: KeyPath<RecordedAnswers, LockIsolated<Int>>, recorded: [T]) -> T? {
    let index = self[keyPath: counter].withValue { index in
      defer { index += 1 }
      return index
    }
    guard index < recorded.count else {
      let name = counter == \.uuids ? "uuid" : counter == \.dates ? "date" : "withRandomNumberGenerator"
      overrun.withValue { $0 = $0 ?? name }
      return nil
    }
    return recorded[index]
  }
}

private struct ReplayedGenerator: RandomNumberGenerator, Sendable {
  let answers: RecordedAnswers
  let step: Recording.Step

  mutating func next() -> UInt64 {
    answers.next(\.randoms, recorded: step.randomNumbers) ?? 0
  }
}

/// The encoder recordings use: sorted keys, and stacks with their ids.
func recordingEncoder() -> JSONEncoder {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  encoder.userInfo[.stackElementIDs] = true
  return encoder
}
