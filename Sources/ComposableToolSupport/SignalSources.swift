import Foundation

/// Signals delivered as events on the main queue instead of interrupting whatever runs: the one
/// way the terminal and web front ends learn of SIGINT, SIGTERM, SIGHUP and SIGWINCH.
@MainActor
package final class SignalSources {
  private var sources: [any DispatchSourceSignal] = []
  private var unregistered = 0
  private var waitingForRegistration: [CheckedContinuation<Void, Never>] = []

  package init() {}

  /// Calls `body` on the main actor each time the process gets `signal`, which no longer has its
  /// default action (after ``cancel()`` it does nothing).
  package func handle(_ signal: Int32, _ body: @escaping @MainActor (Int32) -> Void) {
    Self.keepFromDefaultAction(signal)
    let source = DispatchSource.makeSignalSource(signal: signal, queue: .main)
    source.setEventHandler {
      MainActor.assumeIsolated { body(signal) }
    }
    unregistered += 1
    source.setRegistrationHandler { [weak self] in
      MainActor.assumeIsolated { self?.didRegister() }
    }
    source.resume()
    sources.append(source)
  }

  /// Returns once every source is registered: a signal sent earlier may be lost.
  package func registered() async {
    guard unregistered > 0 else { return }
    await withCheckedContinuation { waitingForRegistration.append($0) }
  }

  private func didRegister() {
    unregistered -= 1
    guard unregistered == 0 else { return }
    for waiting in waitingForRegistration { waiting.resume() }
    waitingForRegistration.removeAll()
  }

  package func cancel() {
    for source in sources { source.cancel() }
    sources.removeAll()
  }

  /// Keeps `signal`, while it still has its default action (ending the process, for most), from
  /// ending the process before the dispatch source takes it: the source's registration happens
  /// on Dispatch's own queue, after `resume()` returns.
  ///
  /// On Linux the signal is caught by a handler that does nothing, and Dispatch replaces that
  /// handler with its own when it registers the source; it keeps its handler for the life of the
  /// process. The signal is never set to ignored: an ignored signal reaches no dispatch source
  /// (a second front end in the same process would never hear it), and a program started
  /// afterwards would inherit it ignored, where a caught signal goes back to its default action
  /// across `exec`. Darwin's kqueue sees ignored signals, and needs them ignored.
  private static func keepFromDefaultAction(_ signal: Int32) {
    #if canImport(Glibc)
      var action = sigaction()
      // SIG_DFL is the null handler; a signal already caught or ignored is left as it is.
      guard sigaction(signal, nil, &action) == 0, action.__sigaction_handler.sa_handler == nil
      else { return }
      action.__sigaction_handler.sa_handler = { _ in }
      action.sa_flags = SA_RESTART
      sigemptyset(&action.sa_mask)
      sigaction(signal, &action, nil)
    #else
      Foundation.signal(signal, SIG_IGN)
    #endif
  }
}
