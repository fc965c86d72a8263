import Dispatch
import Foundation
import Synchronization

/// Where password hashes are computed: on at most as many threads as the machine has cores,
/// outside the tasks' pool (a flood of sign-ins must not stall every tab), with at most
/// `queueCapacity` hashes waiting. When that many wait, ``run(_:)`` returns nil at once and the
/// server answers 503: a flood costs the server a bounded queue, never unbounded threads.
///
/// ```swift
/// let pool = HashingPool(threads: 2, queueCapacity: 64)
/// guard let matches = await pool.run({ Bcrypt.verify(password, hash: hash) }) else {
///   return busy()  // 503, Retry-After
/// }
/// ```
final class HashingPool: Sendable {
  private struct State {
    var running = 0
    var waiting: [@Sendable () -> Void] = []
    var next = 0
  }

  /// The most hashes computed at once.
  let threads: Int
  /// The most hashes waiting for a thread.
  let queueCapacity: Int
  private let state = Mutex(State())

  init(threads: Int = ProcessInfo.processInfo.activeProcessorCount, queueCapacity: Int) {
    self.threads = max(1, threads)
    self.queueCapacity = max(0, queueCapacity)
  }

  /// `work`'s result, computed on one of the pool's threads once one is free; nil, at once, when
  /// `queueCapacity` hashes already wait.
  func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T? {
    await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
      let job: @Sendable () -> Void = { continuation.resume(returning: work()) }
      let startNow = state.withLock { state -> Bool? in
        if state.running < threads {
          state.running += 1
          return true
        }
        if state.waiting.count - state.next < queueCapacity {
          state.waiting.append(job)
          return false
        }
        return nil
      }
      switch startNow {
      case true?: start(job)
      case false?: break
      case nil: continuation.resume(returning: nil)
      }
    }
  }

  /// How many hashes wait for a thread now.
  var waitingCount: Int { state.withLock { $0.waiting.count - $0.next } }

  /// Runs `job` on a thread of its own, then the next waiting job on the same slot, until none
  /// waits.
  private func start(_ job: @escaping @Sendable () -> Void) {
    DispatchQueue.global(qos: .userInitiated).async { [self] in
      var job = job
      while true {
        job()
        let next = state.withLock { state -> (@Sendable () -> Void)? in
          guard state.next < state.waiting.count else {
            state.running -= 1
            state.waiting.removeAll(keepingCapacity: true)
            state.next = 0
            return nil
          }
          let next = state.waiting[state.next]
          state.next += 1
          // The jobs taken are dropped from time to time, so a queue that never empties does
          // not keep every job it ever held.
          if state.next >= 32, state.next * 2 >= state.waiting.count {
            state.waiting.removeFirst(state.next)
            state.next = 0
          }
          return next
        }
        guard let next else { return }
        job = next
      }
    }
  }
}
