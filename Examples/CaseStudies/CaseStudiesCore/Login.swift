import Foundation

/// An app whose state is an enum: logged out or logged in. `ifCaseLet` runs the child of the
/// current case; when the case changes, the old child's effects (the logged-in timer) are
/// cancelled.
@Reducer
public struct LoginFlow: Sendable {
  @ObservableState
  @CasePathable
  @dynamicMemberLookup
  public enum State: Equatable {
    case loggedIn(Home.State)
    case loggedOut(Login.State)
  }

  public enum Action: Equatable {
    case loggedIn(Home.Action)
    case loggedOut(Login.Action)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .loggedOut(.delegate(.loggedIn(username))):
        state = .loggedIn(Home.State(username: username))
        return .send(.loggedIn(.startTimer))
      case .loggedIn(.logOutTapped):
        state = .loggedOut(Login.State())
        return .none
      case .loggedIn, .loggedOut:
        return .none
      }
    }
    .ifCaseLet(\.loggedOut, action: \.loggedOut) {
      Login()
    }
    .ifCaseLet(\.loggedIn, action: \.loggedIn) {
      Home()
    }
  }
}

@Reducer
public struct Login: Sendable {
  @ObservableState
  public struct State: Equatable {
    public var username = ""
    public var isLoggingIn = false
    public var error: String?
    public init(username: String = "") { self.username = username }
  }

  public enum Action: Equatable {
    case delegate(Delegate)
    case logInTapped
    case loginSucceeded
    case usernameChanged(String)

    @CasePathable
    public enum Delegate: Equatable {
      case loggedIn(username: String)
    }
  }

  @Dependency(\.continuousClock) var clock

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .delegate:
        return .none
      case .logInTapped:
        guard !state.username.trimmingCharacters(in: .whitespaces).isEmpty else {
          state.error = "Enter a user name."
          return .none
        }
        state.error = nil
        state.isLoggingIn = true
        return .run { send in
          try await clock.sleep(for: .seconds(1))  // the server checking the user
          await send(.loginSucceeded)
        }
      case .loginSucceeded:
        state.isLoggingIn = false
        return .send(.delegate(.loggedIn(username: state.username)))
      case let .usernameChanged(username):
        state.username = username
        return .none
      }
    }
    .analytics { _, action in
      action == .logInTapped ? AnalyticsEvent("log in tapped") : nil
    }
  }
}

@Reducer
public struct Home: Sendable {
  @ObservableState
  public struct State: Equatable {
    public var username: String
    public var secondsLoggedIn = 0
    public init(username: String, secondsLoggedIn: Int = 0) {
      self.username = username
      self.secondsLoggedIn = secondsLoggedIn
    }
  }

  public enum Action: Equatable {
    case logOutTapped
    case startTimer
    case timerTicked
  }

  @Dependency(\.continuousClock) var clock

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .logOutTapped:
        return .none
      case .startTimer:
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) {
            await send(.timerTicked)
          }
        }
      case .timerTicked:
        state.secondsLoggedIn += 1
        return .none
      }
    }
  }
}
