@testable import ComposableArchitecture
import Testing

private struct Recorder: Reducer {
  struct State: Equatable { var log: [String] = [] }
  @CasePathable
  enum Action: Equatable {
    case start(Plan)
    case record(String)
  }
  enum Plan: Equatable {
    case sendTwice, mergeRuns, concatenated, mapped, failing, failingWithCatch, cancelled
  }
  struct Failure: Error, Equatable {}

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .record(entry):
      state.log.append(entry)
      return .none

    case .start(.sendTwice):
      state.log.append("start")
      return .merge(.send(.record("one")), .send(.record("two")))

    case .start(.mergeRuns):
      return .merge(
        .run { send in await send(.record("run-a")) },
        .run { send in await send(.record("run-b")) }
      )

    case .start(.concatenated):
      return .concatenate(
        .send(.record("sync-1")),
        .run { send in
          await Task.yield()
          await send(.record("async-2"))
        },
        .send(.record("sync-3")),
        .run { send in await send(.record("async-4")) }
      )

    case .start(.mapped):
      return Effect<String>.merge(.send("mapped-sync"), .run { send in await send("mapped-async") })
        .map { Action.record($0) }

    case .start(.failing):
      return .run { _ in throw Failure() }

    case .start(.failingWithCatch):
      return .run { _ in
        throw Failure()
      } catch: { error, send in
        await send(.record("caught \(error is Failure)"))
      }

    case .start(.cancelled):
      return .run { _ in throw CancellationError() }
    }
  }
}

@MainActor
struct EffectTests {
  @Test func sendIsDeliveredBeforeSendReturns() {
    let store = Store(initialState: Recorder.State()) { Recorder() }
    store.send(.start(.sendTwice))
    #expect(store.log == ["start", "one", "two"])
  }

  @Test func mergeRunsEveryEffect() async {
    let store = Store(initialState: Recorder.State()) { Recorder() }
    await store.send(.start(.mergeRuns)).finish()
    #expect(store.log.sorted() == ["run-a", "run-b"])
  }

  @Test func concatenateRunsEffectsInOrder() async {
    let store = Store(initialState: Recorder.State()) { Recorder() }
    let task = store.send(.start(.concatenated))
    #expect(store.log == ["sync-1"])
    await task.finish()
    #expect(store.log == ["sync-1", "async-2", "sync-3", "async-4"])
  }

  @Test func mapTransformsSynchronousAndAsynchronousActions() async {
    let store = Store(initialState: Recorder.State()) { Recorder() }
    let task = store.send(.start(.mapped))
    #expect(store.log == ["mapped-sync"])
    await task.finish()
    #expect(store.log == ["mapped-sync", "mapped-async"])
  }

  @Test func unhandledErrorIsReportedWithTheLocationOfRun() async {
    let store = Store(initialState: Recorder.State()) { Recorder() }
    await withKnownIssue {
      await store.send(.start(.failing)).finish()
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("An 'Effect.run' returned from ComposableArchitectureTests/EffectTests.swift:")
        && text.contains("threw an unhandled error")
        && text.contains("Recorder.Failure()")
        && text.contains("'catch:' parameter")
        && issue.sourceLocation?.fileName == "EffectTests.swift"
    }
  }

  @Test func catchHandlerReceivesTheError() async {
    let store = Store(initialState: Recorder.State()) { Recorder() }
    await store.send(.start(.failingWithCatch)).finish()
    #expect(store.log == ["caught true"])
  }

  @Test func cancellationErrorIsNeverReported() async {
    let store = Store(initialState: Recorder.State()) { Recorder() }
    await store.send(.start(.cancelled)).finish()
    #expect(store.log == [])
  }

  @Test func noneMergesAway() {
    let effect = Effect<Int>.merge(.none, .none)
    let concatenated = Effect<Int>.concatenate(.none, .none, .none)
    var ran = false
    if case .none = effect.operation, case .none = concatenated.operation { ran = true }
    #expect(ran)
  }
}
