import ComposableArchitectureMacros
import MacroTesting
import Testing

@Suite(
  .macros(
    [
      "Reducer": ReducerMacro.self,
      "ReducerCaseIgnored": ReducerCaseIgnoredMacro.self,
      "ReducerCaseEphemeral": ReducerCaseEphemeralMacro.self,
    ]
  )
)
struct ReducerMacroTests {
  @Test func structWithBody() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        struct State {}
        enum Action {
          case tapped
        }
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        struct State {}
        @CasePaths.CasePathable
        enum Action {
          case tapped
        }
        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func structWithReduceAndEnumState() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        enum State {
          case loading
          case loaded(String)
        }
        enum Action {
          case load
        }
        func reduce(into state: inout State, action: Action) -> Effect<Action> {
          .none
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        @CasePaths.CasePathable @dynamicMemberLookup
        enum State {
          case loading
          case loaded(String)
        }
        @CasePaths.CasePathable
        enum Action {
          case load
        }
        func reduce(into state: inout State, action: Action) -> Effect<Action> {
          .none
        }
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func structAlreadyConformingKeepsItsConformance() {
    assertMacro {
      """
      @Reducer
      struct Feature: Reducer {
        struct State {}
        @CasePathable
        enum Action {}
        var body: some ReducerOf<Self> { EmptyReducer() }
      }
      """
    } expansion: {
      """
      struct Feature: Reducer {
        struct State {}
        @CasePathable
        enum Action {}
        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        var body: some ReducerOf<Self> { EmptyReducer() }
      }
      """
    }
  }

  @Test func enumOfFeatures() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case edit(EditFeature)
        case alert(AlertState<Alert>)
        @ReducerCaseEphemeral
        case dialog(ConfirmationDialogState<Dialog>)
        @ReducerCaseIgnored
        case note(String)
        case empty
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case edit(EditFeature)
        case alert(AlertState<Alert>)
        case dialog(ConfirmationDialogState<Dialog>)
        case note(String)
        case empty

        @CasePaths.CasePathable
        @dynamicMemberLookup
        @ComposableArchitecture.ObservableState
        enum State: ComposableArchitecture.CaseReducerState {
          typealias StateReducer = Destination
          case edit(EditFeature.State)
          case alert(AlertState<Alert>)
          case dialog(ConfirmationDialogState<Dialog>)
          case note(String)
          case empty
        }

        @CasePaths.CasePathable
        enum Action {
          case edit(EditFeature.Action)
          case alert(Alert)
          case dialog(Dialog)
        }

        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        static var body: some ComposableArchitecture.Reducer<Self.State, Self.Action> {
          ComposableArchitecture.Scope(state: \Self.State.Cases.edit, action: \Self.Action.Cases.edit) {
            EditFeature()
          }
        }

        enum CaseScope {
          case edit(ComposableArchitecture.StoreOf<EditFeature>)
          case alert(AlertState<Alert>)
          case dialog(ConfirmationDialogState<Dialog>)
          case note(String)
          case empty
        }

        @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .edit:
            return .edit(store.scope(state: \.edit, action: \.edit)!)
          case let .alert(state):
            return .alert(state)
          case let .dialog(state):
            return .dialog(state)
          case let .note(state):
            return .note(state)
          case .empty:
            return .empty
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func enumWithRequestedConformances() {
    assertMacro {
      """
      @Reducer(state: .equatable, .sendable, action: .equatable)
      public enum Path {
        case detail(Detail)
      }
      """
    } expansion: {
      #"""
      public enum Path {
        case detail(Detail)

        @CasePaths.CasePathable
        @dynamicMemberLookup
        @ComposableArchitecture.ObservableState
        public enum State: ComposableArchitecture.CaseReducerState, Equatable, Sendable {
          public typealias StateReducer = Path
          case detail(Detail.State)
        }

        @CasePaths.CasePathable
        public enum Action: Equatable {
          case detail(Detail.Action)
        }

        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        public static var body: some ComposableArchitecture.Reducer<Self.State, Self.Action> {
          ComposableArchitecture.Scope(state: \Self.State.Cases.detail, action: \Self.Action.Cases.detail) {
            Detail()
          }
        }

        public enum CaseScope {
          case detail(ComposableArchitecture.StoreOf<Detail>)
        }

        @MainActor
        public static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .detail:
            return .detail(store.scope(state: \.detail, action: \.detail)!)
          }
        }
      }

      extension Path: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func emptyStructGetsEmptyStateActionAndBody() {
    assertMacro {
      """
      @Reducer
      public struct Settings {}
      """
    } expansion: {
      """
      public struct Settings {

          public struct State: Codable, Equatable, Hashable, Sendable {
            public init() {
            }
          }

          public enum Action: Equatable, Hashable, Sendable {
          }

          public let body = ComposableArchitecture.EmptyReducer<State, Action>()
      }

      extension Settings: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func structWithOnlyStateAndActionGetsAnEmptyBody() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        struct State: Equatable {}
        enum Action { case tapped }
      }
      """
    } expansion: {
      """
      struct Feature {
        struct State: Equatable {}
        @CasePaths.CasePathable
        enum Action { case tapped 
      }

        let body = ComposableArchitecture.EmptyReducer<State, Action>()
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func storedBodyIsLeftAlone() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        struct State {}
        enum Action { case tapped }
        let body = EmptyReducer<State, Action>()
      }
      """
    } expansion: {
      """
      struct Feature {
        struct State {}
        @CasePaths.CasePathable
        enum Action { case tapped 
      }
        let body = EmptyReducer<State, Action>()
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func ifConfigBetweenEnumCasesIsRepeatedInEverySynthesizedDeclaration() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case detail(Detail)
        #if os(Linux)
        case terminal(Terminal)
        #else
        case alert(AlertState<Alert>)
        #endif
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case detail(Detail)
        #if os(Linux)
        case terminal(Terminal)
        #else
        case alert(AlertState<Alert>)
        #endif

        @CasePaths.CasePathable
        @dynamicMemberLookup
        @ComposableArchitecture.ObservableState
        enum State: ComposableArchitecture.CaseReducerState {
          typealias StateReducer = Destination
          case detail(Detail.State)
          #if os(Linux)
          case terminal(Terminal.State)
          #else
          case alert(AlertState<Alert>)
          #endif
        }

        @CasePaths.CasePathable
        enum Action {
          case detail(Detail.Action)
          #if os(Linux)
          case terminal(Terminal.Action)
          #else
          case alert(Alert)
          #endif
        }

        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        static var body: some ComposableArchitecture.Reducer<Self.State, Self.Action> {
          ComposableArchitecture.Scope(state: \Self.State.Cases.detail, action: \Self.Action.Cases.detail) {
            Detail()
          }
          #if os(Linux)
          ComposableArchitecture.Scope(state: \Self.State.Cases.terminal, action: \Self.Action.Cases.terminal) {
            Terminal()
          }
          #else
          #endif
        }

        enum CaseScope {
          case detail(ComposableArchitecture.StoreOf<Detail>)
          #if os(Linux)
          case terminal(ComposableArchitecture.StoreOf<Terminal>)
          #else
          case alert(AlertState<Alert>)
          #endif
        }

        @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .detail:
            return .detail(store.scope(state: \.detail, action: \.detail)!)
          #if os(Linux)
          case .terminal:
            return .terminal(store.scope(state: \.terminal, action: \.terminal)!)
          #else
          case let .alert(state):
            return .alert(state)
          #endif
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func nestedEnumReducerIsScopedThroughItsBody() {
    assertMacro {
      """
      @Reducer
      enum Path {
        case detail(Detail)
        case settings(Settings)
        @Reducer
        enum Settings {
          case profile(Profile)
        }
      }
      """
    } expansion: {
      #"""
      enum Path {
        case detail(Detail)
        case settings(Settings)
        enum Settings {
          case profile(Profile)

          @CasePaths.CasePathable
          @dynamicMemberLookup
          @ComposableArchitecture.ObservableState
          enum State: ComposableArchitecture.CaseReducerState {
            typealias StateReducer = Settings
            case profile(Profile.State)
          }

          @CasePaths.CasePathable
          enum Action {
            case profile(Profile.Action)
          }

          @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
          static var body: some ComposableArchitecture.Reducer<Self.State, Self.Action> {
            ComposableArchitecture.Scope(state: \Self.State.Cases.profile, action: \Self.Action.Cases.profile) {
              Profile()
            }
          }

          enum CaseScope {
            case profile(ComposableArchitecture.StoreOf<Profile>)
          }

          @MainActor
          static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
            switch store.state {
            case .profile:
              return .profile(store.scope(state: \.profile, action: \.profile)!)
            }
          }
        }

        @CasePaths.CasePathable
        @dynamicMemberLookup
        @ComposableArchitecture.ObservableState
        enum State: ComposableArchitecture.CaseReducerState {
          typealias StateReducer = Path
          case detail(Detail.State)
          case settings(Settings.State)
        }

        @CasePaths.CasePathable
        enum Action {
          case detail(Detail.Action)
          case settings(Settings.Action)
        }

        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        static var body: some ComposableArchitecture.Reducer<Self.State, Self.Action> {
          ComposableArchitecture.Scope(state: \Self.State.Cases.detail, action: \Self.Action.Cases.detail) {
            Detail()
          }
          ComposableArchitecture.Scope(state: \Self.State.Cases.settings, action: \Self.Action.Cases.settings) {
            Settings.body
          }
        }

        enum CaseScope {
          case detail(ComposableArchitecture.StoreOf<Detail>)
          case settings(ComposableArchitecture.StoreOf<Settings>)
        }

        @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .detail:
            return .detail(store.scope(state: \.detail, action: \.detail)!)
          case .settings:
            return .settings(store.scope(state: \.settings, action: \.settings)!)
          }
        }
      }

      extension Path.Settings: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }

      extension Path: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func classIsRejected() {
    assertMacro {
      """
      @Reducer
      class Feature {
      }
      """
    } diagnostics: {
      """
      @Reducer
      ┬───────
      ╰─ 🛑 '@Reducer' can only be applied to a struct or an enum, not to class 'Feature'. Reducers are value types: make 'Feature' a struct.
      class Feature {
      }
      """
    }
  }

  @Test func caseWithTwoValuesIsRejected() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case edit(EditFeature, Int)
      }
      """
    } diagnostics: {
      """
      @Reducer
      enum Destination {
        case edit(EditFeature, Int)
             ┬─────────────────────
             ╰─ 🛑 '@Reducer' enum case 'edit' must hold exactly one value: a reducer type such as 'case edit(Feature)', or plain state
      }
      """
    }
  }
}
