import GRDB
import Sharing

/// How the SQLite keys follow their database (`.fetch…` readers and `.database` values alike):
/// commits through the key's own database connection come from a GRDB observation started by
/// `thisConnection`, commits of other connections and processes from the file's
/// ``DataVersionWatch`` (each brings `otherConnections()`), and every change is handed to
/// `deliver` on the main actor, in the order they came: a feature's state changes only there, so
/// a store never sees it change in the middle of a send, nor a test store in the middle of a step.
///
/// `coalescing`: keep only the newest change not yet delivered (a change that means "look
/// again"); otherwise every change is delivered (a change that is a value read at its commit).
func followDatabase<Change: Sendable>(
  _ database: any DatabaseReader,
  coalescing: Bool,
  thisConnection: (_ changed: @escaping @Sendable (Change) -> Void) -> AnyDatabaseCancellable,
  otherConnections: @escaping @Sendable () -> Change,
  deliver: @escaping @MainActor @Sendable (Change) -> Void
) -> SharedSubscription {
  let (changes, continuation) = AsyncStream<Change>.makeStream(
    bufferingPolicy: coalescing ? .bufferingNewest(1) : .unbounded
  )
  let delivery = Task { @MainActor in
    for await change in changes { deliver(change) }
  }
  let observation = thisConnection { continuation.yield($0) }
  let watch = DataVersionWatch.watch(database) { continuation.yield(otherConnections()) }
  return SharedSubscription {
    observation.cancel()
    watch?.cancel()
    continuation.finish()
    delivery.cancel()
  }
}
