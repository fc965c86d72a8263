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
          case note(Swift.Never)
          case empty(Swift.Never)
        }

        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        static var body: ComposableArchitecture.Scope<Self.State, Self.Action, EditFeature> {
          ComposableArchitecture.Scope(state: \Self.State.Cases.edit, action: \Self.Action.Cases.edit) {
            EditFeature()
          }
        }

        typealias Body = CaseBody

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
          case let .alert(v0):
            return .alert(v0)
          case let .dialog(v0):
            return .dialog(v0)
          case let .note(v0):
            return .note(v0)
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
        public static var body: ComposableArchitecture.Scope<Self.State, Self.Action, Detail> {
          ComposableArchitecture.Scope(state: \Self.State.Cases.detail, action: \Self.Action.Cases.detail) {
            Detail()
          }
        }

        public typealias Body = CaseBody

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
        static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
          ComposableArchitecture.Reduce(ComposableArchitecture.CombineReducers {
              ComposableArchitecture.Scope(state: \Self.State.Cases.detail, action: \Self.Action.Cases.detail) {
                Detail()
              }
              #if os(Linux)
              ComposableArchitecture.Scope(state: \Self.State.Cases.terminal, action: \Self.Action.Cases.terminal) {
                Terminal()
              }
              #else
              #endif
            })
        }

        typealias Body = CaseBody

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
          case let .alert(v0):
            return .alert(v0)
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
          static var body: ComposableArchitecture.Scope<Self.State, Self.Action, Profile> {
            ComposableArchitecture.Scope(state: \Self.State.Cases.profile, action: \Self.Action.Cases.profile) {
              Profile()
            }
          }

          typealias Body = CaseBody

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
        static var body: ComposableArchitecture._Sequence<ComposableArchitecture.Scope<Self.State, Self.Action, Detail>, ComposableArchitecture.Scope<Self.State, Self.Action, Settings.Body>> {
          ComposableArchitecture.Scope(state: \Self.State.Cases.detail, action: \Self.Action.Cases.detail) {
            Detail()
          }
          ComposableArchitecture.Scope(state: \Self.State.Cases.settings, action: \Self.Action.Cases.settings) {
            Settings.body
          }
        }

        typealias Body = CaseBody

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

  // As in TCA: a case holding several values, or a type that is not a plain name, is plain
  // state with a `Never` action; a case's default value is the reducer it runs; what the enum
  // declares itself (`Action` here) is kept.
  @Test func casesWithSeveralValuesDefaultsAndADeclaredAction() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case meeting(Meeting, syncUp: SyncUp)
        case optional(Int?)
        case sheet(Sheet = Sheet(context: .sheet))
        case nested(Nested.Body = Nested.body)
        @ReducerCaseIgnored
        case alert(AlertState<Alert>)

        enum Action {
          case sheet(Sheet.Action)
          case nested(Nested.Action)
          case alert(Alert)
        }
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case meeting(Meeting, syncUp: SyncUp)
        case optional(Int?)
        case sheet(Sheet = Sheet(context: .sheet))
        case nested(Nested.Body = Nested.body)
        case alert(AlertState<Alert>)
        @CasePaths.CasePathable

        enum Action {
          case sheet(Sheet.Action)
          case nested(Nested.Action)
          case alert(Alert)
        }

        @CasePaths.CasePathable
        @dynamicMemberLookup
        @ComposableArchitecture.ObservableState
        enum State: ComposableArchitecture.CaseReducerState {
          typealias StateReducer = Destination
          case meeting(Meeting, syncUp: SyncUp)
          case optional(Int?)
          case sheet(Sheet.State)
          case nested(Nested.Body.State)
          case alert(AlertState<Alert>)
        }

        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        static var body: ComposableArchitecture._Sequence<ComposableArchitecture.Scope<Self.State, Self.Action, Sheet>, ComposableArchitecture.Scope<Self.State, Self.Action, Nested.Body>> {
          ComposableArchitecture.Scope(state: \Self.State.Cases.sheet, action: \Self.Action.Cases.sheet) {
            Sheet(context: .sheet)
          }
          ComposableArchitecture.Scope(state: \Self.State.Cases.nested, action: \Self.Action.Cases.nested) {
            Nested.body
          }
        }

        typealias Body = CaseBody

        enum CaseScope {
          case meeting(Meeting, syncUp: SyncUp)
          case optional(Int?)
          case sheet(ComposableArchitecture.StoreOf<Sheet>)
          case nested(ComposableArchitecture.StoreOf<Nested.Body>)
          case alert(AlertState<Alert>)
        }

        @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case let .meeting(v0, v1):
            return .meeting(v0, syncUp: v1)
          case let .optional(v0):
            return .optional(v0)
          case .sheet:
            return .sheet(store.scope(state: \.sheet, action: \.sheet)!)
          case .nested:
            return .nested(store.scope(state: \.nested, action: \.nested)!)
          case let .alert(v0):
            return .alert(v0)
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func structNamingItsTypesInBodyGetsNoStateOrAction() {
    assertMacro {
      """
      @Reducer
      struct Toggle {
        var body: some Reducer<Int, Bool> {
          EmptyReducer()
        }
      }
      @Reducer
      struct Wrapper {
        var body: some ReducerOf<Base> {
          EmptyReducer()
        }
      }
      @Reducer
      struct Reducing {
        func reduce(into state: inout Base.State, action: Base.Action) -> EffectOf<Base> {
          .none
        }
      }
      """
    } expansion: {
      """
      struct Toggle {
        @ComposableArchitecture.ReducerBuilder<Int, Bool>
        var body: some Reducer<Int, Bool> {
          EmptyReducer()
        }
      }
      struct Wrapper {
        @ComposableArchitecture.ReducerBuilder<Base.State, Base.Action>
        var body: some ReducerOf<Base> {
          EmptyReducer()
        }
      }
      struct Reducing {
        func reduce(into state: inout Base.State, action: Base.Action) -> EffectOf<Base> {
          .none
        }
      }

      extension Toggle: ComposableArchitecture.Reducer {
      }

      extension Wrapper: ComposableArchitecture.Reducer {
      }

      extension Reducing: ComposableArchitecture.Reducer {
      }
      """
    }
  }
}
