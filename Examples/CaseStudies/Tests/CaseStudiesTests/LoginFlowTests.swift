import CaseStudiesCore
import Foundation
import Testing

@MainActor
struct LoginFlowTests {
  @Test func loggingInStartsTheTimerAndLoggingOutCancelsIt() async {
    let clock = TestClock()
    let events = LockIsolated<[AnalyticsEvent]>([])
    let store = TestStore(initialState: LoginFlow.State.loggedOut(Login.State())) {
      LoginFlow()
    } withDependencies: {
      $0.continuousClock = clock
      $0.analytics = .collecting(into: events)
    }
    await store.send(\.loggedOut.usernameChanged, "blob") {
      $0 = .loggedOut(Login.State(username: "blob"))
    }
    await store.send(\.loggedOut.logInTapped) { $0.modify(\.loggedOut) { $0.isLoggingIn = true } }
    await clock.advance(by: .seconds(1))
    await store.receive(\.loggedOut.loginSucceeded) { $0.modify(\.loggedOut) { $0.isLoggingIn = false } }
    await store.receive(\.loggedOut.delegate.loggedIn) { $0 = .loggedIn(Home.State(username: "blob")) }
    await store.receive(\.loggedIn.startTimer)
    await clock.advance(by: .seconds(2))
    await store.receive(\.loggedIn.timerTicked) { $0.modify(\.loggedIn) { $0.secondsLoggedIn = 1 } }
    await store.receive(\.loggedIn.timerTicked) { $0.modify(\.loggedIn) { $0.secondsLoggedIn = 2 } }
    // Leaving the logged-in case cancels its timer: the test ends with nothing running.
    await store.send(\.loggedIn.logOutTapped) { $0 = .loggedOut(Login.State()) }
    await clock.advance(by: .seconds(5))
    #expect(events.value == [AnalyticsEvent("log in tapped")])
  }

  @Test func anEmptyUserNameIsRefused() async {
    let store = TestStore(initialState: LoginFlow.State.loggedOut(Login.State())) {
      LoginFlow()
    } withDependencies: {
      $0.analytics.track = { _ in }
    }
    await store.send(\.loggedOut.logInTapped) {
      $0.modify(\.loggedOut) { $0.error = "Enter a user name." }
    }
  }
}
