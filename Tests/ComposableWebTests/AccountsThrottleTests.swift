import ComposableArchitecture
@testable import ComposableWeb
import ComposableWebTestSupport
import Dispatch
import Foundation
import Synchronization
import Testing

/// Throttled sign-ins and sign-ups as an attacker tries them: many posts at once, on two servers
/// sharing one database, from many addresses, and a flood of password checks.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct AccountsThrottleTests {
  typealias Accounts = AccountsTests

  /// `count` posts at once, each from its own thread; their answers in no particular order.
  static func parallelPosts(
    _ count: Int, port: @escaping @Sendable (Int) -> Int, _ path: String,
    fields: @escaping @Sendable (Int) -> [String: String], headers: @escaping @Sendable (Int) -> [String: String] = { _ in [:] }
  ) async throws -> [LoopbackResponse] {
    try await withThrowingTaskGroup(of: LoopbackResponse.self) { group in
      for index in 0..<count {
        group.addTask { try await Accounts.post(port(index), path, fields(index), headers: headers(index)) }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
  }

  @Test func twoHundredParallelWrongPasswordsOnTwoServersGetFivePasswordChecks() async throws {
    let database = try Accounts.Database()
    let time = Accounts.Time()
    let (first, firstPort) = try await Accounts.start(database, time: time)
    let (second, secondPort) = try await Accounts.start(database, time: time)
    _ = try await Accounts.signUp(firstPort, "ada@example.com")

    let answers = try await Self.parallelPosts(
      200, port: { $0.isMultiple(of: 2) ? firstPort : secondPort }, "/sign-in",
      fields: { ["email": "ada@example.com", "password": "guess \($0)"] }
    )
    // Every post is answered; only five get a password check, the rest wait.
    #expect(answers.count == 200)
    #expect(answers.filter { $0.status == 401 }.count == 5)
    #expect(answers.filter { $0.status == 429 }.count == 195)
    #expect(answers.allSatisfy { $0.status == 401 || ($0.status == 429 && $0.header("Retry-After") == "900") })
    let checks = try await [firstPort, secondPort].asyncMap { port in
      figure("composable_web_sign_in_failures_total", in: try await Accounts.get(port, "/metrics").text) ?? 0
    }
    #expect(checks.reduce(0, +) == 5)

    // The attacker's network waits; the owner, elsewhere, is not locked out.
    #expect(try await Accounts.post(firstPort, "/sign-in", ["email": "ada@example.com", "password": "correct horse"]).status == 429)
    let owner = try await Accounts.post(
      secondPort, "/sign-in", ["email": "ada@example.com", "password": "correct horse"],
      headers: ["X-Forwarded-For": "198.51.100.2"]
    )
    #expect(owner.status == 303 && Accounts.sessionID(owner) != nil)
    try await first.stop()
    try await second.stop()
  }

  @Test func aRightPasswordAfterWrongOnesSignsInAndStartsTheCountAgain() async throws {
    let database = try Accounts.Database()
    let time = Accounts.Time()
    let (app, port) = try await Accounts.start(database, time: time)
    _ = try await Accounts.signUp(port, "ada@example.com")
    for attempt in 0..<4 {
      #expect(try await Accounts.post(port, "/sign-in", ["email": "ada@example.com", "password": "guess \(attempt)"]).status == 401)
    }
    // The fifth attempt, the right one, is answered at once.
    #expect(try await Accounts.post(port, "/sign-in", ["email": "ada@example.com", "password": "correct horse"]).status == 303)
    for attempt in 0..<5 {
      #expect(try await Accounts.post(port, "/sign-in", ["email": "ada@example.com", "password": "again \(attempt)"]).status == 401)
    }
    #expect(try await Accounts.post(port, "/sign-in", ["email": "ada@example.com", "password": "correct horse"]).status == 429)
    try await app.stop()
  }

  @Test func afterTheFirstFiveFailuresTheWaitsDouble() async throws {
    let database = try Accounts.Database()
    let time = Accounts.Time()
    let (app, port) = try await Accounts.start(database, time: time)
    _ = try await Accounts.signUp(port, "ada@example.com")
    func attempt(_ password: String) async throws -> LoopbackResponse {
      try await Accounts.post(port, "/sign-in", ["email": "ada@example.com", "password": password])
    }
    for guess in 0..<5 {
      #expect(try await attempt("guess \(guess)").status == 401)
    }
    #expect(try await attempt("guess 5").header("Retry-After") == "900")
    // One more after each wait, and each wait twice the one before: 15, 15, 30, 60 minutes.
    for (minutesLater, nextWait) in [(15, 15), (15, 30), (30, 60)] {
      time.advance(seconds: Double(minutesLater * 60))
      #expect(try await attempt("guess after \(minutesLater)").status == 401)
      let refused = try await attempt("correct horse")
      #expect(refused.status == 429)
      #expect(refused.header("Retry-After") == "\(nextWait * 60)")
    }
    time.advance(seconds: 3600)
    #expect(try await attempt("correct horse").status == 303)
    // Signed in: the count starts again, five at once.
    for guess in 0..<5 {
      #expect(try await attempt("again \(guess)").status == 401)
    }
    #expect(try await attempt("correct horse").status == 429)
    try await app.stop()
  }

  @Test func backoffLimitsDoubleTheirWindowUpToADay() {
    let now = Date(timeIntervalSince1970: 100_000)
    let limits = SignIns.backoff(key: "k", first: 5, window: 900, now: now)
    #expect(limits.map(\.limit) == [12, 11, 10, 9, 8, 7, 6, 5])
    #expect(limits.map { now.timeIntervalSince($0.since) / 900 } == [96, 64, 32, 16, 8, 4, 2, 1])
  }

  @Test func guessesSpreadOverManyAddressesMeetTheEmailsDailyCeiling() async throws {
    let database = try Accounts.Database()
    let time = Accounts.Time()
    let (app, port) = try await Accounts.start(database, time: time) { $0.failuresPerEmailPerDay = 8 }
    _ = try await Accounts.signUp(port, "ada@example.com")
    for client in 1...2 {
      for attempt in 0..<4 {
        let answer = try await Accounts.post(
          port, "/sign-in", ["email": "ada@example.com", "password": "guess \(attempt)"],
          headers: ["X-Forwarded-For": "203.0.113.\(client)"]
        )
        #expect(answer.status == 401)
      }
      time.advance(seconds: 60)
    }
    let ceiling = try await Accounts.post(
      port, "/sign-in", ["email": "ada@example.com", "password": "correct horse"], headers: ["X-Forwarded-For": "203.0.113.3"]
    )
    #expect(ceiling.status == 429)
    // The first guess leaves the day 24 hours after it was made, two minutes ago.
    #expect(ceiling.header("Retry-After") == "\(24 * 3600 - 120)")
    // Another email is not held up by it.
    #expect(
      try await Accounts.post(port, "/sign-in", ["email": "bea@example.com", "password": "guess"], headers: ["X-Forwarded-For": "203.0.113.3"])
        .status == 401
    )
    time.advance(seconds: 24 * 3600)
    #expect(
      try await Accounts.post(port, "/sign-in", ["email": "ada@example.com", "password": "correct horse"], headers: ["X-Forwarded-For": "203.0.113.3"])
        .status == 303
    )
    try await app.stop()
  }

  @Test func ipv6ClientsAreCountedByTheirSlash64() async throws {
    #expect(throttledClient("2001:db8:1:2:3:4:5:6") == "2001:db8:1:2::/64")
    #expect(throttledClient("2001:db8:1:2:ffff::1") == "2001:db8:1:2::/64")
    #expect(throttledClient("2001:db8:1:3::1") == "2001:db8:1:3::/64")
    #expect(throttledClient("::ffff:203.0.113.7") == "203.0.113.7")
    #expect(throttledClient("203.0.113.7") == "203.0.113.7")

    let database = try Accounts.Database()
    let time = Accounts.Time()
    let (app, port) = try await Accounts.start(database, time: time)
    _ = try await Accounts.signUp(port, "ada@example.com")
    // Five addresses of one /64 are one client.
    for host in 1...5 {
      let answer = try await Accounts.post(
        port, "/sign-in", ["email": "ada@example.com", "password": "guess"], headers: ["X-Forwarded-For": "2001:db8:7:7::\(host)"]
      )
      #expect(answer.status == 401)
    }
    #expect(
      try await Accounts.post(
        port, "/sign-in", ["email": "ada@example.com", "password": "correct horse"], headers: ["X-Forwarded-For": "2001:db8:7:7::99"]
      ).status == 429
    )
    #expect(
      try await Accounts.post(
        port, "/sign-in", ["email": "ada@example.com", "password": "correct horse"], headers: ["X-Forwarded-For": "2001:db8:7:8::1"]
      ).status == 303
    )
    try await app.stop()
  }

  @Test func signUpsFromOneClientAreThrottledAtTenAnHour() async throws {
    let database = try Accounts.Database()
    let time = Accounts.Time()
    let (app, port) = try await Accounts.start(database, time: time) { $0.passwordCost = 4 }
    let client = ["X-Forwarded-For": "203.0.113.9"]
    for index in 0..<10 {
      let answer = try await Accounts.post(
        port, "/sign-up", ["email": "user\(index)@example.com", "password": "correct horse"], headers: client
      )
      #expect(answer.status == 303)
      time.advance(seconds: 60)
    }
    let throttled = try await Accounts.post(
      port, "/sign-up", ["email": "user10@example.com", "password": "correct horse"], headers: client
    )
    #expect(throttled.status == 429)
    #expect(throttled.header("Retry-After") == "\(3600 - 600)")
    #expect(throttled.text.contains("Too many sign-ups from your network. Try again in 50 minutes."))
    #expect(Accounts.sessionID(throttled) == nil)
    // Counted as a sign-up refused, not as a sign-in.
    let metrics = try await Accounts.get(port, "/metrics").text
    #expect(metrics.contains("composable_web_sign_up_throttled_total 1"))
    #expect(metrics.contains("composable_web_sign_in_throttled_total 0"))
    // Another client signs up as usual; this one again once the hour has passed its first.
    #expect(
      try await Accounts.post(
        port, "/sign-up", ["email": "bea@example.com", "password": "correct horse"], headers: ["X-Forwarded-For": "198.51.100.4"]
      ).status == 303
    )
    time.advance(seconds: 3600 - 600)
    #expect(
      try await Accounts.post(port, "/sign-up", ["email": "user10@example.com", "password": "correct horse"], headers: client).status
        == 303
    )
    try await app.stop()
  }

  @Test func aFloodOfPasswordChecksIsAnsweredWith503NotQueuedWithoutEnd() async throws {
    let database = try Accounts.Database()
    let time = Accounts.Time()
    let (app, port) = try await Accounts.start(database, time: time) { $0.hashingQueueCapacity = 0 }
    let answers = try await Self.parallelPosts(
      40, port: { _ in port }, "/sign-up",
      fields: { ["email": "user\($0)@example.com", "password": "correct horse"] },
      headers: { ["X-Forwarded-For": "203.0.113.\($0 + 1)"] }
    )
    #expect(answers.count == 40)
    let busy = answers.filter { $0.status == 503 }
    #expect(answers.allSatisfy { $0.status == 303 || $0.status == 503 })
    #expect(answers.contains { $0.status == 303 })
    #expect(!busy.isEmpty)
    #expect(busy.allSatisfy { $0.header("Retry-After") == "5" && $0.text.contains("The server is busy. Try again in a few seconds.") })
    let metrics = try await Accounts.get(port, "/metrics").text
    #expect(metrics.contains(#"reason="busy"} \#(busy.count)"#))
    try await app.stop()
  }

  @Test func aSignUpRefusedAsBusyIsNotCountedAgainstItsClient() async throws {
    let database = try Accounts.Database()
    let time = Accounts.Time()
    let (app, port) = try await Accounts.start(database, time: time) { $0.hashingQueueCapacity = 0 }
    let client = ["X-Forwarded-For": "203.0.113.9"]
    let answers = try await Self.parallelPosts(
      10, port: { _ in port }, "/sign-up",
      fields: { ["email": "user\($0)@example.com", "password": "correct horse"] },
      headers: { _ in client }
    )
    let made = answers.filter { $0.status == 303 }.count
    #expect(answers.allSatisfy { $0.status == 303 || $0.status == 503 })
    #expect(answers.contains { $0.status == 503 })
    // Only the sign-ups that made an account used the hour's ten: the client has the rest.
    for index in made..<10 {
      let answer = try await Accounts.post(
        port, "/sign-up", ["email": "later\(index)@example.com", "password": "correct horse"], headers: client
      )
      #expect(answer.status == 303, "sign-up \(index + 1) of 10")
    }
    let eleventh = try await Accounts.post(
      port, "/sign-up", ["email": "eleventh@example.com", "password": "correct horse"], headers: client
    )
    #expect(eleventh.status == 429)
    try await app.stop()
  }

  @Test func theHashingPoolRunsAsManyAsItHasThreadsQueuesItsCapacityAndRefusesTheRest() async throws {
    let pool = HashingPool(threads: 1, queueCapacity: 1)
    let started = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let first = Task {
      await pool.run {
        started.signal()
        release.wait()
        return 1
      }
    }
    await blockingWait(started)
    let second = Task { await pool.run { 2 } }
    while pool.waitingCount < 1 { await Task.yield() }
    // The one thread is busy and the one place in the queue is taken.
    #expect(await pool.run { 3 } == nil)
    release.signal()
    #expect(await first.value == 1)
    #expect(await second.value == 2)
    #expect(pool.waitingCount == 0)
    // Free again.
    #expect(await pool.run { 4 } == 4)
  }

  @Test func theInMemoryStoreCountsParallelAttemptsInOneStep() async throws {
    let store = InMemoryAccountStore()
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let limits = [AttemptLimit(key: "email:ada@example.com", limit: 5, since: now - 900)]
    let results = await withTaskGroup(of: AttemptCount.self) { group in
      for _ in 0..<200 {
        group.addTask { try! await store.countAttempt(under: limits, now: now, forgettingBefore: now - 86400) }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.filter { $0 == .counted }.count == 5)
    try await store.uncountAttempt(keys: ["email:ada@example.com"], at: now)
    #expect(try await store.countAttempt(under: limits, now: now, forgettingBefore: now - 86400) == .counted)
    #expect(try await store.countAttempt(under: limits, now: now, forgettingBefore: now - 86400) != .counted)
  }
}

/// Waits for `semaphore` on a thread of its own, so that no task's thread is held.
private func blockingWait(_ semaphore: DispatchSemaphore) async {
  await withCheckedContinuation { continuation in
    Thread {
      semaphore.wait()
      continuation.resume()
    }.start()
  }
}

extension Array {
  fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
    var results: [T] = []
    for element in self { results.append(try await transform(element)) }
    return results
  }
}
