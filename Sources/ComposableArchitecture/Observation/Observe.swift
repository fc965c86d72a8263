import Observation
import Synchronization

/// Runs `apply` now, and again whenever observable state it read changes: the hook a front end
/// (a terminal UI, a web page, a test) uses to re-render.
///
/// ```swift
/// let token = observe {
///   render("Count: \(store.count)")
/// }
/// ```
///
/// Changes are coalesced: however many happen before the main actor is free, `apply` runs once,
/// on the main actor, reading the latest state. Only what `apply` read counts, so a change to a
/// field it did not read does not re-run it. Observation stops when the token is cancelled or
/// released.
@MainActor
public func observe(_ apply: @escaping @MainActor () -> Void) -> ObserveToken {
  let observer = Observer(apply: apply)
  observer.run()
  return ObserveToken(observer: observer)
}

/// Runs `apply` now, outside any observation, and again whenever what `track` read changes:
/// for a front end whose drawing observes itself piece by piece (a SwiftUI window, whose every
/// body has an observation scope of its own). `apply` run inside one scope would gather every
/// piece's reads into it, and Observation copies a scope's whole list each time an inner one
/// ends inside it. `track` registers what tells of a change (a window's change signal) and
/// returns whether a change already waits, which runs `apply` again.
@MainActor
package func observe(
  _ apply: @escaping @MainActor () -> Void,
  tracking track: @escaping @MainActor () -> Bool
) -> ObserveToken {
  let observer = Observer(apply: apply, track: track)
  observer.run()
  return ObserveToken(observer: observer)
}

/// Keeps an ``observe(_:)`` alive; cancel it, or let it go, to stop observing.
@MainActor
public final class ObserveToken: Hashable {
  private var observer: Observer?

  init(observer: Observer) {
    self.observer = observer
  }

  /// Stops observing. `apply` is not called again, not even for a change already scheduled.
  public func cancel() {
    observer?.isCancelled = true
    observer = nil
  }

  /// Whether the token was cancelled.
  public var isCancelled: Bool {
    observer == nil
  }

  /// Runs `body` (a front end handling an event), then `apply` at once if `body` changed what it
  /// read, rather than on the main actor's next turn: the event's result goes out one turn
  /// sooner (the web's live view). A change heard while `body` runs schedules no run of its own,
  /// since this one follows; one heard on another thread just as `body` ends is applied by one
  /// or the other, never neither.
  package func applyingChanges(_ body: () -> Void) {
    guard let observer else { return body() }
    observer.appliesChangesAfterBody.store(true, ordering: .sequentiallyConsistent)
    body()
    observer.appliesChangesAfterBody.store(false, ordering: .sequentiallyConsistent)
    observer.runIfChanged()
  }

  nonisolated public static func == (lhs: ObserveToken, rhs: ObserveToken) -> Bool {
    lhs === rhs
  }

  nonisolated public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

@MainActor
final class Observer {
  let apply: @MainActor () -> Void
  /// What is observed, when it is not what `apply` reads (see `observe(_:tracking:)`).
  let track: (@MainActor () -> Bool)?
  var isCancelled = false
  /// Set when a change is heard, cleared by whichever applies it first: the run scheduled on the
  /// main actor's next turn, or `runIfChanged()` sooner. (Atomic: `onChange` may be called on
  /// whichever thread changed the state.)
  let hasPendingChange = Atomic<Bool>(false)
  /// Set while ``ObserveToken/applyingChanges(_:)`` runs its body, which applies a change heard
  /// meanwhile itself: `onChange` then schedules no run. (Atomic, for the same reason.)
  let appliesChangesAfterBody = Atomic<Bool>(false)

  init(apply: @escaping @MainActor () -> Void, track: (@MainActor () -> Bool)? = nil) {
    self.apply = apply
    self.track = track
  }

  func run() {
    guard !isCancelled else { return }
    var changeWaits = false
    if track != nil { apply() }
    withObservationTracking {
      if let track { changeWaits = track() } else { apply() }
    } onChange: { [weak self] in
      self?.heardChange()
    }
    if changeWaits { heardChange() }
  }

  /// Called when what the last run observed changed (from `onChange`, on any thread), at most
  /// once per run: schedules the next run.
  private nonisolated func heardChange() {
    // Possibly while state is being mutated. Later changes before the re-run do not call it
    // again, so re-running on the next turn of the main actor coalesces a burst into one run
    // that reads the final state.
    hasPendingChange.store(true, ordering: .sequentiallyConsistent)
    // Sequentially consistent with `applyingChanges`: either it sees the pending change after
    // its body, or this sees that it has ended and schedules the run.
    guard !appliesChangesAfterBody.load(ordering: .sequentiallyConsistent) else { return }
    Task { @MainActor in
      self.runIfChanged()
    }
  }

  /// Runs `apply` if a change was heard and not applied yet.
  func runIfChanged() {
    guard hasPendingChange.exchange(false, ordering: .sequentiallyConsistent) else { return }
    run()
  }
}
