import Foundation

/// Signals delivered as events on the main queue instead of interrupting whatever runs: the one
/// way the terminal and web front ends learn of SIGINT, SIGTERM, SIGHUP and SIGWINCH.
@MainActor
package final class SignalSources {
  private var sources: [any DispatchSourceSignal] = []

  package init() {}

  /// Calls `body` on the main actor each time the process gets `signal`, which no longer has its
  /// default action (it is ignored until ``cancel()``, then stays ignored).
  package func handle(_ signal: Int32, _ body: @escaping @MainActor (Int32) -> Void) {
    Foundation.signal(signal, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: signal, queue: .main)
    source.setEventHandler {
      MainActor.assumeIsolated { body(signal) }
    }
    source.resume()
    sources.append(source)
  }

  package func cancel() {
    for source in sources { source.cancel() }
    sources.removeAll()
  }
}
